/**
 * Live collaboration on the server (issue 14): presence (who has which funnel open) and the
 * saves that reach open editors, across every API process on one database.
 *
 * Every process publishes on the PostgreSQL channel {@link LIVE_CHANNEL} (NOTIFY, delivered at
 * commit to every listener, this process included; with the embedded database its own
 * listen) and fans what it hears out to its own event-stream connections. Presence is
 * soft state: each process announces its connections when they open, change or close, and
 * again every {@link HEARTBEAT_MS}; an announcement not renewed within {@link EXPIRE_MS}
 * (a process that died) is dropped. A process that starts asks the others to announce theirs,
 * and so does one whose LISTEN connection came back after a drop; its open streams then get
 * `resync` (saves announced while it was deaf are not replayed: the editors read again).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ChangeEvent, Viewer } from '../model/live.ts';
import type { Db } from './db/index.ts';

/** The NOTIFY channel of live events. */
export const LIVE_CHANNEL = 'funnel_live';
/** How often a process re-announces its connections (ms). */
export const HEARTBEAT_MS = 20_000;
/** How long another process's announcement counts without being renewed (ms). */
export const EXPIRE_MS = 50_000;

/** What one open event stream receives. */
export interface LiveSink {
  presence: (viewers: Viewer[]) => void;
  change: (e: ChangeEvent) => void;
  /** Saves may have been missed (this process's LISTEN dropped and is back): read open documents again. */
  resync: () => void;
}

/** A message on {@link LIVE_CHANNEL}. */
type Wire =
  | { t: 'here'; p: string; f: number; v: Viewer[] }
  | { t: 'change'; p: string; f: number; e: ChangeEvent }
  | { t: 'hello'; p: string };

/** The live hub of one process. */
export interface LiveHub {
  /** Opens a connection of `viewer` to funnel `funnelId`; returns the function that closes it. */
  join: (funnelId: number, viewer: Viewer, sink: LiveSink) => () => void;
  /** Announces a saved change of a funnel's document to every process. */
  changed: (funnelId: number, e: ChangeEvent) => Promise<void>;
  /** Everyone connected to `funnelId` now, in every process. */
  viewers: (funnelId: number) => Viewer[];
  close: () => void;
}

/**
 * Starts the hub: subscribes to {@link LIVE_CHANNEL} with `subscribe` (OpenDb's) and publishes
 * with `pg_notify` through `db`. Payloads stay far below NOTIFY's 8000-byte limit: names and
 * ids, never documents.
 */
export async function createLiveHub(
  db: Db, subscribe: (channel: string, fn: (payload: string) => void, onReconnect?: () => void) => Promise<void>,
): Promise<LiveHub> {
  const me = randomUUID();
  /** This process's connections per funnel. */
  const local = new Map<number, Map<string, { viewer: Viewer; sink: LiveSink }>>();
  /** Other processes' viewers per funnel, by process: with when the announcement expires. */
  const remote = new Map<number, Map<string, { viewers: Viewer[]; until: number }>>();

  const publish = async (w: Wire) => {
    try {
      await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(w)})`);
    } catch (e) {
      console.error('live: could not publish', (e as Error).message);
    }
  };
  const mine = (f: number): Viewer[] => [...(local.get(f)?.values() ?? [])].map((x) => x.viewer);
  const viewers = (f: number): Viewer[] => {
    const now = Date.now();
    const others = [...(remote.get(f)?.values() ?? [])].filter((r) => r.until > now).flatMap((r) => r.viewers);
    return [...mine(f), ...others];
  };
  const tell = (f: number) => {
    const list = viewers(f);
    for (const { sink } of local.get(f)?.values() ?? []) sink.presence(list);
  };
  const announce = (f: number) => publish({ t: 'here', p: me, f, v: mine(f) });

  await subscribe(LIVE_CHANNEL, (payload) => {
    let w: Wire;
    try {
      w = JSON.parse(payload) as Wire;
    } catch {
      return;
    }
    if (w.t === 'change') {
      for (const { sink } of local.get(w.f)?.values() ?? []) sink.change(w.e);
      return;
    }
    if (w.p === me) return;
    if (w.t === 'hello') {
      for (const f of local.keys()) void announce(f);
      return;
    }
    const byProcess = remote.get(w.f) ?? new Map<string, { viewers: Viewer[]; until: number }>();
    if (w.v.length) byProcess.set(w.p, { viewers: w.v, until: Date.now() + EXPIRE_MS });
    else byProcess.delete(w.p);
    if (byProcess.size) remote.set(w.f, byProcess);
    else remote.delete(w.f);
    tell(w.f);
  }, () => {
    // Back after a drop: whatever was announced meanwhile was missed. The others announce their
    // viewers again, ours go out again, and every open stream is told to read its documents again.
    void publish({ t: 'hello', p: me });
    for (const [f, conns] of local) {
      void announce(f);
      for (const { sink } of conns.values()) sink.resync();
    }
  });
  await publish({ t: 'hello', p: me });

  const timer = setInterval(() => {
    for (const f of local.keys()) void announce(f);
    // Drop what a process that went away announced, and tell who is left.
    const now = Date.now();
    for (const [f, byProcess] of remote) {
      let dropped = false;
      for (const [p, r] of byProcess) if (r.until <= now) { byProcess.delete(p); dropped = true; }
      if (!byProcess.size) remote.delete(f);
      if (dropped) tell(f);
    }
  }, HEARTBEAT_MS);
  timer.unref();

  return {
    join(funnelId, viewer, sink) {
      const conns = local.get(funnelId) ?? new Map<string, { viewer: Viewer; sink: LiveSink }>();
      conns.set(viewer.conn, { viewer, sink });
      local.set(funnelId, conns);
      tell(funnelId);
      void announce(funnelId);
      return () => {
        conns.delete(viewer.conn);
        if (!conns.size) local.delete(funnelId);
        tell(funnelId);
        void announce(funnelId);
      };
    },
    changed: (funnelId, e) => publish({ t: 'change', p: me, f: funnelId, e }),
    viewers,
    close: () => clearInterval(timer),
  };
}

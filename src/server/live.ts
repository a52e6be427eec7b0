/**
 * Live collaboration on the server: presence (who has which funnel open) and the
 * saves that reach open editors, across every API process on one database.
 *
 * Every process publishes on the PostgreSQL channel {@link LIVE_CHANNEL} (NOTIFY, delivered at
 * commit to every listener, this process included; with the embedded database its own
 * listen) and fans what it hears out to its own event-stream connections.
 *
 * Presence costs O(1) per join or leave per open stream: a stream gets the
 * whole viewer list once, when it opens (`presence`); after that only what changed
 * (`presence-change`: who joined, which connections left), gathered for
 * {@link PRESENCE_FLUSH_MS} and serialized once for every stream of the funnel. Between
 * processes the same changes travel as small NOTIFY payloads; every {@link HEARTBEAT_MS} each
 * process also sends the whole set of its viewers per funnel (in payloads under NOTIFY's 8000
 * bytes), which renews it and corrects anything missed. A set not renewed within
 * {@link EXPIRE_MS} (a process that died) is dropped. A process whose LISTEN connection came
 * back after a drop asks the others for their sets and tells its open streams `resync`.
 *
 * Open streams are capped per user and per process ({@link LiveLimits}; past a cap
 * {@link LiveLimitError}, answered 429), a stream whose client stops reading is closed when
 * its unsent bytes pass {@link LiveLimits.maxBufferedBytes}, and every stream ends after
 * {@link LiveLimits.maxStreamMs} (the tab reconnects and reads its documents again): memory
 * is bounded by the caps.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ChangeEvent, Viewer } from '../model/live.ts';
import { DEFAULT_LIVE_LIMITS, type LiveLimits } from './ops/settings.ts';
import type { Db } from './db/index.ts';

/** The NOTIFY channel of live events. */
export const LIVE_CHANNEL = 'funnel_live';
/** How often a process re-announces its viewers (ms). */
export const HEARTBEAT_MS = 20_000;
/** How long another process's announcement counts without being renewed (ms). */
export const EXPIRE_MS = 50_000;
/** How long joins and leaves are gathered before they go out as one `presence-change` (ms). */
export const PRESENCE_FLUSH_MS = 500;
/** Largest NOTIFY payload we send (bytes; PostgreSQL refuses 8000 and more). */
const MAX_PAYLOAD = 7000;

/** A stream refused because a cap is reached: answered 429 with `Retry-After` (seconds). */
export class LiveLimitError extends Error {
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super(message);
    this.name = 'LiveLimitError';
  }
}

const encoder = new TextEncoder();

/** One server-sent event as bytes (WHATWG HTML "Server-sent events"); `data` is JSON text (one line). */
export const sseEvent = (event: string, data: string): Uint8Array => encoder.encode(`event: ${event}\ndata: ${data}\n\n`);

/** What one open event stream receives: whole events as bytes ({@link sseEvent}), one buffer shared by every stream. */
export interface LiveSink {
  /** Writes an event; the buffer is shared with other streams and never changed. */
  send: (event: Uint8Array) => void;
  /** Ends the stream (its lifetime is over, or its client stopped reading). */
  close: () => void;
}

/** What a `presence-change` carries: viewers who joined, connections that left. */
interface Delta {
  joined: Map<string, Viewer>;
  left: Set<string>;
}

/** A message on {@link LIVE_CHANNEL}; `p` is the sending process. */
type Wire =
  /** Joins and leaves on funnel `f`. */
  | { t: 'delta'; p: string; f: number; j: Viewer[]; l: string[] }
  /** Part `i` of `n` of process `p`'s whole viewer set on funnel `f` as of `g` (a generation). */
  | { t: 'set'; p: string; f: number; g: number; i: number; n: number; v: Viewer[] }
  | { t: 'change'; p: string; f: number; e: ChangeEvent }
  /** A process asks the others for their sets (it started, or its LISTEN is back). */
  | { t: 'hello'; p: string };

/** The live hub of one process. */
export interface LiveHub {
  /**
   * Opens a connection of `viewer` to funnel `funnelId`; `sink` then gets every change (the
   * caller sends the first `presence`, {@link LiveHub.viewers}, once its stream exists).
   * Returns the function that closes it.
   * @throws LiveLimitError when the user or the process holds the most streams allowed.
   */
  join: (funnelId: number, viewer: Viewer, sink: LiveSink) => () => void;
  /** Announces a saved change of a funnel's document to every process. */
  changed: (funnelId: number, e: ChangeEvent) => Promise<void>;
  /** Everyone connected to `funnelId` now, in every process. */
  viewers: (funnelId: number) => Viewer[];
  /** The `presence` event of `funnelId` now (everyone, as {@link viewers}), as bytes. */
  presenceEvent: (funnelId: number) => Uint8Array;
  /** Streams open in this process: in all, and per user id. */
  counts: () => { streams: number; perUser: Map<number, number> };
  /** The caps in force. */
  limits: LiveLimits;
  close: () => void;
}

/**
 * Splits `items` into the fewest runs whose `wrap(run)` JSON stays under {@link MAX_PAYLOAD}
 * bytes (an item too large alone still goes alone; a viewer is a few hundred bytes at most).
 */
function chunked<T>(items: T[], wrap: (run: T[]) => unknown): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let size = Buffer.byteLength(JSON.stringify(wrap([])));
  for (const item of items) {
    const n = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (run.length && size + n > MAX_PAYLOAD) {
      runs.push(run);
      run = [];
      size = Buffer.byteLength(JSON.stringify(wrap([])));
    }
    run.push(item);
    size += n;
  }
  if (run.length) runs.push(run);
  return runs;
}

const emptyDelta = (): Delta => ({ joined: new Map(), left: new Set() });

/** Streams written per event-loop turn by {@link fanOut}. */
const FAN_OUT_BATCH = 200;

/**
 * Writes `bytes` to every sink, {@link FAN_OUT_BATCH} per event-loop turn: 2,000 socket writes
 * in one turn held every other request for tens of milliseconds.
 */
function fanOut(targets: { sink: LiveSink }[], bytes: Uint8Array, from = 0): void {
  const end = Math.min(targets.length, from + FAN_OUT_BATCH);
  for (let i = from; i < end; i++) targets[i]!.sink.send(bytes);
  if (end < targets.length) setImmediate(() => fanOut(targets, bytes, end));
}

/** Each viewer's JSON, made once: a `presence` of 2,000 viewers is then a join of strings. */
const viewerJson = new WeakMap<Viewer, string>();
const jsonOf = (v: Viewer): string => {
  let json = viewerJson.get(v);
  if (json === undefined) viewerJson.set(v, (json = JSON.stringify(v)));
  return json;
};

/**
 * Starts the hub: subscribes to {@link LIVE_CHANNEL} with `subscribe` (OpenDb's) and publishes
 * with `pg_notify` through `db`. Payloads stay under NOTIFY's 8000-byte limit: names and ids,
 * never documents; long lists are split.
 */
export async function createLiveHub(
  db: Db,
  subscribe: (channel: string, fn: (payload: string) => void, onReconnect?: () => void) => Promise<void>,
  limits: LiveLimits = DEFAULT_LIVE_LIMITS,
): Promise<LiveHub> {
  const me = randomUUID();
  /** This process's connections per funnel. */
  const local = new Map<number, Map<string, { viewer: Viewer; sink: LiveSink }>>();
  /** Open streams per user id (the per-user cap). */
  const perUser = new Map<number, number>();
  let streams = 0;
  /** Other processes' viewers per funnel, by process, by connection: with when the set expires. */
  const remote = new Map<number, Map<string, { viewers: Map<string, Viewer>; until: number }>>();
  /** Parts of sets being received, per `process/funnel/generation`. */
  const partial = new Map<string, { parts: Viewer[][]; got: number; at: number }>();
  /** Changes not yet sent to this process's streams, and not yet published to the others, per funnel. */
  const toStreams = new Map<number, Delta>();
  const toOthers = new Map<number, Delta>();
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  let generation = 0;

  const publish = async (w: Wire) => {
    try {
      await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(w)})`);
    } catch (e) {
      console.error('live: could not publish', (e as Error).message);
    }
  };
  /**
   * Presence messages go out one at a time, in order (each NOTIFY is its own commit, delivered
   * in commit order), so a receiver never applies a leave before the join it undoes.
   */
  let queue: Promise<void> = Promise.resolve();
  const publishInOrder = (messages: Wire[]) => {
    queue = queue.then(async () => {
      for (const m of messages) await publish(m);
    });
    return queue;
  };

  const mine = (f: number): Viewer[] => [...(local.get(f)?.values() ?? [])].map((x) => x.viewer);
  const viewers = (f: number): Viewer[] => {
    const now = Date.now();
    const others = [...(remote.get(f)?.values() ?? [])].filter((r) => r.until > now).flatMap((r) => [...r.viewers.values()]);
    return [...mine(f), ...others];
  };

  const flush = () => {
    flushTimer = null;
    for (const [f, d] of toStreams) {
      const conns = local.get(f);
      if (!conns?.size || (!d.joined.size && !d.left.size)) continue;
      // Serialized and encoded once for every stream of the funnel.
      fanOut([...conns.values()], sseEvent('presence-change', JSON.stringify({ joined: [...d.joined.values()], left: [...d.left] })));
    }
    toStreams.clear();
    const out: Wire[] = [];
    for (const [f, d] of toOthers) {
      // Leaves first: a connection never joins after it left.
      for (const l of chunked([...d.left], (run) => ({ t: 'delta', p: me, f, j: [], l: run }))) out.push({ t: 'delta', p: me, f, j: [], l });
      for (const j of chunked([...d.joined.values()], (run) => ({ t: 'delta', p: me, f, j: run, l: [] }))) out.push({ t: 'delta', p: me, f, j, l: [] });
    }
    toOthers.clear();
    if (out.length) void publishInOrder(out);
  };
  const schedule = () => {
    if (!flushTimer) {
      flushTimer = setTimeout(flush, PRESENCE_FLUSH_MS);
      flushTimer.unref();
    }
  };
  /** Records a join (`viewer`) or a leave (`left`) for `f`'s streams, and for the others when it is ours. */
  const note = (targets: Map<number, Delta>[], f: number, change: { joined?: Viewer; left?: string }) => {
    for (const target of targets) {
      const d = target.get(f) ?? emptyDelta();
      if (change.joined) d.joined.set(change.joined.conn, change.joined);
      if (change.left !== undefined) {
        // A join still waiting here is withdrawn, and the leave still goes out: a stream that
        // opened meanwhile got the viewer in its first `presence` and must hear it left.
        d.joined.delete(change.left);
        d.left.add(change.left);
      }
      target.set(f, d);
    }
    schedule();
  };

  /** Sends our whole set of viewers on `f` to the others (split to fit NOTIFY). */
  const announceSet = (f: number) => {
    const g = ++generation;
    const runs = chunked(mine(f), (run) => ({ t: 'set', p: me, f, g, i: 0, n: 0, v: run }));
    if (!runs.length) runs.push([]);
    return publishInOrder(runs.map((v, i) => ({ t: 'set', p: me, f, g, i, n: runs.length, v })));
  };

  /** Replaces process `p`'s viewers on `f` with `set`, telling our streams what differs. */
  const replaceRemote = (p: string, f: number, set: Viewer[]) => {
    const byProcess = remote.get(f) ?? new Map<string, { viewers: Map<string, Viewer>; until: number }>();
    const before = byProcess.get(p)?.viewers ?? new Map<string, Viewer>();
    const after = new Map(set.map((v) => [v.conn, v]));
    for (const conn of before.keys()) if (!after.has(conn)) note([toStreams], f, { left: conn });
    for (const [conn, v] of after) if (!before.has(conn)) note([toStreams], f, { joined: v });
    if (after.size) byProcess.set(p, { viewers: after, until: Date.now() + EXPIRE_MS });
    else byProcess.delete(p);
    if (byProcess.size) remote.set(f, byProcess);
    else remote.delete(f);
  };

  await subscribe(
    LIVE_CHANNEL,
    (payload) => {
      let w: Wire;
      try {
        w = JSON.parse(payload) as Wire;
      } catch {
        return;
      }
      if (w.t === 'change') {
        const conns = local.get(w.f);
        if (!conns?.size) return;
        fanOut([...conns.values()], sseEvent('change', JSON.stringify(w.e)));
        return;
      }
      if (w.p === me) return;
      if (w.t === 'hello') {
        for (const f of local.keys()) void announceSet(f);
        return;
      }
      if (w.t === 'set') {
        const key = `${w.p}/${w.f}/${w.g}`;
        const got = partial.get(key) ?? { parts: new Array<Viewer[]>(w.n), got: 0, at: Date.now() };
        if (!got.parts[w.i]) got.got += 1;
        got.parts[w.i] = w.v;
        partial.set(key, got);
        if (got.got < w.n) return;
        partial.delete(key);
        replaceRemote(w.p, w.f, got.parts.flat());
        return;
      }
      const byProcess = remote.get(w.f) ?? new Map<string, { viewers: Map<string, Viewer>; until: number }>();
      const entry = byProcess.get(w.p) ?? { viewers: new Map<string, Viewer>(), until: Date.now() + EXPIRE_MS };
      for (const conn of w.l) if (entry.viewers.delete(conn)) note([toStreams], w.f, { left: conn });
      for (const v of w.j) {
        entry.viewers.set(v.conn, v);
        note([toStreams], w.f, { joined: v });
      }
      if (entry.viewers.size) byProcess.set(w.p, entry);
      else byProcess.delete(w.p);
      if (byProcess.size) remote.set(w.f, byProcess);
      else remote.delete(w.f);
    },
    () => {
      // Back after a drop: whatever was announced meanwhile was missed. The others send their
      // sets again, ours go out again, and every open stream is told to read its documents again.
      void publishInOrder([{ t: 'hello', p: me }]);
      for (const [f, conns] of local) {
        void announceSet(f);
        const bytes = sseEvent('resync', '{}');
        for (const { sink } of conns.values()) sink.send(bytes);
      }
    },
  );
  await publishInOrder([{ t: 'hello', p: me }]);

  const timer = setInterval(() => {
    for (const f of local.keys()) void announceSet(f);
    // Drop what a process that went away announced (and sets left half-received), and tell who is left.
    const now = Date.now();
    for (const [f, byProcess] of remote) {
      for (const [p, r] of byProcess) if (r.until <= now) replaceRemote(p, f, []);
    }
    for (const [k, v] of partial) if (now - v.at > EXPIRE_MS) partial.delete(k);
  }, HEARTBEAT_MS);
  timer.unref();

  return {
    join(funnelId, viewer, sink) {
      const held = perUser.get(viewer.user_id) ?? 0;
      if (held >= limits.maxPerUser) {
        throw new LiveLimitError(
          `Too many live connections: your account has ${held} open (at most ${limits.maxPerUser}). Close some tabs of this app and try again.`,
          30,
        );
      }
      if (streams >= limits.maxPerProcess) {
        throw new LiveLimitError(`The server holds the most live connections it allows (${limits.maxPerProcess}); try again shortly.`, 10);
      }
      perUser.set(viewer.user_id, held + 1);
      streams += 1;
      const conns = local.get(funnelId) ?? new Map<string, { viewer: Viewer; sink: LiveSink }>();
      conns.set(viewer.conn, { viewer, sink });
      local.set(funnelId, conns);
      note([toStreams, toOthers], funnelId, { joined: viewer });
      const lifetime = setTimeout(() => sink.close(), limits.maxStreamMs);
      lifetime.unref();
      let left = false;
      return () => {
        if (left) return;
        left = true;
        clearTimeout(lifetime);
        streams -= 1;
        const n = (perUser.get(viewer.user_id) ?? 1) - 1;
        if (n > 0) perUser.set(viewer.user_id, n);
        else perUser.delete(viewer.user_id);
        conns.delete(viewer.conn);
        if (!conns.size) local.delete(funnelId);
        note([toStreams, toOthers], funnelId, { left: viewer.conn });
      };
    },
    changed: (funnelId, e) => publish({ t: 'change', p: me, f: funnelId, e }),
    viewers,
    presenceEvent: (f) => sseEvent('presence', `{"viewers":[${viewers(f).map(jsonOf).join(',')}]}`),
    counts: () => ({ streams, perUser: new Map(perUser) }),
    limits,
    close: () => {
      clearInterval(timer);
      if (flushTimer) clearTimeout(flushTimer);
    },
  };
}

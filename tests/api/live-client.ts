/**
 * A test's reader of `GET /api/v1/funnels/{id}/events` (server-sent events, parsed with the
 * SPA's parser): collects every event and waits for the one a test expects. Like the SPA, it
 * keeps the viewer list (`presence`, then each `presence-change` applied with the model's
 * `applyPresenceChange`) and records it after each as a `viewers` event.
 */
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { applyPresenceChange, type PresenceChange, type Viewer } from '../../src/model/live.ts';

/** One received event: its name and parsed data, and its size on the wire (bytes of `data`). */
export interface LiveEvent {
  event: string;
  data: Record<string, unknown>;
  bytes: number;
}

/** An open stream. */
export interface LiveStream {
  status: number;
  events: LiveEvent[];
  /** Resolves with the first event (already received or coming) that `match` accepts; rejects after `ms`. */
  next: (match: (e: LiveEvent) => boolean, ms?: number) => Promise<LiveEvent>;
  /** Resolves when the stream ended (the server closed it, or {@link LiveStream.close}). */
  ended: Promise<void>;
  close: () => void;
}

/** Opens the stream of funnel `funnelId` at server `url` with `token`, showing `doc` as open. */
export async function openLive(url: string, token: string, funnelId: number | string, doc?: string): Promise<LiveStream> {
  const ctrl = new AbortController();
  const res = await fetch(`${url}/api/v1/funnels/${funnelId}/events${doc ? `?doc=${encodeURIComponent(doc)}` : ''}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
    signal: ctrl.signal,
  });
  const events: LiveEvent[] = [];
  let viewers: Viewer[] = [];
  let seen = 0;
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
    ended = (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          const e = { event: value.event ?? 'message', data: JSON.parse(value.data) as Record<string, unknown>, bytes: Buffer.byteLength(value.data) };
          events.push(e);
          if (e.event === 'presence' || e.event === 'presence-change') {
            viewers = e.event === 'presence' ? (e.data.viewers as Viewer[]) : applyPresenceChange(viewers, e.data as unknown as PresenceChange);
            events.push({ event: 'viewers', data: { viewers }, bytes: 0 });
          }
          for (const w of waiters) w();
        }
      } catch {
        /* closed */
      }
    })();
  }
  const next = (match: (e: LiveEvent) => boolean, ms = 5000) =>
    new Promise<LiveEvent>((resolve, reject) => {
      const check = () => {
        const i = events.findIndex((e, k) => k >= seen && match(e));
        if (i < 0) return false;
        seen = i + 1;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(events[i]!);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events.slice(seen))}`));
      }, ms);
      if (!check()) waiters.add(check);
    });
  return { status: res.status, events, next, ended, close: () => ctrl.abort() };
}

/** The names of the viewers of a `presence` or `viewers` event, sorted, with their documents. */
export const viewersOf = (e: LiveEvent): string[] =>
  (e.data.viewers as { name: string; doc: string | null }[]).map((v) => `${v.name}@${v.doc ?? 'funnel'}`).sort();

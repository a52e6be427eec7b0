/**
 * A funnel's live events in the SPA: `GET /api/v1/funnels/{id}/events` read as
 * server-sent events (parsed by eventsource-parser; `fetch`, not EventSource, so the bearer
 * token goes in the Authorization header). Reconnects with backoff when the stream drops;
 * stops on 401/403/404 (no right to the funnel, or no such funnel); after a 429 (too many open
 * streams: the server's Retry-After is 10–30 s) it waits {@link LIMITED_RETRY_MS} at least. Saves made while the
 * stream was down, or while the server's own LISTEN was (`event: resync`), are not replayed:
 * the tab is told to read its open documents again.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import {
  applyPresenceChange,
  ChangeEventSchema,
  HelloEventSchema,
  PresenceChangeEventSchema,
  PresenceEventSchema,
  type ChangeEvent,
  type PresenceChange,
  type Viewer,
} from '../model/live';
import { PREVIEW_ROUTES } from '../model/contracts/preview';
import { urlOf } from './call';
import { ApiError, CLIENT_ID, rawRequest } from './client';
import { liveConnection } from './live-status';

export { liveConnection, useLiveConnection, type LiveConnectionState } from './live-status';

/** What {@link useFunnelLive} reports. */
export interface FunnelLive {
  /** Everyone on the funnel, this tab included (`me` is this tab's connection). */
  viewers: Viewer[];
  me: string | null;
  connected: boolean;
}

/** The least wait before reconnecting after the server refused the stream with 429 (ms). */
export const LIMITED_RETRY_MS = 30_000;

/** Delay before reconnecting after `attempt` failures (ms): 1 s doubling to 30 s. */
export const reconnectDelay = (attempt: number): number => Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));

/**
 * Reads one connection of the stream until it ends or `signal` aborts, calling `on` per event.
 * @throws ApiError when the server refuses the stream (status in `status`).
 */
export async function readFunnelEvents(
  funnelId: number,
  doc: string | null,
  on: {
    hello: (conn: string) => void;
    presence: (v: Viewer[]) => void;
    presenceChange: (c: PresenceChange) => void;
    change: (e: ChangeEvent) => void;
    resync: () => void;
  },
  signal: AbortSignal,
): Promise<void> {
  const url = urlOf(PREVIEW_ROUTES.events, { params: { id: funnelId }, query: { doc: doc ?? undefined } });
  const res = await rawRequest('GET', url, { headers: { Accept: 'text/event-stream' }, notify: false, signal });
  if (!res.body) return;
  // A reader loop, not `for await`: Safari's streams are not async-iterable.
  const reader = res.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  for (;;) {
    const { done, value: e } = await reader.read();
    if (done) return;
    let data: unknown;
    try {
      data = JSON.parse(e.data);
    } catch {
      continue;
    }
    // Events that do not match the model are dropped, not guessed at.
    if (e.event === 'hello') {
      const h = HelloEventSchema.safeParse(data);
      if (h.success) on.hello(h.data.conn);
    }
    if (e.event === 'presence') {
      const p = PresenceEventSchema.safeParse(data);
      if (p.success) on.presence(p.data.viewers);
    }
    if (e.event === 'presence-change') {
      const p = PresenceChangeEventSchema.safeParse(data);
      if (p.success) on.presenceChange(p.data);
    }
    if (e.event === 'change') {
      const c = ChangeEventSchema.safeParse(data);
      if (c.success) on.change(c.data);
    }
    if (e.event === 'resync') on.resync();
  }
}

/**
 * Keeps a live connection to funnel `funnelId` (none while null) showing `doc` as what this tab
 * has open, and calls `onChange` for every save made by another tab (this tab's own saves,
 * known by {@link CLIENT_ID}, are left out) and `onResync` when saves may have been missed:
 * the stream is back after a drop, or the server says `resync`. Publishes the connection state
 * to {@link liveConnection}: `live` on the server's hello, `paused` while reconnecting, `idle`
 * when the stream is given up or closed (the editor bar shows it).
 */
export function useFunnelLive(funnelId: number | null, doc: string | null, onChange: (e: ChangeEvent) => void, onResync: () => void): FunnelLive {
  const [state, setState] = useState<FunnelLive>({ viewers: [], me: null, connected: false });
  const changed = useEffectEvent((e: ChangeEvent) => {
    if (e.client !== CLIENT_ID) onChange(e);
  });
  const resync = useEffectEvent(() => onResync());
  useEffect(() => {
    if (funnelId === null) return;
    const ctrl = new AbortController();
    let attempt = 0;
    let connectedBefore = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      readFunnelEvents(
        funnelId,
        doc,
        {
          hello: (me) => {
            attempt = 0;
            liveConnection.set('live');
            setState((s) => ({ ...s, me, connected: true }));
            if (connectedBefore) resync();
            connectedBefore = true;
          },
          presence: (viewers) => setState((s) => ({ ...s, viewers })),
          presenceChange: (change) => setState((s) => ({ ...s, viewers: applyPresenceChange(s.viewers, change) })),
          change: (e) => changed(e),
          resync: () => resync(),
        },
        ctrl.signal,
      ).then(
        () => retry(),
        (e: unknown) => {
          if (ctrl.signal.aborted) return;
          if (e instanceof ApiError && [401, 403, 404, 422].includes(e.status)) {
            liveConnection.set('idle');
            setState({ viewers: [], me: null, connected: false });
            return;
          }
          retry(e instanceof ApiError && e.status === 429 ? LIMITED_RETRY_MS : 0);
        },
      );
    };
    const retry = (atLeast = 0) => {
      if (ctrl.signal.aborted) return;
      liveConnection.set('paused');
      setState((s) => ({ ...s, connected: false }));
      timer = setTimeout(connect, Math.max(atLeast, reconnectDelay(attempt++)));
    };
    connect();
    return () => {
      ctrl.abort();
      clearTimeout(timer);
      liveConnection.set('idle');
      setState({ viewers: [], me: null, connected: false });
    };
  }, [funnelId, doc]);
  return state;
}

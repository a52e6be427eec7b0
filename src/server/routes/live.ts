/**
 * `GET /api/v1/funnels/{id}/events` (issue 14): a funnel's live events as server-sent events
 * (WHATWG HTML "Server-sent events"; src/model/live.ts). Opening the stream is being on the
 * funnel: the operator shows as a viewer (with the document in `doc`) until it closes.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { randomUUID } from 'node:crypto';
import { LiveDocSchema, type Viewer } from '../../model/live.ts';
import { getFunnel } from '../repo.ts';
import { ApiError, errors } from '../http.ts';
import { LiveLimitError } from '../live.ts';
import { bearer, IdParams, on, router, type Deps } from './common.ts';

/** How often an idle stream carries a comment, so proxies keep it open (ms). */
const KEEPALIVE_MS = 25_000;
const encoder = new TextEncoder();
const PING = encoder.encode(': ping\n\n');

/** One server-sent event as bytes; `data` is JSON text (one line). */
const sseEvent = (event: string, data: string): Uint8Array => encoder.encode(`event: ${event}\ndata: ${data}\n\n`);

const Query = z.object({
  doc: LiveDocSchema.optional().openapi({ description: 'The document the operator has open (`page:12`), shown to the others; none on the funnel\'s own screens', example: 'page:2' }),
});

/** The live events route (under the bearer-token guard). */
export function liveRoutes(deps: Deps) {
  const app = router();

  on(app, 'funnels.read', createRoute({
    method: 'get', path: '/api/v1/funnels/{id}/events', operationId: 'funnelEvents', tags: ['Funnels'], security: bearer,
    summary: "A funnel's live events (text/event-stream): hello, presence, presence-change, change, resync",
    description: '`event: hello` names this connection (`{conn}`); `event: presence` lists everyone on the funnel once, when the stream opens '
      + '(`{viewers: [{conn, user_id, name, doc}]}`); after that `event: presence-change` says what changed (`{joined: [viewer…], left: [conn…]}`, '
      + 'gathered for 250 ms; apply it by `conn`, a join of a known connection or the leave of an unknown one changes nothing). '
      + '`event: change` names a saved document (`{doc, version, user, title, client}`: `client` is the saving tab\'s `X-Client-Id`). '
      + '`event: resync` (`{}`) says saves may have been missed (the server lost its LISTEN connection for a while): read the open documents again, '
      + 'as after reconnecting a dropped stream. A comment every 25 s keeps the stream open. Works across API processes on one PostgreSQL (LISTEN/NOTIFY). '
      + 'Limits (429 with Retry-After past them): open streams per account (LIVE_MAX_STREAMS_PER_USER, default 20) and per process (LIVE_MAX_STREAMS, 2,500). '
      + 'The server ends a stream after LIVE_STREAM_MAX_SECONDS (1,800), and at once when its client stops reading (64 events unsent): reconnect and read again.',
    request: { params: IdParams, query: Query },
    responses: { 200: { content: { 'text/event-stream': { schema: z.string() } }, description: 'The event stream' }, ...errors(404, 422, 429) },
  }), async (c) => {
    const funnelId = c.req.valid('param').id;
    const { doc } = c.req.valid('query');
    await getFunnel(deps.db, funnelId);
    const hub = deps.live;
    if (!hub) return c.body(null, 204);
    const user = c.get('user');
    const viewer: Viewer = { conn: randomUUID(), user_id: user.user_id, name: user.name, doc: doc ?? null };
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    // Refused before the stream starts, so the client gets a plain 429 with Retry-After.
    let stream: SSEStreamingApi | null = null;
    let open = true;
    /** Events handed to the stream and not yet taken by the client's connection. */
    let backlog = 0;
    const end = () => {
      open = false;
      stream?.abort();
    };
    const write = (text: Uint8Array) => {
      if (!open || !stream) return;
      // A client that stops reading is let go before its unsent events pile up in memory.
      if (backlog >= hub.limits.maxBacklog) return end();
      backlog += 1;
      void stream.write(text).finally(() => { backlog -= 1; });
    };
    const sink = {
      send: (event: string, data: string) => write(sseEvent(event, data)),
      close: end,
    };
    let leave: () => void;
    try {
      leave = hub.join(funnelId, viewer, sink);
    } catch (e) {
      if (e instanceof LiveLimitError) throw new ApiError(429, e.message, { 'Retry-After': String(e.retryAfterS) });
      throw e;
    }
    return streamSSE(c, async (s) => {
      stream = s;
      // Who is here now, once; then only what changes (`presence-change`).
      await s.write(sseEvent('hello', JSON.stringify({ conn: viewer.conn })));
      await s.write(sseEvent('presence', JSON.stringify({ viewers: hub.viewers(funnelId) })));
      await new Promise<void>((resolve) => {
        const ping = setInterval(() => write(PING), KEEPALIVE_MS);
        s.onAbort(() => {
          open = false;
          clearInterval(ping);
          resolve();
        });
        if (!open) s.abort();
      });
      leave();
    });
  });

  return app;
}

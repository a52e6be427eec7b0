/**
 * `GET /api/v1/funnels/{id}/events`: a funnel's live events as server-sent events
 * (WHATWG HTML "Server-sent events"; src/model/live.ts). Opening the stream is being on the
 * funnel: the operator shows as a viewer (with the document in `doc`) until it closes.
 */
import { PREVIEW_ROUTES } from '../../model/contracts/preview.ts';
import { createRoute, z } from '@hono/zod-openapi';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { randomUUID } from 'node:crypto';
import { ServerResponse } from 'node:http';
import { LiveDocSchema, type Viewer } from '../../model/live.ts';
import { getFunnel } from '../repo.ts';
import { ApiError, errors } from '../http.ts';
import { LiveLimitError, sseEvent } from '../live.ts';
import { bearer, IdParams, on, routes } from './common.ts';

/** How often an idle stream carries a comment, so proxies keep it open (ms). */
const KEEPALIVE_MS = 25_000;
const PING = new TextEncoder().encode(': ping\n\n');

const Query = z.object({
  doc: LiveDocSchema.optional().openapi({
    description: "The document the operator has open (`page:12`), shown to the others; none on the funnel's own screens",
    example: 'page:2',
  }),
});

/** The live events route (under the bearer-token guard). */
export const liveRoutes = routes((app, db, deps) => {
  on(
    app,
    'funnels.read',
    createRoute({
      method: PREVIEW_ROUTES.events.method,
      path: PREVIEW_ROUTES.events.path,
      operationId: 'funnelEvents',
      tags: ['Funnels'],
      security: bearer,
      summary: "A funnel's live events (text/event-stream): hello, presence, presence-change, change, resync",
      description:
        '`event: hello` names this connection (`{conn}`); `event: presence` lists everyone on the funnel once, when the stream opens ' +
        '(`{viewers: [{conn, user_id, name, doc}]}`); after that `event: presence-change` says what changed (`{joined: [viewer…], left: [conn…]}`, ' +
        'gathered for 500 ms; apply it by `conn`, a join of a known connection or the leave of an unknown one changes nothing). ' +
        "`event: change` names a saved document (`{doc, version, user, title, client}`: `client` is the saving tab's `X-Client-Id`). " +
        '`event: resync` (`{}`) says saves may have been missed (the server lost its LISTEN connection for a while): read the open documents again, ' +
        'as after reconnecting a dropped stream. A comment every 25 s keeps the stream open. Works across API processes on one PostgreSQL (LISTEN/NOTIFY). ' +
        'Limits (429 with Retry-After past them): open streams per account (LIVE_MAX_STREAMS_PER_USER, default 20) and per process (LIVE_MAX_STREAMS, 2,500). ' +
        'The server ends a stream after LIVE_STREAM_MAX_SECONDS (1,800), and at once when its client stops reading (256 KB unsent): reconnect and read again.',
      request: { params: IdParams, query: Query },
      responses: {
        200: { content: { 'text/event-stream': { schema: PREVIEW_ROUTES.events.answer } }, description: 'The event stream' },
        ...errors(404, 422, 429),
      },
    }),
    async (c) => {
      const funnelId = c.req.valid('param').id;
      const { doc } = c.req.valid('query');
      await getFunnel(db, funnelId);
      const hub = deps.live;
      if (!hub) return c.body(null, 204);
      const user = c.get('user');
      const out = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
      if (!(out instanceof ServerResponse)) throw new Error('The event stream needs the Node HTTP server (@hono/node-server)');
      const viewer: Viewer = { conn: randomUUID(), user_id: user.user_id, name: user.name, doc: doc ?? null };
      /**
       * Events go straight to the socket's response: written once per stream, no web-stream
       * pipeline per event (2,000 streams cost 145 KB each and stalled other requests through it).
       * A client that stops reading is let go once its unsent bytes pass the cap.
       */
      const write = (bytes: Uint8Array) => {
        if (out.destroyed || out.writableEnded) return;
        if (out.writableLength > hub.limits.maxBufferedBytes) return void out.destroy();
        out.write(bytes);
      };
      let leave: () => void;
      try {
        // Refused before anything is written, so the client gets a plain 429 with Retry-After.
        leave = hub.join(funnelId, viewer, { send: write, close: () => out.end() });
      } catch (e) {
        if (e instanceof LiveLimitError) throw new ApiError(429, e.message, { 'Retry-After': String(e.retryAfterS) });
        throw e;
      }
      // The headers the middleware set so far (security headers), then the stream's own.
      const headers: Record<string, string> = Object.fromEntries(c.res.headers);
      out.writeHead(200, {
        ...headers,
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-store',
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
      });
      // Who is here now, once; then only what changes (`presence-change`).
      write(sseEvent('hello', JSON.stringify({ conn: viewer.conn })));
      write(hub.presenceEvent(funnelId));
      const ping = setInterval(() => write(PING), KEEPALIVE_MS);
      const end = () => {
        clearInterval(ping);
        leave();
      };
      // A client that left while the funnel was read has closed already: no 'close' will come.
      if (out.closed || out.destroyed) end();
      else out.once('close', end);
      return new Response(null, { headers: RESPONSE_ALREADY_SENT.headers });
    },
  );
});

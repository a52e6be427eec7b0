/**
 * `GET /api/v1/funnels/{id}/events` (issue 14): a funnel's live events as server-sent events
 * (WHATWG HTML "Server-sent events"; src/model/live.ts). Opening the stream is being on the
 * funnel: the operator shows as a viewer (with the document in `doc`) until it closes.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { randomUUID } from 'node:crypto';
import { LiveDocSchema, type ChangeEvent, type Viewer } from '../../model/live.ts';
import { getFunnel } from '../repo.ts';
import { errors } from '../http.ts';
import { bearer, IdParams, on, router, type Deps } from './common.ts';

/** How often an idle stream carries a comment, so proxies keep it open (ms). */
const KEEPALIVE_MS = 25_000;

const Query = z.object({
  doc: LiveDocSchema.optional().openapi({ description: 'The document the operator has open (`page:12`), shown to the others; none on the funnel\'s own screens', example: 'page:2' }),
});

/** The live events route (under the bearer-token guard). */
export function liveRoutes(deps: Deps) {
  const app = router();

  on(app, 'funnels.read', createRoute({
    method: 'get', path: '/api/v1/funnels/{id}/events', operationId: 'funnelEvents', tags: ['Funnels'], security: bearer,
    summary: "A funnel's live events (text/event-stream): hello, presence, change, resync",
    description: '`event: hello` names this connection (`{conn}`); `event: presence` lists everyone on the funnel (`{viewers: [{conn, user_id, name, doc}]}`) '
      + 'whenever it changes; `event: change` names a saved document (`{doc, version, user, title, client}`: `client` is the saving tab\'s `X-Client-Id`). '
      + '`event: resync` (`{}`) says saves may have been missed (the server lost its LISTEN connection for a while): read the open documents again, '
      + 'as after reconnecting a dropped stream. A comment every 25 s keeps the stream open. Works across API processes on one PostgreSQL (LISTEN/NOTIFY).',
    request: { params: IdParams, query: Query },
    responses: { 200: { content: { 'text/event-stream': { schema: z.string() } }, description: 'The event stream' }, ...errors(404, 422) },
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
    return streamSSE(c, async (s) => {
      let open = true;
      const send = (event: string, data: unknown) => {
        if (open) void s.writeSSE({ event, data: JSON.stringify(data) }).catch(() => { open = false; });
      };
      send('hello', { conn: viewer.conn });
      const leave = hub.join(funnelId, viewer, {
        presence: (viewers) => send('presence', { viewers }),
        change: (e: ChangeEvent) => send('change', e),
        resync: () => send('resync', {}),
      });
      await new Promise<void>((resolve) => {
        const ping = setInterval(() => { if (open) void s.write(': ping\n\n').catch(() => { open = false; }); }, KEEPALIVE_MS);
        s.onAbort(() => {
          open = false;
          clearInterval(ping);
          resolve();
        });
      });
      leave();
    });
  });

  return app;
}

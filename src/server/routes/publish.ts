/**
 * PUT /api/v1/funnels/{id}/publish (000 §7): streams `application/x-ndjson`, one
 * `{"progress":n,"message":"…"}` per line (DESIGN.md "API conventions", streams).
 * And GET /sites/<site>/… to open what was published.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { MSG } from '../../model/index.ts';
import { ApiError, errors } from '../http.ts';
import { publishFunnel } from '../publish/pipeline.ts';
import { serveSiteFile } from '../publish/sites.ts';
import { getFunnel } from '../repo.ts';
import { bearer, IdParams, on, router, type Deps } from './common.ts';
import { describeFields } from './fields.ts';

const Progress = describeFields(z.object({ progress: z.number().int().min(0).max(100), message: z.string() }), {
  progress: 'Percent done: never decreasing, 100 at the end, 0 in an error chunk', message: 'What is being done, or what went wrong',
}).openapi('PublishProgress');

/** Publish route (under the bearer-token guard). */
export function publishRoutes(deps: Deps) {
  const app = router();

  on(app, 'funnels.publish', createRoute({
    method: 'put', path: '/api/v1/funnels/{id}/publish', operationId: 'publishFunnel', tags: ['Funnels'], security: bearer,
    summary: 'Publish a funnel: NDJSON progress stream ending at 100 "Done" or an error line at 0',
    request: { params: IdParams },
    responses: {
      200: { content: { 'application/x-ndjson': { schema: Progress } }, description: 'One PublishProgress object per line' },
      ...errors(401, 404, 423),
    },
  }), async (c) => {
    const id = c.req.valid('param').id;
    const funnel = await getFunnel(deps.db, id);
    if (funnel.locked) throw new ApiError(423, MSG.locked);
    const user = c.get('user');
    c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    return stream(c, async (s) => {
      let open = true;
      s.onAbort(() => { open = false; });
      // Run to the end even if the client went away: a half-published site helps nobody.
      for await (const chunk of publishFunnel(deps.db, deps.config.sitesDir, id, user)) {
        if (open) await s.write(JSON.stringify(chunk) + '\n').catch(() => { open = false; });
      }
    });
  });

  return app;
}

/** Public routes serving published sites under `/sites/<site>/`. */
export function siteRoutes(deps: Deps) {
  const app = router();
  const handler = async (c: Context) => {
    const site = c.req.param('site') ?? '';
    const prefix = `/sites/${site}`;
    const rest = new URL(c.req.url).pathname.slice(prefix.length);
    if (rest === '') return c.redirect(`${prefix}/`, 301);
    return serveSiteFile(c, deps.config.sitesDir, site.toLowerCase(), rest, prefix, true);
  };
  app.on(['GET', 'HEAD'], '/sites/:site', handler);
  app.on(['GET', 'HEAD'], '/sites/:site/*', handler);
  return app;
}

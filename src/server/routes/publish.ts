/**
 * PUT /api/v1/funnels/{id}/publish (000 §7): streams `application/x-ndjson`, one
 * `{"progress":n,"message":"…"}` per line (src/server/README.md, streams).
 * The funnel's releases: the list, what Publish would put live, and rollback.
 * And GET /sites/<site>/… to open what was published.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { MSG } from '../../model/index.ts';
import { releaseChanges } from '../../model/releases.ts';
import { RELEASE_ROUTES } from '../../model/contracts/releases.ts';
import { ApiError, errors } from '../http.ts';
import { publishFunnel } from '../publish/pipeline.ts';
import { listReleases, pendingSnapshot, rollbackRelease } from '../publish/releases.ts';
import type { WithReleases } from '../publish/release-store.ts';
import { analyticsOf } from '../analytics/index.ts';
import { siteEventsHandler, sitePathHandler } from '../publish/sites.ts';
import { getFunnel } from '../repo.ts';
import { bearer, idParam, IdParams, json, ndjson, on, onGet, router, type Deps, routes } from './common.ts';

const ReleaseParams = z.object({ id: idParam('id'), releaseId: idParam('releaseId') });
const releaseTags = ['Funnels'];

/** Publish and release routes (under the bearer-token guard). */
export const publishRoutes = routes<Deps & WithReleases>((app, db, deps) => {
  on(
    app,
    'funnels.publish',
    createRoute({
      method: RELEASE_ROUTES.publish.method,
      path: RELEASE_ROUTES.publish.path,
      operationId: 'publishFunnel',
      tags: ['Funnels'],
      security: bearer,
      summary: 'Publish a funnel: NDJSON progress stream ending at 100 "Done" or an error line at 0',
      request: { params: IdParams },
      responses: {
        200: { content: { 'application/x-ndjson': { schema: RELEASE_ROUTES.publish.answer } }, description: 'One PublishProgress object per line' },
        ...errors(401, 404, 423),
      },
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      const funnel = await getFunnel(db, id);
      if (funnel.locked) throw new ApiError(423, MSG.locked);
      const user = c.get('user');
      c.header('X-Content-Type-Options', 'nosniff');
      return ndjson(c, publishFunnel(db, deps.releases, id, user, deps.config.releasesKept));
    },
  );

  onGet(
    app,
    'funnels.read',
    {
      contract: RELEASE_ROUTES.list,
      operationId: 'listReleases',
      tags: releaseTags,
      summary: "The funnel's published releases, newest first: when, who, live, pages and what changed against the release it replaced",
      answered: 'Releases, newest first',
      errors: errors(401, 404),
    },
    async (id) => {
      const funnel = await getFunnel(db, id);
      return listReleases(db, funnel.ID);
    },
  );

  onGet(
    app,
    'funnels.read',
    {
      contract: RELEASE_ROUTES.pending,
      operationId: 'getPendingChanges',
      tags: releaseTags,
      summary: 'What Publish would put live: the saved funnel against the live release, in sentences ("First release: 5 pages" before the first publish)',
      answered: 'The differences, one sentence each',
      errors: errors(401, 404),
    },
    async (id) => {
      const { snapshot, live } = await pendingSnapshot(db, id);
      return { live_release: live?.ID ?? null, changes: releaseChanges(live?.snapshot ?? null, snapshot) };
    },
  );

  on(
    app,
    'funnels.publish',
    createRoute({
      method: RELEASE_ROUTES.rollback.method,
      path: RELEASE_ROUTES.rollback.path,
      operationId: 'rollbackRelease',
      tags: releaseTags,
      security: bearer,
      summary: "Put an earlier release live again: switches the site to it atomically, audited as 'Rolled back'; the live release is a no-op",
      request: { params: ReleaseParams },
      responses: { 200: json(RELEASE_ROUTES.rollback.answer, 'The releases after the rollback, newest first'), ...errors(401, 404, 409, 423) },
    }),
    async (c) => {
      const { id, releaseId } = c.req.valid('param');
      await rollbackRelease(db, deps.releases, id, releaseId, c.get('user'));
      return c.json(await listReleases(db, id), 200);
    },
  );
});

/** Public routes serving published sites under `/sites/<site>/` (publish/sites.ts), and their `POST /sites/<site>/e` analytics events. */
export function siteRoutes(deps: WithReleases & Pick<Deps, 'db' | 'config'>) {
  const app = router();
  const handler = sitePathHandler(deps.releases);
  app.on(['GET', 'HEAD'], '/sites/:site', handler);
  app.on(['GET', 'HEAD'], '/sites/:site/*', handler);
  // The pages' analytics events under /sites/<site>/ (analytics/ingest.ts).
  const behindProxy = deps.config.publicUrl.startsWith('https://');
  app.post(
    '/sites/:site/e',
    siteEventsHandler((c, site) => analyticsOf(deps.db, { behindProxy }).ingest.handle(c, site)),
  );
  return app;
}

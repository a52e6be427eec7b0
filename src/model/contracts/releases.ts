/**
 * Publish and the releases (000 §7 "PUT /api/v1/funnels/{id}/publish"; README "Releases") as
 * both sides know them: the NDJSON publish stream, a funnel's releases, what Publish would put
 * live, and rollback.
 */
import { z } from 'zod';
import { contract } from '../contract';
import { PendingChangesSchema, ReleaseListSchema } from '../releases';

/** One line of the publish stream: `{progress, message}` (100 "Done" at the end, 0 with the error). */
export const PublishProgressSchema = z
  .object({
    progress: z.number().int().min(0).max(100).describe('Percent done: never decreasing, 100 at the end, 0 in an error chunk'),
    message: z.string().describe('What is being done, or what went wrong'),
  })
  .meta({ id: 'PublishProgress' });

/** The release routes; `{id}` is the funnel's ID, `{releaseId}` a release's. */
export const RELEASE_ROUTES = {
  /** Publishes the funnel: an NDJSON stream of {@link PublishProgressSchema} lines (read with `urlOf`, not `call`). */
  publish: contract({ method: 'put', path: '/api/v1/funnels/{id}/publish', answer: PublishProgressSchema }),
  /** The funnel's releases, newest first. */
  list: contract({ method: 'get', path: '/api/v1/funnels/{id}/releases', answer: ReleaseListSchema }),
  /** What Publish would change against the live release, in sentences. */
  pending: contract({ method: 'get', path: '/api/v1/funnels/{id}/releases/pending', answer: PendingChangesSchema }),
  /** Serves release `{releaseId}` again; answers the releases after it (423 locked, 409 pruned or another site). */
  rollback: contract({ method: 'post', path: '/api/v1/funnels/{id}/releases/{releaseId}/rollback', answer: ReleaseListSchema }),
};

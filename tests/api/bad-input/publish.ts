/** Bad-input cases of routes/publish.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import { type Spec } from './shared.ts';

/** The spec of each route of routes/publish.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'PUT /api/v1/funnels/{id}/publish': { params: { id: '1' } },
  'GET /api/v1/funnels/{id}/releases': { params: { id: '1' } },
  'GET /api/v1/funnels/{id}/releases/pending': { params: { id: '1' } },
  'POST /api/v1/funnels/{id}/releases/{releaseId}/rollback': { params: { id: '1', releaseId: '1' } },
};

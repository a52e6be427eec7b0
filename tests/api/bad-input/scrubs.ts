/** Bad-input cases of routes/scrubs.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import { type Spec } from './shared.ts';

/** The spec of each route of routes/scrubs.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/funnels/{id}/scrubs': { params: { id: '1' } },
  'GET /api/v1/scrubs/{id}': { params: { id: '1' } },
  'POST /api/v1/scrubs': { body: { funnel_id: 2, affiliate_id: '55', scrub_pct: 5 }, required: ['funnel_id', 'affiliate_id', 'scrub_pct'] },
  'PUT /api/v1/scrubs/{id}': { params: { id: '2' }, body: { affiliate_id: '55', scrub_pct: 5 }, required: ['affiliate_id', 'scrub_pct'] },
  'DELETE /api/v1/scrubs/{id}': { params: { id: '2' } },
};

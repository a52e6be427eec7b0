/** Bad-input cases of routes/blockers.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import { type Spec } from './shared.ts';

/** The spec of each route of routes/blockers.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/funnels/{id}/blockers': { params: { id: '1' } },
  'POST /api/v1/blockers': { body: { funnel_id: 2, user_ip: '1.2.3.4' }, required: ['funnel_id', 'user_ip'] },
  'PUT /api/v1/blockers/{id}': { params: { id: '1' }, body: { user_ip: '1.2.3.4' }, required: ['user_ip'] },
  'DELETE /api/v1/blockers/{id}': { params: { id: '1' } },
};

/** Bad-input cases of routes/dashboard.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import { type Spec } from './shared.ts';

/** The spec of each route of routes/dashboard.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/dashboard': {},
  'PUT /api/v1/dashboard/order': { body: { names: ['Orders', 'Funnels'] }, required: ['names'] },
};

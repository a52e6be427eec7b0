/** Bad-input cases of routes/pixels.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import { type Spec } from './shared.ts';

const pixel = { page: 2, name: 'p', location: 'head', code: 'c' };

/** The spec of each route of routes/pixels.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/funnels/{id}/pixels': { params: { id: '1' } },
  'POST /api/v1/pixels': { body: { funnel_id: 1, ...pixel }, required: ['funnel_id', ...Object.keys(pixel)] },
  'PUT /api/v1/pixels/{id}': { params: { id: '1' }, body: pixel, required: Object.keys(pixel) },
  'DELETE /api/v1/pixels/{id}': { params: { id: '1' } },
};

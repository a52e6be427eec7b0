/** Bad-input cases of routes/categories.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import { CATEGORY_SORTS } from '../../../src/model/index.ts';
import { badListQuery, type Spec } from './shared.ts';

/** The spec of each route of routes/categories.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/categories': { badQuery: badListQuery(CATEGORY_SORTS) },
  'GET /api/v1/categories.csv': { badQuery: badListQuery(CATEGORY_SORTS) },
  'POST /api/v1/categories/create': { body: { name: 'C', sticky_id: '55' }, required: ['name', 'sticky_id'] },
  'POST /api/v1/categories/import': { body: { sticky_id: '101' }, required: ['sticky_id'] },
  'GET /api/v1/categories/{id}': { params: { id: '1' } },
  'PUT /api/v1/categories/update/{id}': { params: { id: '1' }, body: { name: 'C', sticky_id: '55' }, required: ['name', 'sticky_id'] },
  'DELETE /api/v1/categories/{id}': { params: { id: '1' } },
};

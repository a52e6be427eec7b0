/** Bad-input cases of routes/shippings.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import fc from 'fast-check';
import { SHIPPING_SORTS } from '../../../src/model/index.ts';
import { notIn, badListQuery, type Spec } from './shared.ts';

/** The spec of each route of routes/shippings.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/stores': {},
  'GET /api/v1/shippings': { badQuery: badListQuery(SHIPPING_SORTS) },
  'GET /api/v1/shippings.csv': { badQuery: badListQuery(SHIPPING_SORTS) },
  'GET /api/v1/shippings/store': { badQuery: notIn(['true', 'false', '1', '0']).map((v) => `refresh=${encodeURIComponent(v)}`) },
  'POST /api/v1/shippings': { body: { ID: '4' }, required: ['ID'] },
  'PUT /api/v1/shippings/{id}': {
    params: { id: '1' },
    body: { name: 'S', description: 'd', price: 1 },
    required: ['name', 'description', 'price'],
    // A valid body for an id that is not one of ours: 404 (it was a 500).
    extra: () =>
      fc.integer({ min: 1000, max: 2_147_483_647 }).map((id) => ({
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'S', description: 'd', price: 1 }),
        params: { id: String(id) },
        label: `unknown shipping ${id}`,
      })),
  },
  'DELETE /api/v1/shippings/{id}': { params: { id: '1' } },
  'POST /api/v1/shippings/sync/{id}': { params: { id: '4' } },
};

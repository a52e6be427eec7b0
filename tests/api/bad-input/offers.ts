/** Bad-input cases of routes/offers.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import { OFFER_SORTS } from '../../../src/model/index.ts';
import { badListQuery, type Spec } from './shared.ts';

/** The spec of each route of routes/offers.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/offers': { badQuery: badListQuery(OFFER_SORTS) },
  'GET /api/v1/offers.csv': { badQuery: badListQuery(OFFER_SORTS) },
  'POST /api/v1/offers': { body: { offer_id: '30001', name: 'O', platform: 'sticky' }, required: ['offer_id', 'name', 'platform'] },
  'POST /api/v1/offers/create/': { body: { offer_id: '30001', name: 'O', platform: 'sticky' }, required: ['offer_id', 'name', 'platform'] },
  'POST /api/v1/offers/create/{id}': { params: { id: '30009' }, body: { name: 'O', platform: 'sticky' }, required: ['name', 'platform'] },
  'GET /api/v1/offers/{id}': { params: { id: '1' } },
  'PUT /api/v1/offers/{id}': { params: { id: '4' }, body: { offer_id: '30001', name: 'O', platform: 'sticky' }, required: ['offer_id', 'name', 'platform'] },
  'DELETE /api/v1/offers/{id}': { params: { id: '4' } },
};

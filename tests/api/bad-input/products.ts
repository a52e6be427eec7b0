/** Bad-input cases of routes/products.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import { PRODUCT_SORTS } from '../../../src/model/index.ts';
import { badListQuery, type Spec } from './shared.ts';

const product = { offer_id: 10231, name: 'P', description: 'd', sku: 's', cost_of_goods: 1, product_price: 2, shipping_weight: 1 };

/** The spec of each route of routes/products.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/products': { badQuery: badListQuery(PRODUCT_SORTS) },
  'GET /api/v1/products.csv': { badQuery: badListQuery(PRODUCT_SORTS) },
  'GET /api/v1/products/offer/{id}': { params: { id: '10231' } },
  'GET /api/v1/products/{id}': { params: { id: '1' } },
  'POST /api/v1/products': { body: product, required: Object.keys(product) },
  'POST /api/v1/products/bundle': {
    body: { offer_id: 10231, name: 'B', sku: 'b', product_price: 2, items: [{ product_id: 1 }, { product_id: 2 }] },
    required: ['offer_id', 'name', 'sku', 'product_price', 'items'],
  },
  'PUT /api/v1/products/{id}': { params: { id: '1' }, body: product, required: Object.keys(product) },
  'DELETE /api/v1/products/{id}': { params: { id: '1' } },
};

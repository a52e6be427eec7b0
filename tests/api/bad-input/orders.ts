/** Bad-input cases of routes/orders.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import fc from 'fast-check';
import { ORDER_SORT_COLUMNS, parseOrderFilters } from '../../../src/model/orders.ts';
import { bad, notIn, type Spec } from './shared.ts';

/** The orders list's query, bad (the list and its CSV export check it the same). */
const BAD_ORDERS: Spec = {
  badQuery: fc.oneof(
    bad('0', '101', '-5', 'x', '1e2', '', '1.5', '9999').map((v) => `limit=${v}`),
    bad('0', '-1', 'x', '', '1.5', '99999999').map((v) => `page=${v}`),
    notIn([...ORDER_SORT_COLUMNS]).map((v) => `sort=${encodeURIComponent(v)}`),
    notIn(['asc', 'desc', 'ASC', 'DESC']).map((v) => `order=${encodeURIComponent(v)}`),
    fc
      .oneof(
        fc.string({ maxLength: 30 }),
        fc.json().map((j) => j),
      )
      .filter((s) => parseOrderFilters(s) === null)
      .map((v) => `filters=${encodeURIComponent(v)}`),
  ),
};

/** The spec of each route of routes/orders.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/orders/': BAD_ORDERS,
  'GET /api/v1/orders.csv': BAD_ORDERS,
};

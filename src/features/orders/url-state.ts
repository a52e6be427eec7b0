/**
 * The orders table's state in the URL (001 §9 "Orders page size default 10, current page 1;
 * sort and filter are server-side"): `?page=3&limit=25&sort=CreatedAt&order=asc&campaign_id=12001&is_done=true`.
 * Defaults are left out of the URL, so `/orders` is page 1 of 10 by ID descending (the
 * server's default) and every other state is a link that can be shared; each change is a
 * history entry, so the back button returns to the previous page, sort or filters.
 *
 * Pure functions (no React): the screen reads and writes `URLSearchParams` with them, the
 * query string of the API call is built from the same state.
 */
import { ORDER_DATA_COLUMNS, ORDER_SORT_COLUMNS, ORDERS_PAGE_SIZE, OrderFiltersSchema, type OrderFilters, type OrderSortColumn } from '../../model';

/** Page sizes offered (the API accepts 1–100). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** The filter keys, in the order the filter form shows them (001 §3 Order, plus from/to on CreatedAt). */
export const FILTER_KEYS = ['ID', ...ORDER_DATA_COLUMNS, 'from', 'to'] as const satisfies readonly (keyof OrderFilters)[];
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The state of the orders table: what the server is asked for. */
export interface OrdersState {
  /** From 1. */
  page: number;
  /** Rows per page, one of {@link PAGE_SIZES}. */
  limit: number;
  sort: OrderSortColumn;
  order: 'asc' | 'desc';
  /** Parsed with the model's {@link OrderFiltersSchema}; only set keys. */
  filters: OrderFilters;
}

/** `/orders` without parameters: page 1 of 10, by ID, newest first (the server's default). */
export const DEFAULT_STATE: OrdersState = { page: 1, limit: ORDERS_PAGE_SIZE, sort: 'ID', order: 'desc', filters: {} };

/** The order a column gets on its first click: ID and CreatedAt newest first, the rest A→Z. */
export const firstOrder = (col: OrderSortColumn): 'asc' | 'desc' => (col === 'ID' || col === 'CreatedAt' ? 'desc' : 'asc');

const isSortColumn = (v: string | null): v is OrderSortColumn => v !== null && (ORDER_SORT_COLUMNS as readonly string[]).includes(v);

/**
 * Reads the state from the URL's query. A value that is malformed (a page of 'x', an unknown
 * column, a filter the model refuses) falls back to its default rather than failing the screen.
 */
export function readState(params: URLSearchParams): OrdersState {
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const sort = params.get('sort');
  const order = params.get('order')?.toLowerCase();
  const filters: OrderFilters = {};
  for (const key of FILTER_KEYS) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') continue;
    const one = OrderFiltersSchema.safeParse({ [key]: raw });
    if (one.success) Object.assign(filters, one.data);
  }
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 9_999_999 ? page : 1,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : ORDERS_PAGE_SIZE,
    sort: isSortColumn(sort) ? sort : DEFAULT_STATE.sort,
    order: order === 'asc' || order === 'desc' ? order : isSortColumn(sort) ? firstOrder(sort) : DEFAULT_STATE.order,
    filters,
  };
}

/** The URL query of `s`: defaults left out, filters as one parameter each. */
export function writeState(s: OrdersState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.page !== 1) p.set('page', String(s.page));
  if (s.limit !== ORDERS_PAGE_SIZE) p.set('limit', String(s.limit));
  if (s.sort !== DEFAULT_STATE.sort || s.order !== DEFAULT_STATE.order) {
    p.set('sort', s.sort);
    p.set('order', s.order);
  }
  for (const key of FILTER_KEYS) {
    const v = s.filters[key];
    if (v !== undefined) p.set(key, String(v));
  }
  return p;
}

/** A `to` given as a day (YYYY-MM-DD, what the filter form sets) includes that whole day (UTC); other values are sent as they are. */
const endOfDay = (to: string | undefined) => (to && /^\d{4}-\d{2}-\d{2}$/.test(to) ? `${to}T23:59:59.999Z` : to);

/**
 * The API's query string of `s` (001 §7 `GET /api/v1/orders/?limit&page&sort&order&filters`),
 * `filters` as the JSON object the server parses (`parseOrderFilters`), a `to` day up to its last millisecond. The parameters come in
 * one fixed order, so the same state is the same string (the query key).
 */
export function apiQuery(s: OrdersState): string {
  const p = new URLSearchParams({ limit: String(s.limit), page: String(s.page), sort: s.sort, order: s.order });
  const set = FILTER_KEYS.filter((k) => s.filters[k] !== undefined);
  if (set.length) p.set('filters', JSON.stringify(Object.fromEntries(set.map((k) => [k, k === 'to' ? endOfDay(s.filters.to) : s.filters[k]]))));
  return p.toString();
}

/** The number of pages of `total` rows at `limit` a page (at least 1, so an empty result is 'Page 1 of 1'). */
export const pageCount = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

/** The state after a click on column `col`'s header: the other direction if it is the sort column, else its first order; back to page 1. */
export function sortedBy(s: OrdersState, col: OrderSortColumn): OrdersState {
  const order = s.sort === col ? (s.order === 'asc' ? 'desc' : 'asc') : firstOrder(col);
  return { ...s, sort: col, order, page: 1 };
}

/**
 * The orders slice's call (001 §7 "GET /api/v1/orders/?limit&page&sort&order&filters |
 * response has rows and total_rows"): one page, sorted and filtered on the server, parsed with
 * the model's {@link OrderSchema}. Orders are read only.
 */
import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api';
import { ORDER_ROUTES, type OrdersPage } from '../../model';
import { apiQuery, pageCount, type OrdersState } from './url-state';

/** The page answer (001 §7: `rows` and `total_rows`): the model's `OrdersPage`. */
export type OrdersPageAnswer = OrdersPage;

/** Query keys: one per API query string, so the same state is read once. */
export const orderKeys = {
  all: ['orders'] as const,
  page: (s: OrdersState) => ['orders', apiQuery(s)] as const,
};

/**
 * The call as a plain function.
 * @throws ApiError on a non-2xx status (422 with the server's message for a query it refuses,
 * 403 for a role without `orders.read`); AnswerShapeError when the answer does not match the model.
 */
export const ordersCalls = {
  /** `GET /api/v1/orders/?…`: the page of `s`. Not notified: the screen says why where the table would be. */
  page: (s: OrdersState, signal?: AbortSignal) =>
    call(ORDER_ROUTES.page, { query: Object.fromEntries(new URLSearchParams(apiQuery(s))), notify: false, signal }),
};

/** A page of orders and the API query it answers (`query`: what the rows shown belong to). */
export type ShownPage = OrdersPageAnswer & { query: string };

const fetchPage = async (s: OrdersState, signal?: AbortSignal): Promise<ShownPage> => ({ ...(await ordersCalls.page(s, signal)), query: apiQuery(s) });

/** The query of the page of `s`: kept 30 s, so paging back and forth reads each page once. */
export const ordersPageQuery = (s: OrdersState) =>
  queryOptions({ queryKey: orderKeys.page(s), queryFn: ({ signal }) => fetchPage(s, signal), staleTime: 30_000 });

/**
 * The deepest next page of a FILTERED list fetched ahead (rows skipped). The server reads a
 * filtered page through the sort column's index past its offset, so a page deep in a million
 * matches costs hundreds of milliseconds; on the embedded database (one connection) a deep page
 * fetched ahead would hold up the operator's next request (a sort, a typed page) for that long.
 * Unfiltered pages start from the server's page index at any depth, so they are fetched ahead
 * wherever the operator is.
 */
export const PREFETCH_MAX_OFFSET = 10_000;

/**
 * One page of orders. While the next page loads the previous one stays shown (`isPlaceholderData`),
 * so the table never collapses; the next page of the same sort and filters is fetched ahead
 * (filtered: up to {@link PREFETCH_MAX_OFFSET}), so Next shows at once.
 */
export function useOrdersPage(s: OrdersState) {
  const qc = useQueryClient();
  const q = useQuery({ ...ordersPageQuery(s), placeholderData: keepPreviousData });
  const total = q.isPlaceholderData ? undefined : q.data?.total_rows;
  useEffect(() => {
    if (total === undefined || s.page >= pageCount(total, s.limit)) return;
    fetchAhead(qc, { ...s, page: s.page + 1 });
  }, [qc, s, total]);
  return q;
}

/**
 * Fetches the page of `s` ahead (a page number being typed, the next page), unless it is a
 * filtered page past {@link PREFETCH_MAX_OFFSET} rows: those are asked for only when wanted.
 */
export function fetchAhead(qc: QueryClient, s: OrdersState): void {
  if (Object.keys(s.filters).length > 0 && (s.page - 1) * s.limit > PREFETCH_MAX_OFFSET) return;
  void qc.prefetchQuery(ordersPageQuery(s));
}

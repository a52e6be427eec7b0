/** The orders route (001 §7 "GET /api/v1/orders/?limit&page&sort&order&filters | response has rows and total_rows"). */
import { z } from 'zod';
import { contract } from '../contract';
import { OrdersPageSchema } from '../orders';

/** The orders list's query as sent: text (`filters` is JSON); the server checks it with the model's `OrdersQuerySchema` (422). */
const OrdersQueryText = z.object({
  limit: z.string().optional(),
  page: z.string().optional(),
  sort: z.string().optional(),
  order: z.string().optional(),
  filters: z.string().optional(),
});

/** The orders routes. */
export const ORDER_ROUTES = {
  /**
   * One page of orders, sorted and filtered on the server. The query is sent as text (`filters`:
   * JSON); the server checks it with the model's `OrdersQuerySchema` (422).
   */
  page: contract({
    method: 'get',
    path: '/api/v1/orders/',
    query: OrdersQueryText,
    answer: OrdersPageSchema,
  }),
  /** The orders with the list's sort and filters (`page` and `limit` checked, then ignored: every match) as `text/csv`, streamed. */
  export: contract({
    method: 'get',
    path: '/api/v1/orders.csv',
    query: OrdersQueryText,
    answer: z.string(),
  }),
};

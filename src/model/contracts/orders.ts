/** The orders route (001 §7 "GET /api/v1/orders/?limit&page&sort&order&filters | response has rows and total_rows"). */
import { z } from 'zod';
import { contract } from '../contract';
import { OrdersPageSchema } from '../orders';

/** The orders routes. */
export const ORDER_ROUTES = {
  /**
   * One page of orders, sorted and filtered on the server. The query is sent as text (`filters`:
   * JSON); the server checks it with the model's `OrdersQuerySchema` (422).
   */
  page: contract({
    method: 'get',
    path: '/api/v1/orders/',
    query: z.object({
      limit: z.string().optional(),
      page: z.string().optional(),
      sort: z.string().optional(),
      order: z.string().optional(),
      filters: z.string().optional(),
    }),
    answer: OrdersPageSchema,
  }),
};

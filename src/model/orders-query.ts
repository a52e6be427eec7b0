/**
 * The orders list's query as the server checks it (001 §7, §9). A module of its own: the SPA
 * builds the query (`url-state.ts`) but never parses it, so the schema stays out of its bundles
 * (a schema's construction is code a bundler must keep wherever its module is loaded).
 */
import { z } from 'zod';
import { ORDERS_PAGE_SIZE } from './constants';
import { queryPageSize, RMSG } from './fields';
import { ORDER_SORT_COLUMNS } from './orders';

/** `GET /api/v1/orders/?limit&page&sort&order&filters` (001 §7, §9: page size 10, page 1). */
export const OrdersQuerySchema = z.object({
  limit: queryPageSize(3, { size: ORDERS_PAGE_SIZE, max: 100 }, RMSG.limit),
  page: z
    .string()
    .regex(/^\d{1,7}$/, RMSG.page)
    .transform(Number)
    .pipe(z.number().int().min(1, RMSG.page))
    .optional()
    .transform((v) => v ?? 1),
  sort: z
    .enum(ORDER_SORT_COLUMNS, { error: RMSG.sort })
    .optional()
    .transform((v) => v ?? 'ID'),
  order: z
    .enum(['asc', 'desc', 'ASC', 'DESC'], { error: RMSG.order })
    .optional()
    .transform((v) => (v ?? 'desc').toLowerCase() as 'asc' | 'desc'),
  filters: z.string().max(2000, RMSG.filters).optional(),
});

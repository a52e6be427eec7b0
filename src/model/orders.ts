/**
 * Orders (seed sections 001 §3, §7, §9): an order, the columns the orders table sorts by, the
 * column filters and their parser, and the page answer (the query: `orders-query.ts`).
 */
import { z } from 'zod';
import { MAX_INT, RMSG } from './fields';

/** An order (001 §3). */
export const OrderSchema = z
  .object({
    ID: z.number().int(),
    CreatedAt: z.string(),
    payment_method: z.string(),
    product_id: z.number().int(),
    transaction_id: z.string(),
    ip: z.string(),
    aff_id: z.string(),
    campaign_id: z.number().int(),
    customer_id: z.number().int(),
    is_scrub: z.boolean(),
    is_done: z.boolean(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof OrderSchema>;

/** The order's columns after its ID and creation time (001 §3 Order), in the table's order. */
export const ORDER_DATA_COLUMNS = [
  'payment_method',
  'product_id',
  'transaction_id',
  'ip',
  'aff_id',
  'campaign_id',
  'customer_id',
  'is_scrub',
  'is_done',
] as const;

/** Columns the orders table sorts by on the server (every column of 001 §3 Order). */
export const ORDER_SORT_COLUMNS = ['ID', 'CreatedAt', ...ORDER_DATA_COLUMNS] as const;
export type OrderSortColumn = (typeof ORDER_SORT_COLUMNS)[number];

const intFilter = z.union([z.number(), z.string()]).transform(Number).pipe(z.number().int().min(0).max(MAX_INT));
const boolFilter = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');
const textFilter = z.string().trim().min(1).max(100);
const dateFilter = z
  .string()
  .max(40)
  .refine((s) => {
    const t = Date.parse(s);
    return !Number.isNaN(t) && t >= 0 && t < Date.UTC(10000, 0, 1);
  }, 'Not a date');

/** Column filters of the orders table: exact values, plus `from`/`to` on CreatedAt. */
export const OrderFiltersSchema = z
  .strictObject(
    {
      ID: intFilter,
      payment_method: textFilter,
      product_id: intFilter,
      transaction_id: textFilter,
      ip: textFilter,
      aff_id: textFilter,
      campaign_id: intFilter,
      customer_id: intFilter,
      is_scrub: boolFilter,
      is_done: boolFilter,
      from: dateFilter,
      to: dateFilter,
    },
    { error: RMSG.filters },
  )
  .partial();
export type OrderFilters = z.output<typeof OrderFiltersSchema>;

/**
 * Parses the `filters` query value: a JSON object `{column: value}` or TanStack Table's
 * column filters `[{id, value}]`. @returns the filters, or null when malformed.
 */
export function parseOrderFilters(raw: string | undefined): OrderFilters | null {
  if (raw === undefined || raw.trim() === '') return {};
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (Array.isArray(v)) {
    const obj: Record<string, unknown> = {};
    for (const f of v) {
      if (!f || typeof f !== 'object' || typeof (f as { id?: unknown }).id !== 'string') return null;
      obj[(f as { id: string }).id] = (f as { value?: unknown }).value;
    }
    v = obj;
  }
  const r = OrderFiltersSchema.safeParse(v);
  return r.success ? r.data : null;
}

/** The orders page answer (001 §7: `rows` and `total_rows`). */
export const OrdersPageSchema = z
  .object({
    rows: z.array(OrderSchema).describe('The orders of the page'),
    total_rows: z.number().int().min(0).describe('How many orders match the filters'),
  })
  .meta({ id: 'OrdersPage' });
/** See {@link OrdersPageSchema}. */
export type OrdersPage = z.infer<typeof OrdersPageSchema>;

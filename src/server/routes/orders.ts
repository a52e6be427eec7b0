/**
 * Orders (001 §3, §7, §9): `GET /api/v1/orders/?limit&page&sort&order&filters` answers
 * `{rows, total_rows}`; page size 10 and page 1 by default; sorted and filtered in SQL.
 * Every sort column has an index `(column, ID)`; an unfiltered page starts from the nearest
 * key of the server's page index (order-page-index.ts), a filtered one reads index entries up
 * to its offset (at most half the matching orders, see {@link ordersPage}); then ten rows. An
 * unfiltered total comes from the trigger-kept `order_stats` row.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { and, asc as ascOrder, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { RMSG } from '../../model/fields.ts';
import { ORDER_SORT_COLUMNS, parseOrderFilters, type Order, type OrderFilters, type OrderSortColumn, type OrdersPage } from '../../model/orders.ts';
import { OrdersQuerySchema } from '../../model/orders-query.ts';
import { oneRow, rowsOf, type Db } from '../db/index.ts';
import { ascending, fromKey, orderPageIndexOf, type OrderPageIndex } from '../order-page-index.ts';
import { orders } from '../db/schema.ts';
import { ApiError, errors } from '../http.ts';
import { bearer, json, on, raw, queryParam, routes } from './common.ts';
import { csvResponse, csvRoute, fileDate, type CsvColumn, fieldColumns } from './csv-export.ts';
import { ORDER_ROUTES } from '../../model/contracts/orders.ts';

/** Documents the query; {@link OrdersQuerySchema} (the model's) validates it in the handler. */
const Query = z.object({
  limit: queryParam('limit', 'Page size, 1–100 (default 10)'),
  page: queryParam('page', 'Page number from 1 (default 1)'),
  sort: queryParam('sort', `Column to sort by (default ID): ${ORDER_SORT_COLUMNS.join(', ')}`),
  order: queryParam('order', 'asc or desc (default desc)'),
  filters: queryParam('filters', 'JSON: {"column": value} or [{"id": column, "value": v}]; from/to bound CreatedAt'),
});

/** Largest page the orders list reads (its `limit`): the export's batch. */
const ORDERS_PAGE_MAX = 100;

/** The export's columns: the orders table's. */
const ORDER_CSV: CsvColumn<Order>[] = [
  ...fieldColumns({
    ID: 'ID',
    Created: 'CreatedAt',
    'Payment method': 'payment_method',
    'Product ID': 'product_id',
    'Transaction ID': 'transaction_id',
    IP: 'ip',
    Affiliate: 'aff_id',
    'Campaign ID': 'campaign_id',
    'Customer ID': 'customer_id',
  }),
  { header: 'Scrub', cell: (o) => (o.is_scrub ? 'yes' : 'no') },
  { header: 'Done', cell: (o) => (o.is_done ? 'yes' : 'no') },
];

/**
 * The orders list's query strings, checked (OrdersQuerySchema, the filters' JSON, how deep a page may go).
 * @throws ApiError 422 with the sentence of the first bad parameter.
 */
function ordersQuery(raw: Record<string, string>) {
  const parsed = OrdersQuerySchema.safeParse(raw);
  if (!parsed.success) throw new ApiError(422, parsed.error.issues[0]?.message ?? 'Invalid query');
  const q = parsed.data;
  const filters = parseOrderFilters(q.filters);
  if (!filters) throw new ApiError(422, RMSG.filters);
  if (q.page * q.limit > 10_000_000) throw new ApiError(422, RMSG.page);
  return { ...q, filters };
}

/** The SQL conditions of the filters (exact values; CreatedAt from `from` to `to`, both included). */
function conditions(f: OrderFilters): SQL[] {
  const out: SQL[] = [];
  for (const key of ['ID', 'payment_method', 'product_id', 'transaction_id', 'ip', 'aff_id', 'campaign_id', 'customer_id', 'is_scrub', 'is_done'] as const) {
    const v = f[key];
    if (v !== undefined) out.push(eq(orders[key], v as never));
  }
  if (f.from) out.push(gte(orders.CreatedAt, new Date(f.from)));
  // `to` includes its whole millisecond: stored times have microseconds, the API shows milliseconds.
  if (f.to) out.push(lt(orders.CreatedAt, new Date(Date.parse(f.to) + 1)));
  return out;
}

/**
 * One page of orders.
 *
 * Reads go through the (column, ID) indexes. Unfiltered, a page starts from the nearest key
 * of the server's {@link OrderPageIndex} and skips fewer than its stride of index entries.
 * Otherwise (a filter, or the index not built at the orders' revision) a deep page reads its
 * offset from the index only — the page's IDs are picked by an index-only scan and only those
 * rows are read from the table (a "deferred join") — and a page past the middle is read from
 * the other end in the opposite order and turned round, so no page skips more than half the
 * matching orders. Sort keys always end with ID, so the order is total and every way of
 * reading gives exactly the same page.
 * @returns `{rows, total_rows}`; rows past the last page are `[]`.
 */
export async function ordersPage(
  db: Db,
  q: { limit: number; page: number; sort: OrderSortColumn; order: 'asc' | 'desc'; filters: OrderFilters },
  index: OrderPageIndex = orderPageIndexOf(db),
): Promise<OrdersPage> {
  const where = conditions(q.filters);
  const cond = where.length ? and(...where) : undefined;
  let total: number;
  let revision: number | undefined;
  if (where.length) {
    total = oneRow(await db.select({ n: count() }).from(orders).where(cond), 'orders: count').n;
  } else {
    const [s] = rowsOf<{ total: string; rev: string | null }>(
      await db.execute(sql`select s.total, (select rev from cache_revisions where name = 'orders') as rev from order_stats s where s.id = 1`),
    );
    total = s ? Number(s.total) : oneRow(await db.select({ n: count() }).from(orders), 'orders: count').n;
    revision = s?.rev == null ? undefined : Number(s.rev);
  }
  const offset = (q.page - 1) * q.limit;
  if (offset >= total) return { rows: [], total_rows: total };
  const size = Math.min(q.limit, total - offset);
  // The page as ascending positions: [position, position + size).
  const position = q.order === 'asc' ? offset : total - offset - size;
  const start = revision === undefined ? undefined : index.start(q.sort, position, revision, total);
  const asc = ascending(q.sort);
  let rows: (typeof orders.$inferSelect)[];
  if (start) {
    const ids = sql`select ${orders.ID} from ${orders} where ${fromKey(q.sort, start.key, true)} order by ${asc} limit ${size} offset ${start.skip}`;
    rows = await db
      .select()
      .from(orders)
      .where(sql`${orders.ID} in (${ids})`)
      .orderBy(asc);
    if (q.order === 'desc') rows.reverse();
  } else {
    // Past the middle: the same rows, counted from the other end.
    const fromEnd = offset > total / 2;
    const dir = (q.order === 'asc') !== fromEnd ? ascOrder : desc;
    const orderBy = q.sort === 'ID' ? [dir(orders.ID)] : [dir(orders[q.sort]), dir(orders.ID)];
    const skip = fromEnd ? Math.max(0, total - offset - q.limit) : offset;
    const ids = db
      .select({ ID: orders.ID })
      .from(orders)
      .where(cond)
      .orderBy(...orderBy)
      .limit(size)
      .offset(skip);
    rows = await db
      .select()
      .from(orders)
      .where(inArray(orders.ID, ids))
      .orderBy(...orderBy);
    if (fromEnd) rows.reverse();
  }
  return { rows: rows.map((r): Order => ({ ...r, CreatedAt: r.CreatedAt.toISOString() })), total_rows: total };
}

/** Orders route (with and without the seed's trailing slash). */
export const orderRoutes = routes((app, db) => {
  // The page index of a large order history is built in the background from the start.
  void orderPageIndexOf(db)
    .warm()
    .catch(() => {});
  for (const [path, hide] of [
    [ORDER_ROUTES.page.path, false],
    ['/api/v1/orders', true],
  ] as const) {
    on(
      app,
      'orders.read',
      createRoute({
        method: ORDER_ROUTES.page.method,
        path,
        operationId: 'listOrders',
        tags: ['Orders'],
        security: bearer,
        hide,
        summary: 'A page of orders, sorted and filtered on the server',
        request: { query: Query },
        responses: { 200: json(ORDER_ROUTES.page.answer, 'The page and the number of matching orders'), ...errors(422) },
      }),
      async (c) => c.json(await ordersPage(db, ordersQuery(c.req.query())), 200),
    );
  }

  on(
    app,
    'orders.read',
    csvRoute({
      path: ORDER_ROUTES.export.path,
      operationId: 'exportOrders',
      tags: ['Orders'],
      noun: 'orders',
      columns: ORDER_CSV,
      query: Query,
      errors: errors(422),
    }),
    (c) => {
      // Checked as the list checks it (422), then `page` and `limit` ignored: every match, 100 a read.
      const q = ordersQuery(c.req.query());
      return raw(
        csvResponse(
          `orders-${fileDate()}.csv`,
          ORDER_CSV,
          async (offset, limit) => (await ordersPage(db, { ...q, limit, page: offset / limit + 1 })).rows,
          ORDERS_PAGE_MAX,
        ),
      );
    },
  );
});

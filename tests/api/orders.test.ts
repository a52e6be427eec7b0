/**
 * Orders (001 §3, §7, §9) on the product's default demo data (≥ 50,000 generated orders):
 * `{rows, total_rows}`, default page size 10 and page 1, every column sortable both ways
 * (checked against a sort in JavaScript), filters (object and TanStack forms), 422 for bad
 * parameters, every sort answered from an index, and deep pages started from the page index's
 * keys exactly as SQL OFFSET would slice them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_ORDERS } from '../../src/server/config.ts';
import { rowsOf } from '../../src/server/db/index.ts';
import { RMSG } from '../../src/model/fields.ts';
import { ORDER_SORT_COLUMNS, type Order } from '../../src/model/orders.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { ordersPage } from '../../src/server/routes/orders.ts';
import { ascending, fromKey, OrderPageIndex } from '../../src/server/order-page-index.ts';
import { orders } from '../../src/server/db/schema.ts';
import { at } from '../at.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ demoOrders: DEFAULT_DEMO_ORDERS });
});
afterAll(async () => {
  await t?.close();
});

const get = (q: string) => t.api('GET', `/api/v1/orders/${q}`);

/** JavaScript's idea of the same order: column then ID, both in `dir`. */
function sorted(rows: Order[], col: keyof Order, dir: 'asc' | 'desc'): Order[] {
  const s = dir === 'asc' ? 1 : -1;
  const cmp = (a: unknown, b: unknown) => (a === b ? 0 : (a as never) < (b as never) ? -1 : 1);
  return [...rows].sort(
    (a, b) => s * (cmp(col === 'CreatedAt' ? Date.parse(a[col]) : a[col], col === 'CreatedAt' ? Date.parse(b[col]) : b[col]) || cmp(a.ID, b.ID)),
  );
}

describe('orders', () => {
  it('holds at least 50,000 demo orders; default page 1 of 10 rows, newest ID first', async () => {
    expect(DEFAULT_DEMO_ORDERS).toBeGreaterThanOrEqual(50_000);
    const r = await get('');
    expect(r.status).toBe(200);
    expect(r.body.total_rows).toBe(DEFAULT_DEMO_ORDERS);
    expect(r.body.rows).toHaveLength(10);
    expect(r.body.rows[0].ID).toBe(DEFAULT_DEMO_ORDERS);
    expect(Object.keys(r.body.rows[0]).sort()).toEqual([...ORDER_SORT_COLUMNS].sort());
    expect((await t.api('GET', '/api/v1/orders')).body).toEqual(r.body);
  });

  it('pages: limit and page pick the right slice; past the end is empty', async () => {
    const p1 = (await get('?limit=25&page=1&sort=ID&order=asc')).body.rows.map((o: Order) => o.ID);
    const p3 = (await get('?limit=25&page=3&sort=ID&order=asc')).body.rows.map((o: Order) => o.ID);
    expect(p1).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(p3).toEqual(Array.from({ length: 25 }, (_, i) => i + 51));
    const end = await get(`?limit=100&page=${DEFAULT_DEMO_ORDERS / 100 + 1}`);
    expect(end.body).toEqual({ rows: [], total_rows: DEFAULT_DEMO_ORDERS });
  });

  it('sorts by every column in both directions, ties broken by ID, consistent across pages', async () => {
    for (const col of ORDER_SORT_COLUMNS) {
      for (const dir of ['asc', 'desc'] as const) {
        const a = (await get(`?limit=50&page=1&sort=${col}&order=${dir}`)).body.rows as Order[];
        const b = (await get(`?limit=50&page=2&sort=${col}&order=${dir}`)).body.rows as Order[];
        const both = [...a, ...b];
        expect(
          both.map((o) => o.ID),
          `${col} ${dir}`,
        ).toEqual(sorted(both, col, dir).map((o) => o.ID));
        expect(new Set(both.map((o) => o.ID)).size, `${col} ${dir}`).toBe(100);
      }
    }
    // The first page of an ascending sort starts at the smallest value in the table.
    const { min } = at(rowsOf<{ min: string }>(await t.server.db.db.execute(sql`select min(ip) as min from orders`)), 0, 'min row');
    expect((await get('?sort=ip&order=asc')).body.rows[0].ip).toBe(min);
  });

  it('filters by exact values (object or TanStack form) and by date range, with matching totals', async () => {
    const counts = at(
      rowsOf<{ done: number; paypal: number; c: number }>(
        await t.server.db.db.execute(sql`
      select count(*) filter (where is_done)::int as done, count(*) filter (where payment_method = 'paypal' and not is_scrub)::int as paypal,
        count(*) filter (where campaign_id = 12001)::int as c from orders`),
      ),
      0,
      'counts row',
    );
    const done = await get(`?filters=${encodeURIComponent(JSON.stringify({ is_done: true }))}`);
    expect(done.body.total_rows).toBe(counts.done);
    expect(done.body.rows.every((o: Order) => o.is_done)).toBe(true);
    const tan = await get(
      `?limit=100&filters=${encodeURIComponent(
        JSON.stringify([
          { id: 'payment_method', value: 'paypal' },
          { id: 'is_scrub', value: 'false' },
        ]),
      )}`,
    );
    expect(tan.body.total_rows).toBe(counts.paypal);
    expect(tan.body.rows.every((o: Order) => o.payment_method === 'paypal' && !o.is_scrub)).toBe(true);
    const camp = await get(`?sort=customer_id&order=asc&filters=${encodeURIComponent('{"campaign_id":"12001"}')}`);
    expect(camp.body.total_rows).toBe(counts.c);
    const newest = (await get('?limit=1')).body.rows[0] as Order;
    const range = await get(`?filters=${encodeURIComponent(JSON.stringify({ from: newest.CreatedAt, to: newest.CreatedAt }))}`);
    expect(range.body.rows.map((o: Order) => o.ID)).toContain(newest.ID);
    expect((await get(`?filters=${encodeURIComponent('{"aff_id":"nobody"}')}`)).body).toEqual({ rows: [], total_rows: 0 });
  });

  it('answers 422 {message} to bad parameters', async () => {
    const cases: [string, string][] = [
      ['?limit=0', RMSG.limit],
      ['?limit=101', RMSG.limit],
      ['?limit=x', RMSG.limit],
      ['?page=0', RMSG.page],
      ['?page=-1', RMSG.page],
      ['?sort=password', RMSG.sort],
      ['?sort=ID;drop%20table%20orders', RMSG.sort],
      ['?order=up', RMSG.order],
      ['?filters=%7Bnot%20json', RMSG.filters],
      ['?filters=%7B%22evil%22%3A1%7D', RMSG.filters],
      ['?filters=%7B%22is_done%22%3A%22maybe%22%7D', RMSG.filters],
      ['?filters=%7B%22from%22%3A%22-300000-01-01%22%7D', RMSG.filters],
      ['?filters=%5B1%5D', RMSG.filters],
    ];
    for (const [q, message] of cases) {
      const r = await get(q);
      expect(r.status, q).toBe(422);
      expect(r.body, q).toEqual({ message });
    }
  });

  it('a page past the middle (read from the other end and turned round) is the slice SQL OFFSET gives, the last partial page too', async () => {
    const ids = async (q: string) => rowsOf<{ ID: number }>(await t.server.db.db.execute(sql.raw(q))).map((r) => r.ID);
    const total = DEFAULT_DEMO_ORDERS;
    const lastPage = Math.ceil(total / 7);
    for (const [col, dir] of [
      ['ID', 'desc'],
      ['ID', 'asc'],
      ['campaign_id', 'desc'],
      ['ip', 'asc'],
      ['is_done', 'desc'],
      ['CreatedAt', 'asc'],
    ] as const) {
      for (const page of [Math.ceil(lastPage / 2) + 1, lastPage - 3, lastPage]) {
        const r = await get(`?limit=7&page=${page}&sort=${col}&order=${dir}`);
        const order = col === 'ID' ? `"ID" ${dir}` : `"${col}" ${dir}, "ID" ${dir}`;
        const want = await ids(`SELECT "ID" FROM orders ORDER BY ${order} LIMIT 7 OFFSET ${(page - 1) * 7}`);
        expect(
          r.body.rows.map((o: Order) => o.ID),
          `${col} ${dir} page ${page}`,
        ).toEqual(want);
        expect(r.body.total_rows).toBe(total);
      }
    }
    // With a filter the middle is the filtered count's.
    const filters = encodeURIComponent(JSON.stringify({ payment_method: 'paypal' }));
    const first = await get(`?limit=9&page=1&filters=${filters}`);
    const n = first.body.total_rows as number;
    const page = Math.ceil(n / 9) - 1;
    const r = await get(`?limit=9&page=${page}&sort=aff_id&order=asc&filters=${filters}`);
    expect(r.body.rows.map((o: Order) => o.ID)).toEqual(
      await ids(`SELECT "ID" FROM orders WHERE payment_method = 'paypal' ORDER BY aff_id asc, "ID" asc LIMIT 9 OFFSET ${(page - 1) * 9}`),
    );
  });

  it('reads every sorted page from an index (no sort of the whole table)', async () => {
    for (const col of ORDER_SORT_COLUMNS) {
      const plan = rowsOf<{ 'QUERY PLAN': string }>(
        await t.server.db.db.execute(sql.raw(`EXPLAIN SELECT * FROM orders ORDER BY "${col}" DESC${col === 'ID' ? '' : ', "ID" DESC'} LIMIT 10 OFFSET 100`)),
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan, col).toMatch(/Index Scan/);
      expect(plan, col).not.toMatch(/\bSort\b/);
      // The page's IDs (what a deep page skips over) come from the index alone.
      const ids = rowsOf<{ 'QUERY PLAN': string }>(
        await t.server.db.db.execute(
          sql.raw(`EXPLAIN SELECT "ID" FROM orders ORDER BY "${col}" DESC${col === 'ID' ? '' : ', "ID" DESC'} LIMIT 10 OFFSET 20000`),
        ),
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(ids, col).toMatch(/Index Only Scan/);
    }
  });

  describe('the page index (keys every `stride` orders per sort column)', () => {
    const STRIDE = 499;
    const offsetIds = async (col: string, dir: 'asc' | 'desc', limit: number, offset: number) => {
      const order = col === 'ID' ? `"ID" ${dir}` : `"${col}" ${dir}, "ID" ${dir}`;
      return rowsOf<{ ID: number }>(await t.server.db.db.execute(sql.raw(`SELECT "ID" FROM orders ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`))).map(
        (r) => r.ID,
      );
    };
    const page = (index: OrderPageIndex, sort: (typeof ORDER_SORT_COLUMNS)[number], order: 'asc' | 'desc', p: number, limit = 10) =>
      ordersPage(t.server.db.db, { sort, order, page: p, limit, filters: {} }, index);

    it('starts every column, both ways, at any depth, from a key: the page SQL OFFSET slices', async () => {
      const index = new OrderPageIndex(t.server.db.db, { stride: STRIDE, minRows: 0 });
      const revision = await index.revision();
      index.refresh();
      await index.settled();
      const total = DEFAULT_DEMO_ORDERS;
      const lastPage = Math.ceil(total / 10);
      for (const col of ORDER_SORT_COLUMNS) {
        // Built at the orders' revision, every column: the first and the last order have keys.
        expect(index.start(col, 0, revision, total), col).toEqual({ key: expect.any(Array), skip: 0 });
        expect(index.start(col, total - 1, revision, total)?.skip, col).toBe((total - 1) % STRIDE);
        for (const dir of ['asc', 'desc'] as const) {
          // Pages ending at a key (490–499), just after it, the middle, and both ends.
          for (const p of [1, 50, 51, 2_500, lastPage - 1, lastPage]) {
            const r = await page(index, col, dir, p);
            expect(
              r.rows.map((o) => o.ID),
              `${col} ${dir} page ${p}`,
            ).toEqual(await offsetIds(col, dir, 10, (p - 1) * 10));
            expect(r.total_rows).toBe(total);
          }
        }
      }
      // A page of 7 across a key (positions 497–503) and a page past the end.
      expect((await page(index, 'CreatedAt', 'asc', 72, 7)).rows.map((o) => o.ID)).toEqual(await offsetIds('CreatedAt', 'asc', 7, 497));
      expect((await page(index, 'ip', 'desc', lastPage + 1)).rows).toEqual([]);
    });

    it('is not used once an order changes (the orders revision moves), and is rebuilt for the new revision', async () => {
      const index = new OrderPageIndex(t.server.db.db, { stride: STRIDE, minRows: 0 });
      index.refresh();
      await index.settled();
      const before = await index.revision();
      const db = t.server.db.db;
      // A new order sorts first by payment method: with keys of the old revision, every page after it would be one off.
      const [added] = await db
        .insert(orders)
        .values({ payment_method: '!first', product_id: 1, transaction_id: 't', ip: '0.0.0.0', aff_id: 'a', campaign_id: 1, customer_id: 1 })
        .returning();
      try {
        const now = await index.revision();
        expect(now).toBeGreaterThan(before);
        expect(index.start('payment_method', 500, now, DEFAULT_DEMO_ORDERS + 1)).toBeUndefined();
        // Read by offset meanwhile, exact; the read started a rebuild.
        const r = await page(index, 'payment_method', 'asc', 51);
        expect(r.rows.map((o) => o.ID)).toEqual(await offsetIds('payment_method', 'asc', 10, 500));
        await index.settled();
        expect(index.start('payment_method', 500, now, DEFAULT_DEMO_ORDERS + 1)).toEqual({ key: expect.any(Array), skip: 500 % STRIDE });
        expect((await page(index, 'payment_method', 'asc', 51)).rows.map((o) => o.ID)).toEqual(await offsetIds('payment_method', 'asc', 10, 500));
      } finally {
        await db.delete(orders).where(sql`${orders.ID} = ${added!.ID}`);
      }
    });

    it('reads a page from its key by an index-only range scan', async () => {
      for (const col of ORDER_SORT_COLUMNS) {
        const key = [
          col === 'CreatedAt' ? '2026-01-01 00:00:00+00' : col.startsWith('is_') ? 'false' : /_id$/.test(col) || col === 'ID' ? '5' : 'm',
          5,
        ] as const;
        const q = sql`EXPLAIN SELECT ${orders.ID} FROM ${orders} WHERE ${fromKey(col, key, true)} ORDER BY ${ascending(col)} LIMIT 10 OFFSET 900`;
        const plan = rowsOf<{ 'QUERY PLAN': string }>(await t.server.db.db.execute(q))
          .map((r) => r['QUERY PLAN'])
          .join('\n');
        expect(plan, col).toMatch(/Index Only Scan/);
        expect(plan, col).toMatch(/Index Cond/);
        expect(plan, col).not.toMatch(/\bSort\b/);
      }
    });
  });
});

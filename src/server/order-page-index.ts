/**
 * An index of order page positions (001 §7 orders list, "page" deep into a million orders): for
 * each sort column, the key `(column, ID)` of every {@link OrderPageIndexOptions.stride}-th
 * order in ascending order. A page at any depth then starts from the nearest key before it
 * (a keyset read) and skips fewer than `stride` index entries, instead of up to half the
 * table. The keys are exact only for the orders they were read from, so each column's keys
 * carry the `orders` revision they were built at (migration 0020 bumps it with every change)
 * and are used only while the request reads that same revision; otherwise the page is read by
 * offset and a rebuild starts in the background. Unfiltered pages only: a filter's matches are
 * counted per request anyway, and their offsets are as deep as the matches are many.
 *
 * The build reads one key per query (`offset stride - 1`, one short index range each), so the
 * embedded database, which runs in this process, is never held for long by it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ORDER_SORT_COLUMNS, type OrderSortColumn } from '../model/orders.ts';
import { rowsOf, type Db } from './db/index.ts';
import { orders } from './db/schema.ts';

/** One key: the sort column's value as PostgreSQL text (exact for timestamps' microseconds) and the order's ID. */
type Key = readonly [value: string, id: number];

/** The SQL type a column's text key is cast back to. */
const CAST: Record<OrderSortColumn, SQL> = {
  ID: sql.raw('integer'),
  CreatedAt: sql.raw('timestamptz'),
  payment_method: sql.raw('text'),
  product_id: sql.raw('integer'),
  transaction_id: sql.raw('text'),
  ip: sql.raw('text'),
  aff_id: sql.raw('text'),
  campaign_id: sql.raw('integer'),
  customer_id: sql.raw('integer'),
  is_scrub: sql.raw('boolean'),
  is_done: sql.raw('boolean'),
};

/** Tuning; the defaults suit a million orders. */
export interface OrderPageIndexOptions {
  /** Orders between two keys: the most index entries a page read skips (default 1,000). */
  stride?: number;
  /** Fewest orders worth an index (default 20,000): below it an offset read is as cheap. */
  minRows?: number;
}

/** Where a page starts: from this key (included), skipping `skip` orders, in ascending order. */
export interface PageStart {
  key: Key;
  skip: number;
}

/** `(column, ID) >= key` or `> key` as SQL on the orders table. */
export function fromKey(col: OrderSortColumn, key: Key, inclusive: boolean): SQL {
  const op = sql.raw(inclusive ? '>=' : '>');
  if (col === 'ID') return sql`${orders.ID} ${op} ${key[1]}`;
  return sql`(${orders[col]}, ${orders.ID}) ${op} (${key[0]}::${CAST[col]}, ${key[1]})`;
}

/** The ascending order of a sort column: its value, then ID. */
export function ascending(col: OrderSortColumn): SQL {
  return col === 'ID' ? sql`${orders.ID} asc` : sql`${orders[col]} asc, ${orders.ID} asc`;
}

/** The server's order page index over `db` (one per database, see {@link orderPageIndexOf}). */
export class OrderPageIndex {
  private readonly stride: number;
  private readonly minRows: number;
  private readonly built = new Map<OrderSortColumn, { revision: number; keys: Key[] }>();
  private building: Promise<void> | null = null;
  /** The columns asked for while a build ran: built first by the next one. */
  private readonly wanted = new Set<OrderSortColumn>();

  constructor(
    private readonly db: Db,
    opts: OrderPageIndexOptions = {},
  ) {
    this.stride = opts.stride ?? 1_000;
    this.minRows = opts.minRows ?? 20_000;
  }

  /**
   * Where the page of ascending position `position` (0-based) starts for column `col`, when
   * the index has that column at `revision`; else undefined, and (with at least `minRows`
   * orders) a build of it is started or queued.
   */
  start(col: OrderSortColumn, position: number, revision: number, total: number): PageStart | undefined {
    const kept = this.built.get(col);
    if (kept && kept.revision === revision) {
      const at = Math.min(Math.floor(position / this.stride), kept.keys.length - 1);
      const key = kept.keys[at];
      if (key) return { key, skip: position - at * this.stride };
    }
    if (total >= this.minRows) this.refresh(col);
    return undefined;
  }

  /** Builds every column's keys in the background, `first` first (no-op while a build runs but for queuing it). */
  refresh(first: OrderSortColumn = 'ID'): void {
    this.wanted.add(first);
    if (this.building) return;
    this.building = this.buildAll()
      .catch(() => {}) // the database away: the next page read starts another build
      .finally(() => {
        this.building = null;
      });
  }

  /** Starts a build when there are at least `minRows` orders (at server start). */
  async warm(): Promise<void> {
    const [s] = rowsOf<{ total: string | number }>(await this.db.execute(sql`select total from order_stats where id = 1`));
    if (Number(s?.total ?? 0) >= this.minRows) this.refresh();
  }

  /** Resolves when no build is running (tests and the benchmark wait for it). */
  async settled(): Promise<void> {
    while (this.building) await this.building;
  }

  /** The `orders` revision now. */
  async revision(): Promise<number> {
    const [r] = rowsOf<{ rev: string | number }>(await this.db.execute(sql`select rev from cache_revisions where name = 'orders'`));
    return Number(r?.rev ?? 0);
  }

  /** Builds the columns that are missing or out of date, wanted ones first, until none is. */
  private async buildAll(): Promise<void> {
    for (;;) {
      const revision = await this.revision();
      const queue = [...this.wanted, ...ORDER_SORT_COLUMNS].filter((c, i, all) => all.indexOf(c) === i && this.built.get(c)?.revision !== revision);
      this.wanted.clear();
      const col = queue[0];
      if (!col) return;
      const keys = await this.keysOf(col);
      // Kept only when no order changed while the keys were read; else the next page read
      // starts again (orders written without pause are paged by offset meanwhile).
      if ((await this.revision()) !== revision) return;
      this.built.set(col, { revision, keys });
    }
  }

  /** Every `stride`-th key of column `col`, from the first order on. */
  private async keysOf(col: OrderSortColumn): Promise<Key[]> {
    const value = col === 'ID' ? sql`${orders.ID}::text` : sql`${orders[col]}::text`;
    const keys: Key[] = [];
    let prev: Key | undefined;
    for (;;) {
      const where = prev ? sql`where ${fromKey(col, prev, false)}` : sql``;
      const skip = prev ? this.stride - 1 : 0;
      const [row] = rowsOf<{ v: string; id: number }>(
        await this.db.execute(sql`select ${value} as v, ${orders.ID} as id from ${orders} ${where} order by ${ascending(col)} offset ${skip} limit 1`),
      );
      if (!row) return keys;
      prev = [row.v, Number(row.id)];
      keys.push(prev);
    }
  }
}

const all = new WeakMap<Db, OrderPageIndex>();

/** `db`'s order page index, made on first call (`opts` only then). */
export function orderPageIndexOf(db: Db, opts?: OrderPageIndexOptions): OrderPageIndex {
  let index = all.get(db);
  if (!index) all.set(db, (index = new OrderPageIndex(db, opts)));
  return index;
}

/**
 * What every per-funnel resource shares (blockers, pixels, scrubs; domains' list): loading a row
 * with its funnel, 404 for a missing one and 423 when the funnel is locked; listing a funnel's
 * rows, creating, replacing and deleting one (001 §3, §7: a locked funnel refuses changes).
 */
import type { OpenAPIHono, z } from '@hono/zod-openapi';
import { asc, eq, getTableColumns, getTableName, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Action } from '../auth/policy.ts';
import { oneRow, type Db, type Tx } from '../db/index.ts';
import { assertUnlocked } from '../documents/locks.ts';
import { errors } from '../http.ts';
import { asRow, asRows, deleteById, getFunnel, rowById, type Q } from '../repo.ts';
import { createRouteOf, on, onDelete, onGet, replaceRouteOf, type AppEnv, type BodyRoute, type ByIdRoute, type DeleteRoute } from './common.ts';

/** A per-funnel table: its rows have an `ID` and the `funnel_id` they belong to. */
type ChildTable = PgTable & { ID: PgColumn; funnel_id: PgColumn };

/** Rows of `table` under `where` by ID (FOR UPDATE with `lock`), as the caller's row type `T`. */
async function rowsOf<T>(q: Q, table: ChildTable, where: SQL, lock: boolean): Promise<T[]> {
  const base = q.select().from(table).where(where).orderBy(asc(table.ID));
  return asRows<T>(await (lock ? base.for('update') : base));
}

/**
 * Loads row `id` of `table` FOR UPDATE and checks its funnel is unlocked.
 * @throws ApiError 404 `${what} not found`, 423 locked.
 */
export async function lockedChild<T extends { funnel_id: number }>(tx: Tx, table: ChildTable, id: number, what: string): Promise<T> {
  const row = asRow<T>(await rowById(tx, table, id, what, true));
  await assertUnlocked(tx, row.funnel_id);
  return row;
}

/** The funnel exists (404) and is unlocked (423). */
export async function unlockedFunnel(tx: Tx, funnelId: number): Promise<void> {
  await getFunnel(tx, funnelId);
  await assertUnlocked(tx, funnelId);
}

/** The rows of `table` of funnel `funnelId`, by ID, as `map` makes them: what a funnel's tab lists. */
export async function childrenOfFunnel<Row, T>(db: Db, table: ChildTable, funnelId: number, map: (row: Row) => T): Promise<T[]> {
  return (await rowsOf<Row>(db, table, eq(table.funnel_id, funnelId), false)).map(map);
}

/**
 * Registers a funnel's list, `GET /funnels/{id}/<rows>` under `action` ({@link onGet}): the
 * funnel looked up (404 'Funnel not found'; 422 for an `{id}` that is not one), then
 * `read(funnelId)` answered.
 */
export function onFunnelList(
  app: OpenAPIHono<AppEnv>,
  action: Action,
  route: Omit<ByIdRoute, 'errors'>,
  db: Db,
  read: (funnelId: number) => Promise<object[]>,
): void {
  onGet(app, action, { ...route, errors: errors(404, 422) }, async (id) => read((await getFunnel(db, id)).ID));
}

/**
 * Deletes row `id` of `table` once its funnel is known unlocked (the row locked meanwhile).
 * @throws ApiError 404 `${what} not found`, 423 locked.
 */
export async function deleteChild(db: Db, table: ChildTable, id: number, what: string): Promise<void> {
  await deleteById(db, table, id, what, (tx, row) => assertUnlocked(tx, asRow<{ funnel_id: number }>(row).funnel_id));
}

/**
 * A per-funnel resource as its routes store and answer it (blockers, pixels, scrubs): its table,
 * the name its messages use, its read and write actions, the row as the API answers it, and the
 * resource's own checks of a write.
 */
export interface FunnelChild<Row extends { funnel_id: number }, Answer, Body extends object = object> {
  table: ChildTable;
  /** The row's name in messages: `${what} not found`, `${what} deleted`. */
  what: string;
  /** The policy action of the funnel's list (`blockers.read`). */
  read: Action;
  /** The policy action of a create, replace or delete (`blockers.write`). */
  write: Action;
  /** The stored row as the API answers it. */
  toAnswer: (row: Row) => Answer;
  /**
   * The resource's own checks of a write of `body` into funnel `funnelId` (`exceptId`: the row a
   * replace writes; undefined for a create), which then stores through `write` the values it
   * gives and answers its row. Without it `body` is stored as sent.
   * @throws ApiError what the checks refuse (pixels' 422 for a page of another funnel, scrubs' 409 for a taken affiliate).
   */
  store?: (tx: Tx, funnelId: number, body: Body, exceptId: number | undefined, write: (values: object) => Promise<Row>) => Promise<Row>;
}

/** `body` stored in funnel `funnelId` through `write`, after `child`'s own checks ({@link FunnelChild.store}). */
function storeChild<Row extends { funnel_id: number }, Body extends object>(
  child: FunnelChild<Row, unknown, Body>,
  tx: Tx,
  funnelId: number,
  body: Body,
  exceptId: number | undefined,
  write: (values: object) => Promise<Row>,
): Promise<Row> {
  return child.store ? child.store(tx, funnelId, body, exceptId, write) : write(body);
}

/** The one row an INSERT or UPDATE … RETURNING of `table` gives, as the caller's row type. */
async function returned<Row>(table: ChildTable, rows: Promise<unknown[]>): Promise<Row> {
  return oneRow(asRows<Row>(await rows), `${getTableName(table)}: returning`);
}

/**
 * Registers `GET /funnels/{id}/<rows>` of `child` ({@link onFunnelList}): the funnel's rows by ID,
 * as the API answers them. 404 'Funnel not found'; 422 for an `{id}` that is not one.
 */
export function onChildList<Row extends { funnel_id: number }, Body extends object>(
  app: OpenAPIHono<AppEnv>,
  db: Db,
  child: FunnelChild<Row, object, Body>,
  route: Omit<ByIdRoute, 'errors'>,
): void {
  onFunnelList(app, child.read, route, db, (funnelId) => childrenOfFunnel(db, child.table, funnelId, child.toAnswer));
}

/**
 * Registers the create of `child` ({@link createRouteOf}): in one transaction the body's funnel is
 * checked to exist (404) and be unlocked (423), `child`'s own checks run and the row is inserted;
 * the answer is the row, 201.
 */
export function onChildCreate<Row extends { funnel_id: number }, Body extends object, A extends z.ZodType, B extends z.ZodType<Body & { funnel_id: number }>>(
  app: OpenAPIHono<AppEnv>,
  db: Db,
  child: FunnelChild<Row, z.input<A>, Body>,
  route: BodyRoute<A, B>,
): void {
  // Declared with the contract's schemas; the handler is typed by the answer and body `child` and `route` agree on.
  const declared: BodyRoute<z.ZodType, z.ZodType<Body & { funnel_id: number }>> = route;
  on(app, child.write, createRouteOf(declared), async (c) => {
    const body = c.req.valid('json');
    const row = await db.transaction(async (tx) => {
      await unlockedFunnel(tx, body.funnel_id);
      return storeChild(child, tx, body.funnel_id, body, undefined, (values) => returned<Row>(child.table, tx.insert(child.table).values(values).returning()));
    });
    return c.json(child.toAnswer(row), 201);
  });
}

/**
 * Registers the replace of `child` by `{id}` ({@link replaceRouteOf}): in one transaction the row
 * is locked and its funnel checked unlocked ({@link lockedChild}: 404, 423), `child`'s own checks
 * run and the row is updated (its `UpdatedAt` set, on a table that keeps one); the answer is the row, 200.
 */
export function onChildReplace<Row extends { funnel_id: number }, Body extends object, A extends z.ZodType, B extends z.ZodType<Body>>(
  app: OpenAPIHono<AppEnv>,
  db: Db,
  child: FunnelChild<Row, z.input<A>, Body>,
  route: BodyRoute<A, B>,
): void {
  const { table } = child;
  const touched = 'UpdatedAt' in getTableColumns(table);
  const declared: BodyRoute<z.ZodType, z.ZodType<Body>> = route;
  on(app, child.write, replaceRouteOf(declared), async (c) => {
    const id = c.req.valid('param').id;
    const body = c.req.valid('json');
    const row = await db.transaction(async (tx) => {
      const cur = await lockedChild<Row>(tx, table, id, child.what);
      return storeChild(child, tx, cur.funnel_id, body, id, (values) =>
        returned<Row>(
          table,
          tx
            .update(table)
            .set(touched ? { ...values, UpdatedAt: new Date() } : values)
            .where(eq(table.ID, id))
            .returning(),
        ),
      );
    });
    return c.json(child.toAnswer(row), 200);
  });
}

/** Registers the delete of `child` by `{id}` ({@link onDelete}, {@link deleteChild}): 404, 423; answers `{ message: '<what> deleted', ID }`. */
export function onChildDelete<Row extends { funnel_id: number }, Body extends object>(
  app: OpenAPIHono<AppEnv>,
  db: Db,
  child: FunnelChild<Row, unknown, Body>,
  route: DeleteRoute,
): void {
  onDelete(app, child.write, route, child.what, (id) => deleteChild(db, child.table, id, child.what));
}

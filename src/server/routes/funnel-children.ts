/**
 * What every per-funnel resource shares (blockers, pixels, scrubs; domains' list): loading a row
 * with its funnel, 404 for a missing one and 423 when the funnel is locked; listing a funnel's
 * rows and deleting one.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { asc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Action } from '../auth/policy.ts';
import type { Db, Tx } from '../db/index.ts';
import { assertUnlocked } from '../documents/locks.ts';
import { errors, notFound } from '../http.ts';
import { getFunnel, type Q } from '../repo.ts';
import { onGet, type AppEnv, type ByIdRoute } from './common.ts';

/** A per-funnel table: its rows have an `ID` and the `funnel_id` they belong to. */
type ChildTable = PgTable & { ID: PgColumn; funnel_id: PgColumn };

/**
 * Rows of `table` under `where` by ID (FOR UPDATE with `lock`), as the caller's row type `T`:
 * drizzle cannot infer a row type for a table passed generically.
 */
async function rowsOf<T>(q: Q, table: ChildTable, where: SQL, lock: boolean): Promise<T[]> {
  const base = q.select().from(table).where(where).orderBy(asc(table.ID));
  return (await (lock ? base.for('update') : base)) as unknown as T[];
}

/**
 * Loads row `id` of `table` FOR UPDATE and checks its funnel is unlocked.
 * @throws ApiError 404 `${what} not found`, 423 locked.
 */
export async function lockedChild<T extends { funnel_id: number }>(tx: Tx, table: ChildTable, id: number, what: string): Promise<T> {
  const [row] = await rowsOf<T>(tx, table, eq(table.ID, id), true);
  if (!row) throw notFound(what);
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
  await db.transaction(async (tx) => {
    await lockedChild(tx, table, id, what);
    await tx.delete(table).where(eq(table.ID, id));
  });
}

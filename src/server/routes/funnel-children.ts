/**
 * What every per-funnel resource shares (blockers, pixels, scrubs): loading a row with its
 * funnel, 404 for a missing one and 423 when the funnel is locked.
 */
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/index.ts';
import { assertUnlocked } from '../documents/locks.ts';
import { notFound } from '../http.ts';
import { getFunnel } from '../repo.ts';

/**
 * Loads row `id` of `table` FOR UPDATE and checks its funnel is unlocked.
 * @throws ApiError 404 `${what} not found`, 423 locked.
 */
export async function lockedChild<T extends { funnel_id: number }>(tx: Tx, table: PgTable & { ID: PgColumn }, id: number, what: string): Promise<T> {
  const [row] = (await tx.select().from(table).where(eq(table.ID, id)).for('update')) as unknown as T[];
  if (!row) throw notFound(what);
  await assertUnlocked(tx, row.funnel_id);
  return row;
}

/** The funnel exists (404) and is unlocked (423). */
export async function unlockedFunnel(tx: Tx, funnelId: number): Promise<void> {
  await getFunnel(tx, funnelId);
  await assertUnlocked(tx, funnelId);
}

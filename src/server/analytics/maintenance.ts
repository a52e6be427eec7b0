/**
 * The analytics' upkeep, run by the admin process (never the read-only sites server) at start
 * and every {@link MAINTENANCE_MS}, under an advisory lock so processes sharing one PostgreSQL
 * take turns: the day partitions of `events` from yesterday to two days ahead are created, the
 * ones older than ANALYTICS_RETENTION_DAYS dropped (and such rows of the default partition
 * deleted), and every whole UTC day up to yesterday rolled up into `event_rollups` (the last
 * rolled day again, for events that arrived in its last milliseconds).
 */
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/index.ts';
import { eventRollupState } from '../db/schema.ts';
import type { Q } from '../repo.ts';

/** How often the upkeep runs (ms). */
export const MAINTENANCE_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

/** The UTC day of `t` as `YYYY-MM-DD`. */
export const dayOf = (t: number): string => new Date(t).toISOString().slice(0, 10);
/** `day` plus `n` days. */
export const addDays = (day: string, n: number): string => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

/** The aggregate of the events of `[from, to)` (UTC days) as rollup rows: the one definition of `visitors`. */
export function aggregateSql(from: string, to: string, funnelId?: number) {
  return sql`select (created_at at time zone 'UTC')::date as day, funnel_id, page_id, release_id,
      coalesce(branch, '') as branch, coalesce(affiliate, '') as affiliate, coalesce(campaign, '') as campaign, kind,
      count(*)::bigint as events,
      (count(distinct visitor) + count(*) filter (where visitor is null))::bigint as visitors
    from events
    where created_at >= ${`${from}T00:00:00Z`}::timestamptz and created_at < ${`${to}T00:00:00Z`}::timestamptz
      ${funnelId === undefined ? sql`` : sql`and funnel_id = ${funnelId}`}
    group by 1, 2, 3, 4, 5, 6, 7, 8`;
}

/** Creates the partitions of `events` for yesterday to two days ahead of `now` (a day whose rows already sit in the default partition keeps them there). */
export async function ensurePartitions(db: Q, now: number): Promise<void> {
  for (let n = -1; n <= 2; n++) {
    const day = dayOf(now + n * DAY_MS);
    const name = `events_${day.replaceAll('-', '')}`;
    try {
      // Its own savepoint: a refusal must not abort the upkeep's transaction.
      await db.transaction((sp) =>
        sp.execute(
          sql.raw(`create table if not exists "${name}" partition of "events" for values from ('${day} 00:00:00+00') to ('${addDays(day, 1)} 00:00:00+00')`),
        ),
      );
    } catch {
      // Rows of that day are already in the default partition: they stay there, rolled up and aged out all the same.
    }
  }
}

/** Drops the day partitions that ended more than `days` days before `now`, and deletes such rows of the default partition. @returns the partitions dropped. */
export async function applyRetention(db: Q, days: number, now: number): Promise<string[]> {
  const cutoff = dayOf(now - days * DAY_MS);
  const rows = await db.execute(
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'events'`,
  );
  const dropped: string[] = [];
  for (const { name } of rowsOf<{ name: string }>(rows)) {
    const m = /^events_(\d{4})(\d{2})(\d{2})$/.exec(name);
    if (!m) continue;
    const day = `${m[1]}-${m[2]}-${m[3]}`;
    if (addDays(day, 1) <= cutoff) {
      await db.execute(sql.raw(`drop table if exists "${name}"`));
      dropped.push(name);
    }
  }
  await db.execute(sql`delete from events_default where created_at < ${`${cutoff}T00:00:00Z`}::timestamptz`);
  return dropped;
}

/** Rewrites the rollups of the UTC days `[from, to)` from the raw events. */
export async function rollUpDays(db: Q, from: string, to: string): Promise<void> {
  if (from >= to) return;
  await db.execute(sql`insert into event_rollups (day, funnel_id, page_id, release_id, branch, affiliate, campaign, kind, events, visitors)
    ${aggregateSql(from, to)}
    on conflict on constraint event_rollups_pk do update set events = excluded.events, visitors = excluded.visitors`);
}

/**
 * Rolls up every whole day not rolled yet, up to the day before `now`: from the day after the
 * one recorded (that day again too), or from the oldest event. @returns the days rolled.
 */
export async function rollUp(db: Q, now: number): Promise<{ from: string; to: string } | null> {
  const to = dayOf(now);
  const [state] = await db.select().from(eventRollupState).where(eq(eventRollupState.id, 1));
  let from = state?.rolled_through ? state.rolled_through : null;
  if (!from) {
    const [oldest] = rowsOf<{ day: string | null }>(await db.execute(sql`select min(created_at at time zone 'UTC')::date::text as day from events`));
    from = oldest?.day ?? to;
  }
  if (from >= to) {
    // Nothing before today: remembered, so no later call looks for the oldest event again.
    if (!state?.rolled_through)
      await db
        .update(eventRollupState)
        .set({ rolled_through: addDays(to, -1) })
        .where(eq(eventRollupState.id, 1));
    return null;
  }
  // One statement for the days: each day's partition (or the default one) is read once.
  await rollUpDays(db, from, to);
  await db
    .update(eventRollupState)
    .set({ rolled_through: addDays(to, -1) })
    .where(eq(eventRollupState.id, 1));
  return { from, to };
}

/** One upkeep run, under the advisory lock (another process running it: skipped). */
export async function maintain(db: Db, retentionDays: number, now: number = Date.now()): Promise<void> {
  await db.transaction(async (tx) => {
    const [got] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('analytics:maintenance')) as ok`));
    if (!got?.ok) return;
    await ensurePartitions(tx, now);
    await applyRetention(tx, retentionDays, now);
    await rollUp(tx, now);
  });
}

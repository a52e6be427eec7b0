/**
 * The analytics' upkeep, run by the admin process (never the read-only sites server) at start
 * and every {@link MAINTENANCE_MS}, under an advisory lock so processes sharing one PostgreSQL
 * take turns: the day partitions of `events` from yesterday to two days ahead are created, the
 * ones older than ANALYTICS_RETENTION_DAYS dropped (and such rows of the default partition
 * deleted), every whole UTC day up to yesterday rolled up into `event_rollups` (the last
 * rolled day again, for events that arrived in its last milliseconds), and today rolled up to a
 * few seconds ago every {@link LIVE_ROLLUP_MS} ({@link rollUpLive}).
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

/** How far behind now today's rollup stops: past the event buffer's wait (buffer.ts FLUSH_MS) and a slow commit, so no event is written behind it. */
export const LIVE_LAG_MS = 5_000;
/** How often the admin process advances today's rollup (ms): the age of today's figures, at most. */
export const LIVE_ROLLUP_MS = 60_000;

/** An event's rollup group, as columns of `events`: the key of `event_rollups` and `event_day_visitors`. */
const GROUP = sql`(created_at at time zone 'UTC')::date as day, funnel_id, page_id, release_id,
      coalesce(branch, '') as branch, coalesce(affiliate, '') as affiliate, coalesce(campaign, '') as campaign, kind`;
const GROUP_KEYS = sql`day, funnel_id, page_id, release_id, branch, affiliate, campaign, kind`;
const utcDay = (day: string) => sql`${`${day}T00:00:00Z`}::timestamptz`;

/** The aggregate of the events of `[from, to)` (UTC days) as rollup rows: the one definition of `visitors`. */
export function aggregateSql(from: string, to: string, funnelId?: number) {
  return sql`select ${GROUP},
      count(*)::bigint as events,
      (count(distinct visitor) + count(*) filter (where visitor is null))::bigint as visitors
    from events
    where created_at >= ${utcDay(from)} and created_at < ${utcDay(to)}
      ${funnelId === undefined ? sql`` : sql`and funnel_id = ${funnelId}`}
    group by 1, 2, 3, 4, 5, 6, 7, 8`;
}

/**
 * The aggregate of funnel `funnelId`'s events from instant `since` to the day `to` (exclusive),
 * as {@link aggregateSql}'s rows, where a visitor today's rollup already counted in a group
 * (`event_day_visitors`) is not counted again: added to the rollup, the answer is exact.
 */
export function aggregateSinceSql(since: Date, to: string, funnelId: number) {
  return sql`select ${GROUP_KEYS}, count(*)::bigint as events,
      (count(distinct new_visitor) + count(*) filter (where visitor is null))::bigint as visitors
    from (
      select ${GROUP}, visitor,
        case when visitor is not null and not exists (
          select 1 from event_day_visitors s
          where s.funnel_id = e.funnel_id and s.day = (e.created_at at time zone 'UTC')::date and s.page_id = e.page_id
            and s.release_id = e.release_id and s.branch = coalesce(e.branch, '') and s.affiliate = coalesce(e.affiliate, '')
            and s.campaign = coalesce(e.campaign, '') and s.kind = e.kind and s.visitor = e.visitor
        ) then visitor end as new_visitor
      from events e
      where created_at >= ${since.toISOString()}::timestamptz and created_at < ${utcDay(to)} and funnel_id = ${funnelId}
    ) t
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

/**
 * Advances today's rollup to `now` − {@link LIVE_LAG_MS}: the events since the instant it
 * reached are added to `event_rollups` (events summed; each visitor counted once per group and
 * day through `event_day_visitors`), so today's figures are a rollup at most a minute old plus
 * the few raw events since (report.ts). Whole days are rolled first when a day has ended; a new
 * day starts from its midnight and forgets the visitors of the days before. Cost: the events
 * since the last call, never the whole day.
 */
export async function rollUpLive(db: Q, now: number): Promise<void> {
  const end = new Date(now - LIVE_LAG_MS);
  const day = dayOf(end.getTime());
  let [state] = await db.select().from(eventRollupState).where(eq(eventRollupState.id, 1));
  if (!state?.rolled_through || state.rolled_through < addDays(day, -1)) {
    await rollUp(db, end.getTime());
    [state] = await db.select().from(eventRollupState).where(eq(eventRollupState.id, 1));
  }
  // Today's rollup is valid only on the day after the last whole day rolled.
  if (state?.rolled_through !== addDays(day, -1)) return;
  let since = state.live_through;
  if (!since || dayOf(since.getTime()) !== day) {
    since = new Date(`${day}T00:00:00Z`);
    await db.execute(sql`delete from event_day_visitors where day <= ${day}::date`);
    await db.execute(sql`delete from event_rollups where day = ${day}::date`);
  }
  if (since >= end) return;
  await db.execute(sql`with fresh as (
      select ${GROUP}, visitor from events
      where created_at >= ${since.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz
    ), counted as (
      insert into event_day_visitors (${GROUP_KEYS}, visitor)
      select distinct ${GROUP_KEYS}, visitor from fresh where visitor is not null
      on conflict do nothing
      returning ${GROUP_KEYS}
    ), new_visitors as (
      select ${GROUP_KEYS}, count(*) as n from counted group by 1, 2, 3, 4, 5, 6, 7, 8
    ), added as (
      select ${GROUP_KEYS}, count(*) as events, count(*) filter (where visitor is null) as anonymous from fresh group by 1, 2, 3, 4, 5, 6, 7, 8
    )
    insert into event_rollups (${GROUP_KEYS}, events, visitors)
    select ${GROUP_KEYS}, a.events, a.anonymous + coalesce(v.n, 0)
    from added a left join new_visitors v using (day, funnel_id, page_id, release_id, branch, affiliate, campaign, kind)
    on conflict on constraint event_rollups_pk do update
      set events = event_rollups.events + excluded.events, visitors = event_rollups.visitors + excluded.visitors`);
  await db.update(eventRollupState).set({ live_through: end }).where(eq(eventRollupState.id, 1));
}

/** Runs `job` under the upkeep's advisory lock, in one transaction (another process holding it: skipped). */
async function underLock(db: Db, job: (tx: Q) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    const [got] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('analytics:maintenance')) as ok`));
    if (got?.ok) await job(tx);
  });
}

/** One upkeep run (partitions, retention, whole days, today's rollup), under the advisory lock. */
export async function maintain(db: Db, retentionDays: number, now: number = Date.now()): Promise<void> {
  await underLock(db, async (tx) => {
    await ensurePartitions(tx, now);
    await applyRetention(tx, retentionDays, now);
    await rollUp(tx, now);
    await rollUpLive(tx, now);
  });
}

/** Advances today's rollup only (every {@link LIVE_ROLLUP_MS}), under the advisory lock. */
export async function maintainLive(db: Db, now: number = Date.now()): Promise<void> {
  await underLock(db, (tx) => rollUpLive(tx, now));
}

/**
 * A funnel's analytics answer (GET /api/v1/funnels/{id}/analytics): the days the upkeep rolled
 * up, and today's rollup up to a minute ago, from `event_rollups`; the events since from the raw
 * events (maintenance.ts aggregateSinceSql, which counts no visitor the rollup already holds), so
 * the answer is current and exact while reading a minute of raw events at most. A visitor counts
 * once per day and step (one who comes back another day counts again).
 */
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { isEventKind, splitVerdict, type EventKind, type FunnelAnalytics, type Page } from '../../model/index.ts';
import { rowsOf, type Db } from '../db/index.ts';
import { campaigns, eventRollups, eventRollupState, orders } from '../db/schema.ts';
import { addDays, aggregateSinceSql, dayOf } from './maintenance.ts';
import { compareProportions, twoProportionP } from './statistics.ts';

/** The filters of an analytics query, days as `YYYY-MM-DD` (UTC). */
export interface AnalyticsFilter {
  from: string;
  to: string;
  release?: number;
  affiliate?: string;
  campaign?: string;
}

interface Row {
  day: string;
  page_id: number;
  release_id: number;
  branch: string;
  kind: string;
  events: number;
  visitors: number;
}

/** The pages in flow order: from the funnel's first page along next, then skip links; pages not reached follow by ID. */
export function flowOrder(pages: readonly Page[], first: number | null): Page[] {
  const byId = new Map(pages.map((p) => [p.ID, p]));
  const out: Page[] = [];
  const seen = new Set<number>();
  const queue = [first ?? pages[0]?.ID].filter((x): x is number => x != null);
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    const p = byId.get(id);
    if (!p || seen.has(id)) continue;
    seen.add(id);
    out.push(p);
    for (const next of [p.page_id, p.page_alt_id]) if (next != null) queue.push(next);
  }
  for (const p of pages) if (!seen.has(p.ID)) out.push(p);
  return out;
}

/**
 * The rows of funnel `funnelId` over `f`: the rollups of whole days and of today up to a minute
 * ago, and the raw events since (every day the upkeep has not reached, when it has not run).
 */
async function fetchRows(db: Db, funnelId: number, f: AnalyticsFilter, now: number): Promise<Row[]> {
  const today = dayOf(now);
  // A request never waits for a rollup: what the upkeep has not rolled is read raw.
  const [state] = await db.select().from(eventRollupState).where(eq(eventRollupState.id, 1));
  const rolledThrough = state?.rolled_through && state.rolled_through < today ? state.rolled_through : addDays(f.from, -1);
  // Today's rollup counts while its day follows the last whole day rolled.
  const live = state?.live_through && dayOf(state.live_through.getTime()) === addDays(rolledThrough, 1) ? state.live_through : null;
  const rolledTo = live ? addDays(rolledThrough, 1) : rolledThrough;
  const startOfRaw = live ?? new Date(`${addDays(rolledThrough, 1)}T00:00:00Z`);
  const since = startOfRaw.getTime() > Date.parse(`${f.from}T00:00:00Z`) ? startOfRaw : new Date(`${f.from}T00:00:00Z`);
  const where: SQL[] = [eq(eventRollups.funnel_id, funnelId), gte(eventRollups.day, f.from), lte(eventRollups.day, f.to)];
  if (f.release !== undefined) where.push(eq(eventRollups.release_id, f.release));
  if (f.affiliate !== undefined) where.push(eq(eventRollups.affiliate, f.affiliate));
  if (f.campaign !== undefined) where.push(eq(eventRollups.campaign, f.campaign));
  const rolled = await db
    .select({
      day: eventRollups.day,
      page_id: eventRollups.page_id,
      release_id: eventRollups.release_id,
      branch: eventRollups.branch,
      kind: eventRollups.kind,
      events: sql<number>`sum(${eventRollups.events})::int`,
      visitors: sql<number>`sum(${eventRollups.visitors})::int`,
    })
    .from(eventRollups)
    .where(and(...where, lte(eventRollups.day, rolledTo)))
    .groupBy(eventRollups.day, eventRollups.page_id, eventRollups.release_id, eventRollups.branch, eventRollups.kind);
  if (since.getTime() >= Date.parse(`${addDays(f.to, 1)}T00:00:00Z`)) return rolled;
  const raw = sql`select day::text as day, page_id, release_id, branch, kind, sum(events)::int as events, sum(visitors)::int as visitors
    from (${aggregateSinceSql(since, addDays(f.to, 1), funnelId)}) t
    where true ${f.release !== undefined ? sql`and release_id = ${f.release}` : sql``}
      ${f.affiliate !== undefined ? sql`and affiliate = ${f.affiliate}` : sql``}
      ${f.campaign !== undefined ? sql`and campaign = ${f.campaign}` : sql``}
    group by 1, 2, 3, 4, 5`;
  return [...rolled, ...rowsOf<Row>(await db.execute(raw))];
}

/** The visitors of each page (by its ID) in `views`: what a step counts, over all or one day's or one release's. */
const visitorsByPage = (views: readonly Row[]) => {
  const m = new Map<number, number>();
  for (const r of views) m.set(r.page_id, (m.get(r.page_id) ?? 0) + r.visitors);
  return m;
};

/** The analytics of funnel `funnelId` (its `pages`, first page `first`) over `f`. */
export async function funnelAnalytics(
  db: Db,
  funnelId: number,
  pages: readonly Page[],
  first: number | null,
  f: AnalyticsFilter,
  now = Date.now(),
): Promise<FunnelAnalytics> {
  const rows = await fetchRows(db, funnelId, f, now);
  const ordered = flowOrder(pages, first);
  const views = rows.filter((r) => r.kind === 'view');
  const visitorsOf = visitorsByPage(views);
  const steps = ordered.map((p, i) => {
    const visitors = visitorsOf.get(p.ID) ?? 0;
    const next = ordered[i + 1];
    const conversion = next && visitors > 0 ? (visitorsOf.get(next.ID) ?? 0) / visitors : null;
    const events: Record<EventKind, number> = { view: 0, cta: 0, checkout_submit: 0, upsell_accept: 0, upsell_skip: 0 };
    for (const r of rows) if (r.page_id === p.ID && isEventKind(r.kind)) events[r.kind] += r.events;
    return { page_id: p.ID, name: p.name, page_type: p.page_type, visitors, events, conversion, drop_off: conversion == null ? null : 1 - conversion };
  });
  const stepList = (m: Map<number, number>) => ordered.map((p) => ({ page_id: p.ID, visitors: m.get(p.ID) ?? 0 }));
  const dayKeys = [...new Set(views.map((r) => r.day))].sort();
  const days = dayKeys.map((day) => ({ day, steps: stepList(visitorsByPage(views.filter((r) => r.day === day))) }));
  const releaseKeys = [...new Set(views.map((r) => r.release_id))].sort((a, b) => a - b);
  const releases = releaseKeys.map((release_id) => ({ release_id, steps: stepList(visitorsByPage(views.filter((r) => r.release_id === release_id))) }));

  const splits = ordered
    .filter((p) => p.page_type === 'split')
    .map((p) => {
      const of = (b: 'next' | 'skip' | 'match') => {
        const key = `${p.ID}:${b}`;
        const visitors = views.filter((r) => r.page_id === p.ID && r.branch === key).reduce((s, r) => s + r.visitors, 0);
        const conversions = rows.filter((r) => r.kind === 'checkout_submit' && r.branch === key).reduce((s, r) => s + r.visitors, 0);
        const target = b === 'next' ? p.page_id : (p.page_alt_id ?? p.page_id);
        return {
          branch: b,
          target_page_id: target ?? null,
          visitors,
          conversions,
          rate: visitors > 0 ? conversions / visitors : null,
          revenue_per_visitor: null,
        };
      };
      const [a, b, m] = [of('next'), of('skip'), of('match')];
      const cmp = compareProportions(a.conversions, a.visitors, b.conversions, b.visitors);
      const v = splitVerdict(a, b, cmp, { a: 'The next page', b: 'The skip page' });
      return {
        page_id: p.ID,
        name: p.name,
        goal: 'checkout_submit' as const,
        branches: [a, b, ...(m.visitors > 0 ? [m] : [])],
        comparison:
          a.visitors > 0 && b.visitors > 0
            ? { difference: cmp.difference, low: cmp.low, high: cmp.high, p_value: twoProportionP(a.conversions, a.visitors, b.conversions, b.visitors) }
            : null,
        verdict: { kind: v.kind, branch: v.kind === 'winner' ? (v.branch === 'a' ? ('next' as const) : ('skip' as const)) : null, message: v.message },
      };
    });

  const checkoutSubmits = rows.filter((r) => r.kind === 'checkout_submit').reduce((s, r) => s + r.visitors, 0);
  const orderCount = await ordersOf(db, funnelId, f);
  const gap = checkoutSubmits - orderCount;
  const message =
    gap === 0
      ? `The page events and the platform agree: ${orderCount} checkouts`
      : gap > 0
        ? `${gap} checkout submits have no order on the platform (declined payments, test or repeated submits, or orders not synced yet)`
        : `The platform has ${-gap} orders more than the checkout submits counted (visitors who block the page script, send Do Not Track, or ordered by phone or API)`;
  return {
    funnel_id: funnelId,
    from: f.from,
    to: f.to,
    steps,
    days,
    releases,
    splits,
    orders: { checkout_submits: checkoutSubmits, orders: orderCount, gap, message },
  };
}

/**
 * The platform's orders of the funnel over the days: orders carry a campaign (and an affiliate),
 * not a funnel, page or visitor, so they are the orders of the funnel's campaigns — never per
 * branch or release.
 */
async function ordersOf(db: Db, funnelId: number, f: AnalyticsFilter): Promise<number> {
  const where: SQL[] = [
    eq(campaigns.funnel_id, funnelId),
    gte(orders.CreatedAt, new Date(`${f.from}T00:00:00Z`)),
    sql`${orders.CreatedAt} < ${new Date(`${addDays(f.to, 1)}T00:00:00Z`)}`,
  ];
  if (f.affiliate !== undefined) where.push(eq(orders.aff_id, f.affiliate));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(campaigns, eq(campaigns.campaign_id, orders.campaign_id))
    .where(and(...where));
  return row?.n ?? 0;
}

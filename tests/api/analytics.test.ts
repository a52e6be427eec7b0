/**
 * Funnel analytics end to end on the real server: a funnel with a 50/50 split is published, 400
 * simulated visitors go through its published pages over real HTTP (pages read, events sent to
 * the site's own POST /sites/<site>/e as the page script sends them, with the sticky branch the
 * page script draws: src/model/analytics.ts assignSplit, which tests/unit/analytics/page-script.test.ts
 * proves the script computes), converting at 10 % on the next page's branch and 30 % on the skip
 * page's, and the analytics API reports the steps, the rates, the interval and the verdict.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignSplit, type FunnelAnalytics } from '../../src/model/index.ts';
import { demoData } from '../../src/server/db/seed.ts';
import { eventRollups, eventRollupState, events } from '../../src/server/db/schema.ts';
import { addDays, dayOf, LIVE_LAG_MS, maintain, maintainLive } from '../../src/server/analytics/maintenance.ts';
import { rowsOf } from '../../src/server/db/index.ts';
import { sql } from 'drizzle-orm';
import { at } from '../at.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  // The analytics read their settings from the process (analytics/settings.ts): no limit per address here.
  process.env.ANALYTICS_INGEST_PER_MINUTE = '0';
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const OFFER = at(demoData().offers, 0, 'demo offer').offer_id;

async function addPage(funnel_id: number, name: string, page_type: string, page_path: string, extra: Record<string, unknown> = {}): Promise<number> {
  const template_id = ({ presell: 1, checkout: 2, thankyou: 5 } as Record<string, number>)[page_type] ?? null;
  const r = await t.api('POST', '/api/v1/pages', { body: { funnel_id, name, page_type, page_path, template_id, ...extra } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return (r.body as { ID: number }).ID;
}

/** Home (index) → Split (50/50) → Presell A (next) or Presell B (skip) → Checkout → Thank You; published. */
async function splitFunnel() {
  const products = ((await t.api('GET', '/api/v1/pages/2')).body as { meta: { products: unknown[] } }).meta.products;
  const f = (
    await t.api('POST', '/api/v1/funnels', {
      body: { name: 'Analytics split', offer: OFFER, cs_number: '+1 555 0100', cs_email: 'help@split.example', details: { dl_offer_name: 'Split test' } },
    })
  ).body as { ID: number };
  const thanks = await addPage(f.ID, 'Thank You', 'thankyou', '/thank-you/');
  const checkout = await addPage(f.ID, 'Checkout', 'checkout', '/checkout/', { page_id: thanks, meta: { products } });
  const a = await addPage(f.ID, 'Presell A', 'presell', '/a/', { page_id: checkout });
  const b = await addPage(f.ID, 'Presell B', 'presell', '/b/', { page_id: checkout });
  const split = await addPage(f.ID, 'Split', 'split', '/split/', { page_id: a, page_alt_id: b, split: [{ type: 'percent', value: '50' }] });
  const home = await addPage(f.ID, 'Home', 'presell', '/', { page_id: split });
  const version = ((await t.api('GET', `/api/v1/funnels/${f.ID}`)).body as { version: number }).version;
  const set = await t.api('PATCH', `/api/v1/funnels/${f.ID}`, {
    patch: true,
    body: [{ op: 'replace', path: '/page_id', value: home }],
    headers: { 'If-Match': `"${version}"` },
  });
  expect(set.status, set.text).toBe(200);
  const pub = await fetch(`${t.url}/api/v1/funnels/${f.ID}/publish`, { method: 'PUT', headers: { Authorization: `Bearer ${t.token}` } });
  expect(await pub.text()).toContain('"progress":100');
  const release = ((await t.api('GET', `/api/v1/funnels/${f.ID}/releases`)).body as { ID: number; live: boolean }[]).find((r) => r.live)!.ID;
  return { id: f.ID, site: `/sites/funnel-${f.ID}.localhost`, home, split, a, b, checkout, thanks, release };
}

/** Sends `events` as the page script does (text/plain, one batch). */
async function send(site: string, events: Record<string, unknown>[]): Promise<Response> {
  return fetch(`${t.url}${site}/e`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify({ events }) });
}

/** Waits until the event buffer (100 ms) has written what it holds. */
const flushed = () => new Promise((r) => setTimeout(r, 300));

describe('analytics of a published split test', () => {
  let f: Awaited<ReturnType<typeof splitFunnel>>;
  const expected = { next: { visitors: 0, conversions: 0 }, skip: { visitors: 0, conversions: 0 } };

  beforeAll(async () => {
    f = await splitFunnel();
    const rules = [{ type: 'percent' as const, value: '50' }];
    for (let i = 0; i < 400; i++) {
      const visitor = `visitor-${String(i).padStart(5, '0')}`;
      await (await fetch(`${t.url}${f.site}/`)).text();
      expect(
        (
          await send(f.site, [
            { kind: 'view', page: f.home, visitor },
            { kind: 'cta', page: f.home, visitor },
          ])
        ).status,
      ).toBe(204);
      const page = await fetch(`${t.url}${f.site}/split/`);
      expect(await page.text()).toContain('id="split-rules"');
      const branch = assignSplit(rules, new URLSearchParams('affid=77'), visitor, f.split);
      if (branch === 'match') throw new Error('no match condition here');
      const tag = `${f.split}:${branch}`;
      const e = (kind: string, pageId: number) => ({ kind, page: pageId, visitor, branch: tag, affiliate: '77', id: `${visitor}-${kind}-${pageId}` });
      expect((await send(f.site, [e('view', f.split)])).status).toBe(204);
      const presell = branch === 'next' ? f.a : f.b;
      await (await fetch(`${t.url}${f.site}/${branch === 'next' ? 'a' : 'b'}/`)).text();
      const n = expected[branch].visitors++;
      expect((await send(f.site, [e('view', presell), e('cta', presell)])).status).toBe(204);
      await (await fetch(`${t.url}${f.site}/checkout/`)).text();
      // 10 % of the next branch's visitors order, 30 % of the skip branch's.
      const converts = n % 10 < (branch === 'next' ? 1 : 3);
      expect((await send(f.site, [e('view', f.checkout), ...(converts ? [e('checkout_submit', f.checkout)] : [])])).status).toBe(204);
      if (converts) expected[branch].conversions++;
    }
    await flushed();
  }, 120_000);

  it('reports every step in flow order with its visitors, conversion and drop-off', async () => {
    const r = await t.api('GET', `/api/v1/funnels/${f.id}/analytics`);
    expect(r.status, r.text).toBe(200);
    const a = r.body as FunnelAnalytics;
    expect(a.steps.map((s) => s.page_id)).toEqual([f.home, f.split, f.a, f.b, f.checkout, f.thanks]);
    expect(a.steps[0]).toMatchObject({ visitors: 400, events: { view: 400, cta: 400 }, conversion: 1, drop_off: 0 });
    expect(a.steps[1]).toMatchObject({ visitors: 400, events: { view: 400 } });
    expect(a.steps[2]!.visitors).toBe(expected.next.visitors);
    expect(a.steps[3]!.visitors).toBe(expected.skip.visitors);
    expect(a.steps[4]).toMatchObject({ visitors: 400, events: { checkout_submit: expected.next.conversions + expected.skip.conversions } });
    expect(a.steps[4]!.conversion).toBe(0);
    expect(a.steps[4]!.drop_off).toBe(1);
    expect(a.days).toEqual([{ day: dayOf(Date.now()), steps: a.steps.map((s) => ({ page_id: s.page_id, visitors: s.visitors })) }]);
    expect(a.releases.map((x) => x.release_id)).toEqual([f.release]);
  });

  it('reports each branch, the interval and the verdict', async () => {
    const a = (await t.api('GET', `/api/v1/funnels/${f.id}/analytics?affiliate=77`)).body as FunnelAnalytics;
    const split = a.splits[0]!;
    expect(Math.abs(expected.next.visitors - 200)).toBeLessThan(40);
    expect(split.branches.map(({ branch, visitors, conversions }) => ({ branch, visitors, conversions }))).toEqual([
      { branch: 'next', ...expected.next },
      { branch: 'skip', ...expected.skip },
    ]);
    expect(split.branches[0]!.rate).toBeCloseTo(0.1, 1);
    expect(split.branches[1]!.rate).toBeCloseTo(0.3, 1);
    expect(split.comparison!.low).toBeGreaterThan(0);
    expect(split.verdict).toMatchObject({ kind: 'winner', branch: 'skip', message: expect.stringMatching(/^The skip page converts better: /) as string });
    expect(split.branches[0]!.revenue_per_visitor).toBeNull();
  });

  it('filters by affiliate, campaign and release', async () => {
    const none = (await t.api('GET', `/api/v1/funnels/${f.id}/analytics?affiliate=78`)).body as FunnelAnalytics;
    expect(none.steps.every((s) => s.visitors === 0)).toBe(true);
    expect(none.splits[0]!.verdict.kind).toBe('too_few');
    expect(((await t.api('GET', `/api/v1/funnels/${f.id}/analytics?campaign=spring`)).body as FunnelAnalytics).steps[0]!.visitors).toBe(0);
    expect(((await t.api('GET', `/api/v1/funnels/${f.id}/analytics?release=${f.release}`)).body as FunnelAnalytics).steps[0]!.visitors).toBe(400);
  });

  it("puts the checkout submits beside the platform's orders with the gap", async () => {
    const a = (await t.api('GET', `/api/v1/funnels/${f.id}/analytics`)).body as FunnelAnalytics;
    const submits = expected.next.conversions + expected.skip.conversions;
    expect(a.orders).toMatchObject({ checkout_submits: submits, orders: 0, gap: submits });
    expect(a.orders.message).toBe(
      `${submits} checkout submits have no order on the platform (declined payments, test or repeated submits, or orders not synced yet)`,
    );
  });

  it('rolls whole days up and answers the same from the rollups', async () => {
    const db = t.server.db.db;
    // Yesterday's copy of today's events, as if they had arrived then; the upkeep rolls it up.
    const rows = await db.select().from(events);
    const yesterday = new Date(Date.now() - 86_400_000);
    await db.insert(events).values(rows.map(({ id: _id, ...r }) => ({ ...r, created_at: yesterday })));
    // As of a moment past the live lag: today's events so far are in today's rollup however soon this runs.
    await maintain(db, 400, Date.now() + LIVE_LAG_MS + 1);
    const rolled = await db.select().from(eventRollups);
    expect(rolled.length).toBeGreaterThan(0);
    // Yesterday as a whole day; today up to a few seconds ago.
    expect(new Set(rolled.map((r) => r.day))).toEqual(new Set([dayOf(yesterday.getTime()), dayOf(Date.now())]));
    const home = (day: string) => rolled.filter((r) => r.day === day && r.page_id === f.home && r.kind === 'view').reduce((n, r) => n + r.visitors, 0);
    expect(home(dayOf(yesterday.getTime()))).toBe(400);
    const a = (await t.api('GET', `/api/v1/funnels/${f.id}/analytics?from=${addDays(dayOf(Date.now()), -1)}`)).body as FunnelAnalytics;
    expect(a.days.map((d) => d.steps[0]!.visitors)).toEqual([400, 400]);
    expect(a.steps[0]!.visitors).toBe(800);
    expect(a.splits[0]!.branches[1]!.conversions).toBe(2 * expected.skip.conversions);
  });

  it('counts today from a rollup at most a minute old plus the raw events since, each visitor once', async () => {
    const db = t.server.db.db;
    const today = dayOf(Date.now());
    const homeToday = async () => {
      const a = (await t.api('GET', `/api/v1/funnels/${f.id}/analytics?from=${today}`)).body as FunnelAnalytics;
      return { visitors: a.steps[0]!.visitors, views: a.steps[0]!.events.view };
    };
    // Every event so far in today's rollup.
    await maintainLive(db, Date.now() + LIVE_LAG_MS + 1);
    const [state] = await db.select().from(eventRollupState);
    expect(state!.live_through!.getTime()).toBeGreaterThan(Date.now() - 1000);
    const before = await homeToday();
    expect(before.visitors).toBe(400);
    // After the rollup's instant: a visitor it counted comes back, a new one arrives.
    await new Promise((r) => setTimeout(r, 20));
    expect((await send(f.site, [{ kind: 'view', page: f.home, visitor: 'visitor-00000' }])).status).toBe(204);
    expect((await send(f.site, [{ kind: 'view', page: f.home, visitor: 'visitor-late' }])).status).toBe(204);
    await flushed();
    // Read raw beside the rollup: the returning visitor is not counted twice, both views are.
    expect(await homeToday()).toEqual({ visitors: 401, views: before.views + 2 });
    // Rolled in too: the same answer from the rollup alone.
    await maintainLive(db, Date.now() + LIVE_LAG_MS + 1);
    const rows = await db.select().from(eventRollups);
    expect(rows.filter((r) => r.day === today && r.page_id === f.home && r.kind === 'view').reduce((n, r) => n + r.visitors, 0)).toBe(401);
    expect(await homeToday()).toEqual({ visitors: 401, views: before.views + 2 });
  });

  it('keeps raw events ANALYTICS_RETENTION_DAYS days: older day partitions dropped, older rows of the default partition deleted', async () => {
    const db = t.server.db.db;
    const row = { funnel_id: f.id, page_id: f.home, release_id: f.release, kind: 'view' };
    const day = 86_400_000;
    // A day partition made 500 days ago, then its events; an old event of a day without one (the default partition).
    const oldDay = dayOf(Date.now() - 500 * day);
    const name = `events_${oldDay.replaceAll('-', '')}`;
    await db.execute(sql.raw(`create table "${name}" partition of events for values from ('${oldDay} 00:00:00+00') to ('${addDays(oldDay, 1)} 00:00:00+00')`));
    await db.insert(events).values([
      { ...row, created_at: new Date(Date.parse(`${oldDay}T12:00:00Z`)), visitor: 'retention-partition' },
      { ...row, created_at: new Date(Date.now() - 450 * day), visitor: 'retention-default' },
      { ...row, created_at: new Date(Date.now() - 10 * day), visitor: 'retention-recent' },
    ]);
    const partitions = async () =>
      rowsOf<{ name: string }>(
        await db.execute(
          sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'events'`,
        ),
      ).map((r) => r.name);
    expect(await partitions()).toContain(name);
    await maintain(db, 400);
    const left = await db
      .select({ visitor: events.visitor })
      .from(events)
      .where(sql`${events.visitor} like 'retention-%'`);
    expect(left.map((r) => r.visitor)).toEqual(['retention-recent']);
    const now = await partitions();
    expect(now).not.toContain(name);
    expect(now).toContain(`events_${dayOf(Date.now()).replaceAll('-', '')}`);
    expect(now).toContain(`events_${dayOf(Date.now() + day).replaceAll('-', '')}`);
  });

  it('answers 404 for an unknown funnel and 422 with a sentence for a bad query', async () => {
    expect((await t.api('GET', '/api/v1/funnels/999999/analytics')).status).toBe(404);
    const bad = await t.api('GET', `/api/v1/funnels/${f.id}/analytics?from=2026-11-02&to=2026-11-01`);
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ message: 'From must not be after to' });
    expect((await t.api('GET', `/api/v1/funnels/${f.id}/analytics?release=x`)).body).toEqual({
      message: 'Release must be the ID of a release (a positive whole number)',
    });
  });
});

/**
 * A funnel's pages and campaigns searched, sorted and paged on the server (001 §2 Pages and
 * Campaigns tabs; the shared list query of routes/list-query.ts): without a query the answer is
 * every row by ID as before (the flow diagram and the editors read it); pages put together are
 * the whole list; each sort column both ways; the search by name and by ID; only the funnel's own
 * rows; bad queries answered 400 with a sentence. Runs on PGlite and again on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNNEL_CAMPAIGN_SORTS } from '../../src/model/contracts/campaigns.ts';
import { FUNNEL_PAGE_SORTS } from '../../src/model/contracts/pages.ts';
import { LIST_MSG } from '../../src/model/list-query.ts';
import type { Campaign, FunnelListItem, Page } from '../../src/model/index.ts';
import { eq } from 'drizzle-orm';
import { campaigns, funnels, pages } from '../../src/server/db/schema.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
let funnel = 0;
const N = 13;
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 0 });
  const offer = ((await t.api('GET', '/api/v1/funnels')).body as FunnelListItem[])[0]!.offer;
  funnel = ((await t.api('POST', '/api/v1/funnels', { body: { name: 'Child lists', offer } })).body as { ID: number }).ID;
  const db = t.server.db.db;
  const range = [...Array(N).keys()];
  await db.insert(pages).values(
    range.map((i) => ({
      funnel_id: funnel,
      name: i % 3 === 0 ? `STEP zq${String.fromCharCode(97 + ((i * 7) % 26))}` : `step zq${String.fromCharCode(97 + ((i * 7) % 26))}`,
      page_type: ['presell', 'checkout', 'upsell1', 'thankyou'][i % 4]!,
      page_path: `/p${(i * 5) % N}/`,
      meta: {},
      split: [],
    })),
  );
  await db.insert(campaigns).values(
    range.map((i) => ({
      funnel_id: funnel,
      offer_id: null,
      campaign_id: 70_000 + ((i * 3) % N),
      campaign_name: i % 2 ? `Camp zq${i}` : `camp ZQ${i}`,
      country_code: ['US', 'CA', 'GB'][i % 3]!,
      payment_method: i % 2 ? 'card' : 'paypal',
      fulfillment: i % 2 ? 'standard' : 'express',
      regions: [],
    })),
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Row = { ID: number };
const read = async <T extends Row>(what: 'pages' | 'campaigns', query = '') => {
  const r = await t.api('GET', `/api/v1/funnels/${funnel}/${what}${query ? `?${query}` : ''}`);
  expect(r.status, r.text).toBe(200);
  return { rows: r.body as T[], total: Number(r.headers.get('X-Total-Count')) };
};

describe.each([
  {
    what: 'pages' as const,
    // Without a sort a paged list of pages is in the table's (flow) order.
    whole: 'sort=flow',
    sorts: FUNNEL_PAGE_SORTS.filter((s) => s !== 'flow'),
    allSorts: FUNNEL_PAGE_SORTS,
    key: (p: Page, s: string) => (s === 'name' ? p.name.toLowerCase() : s === 'type' ? p.page_type : p.page_path),
  },
  {
    what: 'campaigns' as const,
    whole: '',
    sorts: FUNNEL_CAMPAIGN_SORTS,
    allSorts: FUNNEL_CAMPAIGN_SORTS,
    key: (c: Campaign, s: string) =>
      s === 'campaign_id'
        ? c.campaign_id
        : s === 'name'
          ? c.campaign_name.toLowerCase()
          : s === 'country'
            ? c.country_code
            : s === 'payment'
              ? c.payment_method
              : c.fulfillment,
  },
])('a funnel’s $what', ({ what, whole, sorts, allSorts, key }) => {
  it('answers every row by ID without a query, and the same rows in pages with the total', async () => {
    const all = await read(what);
    expect(all.rows).toHaveLength(N);
    expect(all.total).toBe(N);
    expect(all.rows.map((r) => r.ID)).toEqual([...all.rows.map((r) => r.ID)].sort((a, b) => a - b));
    const paged: Row[] = [];
    for (let p = 1; p <= 3; p++) {
      const page = await read(what, `page=${p}&per_page=5`);
      expect(page.total).toBe(N);
      paged.push(...page.rows);
    }
    const ordered = await read(what, whole);
    expect(new Set(ordered.rows.map((r) => r.ID))).toEqual(new Set(all.rows.map((r) => r.ID)));
    expect(paged.map((r) => r.ID)).toEqual(ordered.rows.map((r) => r.ID));
    expect((await read(what, 'page=4&per_page=5')).rows).toEqual([]);
  });

  it('sorts by each column both ways, ties by ID', async () => {
    for (const s of sorts) {
      const up = (await read(what, `sort=${s}`)).rows;
      const cmp = (a: Row, b: Row) => {
        // @ts-expect-error -- each describe's key takes its own row type
        const [x, y] = [key(a, s), key(b, s)];
        return x < y ? -1 : x > y ? 1 : a.ID - b.ID;
      };
      expect(
        up.map((r) => r.ID),
        s,
      ).toEqual([...up].sort(cmp).map((r) => r.ID));
      const down = (await read(what, `sort=-${s}`)).rows;
      expect(
        down.map((r) => r.ID),
        `-${s}`,
      ).toEqual([...up].sort((a, b) => -cmp(a, b)).map((r) => r.ID));
    }
  });

  it('searches by name in any case and by ID, literally, within the funnel only', async () => {
    const all = (await read(what)).rows;
    const zq = await read(what, 'q=ZQ');
    expect(zq.total).toBe(N);
    const one = all[4]!;
    expect((await read(what, `q=${one.ID}`)).rows.map((r) => r.ID)).toContain(one.ID);
    for (const q of ['%', '_', '__proto__', 'x'.repeat(200)]) expect((await read(what, `q=${encodeURIComponent(q)}`)).rows).toEqual([]);
    // The demo funnel's rows are not this funnel's.
    const demo = await t.api('GET', `/api/v1/funnels/1/${what}?q=zq`);
    expect(demo.body).toEqual([]);
  });

  it('refuses a bad sort, page, per_page or search with a sentence', async () => {
    for (const [query, message] of [
      ['sort=ID', LIST_MSG.sort(allSorts)],
      ['page=0', LIST_MSG.page],
      ['per_page=101', LIST_MSG.perPage],
      [`q=${'a'.repeat(201)}`, LIST_MSG.search],
    ] as const) {
      const r = await t.api('GET', `/api/v1/funnels/${funnel}/${what}?${query}`);
      expect(r.status, query).toBe(400);
      expect((r.body as { message: string }).message).toBe(message);
    }
  });
});

/**
 * The Pages tab's order (001 §2): from the index page along next then skip links, breadth first,
 * pages not reached by path; grouped by the path's first segment, each group where its first page
 * falls. Hand-built: P0 '/' → next P1 '/checkout/', skip P2 '/upsell/'; P1 → P3 '/checkout/vip/';
 * P2 and P3 → P4 '/thanks/'; P5 '/checkout/old/' and P6 '/a-orphan/' are not reached.
 * Flow: P0 P1 P2 P3 P4 P6 P5; the table: / [P0], /checkout/ [P1 P3 P5], /upsell/ [P2], /thanks/ [P4], /a-orphan/ [P6].
 */
describe('the Pages tab’s flow order', () => {
  let flowFunnel = 0;
  const P: number[] = [];
  const at = (...i: number[]) => i.map((n) => P[n]!);
  const pagesOf = async (query: string) => {
    const r = await t.api('GET', `/api/v1/funnels/${flowFunnel}/pages?${query}`);
    expect(r.status, r.text).toBe(200);
    return { ids: (r.body as Page[]).map((p) => p.ID), total: Number(r.headers.get('X-Total-Count')), previous: r.headers.get('X-Previous-Path') };
  };
  const link = async (i: number, next: number | null, skip: number | null) =>
    t.server.db.db
      .update(pages)
      .set({ page_id: next === null ? null : P[next]!, page_alt_id: skip === null ? null : P[skip]! })
      .where(eq(pages.ID, P[i]!));

  beforeAll(async () => {
    const offer = ((await t.api('GET', '/api/v1/funnels')).body as FunnelListItem[])[0]!.offer;
    flowFunnel = ((await t.api('POST', '/api/v1/funnels', { body: { name: 'Flow order', offer } })).body as { ID: number }).ID;
    const db = t.server.db.db;
    const made = await db
      .insert(pages)
      .values(
        (
          [
            ['Landing', 'presell', '/'],
            ['Order form', 'checkout', '/checkout/'],
            ['Extra', 'upsell1', '/upsell/'],
            ['VIP', 'presell', '/checkout/vip/'],
            ['Thanks', 'thankyou', '/thanks/'],
            ['Old', 'presell', '/checkout/old/'],
            ['Stray', 'presell', '/a-orphan/'],
          ] as const
        ).map(([name, page_type, page_path]) => ({ funnel_id: flowFunnel, name, page_type, page_path, meta: {}, split: [] })),
      )
      .returning({ ID: pages.ID });
    P.push(...made.map((r) => r.ID));
    await link(0, 1, 2);
    await link(1, 3, null);
    await link(2, 4, null);
    await link(3, 4, null);
    await db.update(funnels).set({ page_id: P[0]! }).where(eq(funnels.ID, flowFunnel));
  });

  it('lists pages in flow order grouped by path, the default of a paged read, and reverses with -flow', async () => {
    const table = at(0, 1, 3, 5, 2, 4, 6);
    expect((await pagesOf('sort=flow')).ids).toEqual(table);
    expect((await pagesOf('page=1&per_page=25')).ids).toEqual(table);
    expect((await pagesOf('sort=-flow')).ids).toEqual([...table].reverse());
    // Without a list parameter: every page by ID, as the flow diagram and the editors read them.
    expect((await t.api('GET', `/api/v1/funnels/${flowFunnel}/pages`)).body).toHaveLength(7);
    expect((await pagesOf('')).ids).toEqual([...P].sort((a, b) => a - b));
  });

  it('pages through that order, naming the path before each later page so a continued group says so', async () => {
    const reads = [];
    for (let page = 1; page <= 4; page++) reads.push(await pagesOf(`page=${page}&per_page=2`));
    expect(reads.map((r) => r.ids)).toEqual([at(0, 1), at(3, 5), at(2, 4), at(6)]);
    expect(reads.map((r) => r.total)).toEqual([7, 7, 7, 7]);
    // Page 2 starts inside /checkout/ (its header repeats, "continued"); page 3 starts a new group.
    expect(reads.map((r) => r.previous)).toEqual([null, '/checkout/', '/checkout/old/', '/thanks/']);
    // The path sort names the row before too (byte order: '/a-orphan/' '/checkout/' '/checkout/old/' …).
    expect(await pagesOf('sort=path&page=2&per_page=2')).toEqual({ ids: at(1, 5), total: 7, previous: '/a-orphan/' });
  });

  it('searches name, type and path and keeps the flow order among the matches', async () => {
    expect((await pagesOf('q=CHECKOUT')).ids).toEqual(at(1, 3, 5));
    expect(await pagesOf('q=checkout&page=2&per_page=2')).toEqual({ ids: at(5), total: 3, previous: '/checkout/vip/' });
    expect((await pagesOf('q=thankyou')).ids).toEqual(at(4));
    expect((await pagesOf('q=Stray&sort=flow')).ids).toEqual(at(6));
  });

  it('a reorder between two page reads moves only the pages that crossed the page boundary', async () => {
    const first = await pagesOf('page=1&per_page=3');
    expect(first.ids).toEqual(at(0, 1, 3));
    // Another operator swaps the landing page's next and skip: /upsell/ now comes before /checkout/.
    await link(0, 2, 1);
    try {
      const second = await pagesOf('page=2&per_page=3');
      // The new order is P0 P2 P1 | P3 P5 P4 | P6: page 2 is its slice 4–6. Two pages crossed the
      // boundary: P2 (page 2 → page 1) is missed and P3 (page 1 → page 2) is answered twice; every
      // page that did not cross is answered exactly once.
      expect(second.ids).toEqual(at(3, 5, 4));
      const third = await pagesOf('page=3&per_page=3');
      expect(third.ids).toEqual(at(6));
      const walked = [...first.ids, ...second.ids, ...third.ids];
      expect(P.filter((id) => !walked.includes(id))).toEqual(at(2));
      expect(walked.filter((id, i) => walked.indexOf(id) !== i)).toEqual(at(3));
      // A reorder that moves no page across the boundary changes nothing of the walk.
      await link(0, 1, 2);
      const before = await pagesOf('page=1&per_page=3');
      await link(2, null, null);
      await link(3, 4, null);
      const after = [...before.ids, ...(await pagesOf('page=2&per_page=3')).ids, ...(await pagesOf('page=3&per_page=3')).ids];
      expect([...after].sort((a, b) => a - b)).toEqual(P);
    } finally {
      await link(0, 1, 2);
      await link(2, 4, null);
    }
  });
});

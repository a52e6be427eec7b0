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
import { campaigns, pages } from '../../src/server/db/schema.ts';
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
    sorts: FUNNEL_PAGE_SORTS,
    key: (p: Page, s: string) => (s === 'name' ? p.name.toLowerCase() : s === 'type' ? p.page_type : p.page_path),
  },
  {
    what: 'campaigns' as const,
    sorts: FUNNEL_CAMPAIGN_SORTS,
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
])('a funnel’s $what', ({ what, sorts, key }) => {
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
    expect(paged.map((r) => r.ID)).toEqual(all.rows.map((r) => r.ID));
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
      ['sort=ID', LIST_MSG.sort(sorts)],
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

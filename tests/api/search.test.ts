/**
 * Search by name (the command palette's server half): `GET /api/v1/search` on the real server
 * finds funnels, offers, templates, domains and pages with the SPA route each opens, ranks the
 * whole name before its start before a word's start before the rest, shows each role only
 * what its screens show, treats `%`, `_` and `__proto__` as plain text, and keeps its ranking
 * and limit at 2,000 funnels and 20,000 pages.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MSG } from '../../src/model/search.ts';
import { rowsOf } from '../../src/server/db/index.ts';
import { startTestServer, type TestServer } from './helpers.ts';

interface Hit {
  kind: string;
  id: number;
  title: string;
  subtitle: string;
  href: string;
}

let t: TestServer;
/** The IDs of what {@link make} created, by name (set before the tests run). */
const ids = {
  offer: 0,
  funnel: 0,
  funnelDrops: 0,
  funnelBlue: 0,
  funnelInside: 0,
  percent: 0,
  underscore: 0,
  dash: 0,
  proto: 0,
  page: 0,
  template: 0,
  domain: 0,
};

/** Creates what the tests look for, with names no demo row has ("Qyx…"). */
async function make(method: string, path: string, body: unknown): Promise<number> {
  const r = await t.api(method, path, { body });
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return (r.body as { ID: number }).ID;
}

beforeAll(async () => {
  t = await startTestServer({ demoOrders: 10 });
  ids.offer = await make('POST', '/api/v1/offers', { offer_id: '77123', name: 'Qyxberry Offer', platform: 'sticky' });
  ids.funnel = await make('POST', '/api/v1/funnels', { name: 'Qyxberry', offer: 77123 });
  ids.funnelDrops = await make('POST', '/api/v1/funnels', { name: 'Qyxberry Drops', offer: 77123 });
  ids.funnelBlue = await make('POST', '/api/v1/funnels', { name: 'Blue Qyxberry', offer: 77123 });
  ids.funnelInside = await make('POST', '/api/v1/funnels', { name: 'AntiqyxberryZ', offer: 77123 });
  ids.percent = await make('POST', '/api/v1/funnels', { name: 'Qyx 100% Pure', offer: 77123 });
  ids.underscore = await make('POST', '/api/v1/funnels', { name: 'Qyx_snake', offer: 77123 });
  ids.dash = await make('POST', '/api/v1/funnels', { name: 'Qyx-snake', offer: 77123 });
  ids.proto = await make('POST', '/api/v1/funnels', { name: '__proto__', offer: 77123 });
  ids.page = await make('POST', '/api/v1/pages', { funnel_id: ids.funnel, name: 'Qyxberry Checkout', page_type: 'checkout', page_path: '/qyx-checkout/' });
  ids.template = await make('POST', '/api/v1/templates', {
    name: 'Qyxberry Template',
    page_type: 'upsell1',
    layout: 'checkout',
    template_host_url: '/qyx/',
    meta: { a: 1 },
  });
  ids.domain = await make('POST', '/api/v1/domains/?sync=false', { name: 'qyxberry-shop.com' });
});
afterAll(() => t?.close());

const search = async (query: string, token?: string) => t.api('GET', `/api/v1/search?${query}`, token ? { token } : {});
const hits = async (query: string, token?: string): Promise<Hit[]> => {
  const r = await search(query, token);
  expect(r.status, r.text).toBe(200);
  return r.body as Hit[];
};

describe('GET /api/v1/search', () => {
  it('finds every kind by name, each with its subtitle and the SPA route it opens', async () => {
    const found = await hits('q=qyxberry&limit=50');
    const byKind = (kind: string, title: string) => found.find((h) => h.kind === kind && h.title === title);
    const expected: Hit[] = [
      { kind: 'funnel', id: ids.funnel, title: 'Qyxberry', subtitle: `Funnel #${ids.funnel}`, href: `/funnels/${ids.funnel}/pages` },
      { kind: 'offer', id: ids.offer, title: 'Qyxberry Offer', subtitle: 'Offer 77123', href: `/offers/${ids.offer}/funnels` },
      { kind: 'page', id: ids.page, title: 'Qyxberry Checkout', subtitle: 'Page of Qyxberry', href: `/funnels/${ids.funnel}/pages/${ids.page}` },
      { kind: 'template', id: ids.template, title: 'Qyxberry Template', subtitle: 'Template · upsell1', href: '/templates?type=upsell1' },
      { kind: 'domain', id: ids.domain, title: 'qyxberry-shop.com', subtitle: 'Domain', href: '/domains' },
    ];
    for (const hit of expected) expect(byKind(hit.kind, hit.title)).toEqual(hit);
  });

  it('is case-insensitive and ranks the whole name, then its start, then a word’s start, then the rest', async () => {
    const funnels = (await hits('q=QYXBERRY&limit=50')).filter((h) => h.kind === 'funnel').map((h) => h.title);
    expect(funnels).toEqual(['Qyxberry', 'Qyxberry Drops', 'Blue Qyxberry', 'AntiqyxberryZ']);
    const all = (await hits('q=qyxberry&limit=50')).map((h) => `${h.kind}:${h.title}`);
    // The exact name first; at the same rank a funnel before an offer, a template and a page.
    expect(all[0]).toBe('funnel:Qyxberry');
    expect(all.indexOf('funnel:Qyxberry Drops')).toBeLessThan(all.indexOf('page:Qyxberry Checkout'));
    expect(all.indexOf('page:Qyxberry Checkout')).toBeLessThan(all.indexOf('funnel:Blue Qyxberry'));
  });

  it('finds a funnel by its ID and an offer by its offer_id, first', async () => {
    expect((await hits(`q=${ids.funnelDrops}`))[0]).toMatchObject({ kind: 'funnel', id: ids.funnelDrops });
    expect((await hits('q=77123'))[0]).toMatchObject({ kind: 'offer', id: ids.offer });
  });

  it('answers at most limit hits and refuses a bad limit or text with a sentence', async () => {
    expect(await hits('q=qyx&limit=3')).toHaveLength(3);
    for (const [query, message] of [
      ['q=e&limit=51', SEARCH_MSG.limit],
      ['q=e&limit=0', SEARCH_MSG.limit],
      ['q=e&limit=x', SEARCH_MSG.limit],
      ['limit=5', SEARCH_MSG.q],
      ['q=', SEARCH_MSG.q],
      ['q=%20%20%20', SEARCH_MSG.q],
    ] as const) {
      const r = await search(query);
      expect(r.status, query).toBe(422);
      expect(r.body, query).toEqual({ message });
    }
  });

  it('takes %, _, __proto__, quotes and very long texts as plain text', async () => {
    const percent = (await hits('q=%25&limit=50')).map((h) => h.title);
    expect(percent).toContain('Qyx 100% Pure');
    expect(percent.filter((title) => !title.includes('%'))).toEqual([]);
    expect((await hits('q=x_s')).map((h) => h.title)).toEqual(['Qyx_snake']);
    const proto = await hits('q=__proto__');
    expect(proto.map((h) => [h.kind, h.id])).toEqual([['funnel', ids.proto]]);
    expect(Object.getPrototypeOf(proto)).toBe(Array.prototype);
    expect(await hits(`q=${encodeURIComponent("'; DROP TABLE funnels; --")}`)).toEqual([]);
    expect(await hits(`q=${encodeURIComponent('\\')}`)).toEqual([]);
    expect(await hits(`q=${'y'.repeat(255)}`)).toEqual([]);
    const long = await search(`q=${'y'.repeat(256)}`);
    expect(long.status).toBe(422);
    expect(long.body).toEqual({ message: SEARCH_MSG.q });
    const huge = await search(`q=${'y'.repeat(20_000)}`);
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    const nul = await search('q=a%00b');
    expect(nul.status).toBe(422);
    // The funnels are all still there.
    expect((await t.api('GET', `/api/v1/funnels/${ids.funnel}`)).status).toBe(200);
  });

  it('shows each role only what its screens show: staff everything, the sticky account nothing; no token 401', async () => {
    const operator = await hits('q=qyxberry&limit=50', await t.tokenOf('operator'));
    expect(new Set(operator.map((h) => h.kind))).toEqual(new Set(['funnel', 'offer', 'template', 'domain', 'page']));
    // The sticky account opens no funnel, offer, template, domain or page screen (the policy's SCREENS).
    expect(await hits('q=qyxberry', await t.tokenOf('sticky'))).toEqual([]);
    expect((await t.api('GET', '/api/v1/search?q=qyxberry', { token: null })).status).toBe(401);
  });

  it('keeps its ranking and limit (default 20, at most 50) at 2,000 funnels and 20,000 pages', async () => {
    const db = t.server.db.db;
    await db.execute(sql`INSERT INTO funnels (name, offer, countries, details)
      SELECT 'Bulk funnel ' || g, 77123, '["US"]'::jsonb, '{}'::jsonb FROM generate_series(1, 2000) g`);
    await db.execute(sql`INSERT INTO pages (funnel_id, name, page_type, page_path, meta)
      SELECT f."ID", 'Bulk page ' || p || ' of ' || f.name, 'presell', '/bulk-' || p || '/', '{}'::jsonb
      FROM funnels f CROSS JOIN generate_series(1, 10) p WHERE f.name LIKE 'Bulk funnel %'`);
    const counted = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM pages WHERE name LIKE 'Bulk page %'`));
    expect(counted[0]?.n).toBe(20_000);
    const found = await hits(`q=${encodeURIComponent('bulk funnel 1999')}&limit=5`);
    expect(found[0]).toMatchObject({ kind: 'funnel', title: 'Bulk funnel 1999', href: expect.stringMatching(/^\/funnels\/\d+\/pages$/) });
    expect(found).toHaveLength(5);
    expect(found.slice(1).every((h) => h.kind === 'page' && h.subtitle === 'Page of Bulk funnel 1999')).toBe(true);
    expect(await hits('q=bulk')).toHaveLength(20);
    expect(await hits('q=bulk&limit=50')).toHaveLength(50);
  });
});

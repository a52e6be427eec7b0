/**
 * The funnel list searched, filtered, sorted and paged on the server (001 §2 funnel list):
 * `GET /api/v1/funnels` on the demo plus 300 generated funnels (the large demo's generator).
 * Each filter, the search, every sort both ways, paging with `X-Total-Count`, and 422 for bad
 * input, each checked against the same rule applied in JavaScript to the whole list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelListItem } from '../../src/model/index.ts';
import { insertLargeDemo } from '../../src/server/db/seed.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { FUNNEL_SORT_KEYS } from '../fixtures/demo.ts';

let t: TestServer;
/** Every active funnel, then every archived one (no paging). */
let active: FunnelListItem[];
let archived: FunnelListItem[];
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 0 });
  await insertLargeDemo(t.server.db.db, { funnels: 300, pagesPerFunnel: 1, audit: 0 });
  active = (await t.api('GET', '/api/v1/funnels')).body as FunnelListItem[];
  archived = (await t.api('GET', '/api/v1/funnels?archived=true')).body as FunnelListItem[];
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const list = async (q: string) => {
  const r = await t.api('GET', `/api/v1/funnels?${q}`);
  expect(r.status, r.text).toBe(200);
  return { rows: r.body as FunnelListItem[], total: Number(r.headers.get('X-Total-Count')) };
};
const ids = (rows: FunnelListItem[]) => rows.map((f) => f.ID);

describe('funnel list', () => {
  it('without paging answers every matching funnel as an array, the count in X-Total-Count', async () => {
    expect(active.length).toBeGreaterThan(250);
    expect(archived.length).toBeGreaterThan(0);
    const r = await t.api('GET', '/api/v1/funnels');
    expect(Array.isArray(r.body)).toBe(true);
    expect(Number(r.headers.get('X-Total-Count'))).toBe(active.length);
    expect(active.every((f) => !f.archived)).toBe(true);
    expect(archived.every((f) => f.archived)).toBe(true);
    expect(ids(active)).toEqual([...ids(active)].sort((a, b) => a - b));
  });

  it('pages: per_page and page pick the slice, the total stays, past the end is empty', async () => {
    const p1 = await list('per_page=25');
    const p3 = await list('per_page=25&page=3');
    expect(ids(p1.rows)).toEqual(ids(active.slice(0, 25)));
    expect(ids(p3.rows)).toEqual(ids(active.slice(50, 75)));
    expect(p1.total).toBe(active.length);
    expect(p3.total).toBe(active.length);
    const last = Math.ceil(active.length / 25);
    expect((await list(`per_page=25&page=${last}`)).rows).toHaveLength(active.length - (last - 1) * 25);
    const past = await list(`per_page=25&page=${last + 1}`);
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(active.length);
  });

  it('filters by status, platform, offer, locked, archived and domain', async () => {
    const cases: [string, (f: FunnelListItem) => boolean, FunnelListItem[]][] = [
      ['status=released', (f) => f.publish_status === 'released', active],
      ['status=qc', (f) => f.publish_status === 'qc', active],
      ['platform=sticky', (f) => f.platform === 'sticky', active],
      ['platform=29next', (f) => f.platform === '29next', active],
      [`offer=${active[0]?.offer}`, (f) => f.offer === active[0]?.offer, active],
      ['locked=true', (f) => f.locked, active],
      ['locked=false', (f) => !f.locked, active],
      ['archived=true&locked=false', (f) => !f.locked, archived],
      ['domain=none', (f) => f.domain === null, active],
    ];
    const domain = active.find((f) => f.domain)?.domain as string;
    cases.push([`domain=${encodeURIComponent(domain.toUpperCase())}`, (f) => f.domain === domain, active]);
    for (const [q, keep, all] of cases) {
      const want = all.filter(keep);
      expect(want.length, q).toBeGreaterThan(0);
      const got = await list(q);
      expect(ids(got.rows), q).toEqual(ids(want));
      expect(got.total, q).toBe(want.length);
    }
    // Filters combine (AND).
    const both = await list('status=released&locked=false&per_page=100');
    expect(ids(both.rows)).toEqual(ids(active.filter((f) => f.publish_status === 'released' && !f.locked).slice(0, 100)));
  });

  it('searches name, offer name and domain (any case, anywhere), and a number as funnel ID or offer ID', async () => {
    const has = (s: string | null, q: string) => (s ?? '').toLowerCase().includes(q.toLowerCase());
    for (const q of ['SERUM', 'night cream', 'luma', '.com', '#12']) {
      const want = active.filter((f) => has(f.name, q) || has(f.offer_name, q) || has(f.domain, q));
      const got = await list(`q=${encodeURIComponent(q)}`);
      expect(ids(got.rows), q).toEqual(ids(want));
      expect(got.total, q).toBe(want.length);
    }
    const one = active[40] as FunnelListItem;
    expect(ids((await list(`q=${one.ID}`)).rows)).toContain(one.ID);
    const byOffer = await list(`q=${one.offer}`);
    expect(ids(byOffer.rows)).toEqual(expect.arrayContaining(ids(active.filter((f) => f.offer === one.offer))));
    // LIKE's wildcards are taken literally.
    expect((await list('q=%25')).rows).toEqual([]);
    expect((await list('q=_')).rows).toEqual([]);
    expect((await list(`q=${encodeURIComponent('zz-no-such-funnel')}`)).total).toBe(0);
  });

  it('sorts by each column both ways, ties broken by ID, pages consistent', async () => {
    for (const [col, of] of Object.entries(FUNNEL_SORT_KEYS)) {
      for (const desc of [false, true]) {
        const a = (await list(`sort=${desc ? '-' : ''}${col}&per_page=50`)).rows;
        const b = (await list(`sort=${desc ? '-' : ''}${col}&per_page=50&page=2`)).rows;
        const both = [...a, ...b];
        expect(new Set(ids(both)).size, col).toBe(100);
        for (let i = 1; i < both.length; i++) {
          const [x, y] = [both[i - 1] as FunnelListItem, both[i] as FunnelListItem];
          const kx = of(x);
          const ky = of(y);
          if (kx === ky) expect(desc ? x.ID > y.ID : x.ID < y.ID, `${col} tie`).toBe(true);
          else if (typeof kx === 'number' && typeof ky === 'number') expect(desc ? kx > ky : kx < ky, col).toBe(true);
        }
      }
    }
    const byName = (await list('sort=name')).rows.map((f) => f.name);
    expect(byName[0]! <= byName.at(-1)!).toBe(true);
  });

  it('refuses bad input with a sentence (422)', async () => {
    const bad: [string, string][] = [
      ['status=live', 'The status filter must be one of progress, qc, released'],
      ['platform=shopify', 'The platform filter must be one of sticky, 29next'],
      ['offer=abc', 'The offer filter must be an offer ID (a whole number)'],
      ['locked=yes', 'The locked filter must be true or false'],
      ['archived=1', 'The archived filter must be true or false'],
      ['domain=', 'The domain filter must name a domain, or be none'],
      ['sort=created', 'Sort must be one of id, name, offer, platform, status, with - in front for descending'],
      ['page=0', 'Page must be a whole number from 1 to 999999'],
      ['per_page=101', 'Per page must be a whole number from 1 to 100'],
      ['per_page=0', 'Per page must be a whole number from 1 to 100'],
      [`q=${'x'.repeat(201)}`, 'The search must be at most 200 characters'],
    ];
    for (const [q, message] of bad) {
      const r = await t.api('GET', `/api/v1/funnels?${q}`);
      expect(r.status, q).toBe(422);
      expect(r.body.message, q).toBe(message);
    }
  });
});

/**
 * The template list searched, sorted, paged and narrowed to a library tab on the server
 * (001 §2 "Templates"; GET /api/v1/templates with the list query of
 * src/server/routes/list-query.ts and `tab`): without parameters every template, stashed ones
 * included, as the pickers read it; pages put together are the whole list; every sort column
 * both ways; the search any case, by ID and literally; the tabs; bad queries 400 with a
 * sentence. Runs the real server on in-memory PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_PAGE_MAX, LIST_SEARCH_MAX, sortValues } from '../../src/model/list-query.ts';
import { TEMPLATE_SORTS, TEMPLATE_TAB_MSG } from '../../src/model/index.ts';
import { templates } from '../../src/server/db/schema.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
/** The word every generated template's name holds (no demo template has it). */
const WORD = 'zqtpl';
/** Templates generated: more than two pages of 7 and one odd page. */
const N = 23;
const TYPES = ['checkout', 'upsell1', 'thankyou', 'interstitial'] as const;

beforeAll(async () => {
  t = await startTestServer({ demoOrders: 0 });
  await t.server.db.db.insert(templates).values(
    [...Array(N).keys()].map((i) => ({
      // Every third in capitals: a sort by name must ignore case.
      name: i % 3 === 0 ? `${WORD}${String.fromCharCode(97 + i)}`.toUpperCase() : `${WORD}${String.fromCharCode(97 + i)}`,
      page_type: TYPES[i % TYPES.length]!,
      layout: i % 2 ? 'checkout' : 'thankyou',
      template_host_url: `/${WORD}-${(N - i) % 5}/`,
      meta: {},
      archived: i % 5 === 0,
    })),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Row = { ID: number; name: string; page_type: string; layout: string; template_host_url: string; archived: boolean };
const get = async (query = '') => {
  const r = await t.api('GET', `/api/v1/templates${query ? `?${query}` : ''}`);
  expect(r.status, `${query}: ${r.text}`).toBe(200);
  expect(Array.isArray(r.body)).toBe(true);
  return { rows: r.body as Row[], total: Number(r.headers.get('X-Total-Count')) };
};
const ids = (rows: Row[]) => rows.map((r) => r.ID);

describe('GET /api/v1/templates', () => {
  it('without parameters answers every template by ID, stashed ones too (the pickers), the count in X-Total-Count', async () => {
    const all = await get();
    expect(all.rows.length).toBeGreaterThanOrEqual(N);
    expect(all.total).toBe(all.rows.length);
    expect(all.rows.some((r) => r.archived)).toBe(true);
    expect(ids(all.rows)).toEqual([...ids(all.rows)].sort((a, b) => a - b));
  });

  it('pages: put together they are the whole list; the total stays; past the last page is empty; page alone is 25 rows', async () => {
    const all = ids((await get()).rows);
    const pages = Math.ceil(all.length / 7);
    const seen: number[] = [];
    for (let p = 1; p <= pages; p++) {
      const page = await get(`per_page=7&page=${p}`);
      expect(page.total).toBe(all.length);
      seen.push(...ids(page.rows));
    }
    expect(seen).toEqual(all);
    const past = await get(`per_page=7&page=${pages + 1}`);
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(all.length);
    expect((await get('page=1')).rows).toHaveLength(Math.min(25, all.length));
  });

  it('sorts by every column both ways: descending is ascending turned round, and pages follow the sort', async () => {
    for (const key of TEMPLATE_SORTS) {
      const up = ids((await get(`sort=${key}&per_page=${LIST_PAGE_MAX}`)).rows);
      const down = ids((await get(`sort=-${key}&per_page=${LIST_PAGE_MAX}`)).rows);
      expect(down, key).toEqual([...up].reverse());
      expect(ids((await get(`sort=${key}&per_page=5&page=2`)).rows), key).toEqual(up.slice(5, 10));
    }
  });

  it('sorts names any case, ties by ID', async () => {
    const rows = (await get(`q=${WORD}&sort=name`)).rows;
    expect(rows).toHaveLength(N);
    const sorted = [...rows].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.ID - b.ID);
    expect(ids(rows)).toEqual(ids(sorted));
  });

  it('searches the name, page type, layout and preview path any case, and an ID as a number', async () => {
    const all = (await get()).rows;
    for (const q of [WORD.toUpperCase(), `${WORD}b`, `/${WORD}-3/`, 'UPSELL1', 'nomatchzz']) {
      const found = await get(`q=${encodeURIComponent(q)}`);
      const expected = all.filter((r) => [r.name, r.page_type, r.layout, r.template_host_url].some((s) => s.toLowerCase().includes(q.toLowerCase())));
      expect(ids(found.rows), q).toEqual(ids(expected));
      expect(found.total).toBe(found.rows.length);
    }
    const some = all.find((r) => r.name.toLowerCase().includes(WORD))!;
    expect(ids((await get(`q=${some.ID}`)).rows)).toContain(some.ID);
  });

  it('takes a search literally: %, _, __proto__, the longest search', async () => {
    for (const q of ['%', '_', '__proto__', 'constructor', 'a'.repeat(LIST_SEARCH_MAX), "' OR 1=1 --"]) {
      const r = await get(`q=${encodeURIComponent(q)}`);
      expect(r.rows, q).toEqual([]);
      expect(r.total, q).toBe(0);
    }
  });

  it('narrows to a tab: all is every active one, a page type its active ones, stashed the archived; with search and paging counted together', async () => {
    const every = (await get(`q=${WORD}`)).rows;
    expect(ids((await get(`q=${WORD}&tab=all`)).rows)).toEqual(ids(every.filter((r) => !r.archived)));
    expect(ids((await get(`q=${WORD}&tab=stashed`)).rows)).toEqual(ids(every.filter((r) => r.archived)));
    const checkout = await get(`q=${WORD}&tab=checkout&per_page=2`);
    const expected = every.filter((r) => !r.archived && r.page_type === 'checkout');
    expect(checkout.total).toBe(expected.length);
    expect(ids(checkout.rows)).toEqual(ids(expected).slice(0, 2));
  });

  it('answers a bad sort, page, per_page, search or tab 400 with a sentence saying what it takes', async () => {
    const bad = async (q: string, message: string | RegExp) => {
      const r = await t.api('GET', `/api/v1/templates?${q}`);
      expect(r.status, q.slice(0, 80)).toBe(400);
      expect((r.body as { message: string }).message, q.slice(0, 80)).toMatch(message);
    };
    await bad('sort=bogus', `Sort must be one of: ${sortValues(TEMPLATE_SORTS).join(', ')}`);
    await bad('sort=__proto__', /^Sort must be one of: /);
    for (const p of ['0', '-1', '1.5', 'x', '', '1000000']) await bad(`page=${encodeURIComponent(p)}`, 'Page must be a whole number from 1 to 999999');
    for (const p of ['0', '101', 'abc', '__proto__']) await bad(`per_page=${encodeURIComponent(p)}`, 'Per page must be a whole number from 1 to 100');
    await bad(`q=${'a'.repeat(LIST_SEARCH_MAX + 1)}`, 'The search must be at most 200 characters');
    await bad(`q=${'a'.repeat(5_000)}`, 'The search must be at most 200 characters');
    // Past the HTTP server's header limit the request is refused before any route reads it.
    expect((await t.api('GET', `/api/v1/templates?q=${'a'.repeat(100_000)}`)).status).toBe(431);
    for (const tab of ['presell', 'STASHED', '__proto__', '']) await bad(`tab=${encodeURIComponent(tab)}`, TEMPLATE_TAB_MSG);
  });
});

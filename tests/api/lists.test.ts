/**
 * The catalogue lists searched, sorted and paged on the server (001 §2 lists; the shared query
 * of src/server/routes/list-query.ts): offers, products, users, categories, shipping methods and
 * domains. Each list gets rows of its own (names in mixed case, a shared word to search for),
 * then: the unpaged answer keeps its array and order with `X-Total-Count`; pages put together
 * are the whole list, past the end is empty; every sort column both ways; the search by name,
 * by ID and literally (`%`, `_`, `__proto__`, the longest search); bad sort, page and per_page
 * answered 400 with a sentence. Runs the real server on in-memory PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_PAGE_MAX, LIST_SEARCH_MAX, sortValues } from '../../src/model/list-query.ts';
import { CATEGORY_SORTS, DOMAIN_SORTS, OFFER_SORTS, PRODUCT_SORTS, SHIPPING_SORTS, USER_SORTS } from '../../src/model/index.ts';
import { categories, domains, offers, products, roles, shippings, users } from '../../src/server/db/schema.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
/** The word every generated row's name holds (no demo row has it). */
const WORD = 'zqlist';
/** Rows generated per list: more than two pages of 7 and one odd page. */
const N = 23;
/** A name of row `i`: every third in capitals, so a sort by name must ignore case. */
const nameOf = (i: number, prefix = '') => {
  const n = `${prefix}${WORD}${String.fromCharCode(97 + (i % 26))}${(N - i) % 5}`;
  return i % 3 === 0 ? n.toUpperCase() : n;
};

beforeAll(async () => {
  t = await startTestServer({ demoOrders: 0 });
  const db = t.server.db.db;
  const range = [...Array(N).keys()];
  await db
    .insert(offers)
    .values(range.map((i) => ({ offer_id: 60_000 + i, ef_offer_id: i % 2 ? 700 + i : null, name: nameOf(i), platform: i % 2 ? 'sticky' : '29next' })));
  await db
    .insert(shippings)
    .values(range.map((i) => ({ ID: 90_000 + i, name: nameOf(i), description: `d${i % 4}`, price: (i % 6) + 0.5, shipping_code: `C${i % 3}` })));
  await db.insert(products).values(
    range.map((i) => ({
      product_id: 5000 + i,
      offer_id: 60_000 + (i % 4),
      name: nameOf(i),
      sku: `SKU-${i % 7}`,
      product_price: (i % 5) + 0.99,
      billing_model: 1 + (i % 3),
    })),
  );
  await db.insert(categories).values(range.map((i) => ({ name: `${nameOf(i)}-${i}`, sticky_id: 80_000 + i, description: `about ${i % 4}` })));
  const [role] = await db.select().from(roles);
  await db.insert(users).values(
    range.map((i) => ({
      name: nameOf(i),
      nickname: `nick${i % 4}`,
      email: `u${i}@${WORD}.example`,
      password: 'x',
      role_id: role?.id ?? 1,
      email_verified: i % 2 === 0,
    })),
  );
  await db.insert(domains).values(range.map((i) => ({ name: `${nameOf(i).toLowerCase()}${i}.com`, sync: i % 2 === 0 })));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Row = Record<string, unknown>;
interface ListCase {
  path: string;
  sorts: readonly string[];
  /** The row's ID (what `q` of digits and the tie-break use). */
  id: (r: Row) => number;
  /** The text the search matches in, besides the ID. */
  text: (r: Row) => string[];
  /** The name the `name` sort orders by. */
  name: (r: Row) => string;
}
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : NaN);
/**
 * A list whose rows are named by `name`, identified by `idKey` (ID unless said) and searched in
 * the name and the columns `searched`.
 */
const namedList = (path: string, sorts: readonly string[], searched: string[] = [], idKey = 'ID'): ListCase => ({
  path,
  sorts,
  id: (r) => num(r[idKey]),
  text: (r) => ['name', ...searched].map((k) => str(r[k])),
  name: (r) => str(r.name),
});
const CASES: Record<string, ListCase> = {
  offers: namedList('/api/v1/offers', OFFER_SORTS),
  products: namedList('/api/v1/products', PRODUCT_SORTS, ['sku']),
  users: namedList('/api/v1/users', USER_SORTS, ['email'], 'user_id'),
  categories: namedList('/api/v1/categories', CATEGORY_SORTS, ['description']),
  shipping: namedList('/api/v1/shippings', SHIPPING_SORTS, ['shipping_code']),
  domains: namedList('/api/v1/domains/', DOMAIN_SORTS),
};

const get = async (path: string) => {
  const r = await t.api('GET', path);
  expect(r.status, `${path}: ${r.text}`).toBe(200);
  expect(Array.isArray(r.body)).toBe(true);
  return { rows: r.body as Row[], total: Number(r.headers.get('X-Total-Count')) };
};
const withQuery = (path: string, q: string) => `${path}?${q}`;

describe.each(Object.entries(CASES))('the %s list', (_name, c) => {
  const ids = (rows: Row[]) => rows.map(c.id);

  it('without page and per_page answers every row as an array, in its old order, the count in X-Total-Count', async () => {
    const all = await get(c.path);
    expect(all.rows.length).toBeGreaterThanOrEqual(N);
    expect(all.total).toBe(all.rows.length);
    // The order the pickers had: unchanged by an explicit page of everything.
    expect(ids((await get(withQuery(c.path, `per_page=${LIST_PAGE_MAX}`))).rows)).toEqual(ids(all.rows.slice(0, LIST_PAGE_MAX)));
  });

  it('pages: put together they are the whole list; the total stays; past the last page is empty; page alone is 25 rows', async () => {
    const all = ids((await get(c.path)).rows);
    const pages = Math.ceil(all.length / 7);
    const seen: number[] = [];
    for (let p = 1; p <= pages; p++) {
      const page = await get(withQuery(c.path, `per_page=7&page=${p}`));
      expect(page.total).toBe(all.length);
      expect(page.rows.length).toBe(p < pages ? 7 : all.length - 7 * (pages - 1));
      seen.push(...ids(page.rows));
    }
    expect(seen).toEqual(all);
    const past = await get(withQuery(c.path, `per_page=7&page=${pages + 1}`));
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(all.length);
    expect((await get(withQuery(c.path, 'page=1'))).rows).toHaveLength(Math.min(25, all.length));
  });

  it('sorts by every column both ways: descending is ascending turned round, and pages follow the sort', async () => {
    const total = (await get(c.path)).total;
    for (const key of c.sorts) {
      const up = ids((await get(withQuery(c.path, `sort=${key}&per_page=${LIST_PAGE_MAX}`))).rows);
      const down = ids((await get(withQuery(c.path, `sort=-${key}&per_page=${LIST_PAGE_MAX}`))).rows);
      expect(up, key).toHaveLength(Math.min(total, LIST_PAGE_MAX));
      if (total <= LIST_PAGE_MAX) expect(down, key).toEqual([...up].reverse());
      const second = ids((await get(withQuery(c.path, `sort=${key}&per_page=5&page=2`))).rows);
      expect(second, key).toEqual(up.slice(5, 10));
    }
  });

  it('sorts names any case, ties by ID', async () => {
    const rows = (await get(withQuery(c.path, `q=${WORD}&sort=name`))).rows;
    expect(rows.length).toBeGreaterThanOrEqual(N);
    const key = (r: Row) => [c.name(r).toLowerCase(), c.id(r)] as const;
    const sorted = [...rows].sort((a, b) => {
      const [an, ai] = key(a);
      const [bn, bi] = key(b);
      return an < bn ? -1 : an > bn ? 1 : ai - bi;
    });
    expect(ids(rows)).toEqual(ids(sorted));
  });

  it('searches the name and its other text any case, and an ID as a number', async () => {
    const all = (await get(c.path)).rows;
    for (const q of [WORD.toUpperCase(), `${WORD}b`, 'SKU-3', 'nomatchzz']) {
      const found = await get(withQuery(c.path, `q=${encodeURIComponent(q)}`));
      const expected = all.filter((r) => c.text(r).some((s) => s.toLowerCase().includes(q.toLowerCase())));
      if (c.path.startsWith('/api/v1/domains')) expect(ids(found.rows), q).toEqual(expect.arrayContaining(ids(expected)));
      else expect(ids(found.rows), q).toEqual(ids(expected));
      expect(found.total).toBe(found.rows.length);
    }
    const some = all.find((r) => c.name(r).toLowerCase().includes(WORD));
    if (!some) throw new Error('no generated row');
    expect(ids((await get(withQuery(c.path, `q=${c.id(some)}`))).rows)).toContain(c.id(some));
  });

  it('takes a search literally: %, _, __proto__, the longest search and spaces around it', async () => {
    const all = (await get(c.path)).rows;
    const nothing = all.filter((r) => c.text(r).some((s) => s.includes('%') || s.includes('_')));
    expect((await get(withQuery(c.path, 'q=%25'))).rows.length).toBeLessThanOrEqual(nothing.length);
    expect((await get(withQuery(c.path, 'q=_'))).rows.length).toBeLessThanOrEqual(nothing.length);
    for (const q of ['__proto__', 'constructor', 'a'.repeat(LIST_SEARCH_MAX), '\u{1F600}'.repeat(10), "' OR 1=1 --"]) {
      const r = await get(withQuery(c.path, `q=${encodeURIComponent(q)}`));
      expect(r.rows, q).toEqual([]);
      expect(r.total, q).toBe(0);
    }
    expect((await get(withQuery(c.path, `q=${encodeURIComponent(`  ${WORD}  `)}`))).total).toBe((await get(withQuery(c.path, `q=${WORD}`))).total);
  });

  it('answers a bad sort, page, per_page or search 400 with a sentence saying what it takes', async () => {
    const bad = async (q: string, message: string | RegExp) => {
      const r = await t.api('GET', withQuery(c.path, q));
      expect(r.status, q).toBe(400);
      expect((r.body as { message: string }).message, q).toMatch(message);
    };
    await bad('sort=bogus', `Sort must be one of: ${sortValues(c.sorts).join(', ')}`);
    await bad('sort=--name', /^Sort must be one of: /);
    await bad('sort=__proto__', /^Sort must be one of: /);
    for (const p of ['0', '-1', '1.5', 'x', '', '1e3', '99999999999', '1000000'])
      await bad(`page=${encodeURIComponent(p)}`, 'Page must be a whole number from 1 to 999999');
    for (const p of ['0', '101', '-5', 'abc', '', '9'.repeat(40)])
      await bad(`per_page=${encodeURIComponent(p)}`, 'Per page must be a whole number from 1 to 100');
    await bad(`q=${'a'.repeat(LIST_SEARCH_MAX + 1)}`, 'The search must be at most 200 characters');
  });
});

describe('lists with filters of their own', () => {
  it('users: the role tab and the search together, counted together', async () => {
    const admins = await get(`/api/v1/users?role=admin&q=${WORD}&per_page=5`);
    const every = (await get(`/api/v1/users?role=admin&q=${WORD}`)).rows;
    expect(admins.total).toBe(every.length);
    expect(every.every((u) => u.role === 'admin')).toBe(true);
  });

  it('domains: a root is found by its subdomain, which comes with it; all=true searches every domain flat', async () => {
    const [root] = (await get(`/api/v1/domains/?q=${WORD}a`)).rows;
    if (!root) throw new Error('no root domain found');
    const made = await t.api('POST', '/api/v1/domains/', { body: { name: 'shopzzchild', funnel_id: 1, domain_id: root.ID } });
    expect(made.status, made.text).toBe(201);
    const tree = await get('/api/v1/domains/?q=shopzzchild');
    expect(ids(tree.rows)).toEqual([root.ID]);
    expect((tree.rows[0]?.children as Row[]).map((d) => d.name)).toContain(`shopzzchild.${String(root.name)}`);
    const flat = await get('/api/v1/domains/?all=true&q=shopzzchild');
    expect(flat.rows.map((d) => d.parent)).toEqual([root.name]);
  });
  const ids = (rows: Row[]) => rows.map((r) => r.ID);
});

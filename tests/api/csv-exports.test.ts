/**
 * The CSV exports of every list but the funnel list's (tested in funnel-list-actions.test.ts):
 * domains, templates, offers, products, users, categories, shipping, a funnel's pages and
 * campaigns, its Logs tab and orders. For each, the rows of `GET <list>.csv` are the rows of the paged
 * JSON list for the same query (every page read; the export ignores `page` and `per_page`), in
 * the same order; a name a spreadsheet would run is written quoted and inert; no session is a
 * 401 and a role that may not read the list a 403; the users' export holds no password hash.
 * Runs on PGlite and again on PostgreSQL.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  // 150 orders: the orders' export reads them 100 at a time.
  t = await startTestServer({ demoOrders: 150 });
  // A few notes, so the Logs tab's export has entries of more than one page of 7.
  for (let i = 1; i <= 9; i++) expect((await t.api('POST', '/api/v1/audit_logs', { body: { funnel_id: 1, message: `CSV note ${i}` } })).status).toBe(201);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Row = Record<string, unknown>;

/** One list: its JSON path and its export's, a query, the key cells a row is compared by, and the role that may not read it. */
interface ListCase {
  name: string;
  json: string;
  csv: string;
  query: string;
  /** The JSON row's values of the export's first columns named in `headers`. */
  headers: string[];
  cells: (r: Row) => unknown[];
  /** A role refused the list (none: every role reads it). */
  refused?: 'sticky' | 'operator';
  /** Reads the JSON list a page at a time (default: page and per_page). */
  paging?: 'log' | 'orders';
}

const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : v == null ? '' : JSON.stringify(v));

/**
 * A case: `json` the list's path, its export's the same without a trailing slash plus `.csv`;
 * by default compared by ID and name and refused to the sticky role.
 */
const list = (name: string, json: string, query: string, more: Partial<ListCase> = {}): ListCase => ({
  name,
  json,
  csv: `${json.replace(/\/$/, '')}.csv`,
  query,
  headers: ['ID', 'Name'],
  cells: (r) => [r.ID, r.name],
  refused: 'sticky',
  ...more,
});

const LISTS: ListCase[] = [
  list('offers', '/api/v1/offers', 'sort=-name', { headers: ['ID', 'Offer ID'], cells: (r) => [r.ID, r.offer_id] }),
  list('products', '/api/v1/products', 'sort=price', { headers: ['ID', 'Product ID', 'Name'], cells: (r) => [r.ID, r.product_id, r.name] }),
  list('users', '/api/v1/users', 'sort=email', { headers: ['User ID', 'Name'], cells: (r) => [r.user_id, r.name], refused: 'operator' }),
  list('categories', '/api/v1/categories', ''),
  list('shipping', '/api/v1/shippings', 'sort=-price'),
  list('domains', '/api/v1/domains/', 'sort=name'),
  list('templates', '/api/v1/templates', 'tab=all&sort=name'),
  list('a funnel’s pages', '/api/v1/funnels/1/pages', ''),
  list('a funnel’s campaigns', '/api/v1/funnels/1/campaigns', 'sort=-campaign_id', {
    headers: ['ID', 'Campaign ID'],
    cells: (r) => [r.ID, r.campaign_id],
    refused: undefined,
  }),
  list('the Logs tab', '/api/v1/funnels/1/audit_log', 'type=note', {
    headers: ['When', 'Who'],
    cells: (r) => [r.CreatedAt, (r.user as { name: string }).name],
    paging: 'log',
  }),
  list('orders', '/api/v1/orders/', 'sort=product_id&order=asc', {
    headers: ['ID', 'Created', 'Payment method', 'Product ID'],
    cells: (r) => [r.ID, r.CreatedAt, r.payment_method, r.product_id],
    paging: 'orders',
  }),
];

/** The export of `path` as the admin (or `token`; null: none): its response and its text with the byte order mark kept. */
async function exportOf(path: string, token: string | null = t.token) {
  const res = await fetch(`${t.url}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { res, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) };
}

/** The CSV's rows (header first), read as a spreadsheet would. */
function rowsOf(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** Every row of the JSON list for `query`, read 7 at a time as the screen pages it. */
async function everyPage(l: ListCase): Promise<Row[]> {
  const out: Row[] = [];
  const sep = l.query ? '&' : '';
  for (let page = 1; page < 1000; page++) {
    const cursor =
      l.paging === 'log'
        ? `limit=7${out.length ? `&before=${str(out.at(-1)?.ID)}` : ''}`
        : l.paging === 'orders'
          ? `limit=7&page=${page}`
          : `page=${page}&per_page=7`;
    const r = await t.api('GET', `${l.json}?${l.query}${sep}${cursor}`);
    expect(r.status, r.text).toBe(200);
    const rows = l.paging === 'orders' ? (r.body as { rows: Row[] }).rows : (r.body as Row[]);
    out.push(...rows);
    if (rows.length < 7) return out;
  }
  throw new Error(`${l.name}: more than 1000 pages`);
}

describe.each(LISTS)('the CSV export of $name', (l) => {
  it('writes the rows of the paged list for the same query, in its order, whatever page was asked', async () => {
    const all = await everyPage(l);
    expect(all.length, 'the list has rows to export').toBeGreaterThan(0);
    const cursor = l.paging === 'log' ? 'limit=2' : l.paging === 'orders' ? 'limit=3&page=2' : 'page=2&per_page=1';
    const { res, text } = await exportOf(`${l.csv}?${l.query}${l.query ? '&' : ''}${cursor}`);
    expect(res.status, text).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="[\w.-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [head, ...rows] = rowsOf(text);
    expect(head?.slice(0, l.headers.length)).toEqual(l.headers);
    expect(rows.map((r) => r.slice(0, l.headers.length))).toEqual(all.map((r) => l.cells(r).map(str)));
  });

  it('is refused without a session (401)' + (l.refused ? ` and to the ${l.refused} role (403)` : ''), async () => {
    expect((await exportOf(l.csv, null)).res.status).toBe(401);
    if (l.refused) {
      const refused = await exportOf(l.csv, await t.tokenOf(l.refused));
      expect(refused.res.status).toBe(403);
      expect(refused.text.startsWith('\uFEFF')).toBe(false);
    }
  });
});

describe('what an export writes', () => {
  it('quotes a name a spreadsheet would run, so it is read as text', async () => {
    const evil = '=HYPERLINK("http://x")';
    expect((await t.api('POST', '/api/v1/categories/create', { body: { name: evil, sticky_id: '777' } })).status).toBe(201);
    const { text } = await exportOf(`/api/v1/categories.csv?q=${encodeURIComponent('HYPERLINK')}`);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    const [, row] = rowsOf(text);
    expect(row?.[1]).toBe(`'${evil}`);
  });

  it('never writes a user’s password hash or a secret column', async () => {
    const { text } = await exportOf('/api/v1/users.csv');
    const [head, ...rows] = rowsOf(text);
    expect(head).toEqual(['User ID', 'Name', 'Nickname', 'E-mail', 'Role', 'Status']);
    expect(rows.length).toBeGreaterThan(0);
    const hashes = (await t.server.db.db.select({ password: users.password }).from(users)).map((u) => u.password);
    expect(hashes.length).toBeGreaterThan(0);
    for (const h of hashes) expect(text).not.toContain(h);
    expect(text.toLowerCase()).not.toMatch(/password|secret|token/);
  });

  it('answers a bad query with the list’s sentence before any byte of the file', async () => {
    for (const [path, status] of [
      ['/api/v1/offers.csv?sort=nope', 400],
      ['/api/v1/templates.csv?tab=nope', 400],
      ['/api/v1/funnels/1/pages.csv?per_page=101', 400],
      ['/api/v1/funnels/1/audit_log.csv?limit=0', 422],
      ['/api/v1/funnels/999999/campaigns.csv', 404],
    ] as const) {
      const { res, text } = await exportOf(path);
      expect(res.status, path).toBe(status);
      expect((JSON.parse(text) as { message: string }).message, path).toMatch(/\w/);
    }
  });
});

/**
 * Demo data is valid: every seeded funnel, page, product and campaign can be saved
 * unchanged, as an operator who opens it and presses Save would — so no demo record is stuck
 * behind a rule it breaks, and every rule the server keeps holds for the seed too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  // A locked funnel refuses every write by design (423): unlock the demo's locked ones first.
  for (const f of list((await t.api('GET', '/api/v1/funnels?limit=1000')).body)) {
    if (f.locked) expect((await t.api('PUT', `/api/v1/funnels/${f.ID}/lock`, { body: { locked: false } })).status).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
});

type Row = Record<string, unknown> & { ID: number; version?: number };
const list = (body: unknown): Row[] => (Array.isArray(body) ? body : (body as { items: Row[] }).items) as Row[];

async function funnelIds(): Promise<number[]> {
  const res = await t.api('GET', '/api/v1/funnels?limit=1000');
  expect(res.status).toBe(200);
  return list(res.body).map((f) => f.ID);
}

/** The rows of a funnel's `tab` (its pages or its campaigns) of every funnel, funnel after funnel. */
async function ofEveryFunnel(tab: 'pages' | 'campaigns'): Promise<Row[]> {
  const rows: Row[] = [];
  for (const id of await funnelIds()) rows.push(...list((await t.api('GET', `/api/v1/funnels/${id}/${tab}`)).body));
  return rows;
}

/**
 * PUTs each row `ids` names back to `/api/v1/<path>/{id}` as GET answers it (with its version as
 * If-Match when `versioned`), as an operator pressing Save on it would: none is refused (each
 * refusal listed as "product 3 Serum: 422 …"), `saved` holds for each accepted answer, and there
 * are more than `moreThan` rows when given.
 */
async function expectSavedUnchanged(
  path: string,
  what: string,
  ids: number[],
  o: { versioned?: boolean; saved?: (before: Row, after: Row) => void; moreThan?: number } = {},
): Promise<void> {
  const refused: string[] = [];
  for (const id of ids) {
    const row = (await t.api('GET', `/api/v1/${path}/${id}`)).body as Row;
    const res = await t.api('PUT', `/api/v1/${path}/${id}`, { body: row, ...(o.versioned ? { headers: { 'If-Match': `"${row.version}"` } } : {}) });
    if (res.status !== 200) refused.push(`${what} ${id} ${String(row.name)}: ${res.status} ${res.text}`);
    else o.saved?.(row, res.body as Row);
  }
  expect(refused).toEqual([]);
  if (o.moreThan !== undefined) expect(ids.length).toBeGreaterThan(o.moreThan);
}

const idsOf = (rows: Row[]) => rows.map((r) => r.ID);

describe('every seeded record saves unchanged', () => {
  it('funnels (PUT with If-Match)', async () => {
    await expectSavedUnchanged('funnels', 'funnel', await funnelIds(), { versioned: true });
  });

  it('pages (PUT with If-Match)', async () => {
    const saved = (page: Row, after: Row) => expect(after.meta, `page ${page.ID} saved as it was`).toEqual(page.meta);
    await expectSavedUnchanged('pages', 'page', idsOf(await ofEveryFunnel('pages')), { versioned: true, saved, moreThan: 5 });
  });

  it('products (PUT)', async () => {
    const res = await t.api('GET', '/api/v1/products?limit=1000');
    expect(res.status).toBe(200);
    await expectSavedUnchanged('products', 'product', idsOf(list(res.body)), { moreThan: 5 });
  });

  it('campaigns (PUT)', async () => {
    await expectSavedUnchanged('campaigns', 'campaign', idsOf(await ofEveryFunnel('campaigns')), { moreThan: 3 });
  });
});

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

describe('every seeded record saves unchanged', () => {
  it('funnels (PUT with If-Match)', async () => {
    const refused: string[] = [];
    for (const id of await funnelIds()) {
      const f = (await t.api('GET', `/api/v1/funnels/${id}`)).body as Row;
      const res = await t.api('PUT', `/api/v1/funnels/${id}`, { body: f, headers: { 'If-Match': `"${f.version}"` } });
      if (res.status !== 200) refused.push(`funnel ${id} ${String(f.name)}: ${res.status} ${res.text}`);
    }
    expect(refused).toEqual([]);
  });

  it('pages (PUT with If-Match)', async () => {
    const refused: string[] = [];
    const pages = await ofEveryFunnel('pages');
    for (const p of pages) {
      const page = (await t.api('GET', `/api/v1/pages/${p.ID}`)).body as Row;
      const res = await t.api('PUT', `/api/v1/pages/${p.ID}`, { body: page, headers: { 'If-Match': `"${page.version}"` } });
      if (res.status !== 200) refused.push(`page ${p.ID} ${String(page.name)}: ${res.status} ${res.text}`);
      else expect((res.body as Row).meta, `page ${p.ID} saved as it was`).toEqual(page.meta);
    }
    expect(refused).toEqual([]);
    expect(pages.length).toBeGreaterThan(5);
  });

  it('products (PUT)', async () => {
    const res = await t.api('GET', '/api/v1/products?limit=1000');
    expect(res.status).toBe(200);
    const refused: string[] = [];
    const products = list(res.body);
    for (const p of products) {
      const full = (await t.api('GET', `/api/v1/products/${p.ID}`)).body as Row;
      const put = await t.api('PUT', `/api/v1/products/${p.ID}`, { body: full });
      if (put.status !== 200) refused.push(`product ${p.ID} ${String(full.name)}: ${put.status} ${put.text}`);
    }
    expect(refused).toEqual([]);
    expect(products.length).toBeGreaterThan(5);
  });

  it('campaigns (PUT)', async () => {
    const refused: string[] = [];
    const campaigns = await ofEveryFunnel('campaigns');
    for (const c of campaigns) {
      const full = (await t.api('GET', `/api/v1/campaigns/${c.ID}`)).body as Row;
      const put = await t.api('PUT', `/api/v1/campaigns/${c.ID}`, { body: full });
      if (put.status !== 200) refused.push(`campaign ${c.ID} ${String(full.name)}: ${put.status} ${put.text}`);
    }
    expect(refused).toEqual([]);
    expect(campaigns.length).toBeGreaterThan(3);
  });
});

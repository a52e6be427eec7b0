/**
 * Rebase by identity on the server: every list item of funnels, pages and
 * templates has a stable identity — seeded rows, rows inserted by any path (migration 0006's
 * trigger) and items added by PATCH/PUT (listIdOps, recorded as ops of their own) — and a
 * `test` guard on an item's identity makes the whole patch fail when the item moved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { applyOps, listIdOps, type Operation } from '../../src/model/index.ts';
import { rowsOf } from '../../src/server/db/index.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { at } from '../at.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const get = async (p: string) => (await t.api('GET', p)).body;

describe('identities of list items', () => {
  it('every seeded funnel, page and template has an identity on every list item', async () => {
    const funnels = (await get('/api/v1/funnels')) as { ID: number }[];
    expect(funnels.length).toBeGreaterThan(0);
    let items = 0;
    for (const f of funnels) {
      expect(listIdOps(await get(`/api/v1/funnels/${f.ID}`))).toEqual([]);
      for (const p of (await get(`/api/v1/funnels/${f.ID}/pages`)) as { ID: number }[]) {
        const page = await get(`/api/v1/pages/${p.ID}`);
        expect(listIdOps(page)).toEqual([]);
        items += (page.meta.products ?? []).length;
      }
    }
    for (const tpl of (await get('/api/v1/templates')) as { ID: number }[]) expect(listIdOps(await get(`/api/v1/templates/${tpl.ID}`))).toEqual([]);
    expect(items).toBeGreaterThan(0); // the check saw products to look at
  });

  it('rows inserted by any path get identities; duplicates are made unique', async () => {
    const db = t.server.db.db;
    const meta = {
      products: [
        { product_id: 1, _price: 1 },
        { product_id: 2, _price: 2 },
      ],
      reviews: [
        { id: 'review-1', user: 'A' },
        { id: 'review-1', user: 'B' },
      ],
    };
    const row = at(
      rowsOf<{ meta: typeof meta }>(
        await db.execute(sql`
      insert into pages (funnel_id, name, page_type, page_path, meta) values (1, 'Raw', 'presell', '/raw-insert/', ${JSON.stringify(meta)}::jsonb) returning meta`),
      ),
      0,
      'inserted row',
    );
    expect(listIdOps(row)).toEqual([]);
    expect(row.meta.products.every((p) => typeof (p as { uid?: string }).uid === 'string')).toBe(true);
    expect(new Set(row.meta.reviews.map((r) => r.id)).size).toBe(2);
  });

  it('an item added by PATCH without an identity gets one, recorded in the audit ops so they replay to the stored page', async () => {
    const before = await get('/api/v1/pages/2');
    const ops: Operation[] = [{ op: 'add', path: '/meta/products/-', value: { product_id: 9, _price: 5, _unitPrice: 5, _regPrice: 10, _quantity: 1 } }];
    const r = await t.api('PATCH', '/api/v1/pages/2', { patch: true, body: ops, headers: { 'If-Match': `"${before.version}"` } });
    expect(r.status).toBe(200);
    const added = r.body.meta.products.at(-1);
    expect(added.uid).toMatch(/^[0-9a-z]{10}$/);
    const log = (await get('/api/v1/funnels/1/audit_log')) as { doc: string; ops: Operation[]; inverse: Operation[] }[];
    const entry = log.find((e) => e.doc === 'page:2')!;
    expect(applyOps(before, entry.ops)).toEqual({ ...r.body, version: before.version });
    expect(applyOps({ ...r.body, version: before.version }, entry.inverse)).toEqual(before);
  });

  it('a test guard on an item that moved fails the whole patch with 409 and the current page', async () => {
    const page = await get('/api/v1/pages/2');
    const products = page.meta.products as { uid: string }[];
    const first = at(products, 0, 'product');
    const second = at(products, 1, 'product');
    const r = await t.api('PATCH', '/api/v1/pages/2', {
      patch: true,
      headers: { 'If-Match': `"${page.version}"` },
      body: [
        { op: 'replace', path: '/meta/headline', value: 'Guarded' },
        { op: 'test', path: '/meta/products/0/uid', value: second.uid },
        { op: 'replace', path: '/meta/products/0/_price', value: 1 },
      ],
    });
    expect(r.status).toBe(409);
    expect(r.body.current.meta.products[0].uid).toBe(first.uid);
    expect((await get('/api/v1/pages/2')).version).toBe(page.version); // nothing applied
  });
});

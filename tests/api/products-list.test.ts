/**
 * `GET /api/v1/products` (001 §2 "/products"): every product with its offer's ID,
 * offer_id and name, ordered by offer then product; a new product and a new offer's product
 * appear, a deleted one is gone; read like the other product reads (staff; the sticky account
 * is refused with the policy's 403). Runs the real server on in-memory PGlite with real tokens.
 */
import { describe, expect, it } from 'vitest';
import { forbiddenMessage } from '../../src/server/auth/policy.ts';
import { demoData } from '../../src/server/db/seed.ts';
import { serverForTests } from './file-server.ts';
import { at } from '../at.ts';

const demo = demoData();
const t = serverForTests({ demoOrders: 0 });

type Row = { ID: number; product_id: number; offer_id: number; name: string; offer: { ID: number; offer_id: number; name: string } | null };
const list = async (token?: string) => {
  const r = await t.api('GET', '/api/v1/products', token ? { token } : {});
  expect(r.status).toBe(200);
  return r.body as Row[];
};

describe('GET /api/v1/products', () => {
  it('lists every demo product with its offer, by offer then product ID', async () => {
    const rows = await list();
    expect(rows).toHaveLength(demo.products.length);
    for (const p of demo.products) {
      const o = demo.offers.find((x) => x.offer_id === p.offer_id);
      expect(rows.find((r) => r.ID === p.ID)).toMatchObject({ name: p.name, offer_id: p.offer_id, offer: { ID: o?.ID, offer_id: o?.offer_id, name: o?.name } });
    }
    const order = rows.map((r) => [r.offer?.ID ?? 0, r.ID] as const);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
  });

  it("shows a new offer's new product and drops a deleted one", async () => {
    const offer = await t.api('POST', '/api/v1/offers', {
      body: { offer_id: '40401', ef_offer_id: '', name: 'ListTest Offer', platform: 'sticky', store_id: 1 },
    });
    expect(offer.status).toBe(201);
    const made = await t.api('POST', '/api/v1/products', {
      body: {
        offer_id: 40401,
        name: 'ListTest Cream',
        description: 'A cream',
        sku: 'LT-CR-1',
        cost_of_goods: '1',
        product_price: '9.99',
        shipping_weight: '0.2',
      },
    });
    expect(made.status).toBe(201);
    const id = (made.body as { ID: number }).ID;
    const rows = await list();
    expect(at(rows, rows.length - 1, 'last row')).toMatchObject({
      ID: id,
      name: 'ListTest Cream',
      max_quantity: 100,
      offer: { offer_id: 40401, name: 'ListTest Offer' },
    });
    expect((await t.api('DELETE', `/api/v1/products/${id}`)).status).toBe(200);
    expect((await list()).some((r) => r.ID === id)).toBe(false);
  });

  it('is a product read: an operator reads it, the sticky account is refused', async () => {
    expect((await list(await t.tokenOf('operator'))).length).toBeGreaterThan(0);
    const r = await t.api('GET', '/api/v1/products', { token: await t.tokenOf('sticky') });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: forbiddenMessage('sticky', 'products.read') });
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await t.api('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, { operationId?: string }>> };
    expect(doc.paths['/api/v1/products']?.get?.operationId).toBe('listProducts');
  });
});

/**
 * The server refuses what the offer, product and campaign screens refuse (001 §5,
 * §8; 000 §5, §8): an offer replaced with a bad id, a bad Everflow id, a blank name or 29next
 * without a store gets the seed's message (422); a delete takes the offer's products with it;
 * an offer's own campaign (no funnel) added twice by id, or edited onto a sibling's id, is
 * 'Campaign [id] already added' (409); campaigns created from an offer without a funnel belong
 * to the offer. Real server on in-memory PGlite, real tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/model/messages.ts';
import { startTestServer, stickyOfferBody, type TestServer } from './helpers.ts';
import { expectOfferRefusals } from './offer-refusals.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 0 });
});
afterAll(async () => {
  await t?.close();
});

const offerBody = (over: Record<string, unknown> = {}) => stickyOfferBody('31001', 'Rules Offer', '', over);

describe('offer rules on replace and delete', () => {
  it("refuses a replace with the offer form's messages and keeps the offer", async () => {
    const made = await t.api('POST', '/api/v1/offers', { body: offerBody() });
    expect(made.status).toBe(201);
    const id = (made.body as { ID: number }).ID;
    await expectOfferRefusals(t, 'PUT', `/api/v1/offers/${id}`, offerBody);
    const list = (await t.api('GET', '/api/v1/offers')).body as { ID: number; offer_id: number; name: string }[];
    expect(list.find((o) => o.ID === id)).toMatchObject({ offer_id: 31001, name: 'Rules Offer' });
    const ok = await t.api('PUT', `/api/v1/offers/${id}`, { body: offerBody({ platform: '29next', store_id: 2 }) });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ platform: '29next', store: { ID: 2 } });
  });

  it('deletes an unused offer with its products', async () => {
    const made = await t.api('POST', '/api/v1/offers', { body: offerBody({ offer_id: '31002', name: 'Doomed Offer' }) });
    const id = (made.body as { ID: number }).ID;
    const p = await t.api('POST', '/api/v1/products', {
      body: {
        offer_id: 31002,
        name: 'Doomed Product',
        description: 'x',
        sku: 'DOOM-1',
        cost_of_goods: '1',
        product_price: '2',
        shipping_weight: '0',
      },
    });
    expect(p.status).toBe(201);
    expect((await t.api('DELETE', `/api/v1/offers/${id}`)).status).toBe(200);
    expect((await t.api('GET', `/api/v1/products/${(p.body as { ID: number }).ID}`)).status).toBe(404);
    expect(((await t.api('GET', '/api/v1/products')).body as { name: string }[]).some((r) => r.name === 'Doomed Product')).toBe(false);
  });
});

describe("an offer's own campaigns", () => {
  it("refuses a second campaign id of the offer (add and edit) with 'Campaign [id] already added'", async () => {
    const made = await t.api('POST', '/api/v1/offers', { body: offerBody({ offer_id: '31003', name: 'Campaign Offer' }) });
    const offerRow = (made.body as { ID: number }).ID;
    const add = (campaign_id: string) =>
      t.api('POST', '/api/v1/campaigns', { body: { campaign_id, offer_id: 31003, funnel_id: null, regions: ['US'], fulfillment: 'Ecomm' } });
    const a = await add('41001');
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ campaign_id: 41001, offer_id: 31003, funnel_id: null });
    const dup = await add('41001');
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ message: MSG.campaignAdded(41001) });
    const b = await add('41002');
    const put = await t.api('PUT', `/api/v1/campaigns/${(b.body as { ID: number }).ID}`, {
      body: { campaign_id: '41001', offer_id: 31003, funnel_id: null, regions: ['US'], fulfillment: 'Ecomm' },
    });
    expect(put.status).toBe(409);
    expect(put.body).toEqual({ message: MSG.campaignAdded(41001) });
    const bad = await add('4100x');
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ message: MSG.onlyNumbers });
    const camps = await t.api('POST', '/api/v1/campaigns/camps', {
      body: { offer_id: 31003, funnel_id: null, regions: ['US', 'UK'], fulfillment: 'Ecomm', sufix: 'Klaviyo' },
    });
    expect(camps.status).toBe(201);
    const listed = (await t.api('GET', `/api/v1/offers/${offerRow}/campaigns`)).body as { campaign_id: number; funnel_id: number | null; sufix: string }[];
    expect(listed).toHaveLength(4);
    expect(listed.every((c) => c.funnel_id === null)).toBe(true);
    expect(listed.filter((c) => c.sufix === 'Klaviyo')).toHaveLength(2);
  });
});

/**
 * Idempotent creates (the build wizard's sequence):
 * every create call of the wizard — offer, funnel, domain, campaign, page — sent again with
 * the same `Idempotency-Key` and body (a retry after a lost answer) replays the first answer
 * and creates nothing twice; the same key with another body is refused (422); without a key
 * the second create is the seeds' duplicate message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, WRITE_MSG } from '../../src/model/messages.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 10 });
});
afterAll(async () => {
  await t?.close();
});

const key = (k: string) => ({ 'Idempotency-Key': `idem-test:${k}` });

describe('creates with an Idempotency-Key', () => {
  it('offer: a replay answers the first offer (no 409, one row); another body is refused; no key is 409', async () => {
    const body = { offer_id: 77301, ef_offer_id: 501, name: 'Idem offer', platform: 'sticky', store_id: null };
    const a = await t.api('POST', '/api/v1/offers/create/', { body, headers: key('offer') });
    expect(a.status).toBe(201);
    const b = await t.api('POST', '/api/v1/offers/create/', { body, headers: key('offer') });
    expect(b.status).toBe(201);
    expect(b.headers.get('Idempotent-Replayed')).toBe('true');
    expect(b.body).toEqual(a.body);
    const list = (await t.api('GET', '/api/v1/offers')).body as { offer_id: number }[];
    expect(list.filter((o) => o.offer_id === 77301)).toHaveLength(1);
    const other = await t.api('POST', '/api/v1/offers/create/', { body: { ...body, name: 'Other' }, headers: key('offer') });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: WRITE_MSG.idempotencyBody });
    const noKey = await t.api('POST', '/api/v1/offers/create/', { body });
    expect(noKey.status).toBe(409);
    expect(noKey.body).toEqual({ message: MSG.offerExists(77301) });
  });

  it('funnel, domain, campaign and page: replays create nothing twice', async () => {
    const f1 = await t.api('POST', '/api/v1/funnels', { body: { name: 'Idem funnel', offer: 77301 }, headers: key('funnel') });
    const f2 = await t.api('POST', '/api/v1/funnels', { body: { name: 'Idem funnel', offer: 77301 }, headers: key('funnel') });
    expect(f1.status).toBe(201);
    expect(f2.body.ID).toBe(f1.body.ID);
    const funnelId = f1.body.ID as number;
    const funnels = (await t.api('GET', '/api/v1/funnels')).body as { name: string }[];
    expect(funnels.filter((f) => f.name === 'Idem funnel')).toHaveLength(1);

    const roots = (await t.api('GET', '/api/v1/domains/?all=true')).body as { ID: number; domain_id: number | null }[];
    const parent = roots.find((d) => d.domain_id == null);
    expect(parent).toBeDefined();
    const dBody = { name: 'idem-sub', funnel_id: funnelId, domain_id: parent?.ID };
    const d1 = await t.api('POST', '/api/v1/domains/?sync=false', { body: dBody, headers: key('domain') });
    const d2 = await t.api('POST', '/api/v1/domains/?sync=false', { body: dBody, headers: key('domain') });
    expect(d1.status).toBe(201);
    expect(d2.status).toBe(201);
    expect(d2.headers.get('Idempotent-Replayed')).toBe('true');
    expect(d2.body.ID).toBe(d1.body.ID);
    expect((await t.api('GET', `/api/v1/funnels/${funnelId}/domains`)).body).toHaveLength(1);
    // The key is bound to ?sync= too: the same body with another sync is another request.
    expect((await t.api('POST', '/api/v1/domains/?sync=true', { body: dBody, headers: key('domain') })).status).toBe(422);
    const dNoKey = await t.api('POST', '/api/v1/domains/?sync=false', { body: dBody });
    expect(dNoKey.status).toBe(409);

    const cBody = { campaign_id: 42101, funnel_id: funnelId, regions: ['US'], fulfillment: 'Ecomm' };
    const c1 = await t.api('POST', '/api/v1/campaigns', { body: cBody, headers: key('campaign') });
    const c2 = await t.api('POST', '/api/v1/campaigns', { body: cBody, headers: key('campaign') });
    expect(c1.status).toBe(201);
    expect(c2.status).toBe(201);
    expect(c2.body.ID).toBe(c1.body.ID);
    expect((await t.api('GET', `/api/v1/funnels/${funnelId}/campaigns`)).body).toHaveLength(1);
    const cNoKey = await t.api('POST', '/api/v1/campaigns', { body: cBody });
    expect(cNoKey.body).toEqual({ message: MSG.campaignAdded(42101) });

    const pBody = { funnel_id: funnelId, name: 'Checkout', page_type: 'checkout', page_path: '/checkout/', template_id: null };
    const p1 = await t.api('POST', '/api/v1/pages', { body: pBody, headers: key('page') });
    const p2 = await t.api('POST', '/api/v1/pages', { body: pBody, headers: key('page') });
    expect(p1.status).toBe(201);
    expect(p2.body.ID).toBe(p1.body.ID);
    expect((await t.api('GET', `/api/v1/funnels/${funnelId}/pages`)).body).toHaveLength(1);
  });

  it("a key is the user's own: another user's same key creates (and is refused as a duplicate)", async () => {
    const operator = await t.tokenOf('operator');
    const body = { offer_id: 77302, ef_offer_id: null, name: 'Idem offer 2', platform: 'sticky', store_id: null };
    expect((await t.api('POST', '/api/v1/offers/create/', { body, headers: key('offer-2') })).status).toBe(201);
    const other = await t.api('POST', '/api/v1/offers/create/', { body, token: operator, headers: key('offer-2') });
    expect(other.status).toBe(409);
  });
});

/**
 * What hangs off a funnel: campaigns (000 §5, §7), blockers, pixels, scrubs (001 §5, §7),
 * the funnel clone copying them, and the lock: a locked funnel refuses every change to
 * what hangs off it with 423 until unlocked.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/model/messages.ts';
import { RMSG } from '../../src/model/fields.ts';
import { demoData } from '../../src/server/db/seed.ts';
import { serverForTests } from './file-server.ts';
import { at } from '../at.ts';

const demo = demoData();
const t = serverForTests({ demoOrders: 100 });

const LOCKED = 3; // the demo's locked funnel
const campaign = (over: Record<string, unknown> = {}) => ({ campaign_id: '45001', funnel_id: 2, regions: ['US'], fulfillment: 'Ecomm', ...over });

describe('campaigns', () => {
  it("lists a funnel's campaigns with both seeds' field names, and reads one", async () => {
    const r = await t.api('GET', '/api/v1/funnels/1/campaigns');
    expect(r.status).toBe(200);
    expect(r.body.map((c: { campaign_id: number }) => c.campaign_id)).toEqual(demo.campaigns.filter((c) => c.funnel_id === 1).map((c) => c.campaign_id));
    expect(r.body[0]).toMatchObject({
      campaign_name: 'GlowSkin US Network',
      name: 'GlowSkin US Network',
      country_code: 'US',
      country: 'US',
      shipping_name: 'Standard Shipping',
      regions: ['US'],
    });
    const one = await t.api('GET', `/api/v1/campaigns/${r.body[0].ID}`);
    expect(one.body).toEqual(r.body[0]);
    expect((await t.api('GET', '/api/v1/campaigns/999999')).body).toEqual({ message: 'Campaign not found' });
    expect((await t.api('GET', '/api/v1/funnels/999/campaigns')).status).toBe(404);
  });

  it("checks the campaign id with the seed's messages", async () => {
    const cases: [unknown, string][] = [
      [undefined, MSG.campaignId],
      ['', MSG.campaignId],
      ['  ', MSG.campaignId],
      ['12a', MSG.onlyNumbers],
      ['-1', MSG.onlyNumbers],
      ['1.5', MSG.onlyNumbers],
      ['123456', RMSG.campaignIdLength],
      [true, MSG.campaignId],
    ];
    for (const [campaign_id, message] of cases) {
      const r = await t.api('POST', '/api/v1/campaigns', { body: campaign({ campaign_id }) });
      expect(r.status, String(campaign_id)).toBe(422);
      expect(r.body, String(campaign_id)).toEqual({ message });
    }
    const orphan = await t.api('POST', '/api/v1/campaigns', { body: { campaign_id: '45001', regions: ['US'], fulfillment: 'Ecomm' } });
    expect(orphan.body).toEqual({ message: RMSG.campaignOwner });
  });

  it("adds a campaign by id, refuses the duplicate with 'Campaign [id] already added', edits and deletes it", async () => {
    const r = await t.api('POST', '/api/v1/campaigns', { body: campaign({ campaign_name: 'PureBrite CA', country_code: 'CA', fulfillment: 'SRLC' }) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      campaign_id: 45001,
      funnel_id: 2,
      offer_id: at(demo.funnels, 1, 'demo funnel').offer,
      name: 'PureBrite CA',
      fulfillment: 'SRLC',
    });
    const dup = await t.api('POST', '/api/v1/campaigns', { body: campaign({ campaign_id: 45001 }) });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ message: MSG.campaignAdded(45001) });
    // The same id in another funnel is fine.
    expect((await t.api('POST', '/api/v1/campaigns', { body: campaign({ funnel_id: 1 }) })).status).toBe(201);
    const put = await t.api('PUT', `/api/v1/campaigns/${r.body.ID}`, {
      body: campaign({ campaign_id: '45002', campaign_name: 'Renamed', regions: ['CA', 'UK'] }),
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ campaign_id: 45002, name: 'Renamed', regions: ['CA', 'UK'] });
    const clash = await t.api('PUT', `/api/v1/campaigns/${r.body.ID}`, { body: campaign({ campaign_id: at(demo.campaigns, 3, 'demo campaign').campaign_id }) });
    expect(clash.body).toEqual({ message: MSG.campaignAdded(at(demo.campaigns, 3, 'demo campaign').campaign_id) });
    expect((await t.api('PUT', '/api/v1/campaigns/999999', { body: campaign() })).status).toBe(404);
    expect((await t.api('DELETE', `/api/v1/campaigns/${r.body.ID}`)).body).toEqual({ message: 'Campaign deleted', ID: r.body.ID });
    expect((await t.api('DELETE', `/api/v1/campaigns/${r.body.ID}`)).status).toBe(404);
  });

  it('refuses unknown references', async () => {
    expect((await t.api('POST', '/api/v1/campaigns', { body: campaign({ funnel_id: 9999 }) })).body).toEqual({ message: 'Funnel not found' });
    expect((await t.api('POST', '/api/v1/campaigns', { body: campaign({ funnel_id: null, offer_id: 77777 }) })).body).toEqual({ message: 'Offer not found' });
    expect((await t.api('POST', '/api/v1/campaigns', { body: campaign({ shipping_id: 999 }) })).body).toEqual({ message: 'Shipping not found' });
    expect((await t.api('POST', '/api/v1/campaigns', { body: campaign({ sufix: 'Nope' }) })).body).toEqual({ message: RMSG.sufix });
  });

  it('creates campaigns from an offer, one per region with platform ids (regions and fulfillment required)', async () => {
    const offer = at(demo.offers, 3, 'demo offer');
    const none = await t.api('POST', '/api/v1/campaigns/camps', { body: { offer_id: offer.offer_id, regions: [], fulfillment: 'Ecomm' } });
    expect(none.body).toEqual({ message: RMSG.regions });
    const noFul = await t.api('POST', '/api/v1/campaigns/camps', { body: { offer_id: offer.offer_id, regions: ['US'] } });
    expect(noFul.body).toEqual({ message: RMSG.fulfillment });
    const r = await t.api('POST', '/api/v1/campaigns/camps', {
      body: { offer_id: offer.offer_id, regions: ['US', 'PP', 'UK'], fulfillment: 'Ecomm', sufix: 'Klaviyo' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toHaveLength(3);
    expect(r.body.map((c: { country_code: string; payment_method: string }) => [c.country_code, c.payment_method])).toEqual([
      ['US', 'card'],
      ['US', 'paypal'],
      ['GB', 'card'],
    ]);
    expect(r.body[0].name).toBe(`${offer.name} US Klaviyo`);
    const ids = r.body.map((c: { campaign_id: number }) => c.campaign_id);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(String(id)).toMatch(/^\d{1,5}$/);
    const offerCamps = await t.api('GET', `/api/v1/offers/${offer.ID}/campaigns`);
    expect(offerCamps.body.map((c: { campaign_id: number }) => c.campaign_id)).toEqual(expect.arrayContaining(ids));
  });

  it('sets the fulfillment of campaigns by platform id; an unknown id changes nothing', async () => {
    const ids = [at(demo.campaigns, 0, 'demo campaign').campaign_id, at(demo.campaigns, 1, 'demo campaign').campaign_id];
    const r = await t.api('POST', '/api/v1/campaigns/fulfillment', { body: { campaigns_id: ids, fulfillment_id: 'SRLC' } });
    expect(r.status).toBe(200);
    expect(r.body.updated).toBeGreaterThanOrEqual(2);
    const after = (await t.api('GET', '/api/v1/funnels/1/campaigns')).body;
    for (const id of ids) expect(after.find((c: { campaign_id: number }) => c.campaign_id === id).fulfillment).toBe('SRLC');
    const bad = await t.api('POST', '/api/v1/campaigns/fulfillment', {
      body: { campaigns_id: [at(demo.campaigns, 2, 'demo campaign').campaign_id, 99998], fulfillment_id: 'Ecomm' },
    });
    expect(bad.status).toBe(404);
    expect(bad.body).toEqual({ message: 'Campaign 99998 not found' });
    expect((await t.api('GET', `/api/v1/campaigns/${at(demo.campaigns, 2, 'demo campaign').ID}`)).body.fulfillment).toBe(
      at(demo.campaigns, 2, 'demo campaign').fulfillment,
    );
    expect((await t.api('POST', '/api/v1/campaigns/fulfillment', { body: { campaigns_id: 12001, fulfillment_id: 'Mars' } })).body).toEqual({
      message: RMSG.fulfillment,
    });
  });
});

describe('blockers', () => {
  it('lists, creates, edits and deletes with the block form rules', async () => {
    expect((await t.api('GET', '/api/v1/funnels/1/blockers')).body).toHaveLength(2);
    expect((await t.api('POST', '/api/v1/blockers', { body: { funnel_id: 2 } })).body).toEqual({ message: RMSG.blockerEmpty });
    expect((await t.api('POST', '/api/v1/blockers', { body: { funnel_id: 2, user_ip: '300.1.1.1' } })).body).toEqual({ message: RMSG.ip });
    expect((await t.api('POST', '/api/v1/blockers', { body: { funnel_id: 2, user_email: 'nope' } })).body).toEqual({ message: MSG.email });
    expect((await t.api('POST', '/api/v1/blockers', { body: { funnel_id: 2, user_country: 'usa' } })).body).toEqual({ message: RMSG.country });
    expect((await t.api('POST', '/api/v1/blockers', { body: { funnel_id: 2, user_ip: '1.2.3.4', order_decline_limit: -1 } })).body).toEqual({
      message: RMSG.declineLimit,
    });
    const r = await t.api('POST', '/api/v1/blockers', { body: { funnel_id: 2, user_ip: '2001:db8::7', order_decline_limit: '5' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ funnel_id: 2, user_ip: '2001:db8::7', order_decline_limit: 5 });
    const put = await t.api('PUT', `/api/v1/blockers/${r.body.ID}`, { body: { user_phone: '+1 (555) 010-2000' } });
    expect(put.body).toMatchObject({ user_ip: '', user_phone: '+1 (555) 010-2000', order_decline_limit: null });
    expect((await t.api('DELETE', `/api/v1/blockers/${r.body.ID}`)).status).toBe(200);
    expect((await t.api('DELETE', `/api/v1/blockers/${r.body.ID}`)).body).toEqual({ message: 'Blocker not found' });
    expect((await t.api('POST', '/api/v1/blockers', { body: { funnel_id: 999, user_ip: '1.2.3.4' } })).status).toBe(404);
  });
});

describe('pixels', () => {
  it("answers 'No body provided' to an empty create, and checks name, location, code and page", async () => {
    for (const body of [undefined, '', '{}', 'null']) {
      const r = await t.api('POST', '/api/v1/pixels', { body, headers: { 'Content-Type': 'application/json' } });
      expect(r.status, String(body)).toBe(400);
      expect(r.body).toEqual({ message: MSG.noBody });
    }
    const base = { funnel_id: 1, page: 2, name: 'TikTok', location: 'head', code: '<script>ttq()</script>' };
    expect((await t.api('POST', '/api/v1/pixels', { body: { ...base, name: '' } })).body).toEqual({ message: RMSG.pixelName });
    expect((await t.api('POST', '/api/v1/pixels', { body: { ...base, location: 'footer' } })).body).toEqual({ message: RMSG.pixelLocation });
    expect((await t.api('POST', '/api/v1/pixels', { body: { ...base, code: ' ' } })).body).toEqual({ message: RMSG.pixelCode });
    expect((await t.api('POST', '/api/v1/pixels', { body: { ...base, page: undefined } })).body).toEqual({ message: RMSG.pixelPages });
    expect((await t.api('POST', '/api/v1/pixels', { body: { ...base, page: 7 } })).body).toEqual({ message: 'The page is not a page of this funnel' });
  });

  it('stores the code with double quotes as single quotes and no line breaks, one pixel per page', async () => {
    const code = '<script src="https://px.example.com/p.js">\r\n  px("init", "42");\n</script>';
    const ids: number[] = [];
    for (const page of [1, 2]) {
      const r = await t.api('POST', '/api/v1/pixels', { body: { funnel_id: 1, page, name: 'Px', aff_id: '1001', location: 'body', code } });
      expect(r.status).toBe(201);
      expect(r.body.code).toBe("<script src='https://px.example.com/p.js'>  px('init', '42');</script>");
      expect(r.body.pageIds).toEqual([page]);
      ids.push(r.body.ID);
    }
    const put = await t.api('PUT', `/api/v1/pixels/${ids[0]}`, { body: { page: 3, name: 'Px2', location: 'head', code: 'a"b\nc' } });
    expect(put.body).toMatchObject({ page: 3, name: 'Px2', code: "a'bc" });
    for (const id of ids) expect((await t.api('DELETE', `/api/v1/pixels/${id}`)).status).toBe(200);
    expect((await t.api('PUT', `/api/v1/pixels/${ids[0]}`, { body: { page: 3, name: 'x', location: 'head', code: 'x' } })).status).toBe(404);
  });
});

describe('scrubs', () => {
  it('requires an affiliate id unless global, percent 0–100, one per affiliate', async () => {
    expect((await t.api('POST', '/api/v1/scrubs', { body: { funnel_id: 2, scrub_pct: 10 } })).body).toEqual({ message: MSG.affiliateId });
    expect((await t.api('POST', '/api/v1/scrubs', { body: { funnel_id: 2, affiliate_id: '12345', scrub_pct: 10 } })).body).toEqual({
      message: RMSG.affiliateIdLength,
    });
    expect((await t.api('POST', '/api/v1/scrubs', { body: { funnel_id: 2, affiliate_id: '12a', scrub_pct: 10 } })).body).toEqual({ message: MSG.onlyNumbers });
    expect((await t.api('POST', '/api/v1/scrubs', { body: { funnel_id: 2, affiliate_id: '77' } })).body).toEqual({ message: RMSG.scrubPct });
    expect((await t.api('POST', '/api/v1/scrubs', { body: { funnel_id: 2, affiliate_id: '77', scrub_pct: 101 } })).body).toEqual({
      message: RMSG.scrubPctRange,
    });
    const r = await t.api('POST', '/api/v1/scrubs', { body: { funnel_id: 2, affiliate_id: '77', affiliate_name: 'Seven', scrub_pct: '30' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ affiliate_id: '77', scrub_pct: 30, global: false });
    const dup = await t.api('POST', '/api/v1/scrubs', { body: { funnel_id: 2, affiliate_id: '77', scrub_pct: 5 } });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ message: 'Scrub for affiliate 77 already exists' });
    const g = await t.api('POST', '/api/v1/scrubs', { body: { funnel_id: 2, global: true, scrub_pct: 5, affiliate_id: '99' } });
    expect(g.body).toMatchObject({ global: true, affiliate_id: '' });
    expect((await t.api('POST', '/api/v1/scrubs', { body: { funnel_id: 2, global: true, scrub_pct: 6 } })).body).toEqual({
      message: 'A global scrub already exists for this funnel',
    });
    expect((await t.api('PUT', `/api/v1/scrubs/${r.body.ID}`, { body: { affiliate_id: '78', scrub_pct: 0 } })).body).toMatchObject({
      affiliate_id: '78',
      scrub_pct: 0,
    });
    expect((await t.api('GET', '/api/v1/funnels/2/scrubs')).body).toHaveLength(3);
    expect((await t.api('DELETE', `/api/v1/scrubs/${g.body.ID}`)).status).toBe(200);
  });
});

describe('funnel clone', () => {
  it('copies pages (links remapped), campaigns, pixels (on the page copies) and scrubs', async () => {
    const src = 1;
    const [campaigns, pixels, scrubs, pages] = await Promise.all(
      ['campaigns', 'pixels', 'scrubs', 'pages'].map(async (k) => (await t.api('GET', `/api/v1/funnels/${src}/${k}`)).body),
    );
    const r = await t.api('POST', `/api/v1/funnels/${src}/clone`, { body: { name: 'GlowSkin – Copy' } });
    expect(r.status).toBe(201);
    const id = r.body.ID;
    const copy = Object.fromEntries(
      await Promise.all(['campaigns', 'pixels', 'scrubs', 'pages'].map(async (k) => [k, (await t.api('GET', `/api/v1/funnels/${id}/${k}`)).body])),
    );
    const strip = (list: Record<string, unknown>[], ...keys: string[]) =>
      list.map((x) => Object.fromEntries(Object.entries(x).filter(([k]) => !keys.includes(k))));
    expect(strip(copy.campaigns, 'ID', 'funnel_id')).toEqual(strip(campaigns, 'ID', 'funnel_id'));
    expect(strip(copy.scrubs, 'ID', 'funnel_id')).toEqual(strip(scrubs, 'ID', 'funnel_id'));
    const pageMap = new Map<number, number>(pages.map((p: { ID: number; page_path: string }, i: number) => [p.ID, copy.pages[i].ID]));
    expect(copy.pixels.map((p: { page: number; name: string }) => [p.page, p.name])).toEqual(
      pixels.map((p: { page: number; name: string }) => [pageMap.get(p.page), p.name]),
    );
    expect(r.body.page_id).toBe(pageMap.get(at(demo.funnels, 0, 'demo funnel').page_id!));
    // The copies are independent: deleting the clone leaves the source intact.
    expect((await t.api('DELETE', `/api/v1/funnels/${id}`)).status).toBe(200);
    expect((await t.api('GET', `/api/v1/funnels/${src}/campaigns`)).body).toEqual(campaigns);
    expect((await t.api('POST', '/api/v1/funnels/9999/clone', { body: { name: 'x' } })).body).toEqual({ message: MSG.sourceFunnelNotFound });
  });
});

describe('a locked funnel', () => {
  it('refuses changes to everything hanging off it with 423, and accepts them once unlocked', async () => {
    const camps = (await t.api('GET', `/api/v1/funnels/${LOCKED}/campaigns`)).body;
    const pages = (await t.api('GET', `/api/v1/funnels/${LOCKED}/pages`)).body;
    const domains = (await t.api('GET', `/api/v1/funnels/${LOCKED}/domains`)).body;
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/v1/campaigns', campaign({ funnel_id: LOCKED })],
      ['PUT', `/api/v1/campaigns/${camps[0].ID}`, campaign({ funnel_id: LOCKED, campaign_id: camps[0].campaign_id })],
      ['DELETE', `/api/v1/campaigns/${camps[0].ID}`, undefined],
      ['POST', '/api/v1/campaigns/fulfillment', { campaigns_id: camps[0].campaign_id, fulfillment_id: 'Ecomm' }],
      ['POST', '/api/v1/campaigns/camps', { offer_id: at(demo.funnels, 2, 'demo funnel').offer, funnel_id: LOCKED, regions: ['DE'], fulfillment: 'Ecomm' }],
      ['POST', '/api/v1/blockers', { funnel_id: LOCKED, user_ip: '1.1.1.1' }],
      ['POST', '/api/v1/pixels', { funnel_id: LOCKED, page: pages[0].ID, name: 'x', location: 'head', code: 'x' }],
      ['POST', '/api/v1/scrubs', { funnel_id: LOCKED, affiliate_id: '5', scrub_pct: 5 }],
      ['POST', '/api/v1/pages', { funnel_id: LOCKED, name: 'New', page_type: 'presell', page_path: '/new/', template_id: null }],
      ['PUT', `/api/v1/domains/${domains[0].ID}`, { under_attack: true }],
      ['DELETE', `/api/v1/domains/${domains[0].ID}`, undefined],
      ['POST', '/api/v1/domains/', { name: 'x', funnel_id: LOCKED, domain_id: 2 }],
      ['DELETE', '/api/v1/images/3/a.png', undefined],
    ];
    for (const [method, p, body] of attempts) {
      const r = await t.api(method, p, { body });
      expect(r.status, `${method} ${p}`).toBe(423);
      expect(r.body, `${method} ${p}`).toEqual({ message: MSG.locked });
    }
    const up = await t.upload(`/api/v1/images/${LOCKED}`, [
      { name: 'a.gif', data: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64') },
    ]);
    expect(up.status).toBe(423);
    expect((await t.api('GET', `/api/v1/funnels/${LOCKED}/campaigns`)).body).toEqual(camps);
    // Unlock: the same changes go through.
    expect((await t.api('PUT', `/api/v1/funnels/${LOCKED}/lock`, { body: { locked: false } })).status).toBe(200);
    expect((await t.api('POST', '/api/v1/blockers', { body: { funnel_id: LOCKED, user_ip: '1.1.1.1' } })).status).toBe(201);
    expect((await t.api('DELETE', `/api/v1/campaigns/${camps[0].ID}`)).status).toBe(200);
    expect((await t.api('PUT', `/api/v1/funnels/${LOCKED}/lock`, { body: { locked: true } })).status).toBe(200);
  });
});

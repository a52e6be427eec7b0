/**
 * The catalogue and the admin screens: offers (all create paths), products (+ bundle),
 * categories (odd paths, import), stores, shippings (+ sync), templates (create, delete,
 * layouts, streamed sync), dashboard, users and roles (sign-in at once, demote/delete take
 * effect on the next request).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/model/messages.ts';
import { RMSG } from '../../src/model/fields.ts';
import { getToken } from '../../src/server/auth/headless-login.ts';
import { forbiddenMessage } from '../../src/server/auth/policy.ts';
import { demoData, DEMO_USERS } from '../../src/server/db/seed.ts';
import { LAYOUTS } from '../../src/server/publish/defaults.ts';
import { startTestServer, stickyOfferBody, type TestServer } from './helpers.ts';
import { expectOfferRefusals } from './offer-refusals.ts';
import { configureApi } from '../../src/api/index.ts';
import { campaignReads } from '../../src/api/campaigns.ts';
import { productReads } from '../../src/api/products.ts';
import { at } from '../at.ts';

let t: TestServer;
const demo = demoData();
/** The demo's first offer (GlowSkin). */
const firstOffer = at(demo.offers, 0, 'demo offer');
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 500 });
});
afterAll(async () => {
  await t?.close();
});

const offerBody = (over: Record<string, unknown> = {}) => stickyOfferBody('30001', 'SmileBright Strips', '901', over);
const productBody = (over: Record<string, unknown> = {}) => ({
  offer_id: firstOffer.offer_id,
  name: 'GlowSkin Toner',
  description: 'A gentle toner',
  sku: 'GS-TON-100',
  cost_of_goods: '3.20',
  product_price: '19.99',
  shipping_weight: '0.3',
  ...over,
});

describe('offers', () => {
  it("validates the offer form with the seed's messages", async () => {
    await expectOfferRefusals(t, 'POST', '/api/v1/offers', offerBody);
    expect((await t.api('POST', '/api/v1/offers', { body: offerBody({ store_id: 99 }) })).body).toEqual({ message: 'Store not found' });
  });

  it("creates through POST /offers, /offers/create/ and /offers/create/{id}; a duplicate is 'Offer [id] already exists'", async () => {
    const a = await t.api('POST', '/api/v1/offers', { body: offerBody() });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ offer_id: 30001, ef_offer_id: 901, platform: 'sticky', store: { ID: 1 } });
    const dup = await t.api('POST', '/api/v1/offers/create/', { body: offerBody({ ef_offer_id: '' }) });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ message: MSG.offerExists(30001) });
    const b = await t.api('POST', '/api/v1/offers/create/', { body: offerBody({ offer_id: 30002, ef_offer_id: null, platform: '29next', store_id: 2 }) });
    expect(b.body).toMatchObject({ offer_id: 30002, ef_offer_id: null, store: { ID: 2 } });
    const c = await t.api('POST', '/api/v1/offers/create/30003', { body: { name: 'By path', platform: 'sticky' } });
    expect(c.body).toMatchObject({ offer_id: 30003, name: 'By path' });
    expect((await t.api('POST', '/api/v1/offers/create/30003', { body: { name: 'Again', platform: 'sticky' } })).body).toEqual({
      message: MSG.offerExists(30003),
    });
    expect((await t.api('POST', '/api/v1/offers/create/123456', { body: { name: 'Long', platform: 'sticky' } })).body).toEqual({ message: MSG.onlyNumbers });
  });

  it('replaces an offer (its new id follows to products) and deletes an unused one; a used one is refused', async () => {
    const list = (await t.api('GET', '/api/v1/offers')).body;
    const mine = list.find((o: { offer_id: number }) => o.offer_id === 30001);
    const p = await t.api('POST', '/api/v1/products', { body: productBody({ offer_id: 30001 }) });
    expect(p.status).toBe(201);
    const put = await t.api('PUT', `/api/v1/offers/${mine.ID}`, { body: offerBody({ offer_id: '30011', name: 'Renamed' }) });
    expect(put.body).toMatchObject({ offer_id: 30011, name: 'Renamed' });
    expect((await t.api('GET', '/api/v1/products/offer/30011')).body.map((x: { ID: number }) => x.ID)).toEqual([p.body.ID]);
    expect((await t.api('PUT', `/api/v1/offers/${mine.ID}`, { body: offerBody({ offer_id: firstOffer.offer_id }) })).body).toEqual({
      message: MSG.offerExists(firstOffer.offer_id),
    });
    const used = await t.api('DELETE', '/api/v1/offers/1');
    expect(used.status).toBe(409);
    expect((await t.api('DELETE', `/api/v1/offers/${mine.ID}`)).body).toEqual({ message: 'Offer deleted', ID: mine.ID });
    expect((await t.api('GET', `/api/v1/products/${p.body.ID}`)).status).toBe(404);
    expect((await t.api('DELETE', `/api/v1/offers/${mine.ID}`)).status).toBe(404);
  });
});

describe('products', () => {
  it("requires the product form's fields with 'Missing …' messages", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, MSG.productName],
      [{ description: undefined }, RMSG.description],
      [{ sku: ' ' }, RMSG.sku],
      [{ cost_of_goods: '' }, RMSG.costOfGoods],
      [{ product_price: undefined }, RMSG.price],
      [{ shipping_weight: '' }, RMSG.shippingWeight],
      [{ product_price: '-1' }, MSG.price],
      [{ product_price: 'abc' }, MSG.price],
      [{ billing_model: 9 }, RMSG.billingModel],
      [{ product_category: 'Cars' }, RMSG.vertical],
      [{ max_quantity: 0 }, RMSG.maxQuantity],
      [{ offer_id: undefined }, RMSG.selectOffer],
    ];
    for (const [over, message] of cases) {
      const r = await t.api('POST', '/api/v1/products', { body: productBody(over) });
      expect(r.status, JSON.stringify(over)).toBe(422);
      expect(r.body, JSON.stringify(over)).toEqual({ message });
    }
    expect((await t.api('POST', '/api/v1/products', { body: productBody({ offer_id: 77777 }) })).body).toEqual({ message: 'Offer not found' });
    expect((await t.api('POST', '/api/v1/products', { body: productBody({ shipping_id: 999 }) })).body).toEqual({ message: 'Shipping not found' });
  });

  it('creates (platform id, max quantity 100), reads, replaces and deletes; a duplicate platform id is 409', async () => {
    const r = await t.api('POST', '/api/v1/products', { body: productBody({ shipping_id: 2, billing_model: '3', product_category: 'Skin Care' }) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: 'GlowSkin Toner',
      max_quantity: 100,
      billing_model: 3,
      cost_of_goods: 3.2,
      product_price: 19.99,
      shipping: { ID: 2, name: 'Express Shipping' },
    });
    expect(r.body.product_id).toBeGreaterThan(Math.max(...demo.products.map((p) => p.product_id)));
    const dup = await t.api('POST', '/api/v1/products', { body: productBody({ product_id: String(r.body.product_id) }) });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ message: `Product ${r.body.product_id} already exists` });
    const put = await t.api('PUT', `/api/v1/products/${r.body.ID}`, { body: productBody({ name: 'Toner XL', max_quantity: 5 }) });
    expect(put.body).toMatchObject({ name: 'Toner XL', max_quantity: 5, product_id: r.body.product_id, shipping: null });
    const byFunnel = await t.api('GET', '/api/v1/funnels/1/products');
    expect(byFunnel.body.map((p: { ID: number }) => p.ID)).toContain(r.body.ID);
    expect((await t.api('DELETE', `/api/v1/products/${r.body.ID}`)).status).toBe(200);
    expect((await t.api('PUT', `/api/v1/products/${r.body.ID}`, { body: productBody() })).status).toBe(404);
  });

  it('creates a bundle of ≥ 2 products of the same offer', async () => {
    const ofOffer = demo.products.filter((p) => p.offer_id === firstOffer.offer_id);
    const a = at(ofOffer, 0, 'product of the offer');
    const b = at(ofOffer, 1, 'product of the offer');
    const other = demo.products.find((p) => p.offer_id !== firstOffer.offer_id)!;
    const base = { offer_id: firstOffer.offer_id, name: 'Glow Duo', sku: 'GS-DUO', product_price: 69.99 };
    expect((await t.api('POST', '/api/v1/products/bundle', { body: { ...base, items: [{ product_id: a.ID }] } })).body).toEqual({ message: RMSG.bundleItems });
    expect((await t.api('POST', '/api/v1/products/bundle', { body: { ...base, items: [{ product_id: a.ID }, { product_id: other.ID }] } })).body).toEqual({
      message: 'Bundle products must be products of the offer',
    });
    const r = await t.api('POST', '/api/v1/products/bundle', { body: { ...base, items: [{ product_id: a.ID, quantity: 2 }, { product_id: b.ID }] } });
    expect(r.status).toBe(201);
    expect(r.body.bundle).toEqual([
      { product_id: a.ID, quantity: 2 },
      { product_id: b.ID, quantity: 1 },
    ]);
  });
});

describe("the funnel page's Campaigns and Products tabs", () => {
  it("parse every demo funnel's campaigns and products with the model schemas (the reads the tabs make)", async () => {
    configureApi({ getToken: () => t.token }, t.url);
    for (const f of demo.funnels) {
      const campaigns = await campaignReads.funnelCampaigns(f.ID);
      expect(
        campaigns.map((c) => c.campaign_id),
        `funnel ${f.ID}`,
      ).toEqual(demo.campaigns.filter((c) => c.funnel_id === f.ID).map((c) => c.campaign_id));
      const products = await productReads.funnelProducts(f.ID);
      expect(products.length, `funnel ${f.ID}`).toBeGreaterThan(0);
      expect(new Set(products.map((p) => p.offer_id)), `funnel ${f.ID}`).toEqual(new Set([f.offer]));
    }
  });
});

describe('categories', () => {
  it("validates: name ('Missing Category Name'), sticky id digits ≤ 5, event ids digits ≤ 5", async () => {
    expect((await t.api('POST', '/api/v1/categories/create', { body: { sticky_id: '5' } })).body).toEqual({ message: MSG.categoryName });
    expect((await t.api('POST', '/api/v1/categories/create', { body: { name: 'Hair', sticky_id: '' } })).body).toEqual({ message: RMSG.stickyId });
    expect((await t.api('POST', '/api/v1/categories/create', { body: { name: 'Hair', sticky_id: 'x1' } })).body).toEqual({ message: MSG.onlyNumbers });
    expect((await t.api('POST', '/api/v1/categories/create', { body: { name: 'Hair', sticky_id: '123456' } })).body).toEqual({ message: RMSG.stickyIdLength });
    expect((await t.api('POST', '/api/v1/categories/create', { body: { name: 'Hair', sticky_id: '7', event_void: '1e3' } })).body).toEqual({
      message: MSG.onlyNumbers,
    });
  });

  it("creates, reads, updates and deletes on the odd paths; duplicates by name or sticky id are 409 with the seed's texts", async () => {
    const r = await t.api('POST', '/api/v1/categories/create', { body: { name: 'Hair', sticky_id: '7', event_order: '123', description: 'Hair care' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'Hair', sticky_id: 7, event_order: 123, event_refund: null });
    expect((await t.api('POST', '/api/v1/categories/create', { body: { name: 'hair', sticky_id: '8' } })).body).toEqual({
      message: MSG.categoryExists('hair'),
    });
    expect((await t.api('POST', '/api/v1/categories/create', { body: { name: 'Family', sticky_id: '7' } })).body).toEqual({ message: MSG.categoryIdExists(7) });
    expect((await t.api('GET', `/api/v1/categories/${r.body.ID}`)).body).toEqual(r.body);
    const up = await t.api('PUT', `/api/v1/categories/update/${r.body.ID}`, { body: { name: 'Hair & Scalp', sticky_id: 7 } });
    expect(up.body).toMatchObject({ name: 'Hair & Scalp', event_order: null });
    expect((await t.api('PUT', `/api/v1/categories/update/${r.body.ID}`, { body: { name: 'Skin Care', sticky_id: 7 } })).body).toEqual({
      message: MSG.categoryExists('Skin Care'),
    });
    expect((await t.api('PUT', '/api/v1/categories/update/9999', { body: { name: 'X', sticky_id: 70 } })).status).toBe(404);
    expect((await t.api('DELETE', `/api/v1/categories/${r.body.ID}`)).status).toBe(200);
    expect((await t.api('GET', `/api/v1/categories/${r.body.ID}`)).body).toEqual({ message: 'Category not found' });
  });

  it('imports a category of the platform by sticky id', async () => {
    const r = await t.api('POST', '/api/v1/categories/import', { body: { sticky_id: '108' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'Education', sticky_id: 108 });
    expect((await t.api('POST', '/api/v1/categories/import', { body: { sticky_id: 108 } })).body).toEqual({ message: MSG.categoryExists('Education') });
    expect((await t.api('POST', '/api/v1/categories/import', { body: { sticky_id: 999 } })).body).toEqual({
      message: 'Category 999 was not found on the platform',
    });
  });
});

describe('stores and shipping', () => {
  it('lists the stores of the platform', async () => {
    expect((await t.api('GET', '/api/v1/stores')).body).toEqual(demo.stores);
  });

  it('adds a method of the store by ID (≤ 3 digits), edits (name, description, price required), syncs and deletes', async () => {
    expect((await t.api('POST', '/api/v1/shippings', { body: {} })).body).toEqual({ message: RMSG.shippingId });
    expect((await t.api('POST', '/api/v1/shippings', { body: { ID: '1234' } })).body).toEqual({ message: RMSG.shippingIdLength });
    expect((await t.api('POST', '/api/v1/shippings', { body: { ID: '777' } })).body).toEqual({ message: 'Shipping 777 was not found in the store' });
    expect((await t.api('POST', '/api/v1/shippings', { body: { ID: 1 } })).body).toEqual({ message: 'Shipping 1 already added' });
    const r = await t.api('POST', '/api/v1/shippings', { body: { ID: '5' } });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ ID: 5, name: 'Overnight', description: 'FedEx Priority Overnight', price: 29.95, shipping_code: 'ON' });
    const own = await t.api('POST', '/api/v1/shippings', { body: { ID: 900, name: 'Pickup', description: 'At the warehouse', price: 0 } });
    expect(own.body).toMatchObject({ ID: 900, name: 'Pickup' });
    expect((await t.api('PUT', '/api/v1/shippings/5', { body: { name: '', description: 'x', price: 1 } })).body).toEqual({ message: RMSG.shippingName });
    expect((await t.api('PUT', '/api/v1/shippings/5', { body: { name: 'x', price: 1 } })).body).toEqual({ message: RMSG.description });
    expect((await t.api('PUT', '/api/v1/shippings/5', { body: { name: 'x', description: 'y' } })).body).toEqual({ message: RMSG.price });
    const edit = await t.api('PUT', '/api/v1/shippings/5', { body: { name: 'Next day', description: 'Cheaper', price: '24.50' } });
    expect(edit.body).toMatchObject({ name: 'Next day', price: 24.5 });
    const sync = await t.api('POST', '/api/v1/shippings/sync/5');
    expect(sync.body).toMatchObject({ name: 'Overnight', price: 29.95 });
    expect((await t.api('POST', '/api/v1/shippings/sync/900')).status).toBe(404);
    expect((await t.api('DELETE', '/api/v1/shippings/900')).status).toBe(200);
    expect((await t.api('GET', '/api/v1/shippings')).body.map((s: { ID: number }) => s.ID)).toEqual([1, 2, 3, 5]);
  });
});

describe('templates', () => {
  const tpl = (over: Record<string, unknown> = {}) => ({
    name: 'Long-form checkout',
    page_type: 'checkout',
    layout: 'checkout',
    template_host_url: '/checkout-long/',
    meta: { main_color: 'green' },
    ...over,
  });

  it('lists the layouts, creates with the template rules, deletes', async () => {
    expect((await t.api('GET', '/api/v1/templates/layouts')).body).toEqual([...LAYOUTS]);
    expect((await t.api('POST', '/api/v1/templates', { body: tpl({ name: '' }) })).body).toEqual({ message: RMSG.templateName });
    expect((await t.api('POST', '/api/v1/templates', { body: tpl({ page_type: 'home' }) })).body).toEqual({ message: MSG.pageType });
    expect((await t.api('POST', '/api/v1/templates', { body: tpl({ layout: 'check out' }) })).body).toEqual({ message: RMSG.layout });
    expect((await t.api('POST', '/api/v1/templates', { body: tpl({ layout: 'nosuch' }) })).body.message).toMatch(/^Unknown layout nosuch/);
    expect((await t.api('POST', '/api/v1/templates', { body: tpl({ template_host_url: 'checkout' }) })).body).toEqual({ message: MSG.pagePath });
    expect((await t.api('POST', '/api/v1/templates', { body: tpl({ meta: {} }) })).body).toEqual({ message: MSG.metaEmpty });
    const r = await t.api('POST', '/api/v1/templates', { body: tpl() });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'Long-form checkout', archived: false, version: 1 });
    expect(r.headers.get('etag')).toBe('"1"');
    const put = await t.api('PUT', `/api/v1/templates/${r.body.ID}`, { body: { layout: 'nosuch' }, headers: { 'If-Match': '"1"' } });
    expect(put.status).toBe(422);
    expect((await t.api('DELETE', `/api/v1/templates/${r.body.ID}`)).status).toBe(200);
    expect((await t.api('DELETE', `/api/v1/templates/${r.body.ID}`)).body).toEqual({ message: 'Template not found' });
  });

  it('syncs from the template host as an NDJSON stream: progress never decreasing, ending at 100', async () => {
    const before = (await t.api('GET', '/api/v1/templates')).body.length;
    const res = await fetch(`${t.url}/api/v1/templates`, { method: 'PATCH', headers: { Authorization: `Bearer ${t.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { progress: number; message: string });
    expect(lines.length).toBeGreaterThan(3);
    let previous = at(lines, 0, 'progress line');
    for (const line of lines.slice(1)) {
      expect(line.progress).toBeGreaterThanOrEqual(previous.progress);
      previous = line;
    }
    expect(lines.at(-1)).toEqual({ progress: 100, message: 'Done' });
    const added = lines.filter((l) => l.message.endsWith(': added')).length;
    expect(added).toBeGreaterThan(0);
    expect((await t.api('GET', '/api/v1/templates')).body.length).toBe(before + added);
    // A second sync adds nothing.
    const again = await (await fetch(`${t.url}/api/v1/templates`, { method: 'PATCH', headers: { Authorization: `Bearer ${t.token}` } })).text();
    expect(again).not.toContain(': added');
    const op = await fetch(`${t.url}/api/v1/templates`, { method: 'PATCH', headers: { Authorization: `Bearer ${await t.tokenOf('operator')}` } });
    expect(op.status).toBe(403);
  });
});

describe('dashboard', () => {
  it('computes {name, active, total} per item from the data', async () => {
    const r = await t.api('GET', '/api/v1/dashboard');
    expect(r.status).toBe(200);
    const byName = Object.fromEntries(r.body.map((i: { name: string; active: number; total: number }) => [i.name, i]));
    expect(Object.keys(byName)).toEqual(['Funnels', 'Pages', 'Templates', 'Offers', 'Domains', 'Campaigns', 'Orders', 'Users']);
    const funnels = (await t.api('GET', '/api/v1/funnels')).body;
    expect(byName.Funnels).toEqual({
      name: 'Funnels',
      total: funnels.length,
      active: funnels.filter((f: { publish_status: string }) => f.publish_status === 'released').length,
    });
    expect(byName.Orders.total).toBe(500);
    expect(byName.Orders.active).toBeGreaterThan(0);
    expect(byName.Orders.active).toBeLessThan(500);
    await t.api('PUT', '/api/v1/funnels/2', {
      body: { publish_status: 'released' },
      headers: { 'If-Match': `"${(await t.api('GET', '/api/v1/funnels/2')).body.version}"` },
    });
    const after = (await t.api('GET', '/api/v1/dashboard')).body.find((i: { name: string }) => i.name === 'Funnels');
    expect(after.active).toBe(byName.Funnels.active + 1);
  });
});

describe('users and roles', () => {
  it('lists roles and users (filtered by role), admin only', async () => {
    expect((await t.api('GET', '/api/v1/roles')).body).toEqual(demo.roles);
    const admins = await t.api('GET', '/api/v1/users?role=admin');
    expect(admins.body.map((u: { email: string }) => u.email)).toEqual([DEMO_USERS.admin.email]);
    expect(admins.body[0]).not.toHaveProperty('password');
    expect((await t.api('GET', '/api/v1/users')).body).toHaveLength(demo.users.length);
    expect((await t.api('GET', '/api/v1/users?role=boss')).body).toEqual({ message: 'Unknown role' });
    const op = await t.api('GET', '/api/v1/users', { token: await t.tokenOf('operator') });
    expect(op.status).toBe(403);
    expect(op.body).toEqual({ message: forbiddenMessage('operator', 'users.read') });
  });

  it("validates the user form: name, e-mail, the password policy's message, a role", async () => {
    const base = { name: 'Nina', email: 'nina@example.com', password: 'Secret!234', role_id: 2 };
    expect((await t.api('POST', '/api/v1/users', { body: { ...base, name: '' } })).body).toEqual({ message: RMSG.userName });
    expect((await t.api('POST', '/api/v1/users', { body: { ...base, email: 'nina@' } })).body).toEqual({ message: MSG.email });
    for (const password of ['alllower!1', 'ALLUPPER!1', 'NoDigits!!', 'NoSpecial12', 'Ab!1', '']) {
      expect((await t.api('POST', '/api/v1/users', { body: { ...base, password } })).body, password).toEqual({ message: MSG.password });
    }
    expect((await t.api('POST', '/api/v1/users', { body: { ...base, role_id: 99 } })).body).toEqual({ message: RMSG.role });
    expect((await t.api('POST', '/api/v1/users', { body: { ...base, email: DEMO_USERS.operator.email.toUpperCase() } })).body).toEqual({
      message: `User ${DEMO_USERS.operator.email} already exists`,
    });
  });

  it('a created user signs in at once; demoted or deleted, they lose access on the next request', async () => {
    const created = await t.api('POST', '/api/v1/users', {
      body: { name: 'Nina', nickname: 'nina', email: 'Nina@Example.com', password: 'Secret!234', role_id: 1 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: 'nina@example.com', role: 'admin', role_id: 1, email_verified: true, connection: 'embedded' });
    const token = await getToken(t.url, 'nina@example.com', 'Secret!234');
    expect((await t.api('GET', '/api/v1/users', { token })).status).toBe(200);
    const demoted = await t.api('PATCH', `/api/v1/users/${created.body.user_id}`, { body: { role_id: 2, name: 'Nina O.' } });
    expect(demoted.body).toMatchObject({ role: 'operator', name: 'Nina O.' });
    expect((await t.api('GET', '/api/v1/users', { token })).status).toBe(403);
    expect((await t.api('GET', '/api/v1/funnels', { token })).status).toBe(200);
    // A new password works for the next sign-in, the old one does not.
    await t.api('PATCH', `/api/v1/users/${created.body.user_id}`, { body: { password: 'Another#987' } });
    await expect(getToken(t.url, 'nina@example.com', 'Secret!234')).rejects.toThrow(/Wrong e-mail or password/);
    expect(await getToken(t.url, 'nina@example.com', 'Another#987')).toMatch(/\./);
    expect((await t.api('PATCH', `/api/v1/users/${created.body.user_id}`, { body: { password: 'weak' } })).body).toEqual({ message: MSG.password });
    expect((await t.api('DELETE', `/api/v1/users/${created.body.user_id}`)).status).toBe(200);
    const gone = await t.api('GET', '/api/v1/funnels', { token });
    expect(gone.status).toBe(401);
    expect((await t.api('PATCH', `/api/v1/users/${created.body.user_id}`, { body: { name: 'x' } })).status).toBe(404);
  });

  it('never removes the last admin', async () => {
    const del = await t.api('DELETE', '/api/v1/users/1');
    expect(del.status).toBe(409);
    expect(del.body).toEqual({ message: 'The last admin cannot be deleted or demoted' });
    expect((await t.api('PATCH', '/api/v1/users/1', { body: { role_id: 3 } })).status).toBe(409);
    expect((await t.api('GET', '/api/v1/me')).body.role).toBe('admin');
  });
});

/**
 * ORDER_PLATFORM=29next: the configuration stops the server at start naming a missing
 * or malformed 29next variable and never shows the token; every request is pinned to the Admin
 * API version 2024-04-01; the routes create products at 29next first and store only what it
 * acknowledged (a refusal is the operator's 502 with 29next's message and no row here); 429 is
 * retried after Retry-After; calls stay within 4 a second; a lost create answer is looked up by
 * SKU, not sent twice; a 29next that stays down is paused and its health says so. The client talks
 * to the schema-checking fake (tests/fakes/29next.ts).
 */
import util from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { products } from '../../src/server/db/schema.ts';
import { ProviderError, type RetryPolicy } from '../../src/server/integrations/http-retry.ts';
import { LocalOrderPlatform } from '../../src/server/integrations/platform.ts';
import { NextOrderPlatform } from '../../src/server/integrations/platform-29next.ts';
import { startServer } from '../../src/server/server.ts';
import { startFakeNext, type FakeNext } from '../fakes/29next.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { clientProduct, expectCatalogReads, expectMalformedUnshown, handClock, lastAuditNote, newSku, productForm } from './order-platform-cases.ts';
import { lateAnswer, quickClient, thrown, withCheckedFake } from './provider-harness.ts';

const TOKEN = 'S3cret-29next-Token_0123456789abcdef';
const URL_OK = 'https://mystore.29next.store';

describe('ORDER_PLATFORM=29next configuration', () => {
  it("the server refuses to start without the store's address, naming the variable", async () => {
    await expect(startServer({ env: { ORDER_PLATFORM: '29next', NEXT_API_TOKEN: TOKEN }, config: { port: 0, dataDir: ':memory:' } })).rejects.toThrow(
      /NEXT_API_URL is not set/,
    );
  });

  it('a missing or malformed variable is refused by name, without echoing the token', () => {
    const env = { ORDER_PLATFORM: '29next', NEXT_API_URL: URL_OK, NEXT_API_TOKEN: TOKEN };
    expect(thrown(() => loadConfig({ ...env, NEXT_API_URL: 'ftp://mystore.29next.store' }))).toMatch(
      /^NEXT_API_URL must be the https address of a 29next store/,
    );
    expect(thrown(() => loadConfig({ ...env, NEXT_API_URL: 'http://mystore.29next.store' }))).toMatch(/^NEXT_API_URL must be the https address/);
    expect(thrown(() => loadConfig({ ...env, NEXT_API_TOKEN: '' }))).toMatch(/^NEXT_API_TOKEN is not set/);
    expect(thrown(() => loadConfig({ ...env, NEXT_API_TOKEN: undefined }))).toMatch(/^NEXT_API_TOKEN is not set/);
    expectMalformedUnshown(env, 'NEXT_API_TOKEN', 'a secret token with spaces');
  });

  it('with both the settings hold the token hidden; other platforms have none', () => {
    const c = loadConfig({ ORDER_PLATFORM: '29next', NEXT_API_URL: 'http://127.0.0.1:9/', NEXT_API_TOKEN: TOKEN });
    expect(c.orderPlatform).toBe('29next');
    expect(c.next?.apiUrl).toBe('http://127.0.0.1:9');
    expect(c.next?.token.reveal()).toBe(TOKEN);
    for (const shown of [JSON.stringify(c), util.inspect(c, { depth: 10 }), String(c.next?.token)]) expect(shown).not.toContain(TOKEN);
    expect(loadConfig({}).next).toBeNull();
    expect(
      loadConfig({ ORDER_PLATFORM: 'sticky', STICKY_API_URL: 'https://myshop.sticky.io', STICKY_API_USERNAME: 'u', STICKY_API_PASSWORD: 'p' }).next,
    ).toBeNull();
  });
});

let fake: FakeNext;
const { logs } = withCheckedFake(
  () => startFakeNext({ token: TOKEN }),
  (f) => (fake = f),
  [TOKEN],
);

/** A client with small timings: waits are recorded, not slept. */
function client(policy: Partial<RetryPolicy> = {}) {
  const { waits, ...quick } = quickClient(logs, policy);
  const next = new NextOrderPlatform({ apiUrl: fake.url, token: TOKEN, local: new LocalOrderPlatform(null as never), perSecond: 1000, ...quick });
  return { next, waits };
}

const sku = () => newSku('NX');

describe('29next client', () => {
  it('creates a product with one variant (SKU, price, cost) under the category of that name; a subscription model becomes its interval', async () => {
    const { next } = client();
    const s = sku();
    const made = await next.createProduct(clientProduct(s, 3));
    const at = fake.products().find((p) => p.id === made.id);
    expect(at).toMatchObject({
      title: 'Client Serum',
      categories: [{ id: 106, name: 'Hair' }],
      enable_subscription: true,
      interval: 'day',
      interval_counts: [30],
      variants: [expect.objectContaining({ sku: s, prices: [{ currency: 'USD', price: '24.50' }], unit_cost: '4.00', requires_shipping: true })],
    });
    expect(made.sent).toMatchObject({ method: 'POST', path: '/api/admin/products/', answer_id: String(made.id) });
  });

  it('a create whose answer timed out is looked up by SKU, not sent twice', async () => {
    const { next } = client(lateAnswer.policy);
    const s = sku();
    const before = fake.requests.length;
    fake.inject({ match: /^POST \/api\/admin\/products\/$/, kind: lateAnswer.fault });
    const made = await next.createProduct(clientProduct(s));
    expect(fake.products().filter((p) => (p.variants as { sku: string }[])[0]?.sku === s)).toEqual([expect.objectContaining({ id: made.id })]);
    expect(fake.requests.slice(before).filter((r) => r === 'POST /api/admin/products/')).toHaveLength(1);
    expect(fake.requests).toContain(`GET /api/admin/products/?sku=${s}`);
  });

  it('a 429 is retried after its Retry-After (29next answers Retry-After: 1)', async () => {
    const { next, waits } = client();
    fake.inject({ match: /^GET \/api\/admin\/shipping-methods\/3\/$/, kind: { status: 429, retryAfter: '1' } });
    expect(await next.shipping(3)).toMatchObject({ ID: 3 });
    expect(waits).toEqual([1000]);
    expect(fake.requests.filter((r) => r === 'GET /api/admin/shipping-methods/3/')).toHaveLength(2);
  });

  it('keeps within 4 requests a second per token: the fifth call in a second waits for the window', async () => {
    const { deps, waits, advance } = handClock(5_000_000, logs);
    const next = new NextOrderPlatform({ apiUrl: fake.url, token: TOKEN, local: new LocalOrderPlatform(null as never), deps });
    await next.shipping(1);
    advance(200);
    await next.shipping(2);
    await next.category(101);
    await next.shipping(4);
    expect(waits).toEqual([]);
    expect(next.health().rate_limit).toEqual({ remaining: 0, limit: 4 });
    await next.shipping(5);
    expect(waits).toEqual([800]);
    expect(logs).toContain('29next: GET /shipping-methods/5/ reached 4 requests a second; waiting 800 ms');
  });

  it('a 29next that stays down is paused: calls fail fast, and health() says so', async () => {
    const { next } = client();
    fake.inject({ times: Infinity, kind: { status: 503 } });
    await expect(next.shipping(2)).rejects.toThrow('29next is not answering: paused for 45 s');
    const sent = fake.requests.length;
    await expect(next.category(101)).rejects.toThrow(/^29next is not answering: paused for \d+ s$/);
    expect(fake.requests.length).toBe(sent);
    const h = next.health();
    expect(h.paused).toMatch(/^29next is not answering: paused for \d+ s$/);
    expect(h.last_error).toMatch(/^29next is not answering/);
  });

  it('a malformed body is a clear error; the token never shows', async () => {
    const { next } = client();
    fake.inject({ match: /^GET \/api\/admin\/shipping-methods\/2\/$/, kind: { malformed: true } });
    const e = await next.shipping(2).catch((x: unknown) => x as Error);
    expect(e).toBeInstanceOf(ProviderError);
    expect((e as Error).message).toBe('29next answered with a malformed body (HTTP 200)');
    for (const shown of [JSON.stringify(next), util.inspect(next, { depth: 10, showHidden: true }), util.inspect(e)]) expect(shown).not.toContain(TOKEN);
    expect(await next.shipping(2)).toMatchObject({ ID: 2, name: 'Express Shipping', price: 14.95, shipping_code: 'EXP' });
  });

  it("a refused field error reads as 29next's words; a product taken back is deleted there", async () => {
    const { next } = client();
    const s = sku();
    const made = await next.createProduct(clientProduct(s));
    const e = await next.createProduct(clientProduct(s)).catch((x: unknown) => x as Error);
    expect((e as Error).message).toBe('29next refused the request: Product variant with this SKU already exists.');
    await next.undoCreates('product', [made.id]);
    expect(fake.requests).toContain(`DELETE /api/admin/products/${made.id}/`);
    expect(fake.products().some((p) => p.id === made.id)).toBe(false);
  });

  it('the fake refuses a request outside the schema or without the version header (so the checks above mean something)', async () => {
    const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
    const noSku = await fetch(`${fake.url}/api/admin/products/`, {
      method: 'POST',
      headers: { ...headers, 'x-29next-api-version': '2024-04-01' },
      body: JSON.stringify({ title: 'No variants' }),
    });
    expect(noSku.status).toBe(400);
    const noVersion = await fetch(`${fake.url}/api/admin/shipping-methods/`, { headers });
    expect(noVersion.status).toBe(400);
    expect(fake.invalid).toHaveLength(2);
    expect(fake.invalid[0]).toContain('POST /api/admin/products/ body');
    expect(fake.invalid[1]).toContain('X-29next-API-Version');
    fake.invalid.length = 0;
  });
});

describe("an operator's catalogue through the API with ORDER_PLATFORM=29next", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ demoOrders: 0, env: { ORDER_PLATFORM: '29next', NEXT_API_URL: fake.url, NEXT_API_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await t?.close();
  });
  const form = productForm({ offer_id: 20310, name: 'Next Bands', description: 'Created at 29next first' });

  it('a new product is created at 29next first, stored with its id, and the call is audited with the answer id', async () => {
    const s = sku();
    const r = await t.api('POST', '/api/v1/products', { body: form(s) });
    expect(r.status).toBe(201);
    const at = fake.products().find((p) => (p.variants as { sku: string }[])[0]?.sku === s);
    expect(at).toMatchObject({ title: 'Next Bands', categories: [{ id: 102 }] });
    expect(r.body).toMatchObject({ product_id: at?.id, sku: s });
    const note = await lastAuditNote(t);
    expect(note).toMatchObject({ type: 'note', title: 'Sent to 29next' });
    expect(note?.message).toMatch(new RegExp(`^POST /api/admin/products/ \\{.*"sku":"${s}".*\\} → answer id ${String(at?.id)}$`));
    expect(note?.message).not.toContain(TOKEN);
  });

  it("editing a product patches it at 29next first — its one variant's SKU, price and cost by the variant's id — and audits it", async () => {
    const s = sku();
    const made = await t.api('POST', '/api/v1/products', { body: form(s) });
    const { ID, product_id } = made.body as { ID: number; product_id: number };
    const variantId = (fake.products().find((p) => p.id === product_id)?.variants as { id: number }[])[0]?.id;
    const s2 = sku();
    const r = await t.api('PUT', `/api/v1/products/${ID}`, {
      body: { ...form(s2), name: 'Next Bands Pro', product_price: 41, cost_of_goods: 7.5, billing_model: 3 },
    });
    expect(r.status).toBe(200);
    const at = fake.products().find((p) => p.id === product_id);
    expect(at).toMatchObject({ title: 'Next Bands Pro', enable_subscription: true, interval: 'day', interval_counts: [30] });
    expect(at?.variants).toEqual([expect.objectContaining({ id: variantId, sku: s2, prices: [{ currency: 'USD', price: '41.00' }], unit_cost: '7.50' })]);
    expect(fake.requests).toContain(`GET /api/admin/products/${product_id}/`);
    expect(fake.requests.at(-1)).toBe(`PATCH /api/admin/products/${product_id}/`);
    const note = await lastAuditNote(t);
    expect(note?.message).toMatch(new RegExp(`^PATCH /api/admin/products/${product_id}/ \\{.*"id":${variantId}.*\\} → answer id ${product_id}$`));
    // 29next refusing the edit (a SKU another product holds) changes nothing here.
    const taken = (fake.products().find((p) => p.id !== product_id)?.variants as { sku: string }[])[0]?.sku;
    const refused = await t.api('PUT', `/api/v1/products/${ID}`, { body: { ...form(taken ?? 'x'), product_price: 1 } });
    expect(refused).toMatchObject({ status: 502, body: { message: '29next refused the request: Product variant with this SKU already exists.' } });
    expect((await t.api('GET', `/api/v1/products/${ID}`)).body).toMatchObject({ sku: s2, product_price: 41 });
    const unknown = await t.api('POST', '/api/v1/products', { body: { ...form(sku()), product_id: 99_997 } });
    expect(unknown).toMatchObject({ status: 422, body: { message: 'Product 99997 was not found on 29next' } });
  });

  it("29next refusing the product is the operator's 502 with its message, and nothing is stored here", async () => {
    const s = sku();
    fake.inject({ match: /^POST \/api\/admin\/products\/$/, kind: { refuse: 'Product title is not allowed' } });
    const r = await t.api('POST', '/api/v1/products', { body: form(s) });
    expect(r.status).toBe(502);
    expect(r.body).toEqual({ message: '29next refused the request: Product title is not allowed' });
    expect(await t.server.db.db.select().from(products).where(eq(products.sku, s))).toEqual([]);
    expect(fake.products().some((p) => (p.variants as { sku: string }[])[0]?.sku === s)).toBe(false);
  });

  it('a 429 is retried after its Retry-After and the product is created once', async () => {
    const s = sku();
    const before = fake.requests.length;
    fake.inject({ match: /^POST \/api\/admin\/products\/$/, kind: { status: 429, retryAfter: '1' } });
    const r = await t.api('POST', '/api/v1/products', { body: form(s) });
    expect(r.status).toBe(201);
    expect(fake.products().filter((p) => (p.variants as { sku: string }[])[0]?.sku === s)).toHaveLength(1);
    expect(fake.requests.slice(before).filter((q) => q === 'POST /api/admin/products/')).toHaveLength(2);
  });

  it("campaigns from an offer get our ids (29next's Campaigns API cannot create campaigns): nothing is sent", async () => {
    const before = fake.requests.length;
    const r = await t.api('POST', '/api/v1/campaigns/camps', { body: { offer_id: 20310, regions: ['US', 'PP'], fulfillment: 'Ecomm', sufix: 'Default' } });
    expect(r.status).toBe(201);
    expect(r.body).toHaveLength(2);
    expect(fake.requests.slice(before).filter((q) => !q.startsWith('GET '))).toEqual([]);
  });

  it('shipping sync and category import read from 29next', async () => {
    await expectCatalogReads(t, fake.requests, { shipping: 'GET /api/admin/shipping-methods/5/', category: 'GET /api/admin/categories/106/' });
  });
});

/**
 * ORDER_PLATFORM=sticky: the configuration stops the server at start naming a
 * missing or malformed Sticky.io variable and never shows a credential; the routes create at
 * Sticky.io first and store only what it acknowledged (a refusal is the operator's 502 with
 * Sticky.io's message and no row here); 429 is retried after Retry-After; a lost create answer is
 * looked up, not sent twice; a Sticky.io that stays down is paused and its health says so. The
 * client talks to the schema-checking fake (tests/fakes/sticky.ts).
 */
import util from 'node:util';
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { auditLogs, funnels, products } from '../../src/server/db/schema.ts';
import { ProviderError, type RetryPolicy } from '../../src/server/integrations/http-retry.ts';
import { LocalOrderPlatform } from '../../src/server/integrations/platform.ts';
import { StickyOrderPlatform } from '../../src/server/integrations/platform-sticky.ts';
import { startServer } from '../../src/server/server.ts';
import { startFakeSticky, type FakeSticky } from '../fakes/sticky.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { clientProduct, expectCatalogReads, expectMalformedUnshown, handClock, lastAuditNote, newSku, productForm } from './order-platform-cases.ts';
import { lateAnswer, quickClient, thrown, withCheckedFake } from './provider-harness.ts';

const USER = 'funnel-admin-api';
const PASSWORD = 'S3cret-Sticky-Password_0123456789';
const URL_OK = 'https://myshop.sticky.io';

describe('ORDER_PLATFORM=sticky configuration', () => {
  it('the server refuses to start without the account address, naming the variable', async () => {
    await expect(
      startServer({ env: { ORDER_PLATFORM: 'sticky', STICKY_API_USERNAME: USER, STICKY_API_PASSWORD: PASSWORD }, config: { port: 0, dataDir: ':memory:' } }),
    ).rejects.toThrow(/STICKY_API_URL is not set/);
  });

  it('a missing or malformed variable is refused by name, without echoing a credential', () => {
    const env = { ORDER_PLATFORM: 'sticky', STICKY_API_URL: URL_OK, STICKY_API_USERNAME: USER, STICKY_API_PASSWORD: PASSWORD };
    expect(thrown(() => loadConfig({ ...env, STICKY_API_URL: 'ftp://myshop.sticky.io' }))).toMatch(/^STICKY_API_URL must be the https address/);
    expect(thrown(() => loadConfig({ ...env, STICKY_API_URL: 'http://myshop.sticky.io' }))).toMatch(/^STICKY_API_URL must be the https address/);
    expect(thrown(() => loadConfig({ ...env, STICKY_API_USERNAME: '' }))).toMatch(/^STICKY_API_USERNAME is not set/);
    expect(thrown(() => loadConfig({ ...env, STICKY_API_PASSWORD: undefined }))).toMatch(/^STICKY_API_PASSWORD is not set/);
    expectMalformedUnshown(env, 'STICKY_API_USERNAME', 'user:with-colon');
    expectMalformedUnshown(env, 'STICKY_API_PASSWORD', 'has spaces and is secret');
  });

  it('with all three the settings hold the credentials hidden; other platforms have none', () => {
    const c = loadConfig({ ORDER_PLATFORM: 'sticky', STICKY_API_URL: 'http://127.0.0.1:9/', STICKY_API_USERNAME: USER, STICKY_API_PASSWORD: PASSWORD });
    expect(c.orderPlatform).toBe('sticky');
    expect(c.sticky?.apiUrl).toBe('http://127.0.0.1:9');
    expect(c.sticky?.username.reveal()).toBe(USER);
    for (const shown of [JSON.stringify(c), util.inspect(c, { depth: 10 }), String(c.sticky?.password)]) {
      expect(shown).not.toContain(PASSWORD);
      expect(shown).not.toContain(USER);
    }
    expect(loadConfig({}).sticky).toBeNull();
  });
});

let fake: FakeSticky;
const { logs } = withCheckedFake(
  () => startFakeSticky({ username: USER, password: PASSWORD }),
  (f) => (fake = f),
  [PASSWORD],
);

/** A client with small timings: waits are recorded, not slept. */
function client(policy: Partial<RetryPolicy> = {}) {
  const { waits, ...quick } = quickClient(logs, policy);
  const sticky = new StickyOrderPlatform({ apiUrl: fake.url, username: USER, password: PASSWORD, local: new LocalOrderPlatform(null as never), ...quick });
  return { sticky, waits };
}

const sku = () => newSku('ST');

describe('Sticky.io client', () => {
  it('a create whose answer timed out is looked up by SKU, not sent twice', async () => {
    const { sticky } = client(lateAnswer.policy);
    const s = sku();
    fake.inject({ match: /^POST \/api\/v2\/products$/, kind: lateAnswer.fault });
    const made = await sticky.createProduct(clientProduct(s));
    expect(fake.products().filter((p) => p.sku === s)).toEqual([
      expect.objectContaining({ id: made.id, category_id: 106, billing_models: [{ id: 2, is_default: true }] }),
    ]);
    expect(fake.requests.filter((r) => r === 'POST /api/v2/products')).toHaveLength(1);
    expect(fake.requests).toContain(`GET /api/v2/products?sku=${s}`);
    expect(made.sent).toMatchObject({ method: 'POST', path: '/api/v2/products', answer_id: String(made.id) });
  });

  it('a Sticky.io that stays down is paused: calls fail fast, and health() says so', async () => {
    const { sticky } = client();
    fake.inject({ times: Infinity, kind: { status: 503 } });
    await expect(sticky.shipping(2)).rejects.toThrow('Sticky.io is not answering: paused for 45 s');
    const sent = fake.requests.length;
    await expect(sticky.category(101)).rejects.toThrow(/^Sticky\.io is not answering: paused for \d+ s$/);
    expect(fake.requests.length).toBe(sent);
    const h = sticky.health();
    expect(h.paused).toMatch(/^Sticky\.io is not answering: paused for \d+ s$/);
    expect(h.last_error).toMatch(/^Sticky\.io is not answering/);
  });

  it('a malformed body is a clear error; the credentials never show', async () => {
    const { sticky } = client();
    fake.inject({ match: /^GET \/api\/v2\/shipping\/2$/, kind: { malformed: true } });
    const e = await sticky.shipping(2).catch((x: unknown) => x as Error);
    expect(e).toBeInstanceOf(ProviderError);
    expect((e as Error).message).toBe('Sticky.io answered with a malformed body (HTTP 200)');
    for (const shown of [JSON.stringify(sticky), util.inspect(sticky, { depth: 10, showHidden: true }), util.inspect(e)]) {
      expect(shown).not.toContain(PASSWORD);
      expect(shown).not.toContain(Buffer.from(`${USER}:${PASSWORD}`).toString('base64'));
    }
    expect(await sticky.shipping(2)).toMatchObject({ ID: 2, name: 'Express Shipping', price: 14.95, shipping_code: 'EXP' });
  });

  it("an offer's campaigns are made together or not at all: a refusal of the second deletes the first", async () => {
    const { sticky } = client();
    const before = fake.campaigns().length;
    const e = await sticky
      .createCampaigns([
        { name: 'Together US', description: '', country_code: 'US', payment_method: 'card', shipping_id: 1 },
        { name: 'Together CA', description: '', country_code: 'CA', payment_method: 'card', shipping_id: 77 },
      ])
      .catch((x: unknown) => x as Error);
    expect(e).toBeInstanceOf(ProviderError);
    expect((e as Error).message).toBe('Sticky.io refused the request: Shipping profile 77 does not exist.');
    expect(fake.campaigns()).toHaveLength(before);
    expect(fake.requests.some((r) => /^DELETE \/api\/v2\/campaigns\/\d+$/.test(r))).toBe(true);
  });

  it("keeps each method within Sticky.io's requests per minute: the call past the limit waits for the window", async () => {
    const { deps, waits, advance } = handClock(1_000_000, logs);
    const sticky = new StickyOrderPlatform({
      apiUrl: fake.url,
      username: USER,
      password: PASSWORD,
      local: new LocalOrderPlatform(null as never),
      perMinute: 2,
      deps,
    });
    await sticky.shipping(1);
    advance(10_000);
    await sticky.shipping(2);
    await sticky.category(101);
    expect(waits).toEqual([]);
    await sticky.shipping(3);
    expect(waits).toEqual([50_000]);
    expect(logs).toContain('Sticky.io: GET /api/v2/shipping/{id} reached 2 requests a minute; waiting 50000 ms');
  });

  it('the fake refuses a request outside the schema (so the checks above mean something)', async () => {
    const res = await fetch(`${fake.url}/api/v2/products`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'No SKU', price: 1 }),
    });
    expect(res.status).toBe(400);
    expect(fake.invalid).toHaveLength(1);
    expect(fake.invalid[0]).toContain('POST /api/v2/products body');
    fake.invalid.length = 0;
  });
});

describe("an operator's catalogue through the API with ORDER_PLATFORM=sticky", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({
      demoOrders: 0,
      env: { ORDER_PLATFORM: 'sticky', STICKY_API_URL: fake.url, STICKY_API_USERNAME: USER, STICKY_API_PASSWORD: PASSWORD },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  const form = productForm({ offer_id: 10231, name: 'Sticky Serum', description: 'Created at Sticky.io first' });

  /** A product Sticky.io has that no product of the form's offer links yet. */
  const notInOffer = async () => {
    const linked = new Set((await t.server.db.db.select({ id: products.product_id }).from(products).where(eq(products.offer_id, 10231))).map((r) => r.id));
    const found = fake.products().find((p) => !linked.has(p.id));
    if (!found) throw new Error('the fake has no product outside offer 10231');
    return found;
  };

  it('a new product is created at Sticky.io first, stored with its id, and the call is audited with the answer id', async () => {
    const s = sku();
    const r = await t.api('POST', '/api/v1/products', { body: form(s) });
    expect(r.status).toBe(201);
    const atSticky = fake.products().find((p) => p.sku === s);
    expect(atSticky).toMatchObject({ name: 'Sticky Serum', price: '29.99', category_id: 102 });
    expect(r.body).toMatchObject({ product_id: atSticky?.id, sku: s });
    const note = await lastAuditNote(t);
    expect(note).toMatchObject({ type: 'note', title: 'Sent to Sticky.io' });
    expect(note?.message).toMatch(new RegExp(`^POST /api/v2/products \\{.*"sku":"${s}".*\\} → answer id ${String(atSticky?.id)}$`));
    expect(note?.message).not.toContain(PASSWORD);
  });

  it("Sticky.io refusing the product is the operator's 502 with its message, and nothing is stored here", async () => {
    const s = sku();
    fake.inject({ match: /^POST \/api\/v2\/products$/, kind: { refuse: 'Product name is not allowed' } });
    const r = await t.api('POST', '/api/v1/products', { body: form(s) });
    expect(r.status).toBe(502);
    expect(r.body).toEqual({ message: 'Sticky.io refused the request: Product name is not allowed' });
    expect(await t.server.db.db.select().from(products).where(eq(products.sku, s))).toEqual([]);
    expect(fake.products().some((p) => p.sku === s)).toBe(false);
  });

  it('when storing here fails after Sticky.io created the product, the product is deleted there too', async () => {
    const next = Math.max(...fake.products().map((p) => p.id)) + 1;
    // Our offer already has a product with the id Sticky.io will give the next one (stored by hand:
    // through the API an id Sticky.io does not have is refused, see below).
    await t.server.db.db.insert(products).values({ ...form(sku()), product_id: next });
    const s = sku();
    const r = await t.api('POST', '/api/v1/products', { body: form(s) });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ message: `Product ${next} already exists` });
    expect(fake.products().some((p) => p.sku === s)).toBe(false);
    expect(fake.requests).toContain(`DELETE /api/v2/products/${next}`);
  });

  it('a product id given by hand must be a product Sticky.io has: refused with the id, nothing sent', async () => {
    const before = fake.requests.length;
    const r = await t.api('POST', '/api/v1/products', { body: { ...form(sku()), product_id: 99_999 } });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ message: 'Product 99999 was not found on Sticky.io' });
    expect(fake.requests.slice(before)).toEqual(['GET /api/v2/products/99999']);
    // An id Sticky.io has is linked, and its fields are not sent (the form creates nothing there).
    const known = await notInOffer();
    const ok = await t.api('POST', '/api/v1/products', { body: { ...form(sku()), product_id: known?.id } });
    expect(ok.status).toBe(201);
  });

  it('editing a product sends its fields to Sticky.io first (the price charged is the price set), and audits it', async () => {
    const s = sku();
    const made = await t.api('POST', '/api/v1/products', { body: form(s) });
    expect(made.status).toBe(201);
    const { ID, product_id } = made.body as { ID: number; product_id: number };
    const r = await t.api('PUT', `/api/v1/products/${ID}`, { body: { ...form(s), name: 'Sticky Serum 2', product_price: 31.5 } });
    expect(r.status).toBe(200);
    expect(fake.products().find((p) => p.id === product_id)).toMatchObject({ name: 'Sticky Serum 2', price: '31.50', sku: s });
    const note = await lastAuditNote(t);
    expect(note?.message).toMatch(new RegExp(`^PUT /api/v2/products/${product_id} \\{.*"price":31.5.*\\} → answer id ${product_id}$`));
    // Sticky.io refusing the edit changes nothing here.
    fake.inject({ match: new RegExp(`^PUT /api/v2/products/${product_id}$`), kind: { refuse: 'The price is locked' } });
    const refused = await t.api('PUT', `/api/v1/products/${ID}`, { body: { ...form(s), product_price: 1 } });
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({ message: 'Sticky.io refused the request: The price is locked' });
    expect((await t.api('GET', `/api/v1/products/${ID}`)).body).toMatchObject({ product_price: 31.5, name: 'Sticky Serum 2' });
  });

  it('an edit Sticky.io took but storing here then refused is sent back to its previous fields', async () => {
    const s = sku();
    const a = await t.api('POST', '/api/v1/products', { body: form(s) });
    const { ID, product_id } = a.body as { ID: number; product_id: number };
    // Sticky.io answers the edit slowly; meanwhile a colleague deletes the product here.
    fake.inject({ match: new RegExp(`^PUT /api/v2/products/${product_id}$`), kind: { delayMs: 800 } });
    const edit = t.api('PUT', `/api/v1/products/${ID}`, { body: { ...form(s), name: 'Renamed', product_price: 99 } });
    await vi.waitFor(() => expect(fake.requests).toContain(`PUT /api/v2/products/${product_id}`));
    expect((await t.api('DELETE', `/api/v1/products/${ID}`)).status).toBe(200);
    const r = await edit;
    expect(r.status).toBe(404);
    expect(fake.requests.filter((q) => q === `PUT /api/v2/products/${product_id}`)).toHaveLength(2);
    expect(fake.products().find((p) => p.id === product_id)).toMatchObject({ name: 'Sticky Serum', price: '29.99' });
  });

  it('relinking a product to another id Sticky.io has links it without overwriting that product', async () => {
    const a = await t.api('POST', '/api/v1/products', { body: form(sku()) });
    const { ID } = a.body as { ID: number };
    const other = await notInOffer();
    const before = { ...other };
    const r = await t.api('PUT', `/api/v1/products/${ID}`, { body: { ...form(sku()), product_id: other?.id, name: 'Mine' } });
    expect(r.status).toBe(200);
    expect(fake.products().find((p) => p.id === other?.id)).toEqual(before);
    const missing = await t.api('PUT', `/api/v1/products/${ID}`, { body: { ...form(sku()), product_id: 99_998 } });
    expect(missing).toMatchObject({ status: 422, body: { message: 'Product 99998 was not found on Sticky.io' } });
  });

  describe('a products CSV goes to Sticky.io first', () => {
    const head = 'name,description,sku,cost_of_goods,product_price,shipping_weight,product_id,max_quantity,billing_model,product_category';
    /** A funnel on the form's offer (the upload's address names the funnel). */
    const funnelOnOffer = async () => {
      const [f] = await t.server.db.db
        .select({ ID: funnels.ID })
        .from(funnels)
        .where(and(eq(funnels.offer, 10231), eq(funnels.locked, false)))
        .limit(1);
      if (!f) throw new Error('the demo has no unlocked funnel on offer 10231');
      return f.ID;
    };
    const upload = async (name: string, rows: string[]) =>
      t.upload(`/api/v1/csv_upload/sticky/products_create/${await funnelOnOffer()}`, [{ name, data: `${head}\n${rows.join('\n')}\n` }]);

    it('new rows are created there and stored with its ids, an updated row is updated there, each call audited', async () => {
      const kept = sku();
      const made = await t.api('POST', '/api/v1/products', { body: form(kept) });
      const keptId = (made.body as { product_id: number }).product_id;
      const [a, b] = [sku(), sku()];
      const [lastAudit] = await t.server.db.db.select({ ID: auditLogs.ID }).from(auditLogs).orderBy(desc(auditLogs.ID)).limit(1);
      const r = await upload('new.csv', [`Row A,d,${a},1,10,0.1,,,,`, `Row B,d,${b},1,12.5,0.1,,,3,Hair`, `Kept v2,d,${kept},5,35,0.2,,,,`]);
      expect(r.status, r.text).toBe(201);
      expect(r.body).toMatchObject({ rows: 3, created: 2, updated: 1 });
      const stored = await t.server.db.db.select().from(products).where(eq(products.offer_id, 10231));
      for (const [s, price] of [
        [a, '10.00'],
        [b, '12.50'],
      ] as const) {
        const there = fake.products().filter((p) => p.sku === s);
        expect(there).toHaveLength(1);
        expect(there[0]).toMatchObject({ price });
        expect(stored.find((p) => p.sku === s)?.product_id).toBe(there[0]?.id);
      }
      expect(fake.products().find((p) => p.sku === b)).toMatchObject({ billing_models: [{ id: 3, is_default: true }], category_id: 106 });
      expect(fake.products().find((p) => p.id === keptId)).toMatchObject({ name: 'Kept v2', price: '35.00' });
      const audits = await t.server.db.db
        .select()
        .from(auditLogs)
        .where(and(gt(auditLogs.ID, lastAudit?.ID ?? 0), eq(auditLogs.title, 'Sent to Sticky.io')))
        .orderBy(auditLogs.ID);
      expect(audits.map((n) => n.message?.split(' {')[0])).toEqual(['POST /api/v2/products', 'POST /api/v2/products', `PUT /api/v2/products/${keptId}`]);
    });

    it('an id given by hand that Sticky.io does not have refuses the file, every such row listed, before anything is sent', async () => {
      const before = fake.requests.length;
      const r = await upload('ids.csv', [`Row C,d,${sku()},1,10,0.1,99996,,,`, `Row D,d,${sku()},1,10,0.1,,,,`, `Row E,d,${sku()},1,10,0.1,99995,,,`]);
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({
        message: 'ids.csv file upload failed.',
        errors: [
          { line: 2, message: 'Product 99996 was not found on Sticky.io' },
          { line: 4, message: 'Product 99995 was not found on Sticky.io' },
        ],
      });
      expect(fake.requests.slice(before).filter((q) => !q.startsWith('GET '))).toEqual([]);
    });

    it("a colleague's change to the offer's products while the file is being sent refuses the file and takes the sending back", async () => {
      const x = sku();
      fake.inject({ match: /^POST \/api\/v2\/products$/, kind: { delayMs: 700 } });
      const sending = upload('race.csv', [`Row R,d,${x},1,10,0.1,,,,`]);
      await vi.waitFor(() => expect(fake.products().some((p) => p.sku === x)).toBe(true));
      // Meanwhile the same SKU became a product of the offer here: the row would now update it, not create.
      await t.server.db.db.insert(products).values({ ...form(x), product_id: 88_001 });
      const r = await sending;
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({
        message: 'race.csv file upload failed.',
        reason: "The offer's products changed while the file was being sent to the platform: upload it again",
      });
      expect(fake.products().some((p) => p.sku === x)).toBe(false);
      expect(await t.server.db.db.select().from(products).where(eq(products.sku, x))).toHaveLength(1);
    });

    it("Sticky.io refusing a row is the file's failure with its words at that line; the rows created already are deleted there, nothing is stored here", async () => {
      const [b, c] = [sku(), sku()];
      const storedBefore = (await t.server.db.db.select().from(products)).length;
      const sent = fake.requests.length;
      fake.inject({ match: /^POST \/api\/v2\/products$/, kind: { delayMs: 1 } }); // the first row's create goes through…
      fake.inject({ match: /^POST \/api\/v2\/products$/, kind: { refuse: 'Product name is not allowed' } }); // …the second row's is refused
      const r = await upload('bad.csv', [`Row G,d,${b},1,10,0.1,,,,`, `Row H,d,${c},1,10,0.1,,,,`]);
      expect(r.status).toBe(502);
      expect(r.body).toEqual({
        message: 'bad.csv file upload failed.',
        reason: 'Sticky.io refused the request: Product name is not allowed',
        errors: [{ line: 3, message: 'Sticky.io refused the request: Product name is not allowed' }],
      });
      expect(fake.requests.slice(sent).filter((q) => !q.startsWith('GET '))).toEqual([
        'POST /api/v2/products',
        'POST /api/v2/products',
        expect.stringMatching(/^DELETE \/api\/v2\/products\/\d+$/),
      ]);
      expect(fake.products().some((p) => p.sku === b || p.sku === c)).toBe(false);
      expect((await t.server.db.db.select().from(products)).length).toBe(storedBefore);
    });
  });

  it('a 429 is retried after its Retry-After and the product is created once', async () => {
    const s = sku();
    fake.inject({ match: /^POST \/api\/v2\/products$/, kind: { status: 429, retryAfter: '1' } });
    const r = await t.api('POST', '/api/v1/products', { body: form(s) });
    expect(r.status).toBe(201);
    expect(fake.products().filter((p) => p.sku === s)).toHaveLength(1);
    expect(fake.requests.filter((q) => q === 'POST /api/v2/products').length).toBeGreaterThanOrEqual(2);
  });

  it('campaigns from an offer are created at Sticky.io, one per region, with its ids', async () => {
    const r = await t.api('POST', '/api/v1/campaigns/camps', { body: { offer_id: 10231, regions: ['US', 'PP'], fulfillment: 'Ecomm', sufix: 'Default' } });
    expect(r.status).toBe(201);
    const names = (r.body as { campaign_name: string; campaign_id: number }[]).map((c) => [c.campaign_name, c.campaign_id]);
    for (const [name, id] of names) expect(fake.campaigns().find((c) => c.id === id)?.name).toBe(name);
    const pp = fake.campaigns().find((c) => c.id === names[1]?.[1]);
    expect(pp).toMatchObject({ countries: [{ iso_2: 'US' }], payment_methods: ['paypal'] });
  });

  it('shipping sync and category import read from Sticky.io', async () => {
    await expectCatalogReads(t, fake.requests, { shipping: 'GET /api/v2/shipping/5', category: 'GET /api/v2/categories/106' });
  });
});

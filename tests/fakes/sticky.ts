/**
 * A stateful fake of Sticky.io's REST API v2 for the order platform's tests: a real HTTP server
 * on 127.0.0.1 that keeps products, campaigns, shipping methods and categories in memory
 * (seeded with the demo catalogue: shipping 1–6, categories 101–108, the demo's campaigns and
 * products) and validates every request it receives and every response it sends against
 * tests/fakes/sticky-openapi.json — written from Sticky.io's documented examples, as Sticky.io
 * publishes no OpenAPI (the document's `info.description` names the collections). A request the
 * schema refuses is answered 400 and recorded in `invalid`; tests assert it stays empty.
 *
 * Faults can be injected: 429 with Retry-After, 5xx, a delay beyond the client's timeout (the
 * request is still carried out), a malformed body, and a platform that stays down. `refuse`
 * makes the next matching request a Sticky.io FAILURE with a given message.
 */
import fs from 'node:fs';
import path from 'node:path';
import { demoData } from '../../src/server/db/seed.ts';
import { catalogStores, faultAnswers, startHarness, type Fault, type FakePlatform } from './harness.ts';
import { OpenApiValidator } from './openapi-validator.ts';

/** A fault the fake injects (tests/fakes/harness.ts): 429 or a 5xx, a delay, a body that is not JSON, or Sticky.io's FAILURE (422) with `message`. */
export type StickyFault = Fault;

type Obj = Record<string, unknown> & { id: number };

/** The running fake (its url is STICKY_API_URL), with the campaigns it stored too. */
export interface FakeSticky extends FakePlatform {
  campaigns(): Obj[];
}

let validator: OpenApiValidator | null = null;
/** The schema validator (compiled once per process). */
function schema(): OpenApiValidator {
  validator ??= new OpenApiValidator(JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'sticky-openapi.json'), 'utf8')));
  return validator;
}

const now = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

/** Starts the fake; requests must carry Basic auth of `username`:`password`. */
export async function startFakeSticky(opts: { username: string; password: string }): Promise<FakeSticky> {
  const v = schema();
  const demo = demoData();
  const products = new Map<number, Obj>();
  const campaigns = new Map<number, Obj>();
  const { shipping, categories } = catalogStores(demo.platformCatalog, {
    shipping: (id, d) => ({
      id,
      name: String(d.name),
      description: String(d.description),
      code: String(d.shipping_code),
      initial_amount: Number(d.price),
      subscription_amount: Number(d.price),
    }),
    category: (id, d) => ({ id, name: String(d.name), description: String(d.description) }),
  });

  for (const p of demo.products) {
    products.set(p.product_id, { id: p.product_id, name: p.name, sku: p.sku, price: p.product_price.toFixed(2), is_shippable: true, created_at: now() });
  }
  for (const c of demo.campaigns)
    campaigns.set(c.campaign_id, { id: c.campaign_id, name: c.campaign_name, description: '', is_active: true, created_at: now() });
  let nextProduct = Math.max(5000, ...products.keys()) + 1;
  let nextCampaign = Math.max(20_000, ...campaigns.keys()) + 1;

  const auth = `Basic ${Buffer.from(`${opts.username}:${opts.password}`).toString('base64')}`;

  const one = (data: unknown, status = 200) => ({ status, body: { status: 'SUCCESS', data } });
  const fail = (status: number, message: string, errors?: Record<string, string[]>) => ({
    status,
    body: { status: 'FAILURE', message, ...(errors ? { errors } : {}) },
  });
  /** A Laravel-style page of `all`. */
  const page = (url: URL, all: Obj[]) => {
    const per = Number(url.searchParams.get('per_page') ?? 15);
    const cur = Number(url.searchParams.get('page') ?? 1);
    const last = Math.max(1, Math.ceil(all.length / per));
    const slice = all.slice((cur - 1) * per, cur * per);
    const base = `http://127.0.0.1${url.pathname}`;
    return {
      status: 200,
      body: {
        status: 'SUCCESS',
        data: slice,
        current_page: cur,
        first_page_url: `${base}?page=1`,
        from: slice.length ? (cur - 1) * per + 1 : null,
        last_page: last,
        last_page_url: `${base}?page=${last}`,
        next_page_url: cur < last ? `${base}?page=${cur + 1}` : null,
        path: base,
        per_page: per,
        prev_page_url: cur > 1 ? `${base}?page=${cur - 1}` : null,
        to: slice.length ? (cur - 1) * per + slice.length : null,
        total: all.length,
      },
    };
  };
  /** A list route's page: the rows of `store` by id, only those whose `field` is the query's `field` when it is given. */
  const listed = (url: URL, store: Map<number, Obj>, field: string) => {
    const want = url.searchParams.get(field);
    return page(
      url,
      [...store.values()].filter((x) => !want || x[field] === want).sort((a, b) => a.id - b.id),
    );
  };
  const byId = (m: Map<number, Obj>, id: string, what: string) => {
    const o = m.get(Number(id));
    return o ? one(o) : fail(404, `${what} not found`);
  };

  /**
   * Sticky.io's 422 for product `b` (a create, or the replace of product `selfId`): its SKU is
   * another product's (a replace may leave it out), or its category does not exist; null when neither.
   */
  const productRefusal = (b: Record<string, unknown>, selfId?: number) => {
    if ((selfId === undefined || b.sku !== undefined) && [...products.values()].some((x) => x.id !== selfId && x.sku === b.sku))
      return fail(422, 'The given data was invalid.', { sku: ['The sku has already been taken.'] });
    if (b.category_id !== undefined && !categories.has(Number(b.category_id)))
      return fail(422, 'The given data was invalid.', { category_id: ['The selected category id is invalid.'] });
    return null;
  };

  const handle = (method: string, url: URL, body: unknown): { status: number; body: unknown } => {
    const p = url.pathname;
    let m: RegExpExecArray | null;
    if (p === '/api/v2/products' && method === 'GET') {
      return listed(url, products, 'sku');
    }
    if (p === '/api/v2/products' && method === 'POST') {
      const b = body as Record<string, unknown>;
      const refused = productRefusal(b);
      if (refused) return refused;
      const o: Obj = { ...b, id: nextProduct++, price: Number(b.price).toFixed(2), created_at: now() };
      products.set(o.id, o);
      return one(o);
    }
    if ((m = /^\/api\/v2\/(products|campaigns)\/([^/]+)$/.exec(p)) && method === 'DELETE') {
      const store = m[1] === 'products' ? products : campaigns;
      return store.delete(Number(m[2]))
        ? { status: 200, body: { status: 'SUCCESS', data: [] } }
        : fail(404, `${m[1] === 'products' ? 'Product' : 'Campaign'} not found`);
    }
    if ((m = /^\/api\/v2\/products\/([^/]+)$/.exec(p)) && method === 'PUT') {
      const cur = products.get(Number(m[1]));
      if (!cur) return fail(404, 'Product not found');
      const b = body as Record<string, unknown>;
      const refused = productRefusal(b, cur.id);
      if (refused) return refused;
      const o: Obj = { ...cur, ...b, id: cur.id, price: Number(b.price ?? cur.price).toFixed(2), updated_at: now() };
      products.set(o.id, o);
      return one(o);
    }
    if ((m = /^\/api\/v2\/products\/([^/]+)$/.exec(p))) return byId(products, m[1] as string, 'Product');
    if (p === '/api/v2/campaigns' && method === 'GET') {
      return listed(url, campaigns, 'name');
    }
    if (p === '/api/v2/campaigns' && method === 'POST') {
      const b = body as {
        name: string;
        description?: string;
        countries: string[];
        payment_methods?: string[];
        shipping_profiles?: number[];
        is_active?: boolean;
      };
      const unknown = (b.shipping_profiles ?? []).find((s) => !shipping.has(s));
      if (unknown !== undefined) return fail(422, 'The given data was invalid.', { shipping_profiles: [`Shipping profile ${unknown} does not exist.`] });
      const o: Obj = {
        id: nextCampaign++,
        name: b.name,
        description: b.description ?? '',
        is_active: b.is_active ?? true,
        countries: b.countries.map((iso_2) => ({ iso_2 })),
        payment_methods: b.payment_methods ?? [],
        shipping_profiles: (b.shipping_profiles ?? []).map((id) => ({ id })),
        created_at: now(),
      };
      campaigns.set(o.id, o);
      return one(o);
    }
    if (p === '/api/v2/shipping') return page(url, [...shipping.values()]);
    if ((m = /^\/api\/v2\/shipping\/([^/]+)$/.exec(p))) return byId(shipping, m[1] as string, 'Shipping method');
    if (p === '/api/v2/categories') return page(url, [...categories.values()]);
    if ((m = /^\/api\/v2\/categories\/([^/]+)$/.exec(p))) return byId(categories, m[1] as string, 'Category');
    return fail(404, 'Not found');
  };

  const h = await startHarness({
    validator: v,
    fault: faultAnswers({
      throttled: { status: 429, raw: 'Too Many Attempts.', contentType: 'text/plain' },
      edgePage: '<html><body>Service unavailable</body></html>',
      cutShort: '{"status": "SUCCESS", "data": {',
      refused: (message) => ({ status: 422, body: { status: 'FAILURE', message } }),
    }),

    badJson: { status: 400, body: { status: 'FAILURE', message: 'The request body is not JSON' } },
    authorize: (req) =>
      req.headers.authorization === auth
        ? null
        : { invalid: 'no or wrong Basic credentials', answer: { status: 401, body: { status: 'FAILURE', message: 'Unauthenticated.' } } },
    schemaRefused: (verdict) => ({ status: 400, body: { status: 'FAILURE', message: `Schema check failed: ${verdict}` } }),
    handle,
    headers: { 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '119' },
  });
  return {
    ...h,
    products: () => [...products.values()],
    campaigns: () => [...campaigns.values()],
  };
}

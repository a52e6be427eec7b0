/**
 * A stateful fake of 29next's Admin API (version 2024-04-01) for the order platform's tests: a
 * real HTTP server on 127.0.0.1 that keeps products, shipping methods and categories in memory
 * (seeded with the demo catalogue: shipping 1–6, categories 101–108, the demo's products) and
 * validates every request it receives and every response it sends against
 * tests/fakes/29next-openapi.json — our trimmed schema written from 29next's published
 * OpenAPI 3.1 (its header names the file and commit). Every request must also carry the
 * access token as a Bearer token and the `X-29next-API-Version` header with a version the
 * schema allows. A request the schema refuses is answered 400 and recorded in `invalid`; tests
 * assert it stays empty.
 *
 * Faults can be injected: 429 with Retry-After (29next's answer past 4 requests a second), 5xx,
 * a delay beyond the client's timeout (the request is still carried out), a malformed body, and
 * a platform that stays down. `refuse` makes the next matching request a 400 with a
 * `{detail}` message.
 */
import fs from 'node:fs';
import path from 'node:path';
import { demoData } from '../../src/server/db/seed.ts';
import { catalogStores, faultAnswers, startHarness, type Fault, type FakePlatform } from './harness.ts';
import { OpenApiValidator } from './openapi-validator.ts';

/** A fault the fake injects (tests/fakes/harness.ts): 429 or a 5xx, a delay, a body that is not JSON, or a refusal (400 `{detail}`). */
export type NextFault = Fault;

type Obj = Record<string, unknown> & { id: number };

/** The running fake (its url is NEXT_API_URL; the API is under /api/admin). */
export type FakeNext = FakePlatform;

let validator: OpenApiValidator | null = null;
let versions: string[] = [];
/** The schema validator (compiled once per process) and the API versions it allows. */
function schema(): OpenApiValidator {
  if (!validator) {
    const doc = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '29next-openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema?: { enum?: string[] } }[] }>>;
    };
    const header = Object.values(doc.paths)
      .flatMap((item) => Object.values(item))
      .flatMap((op) => op.parameters ?? [])
      .find((p) => p.in === 'header' && p.name.toLowerCase() === 'x-29next-api-version');
    versions = header?.schema?.enum ?? [];
    validator = new OpenApiValidator(doc);
  }
  return validator;
}

const iso = () => new Date().toISOString();
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'x';
const PER_PAGE = 5;

/** Starts the fake; requests must carry `Authorization: Bearer <token>`. */
export async function startFakeNext(opts: { token: string }): Promise<FakeNext> {
  const v = schema();
  const demo = demoData();
  const products = new Map<number, Obj>();
  const { shipping, categories } = catalogStores(demo.platformCatalog, {
    shipping: (id, d) => ({
      id,
      name: String(d.name),
      code: String(d.shipping_code),
      delivery_time: String(d.description),
      is_public: true,
      countries: [{ code: 'US', name: 'United States' }],
      prices: [{ currency: 'USD', price_per_order: Number(d.price).toFixed(2) }],
    }),
    category: (id, d) => ({ id, name: String(d.name), slug: slug(String(d.name)), meta_description: String(d.description), is_public: true }),
  });

  let nextVariant = 90_001;
  const productOf = (
    id: number,
    b: {
      title: string;
      categories?: number[];
      variants: { sku: string; prices: unknown[]; unit_cost?: string | null; requires_shipping?: boolean }[];
    } & Record<string, unknown>,
  ): Obj => ({
    ...b,
    id,
    slug: `${slug(b.title)}-${id}`,
    structure: 'standalone',
    url: `https://example.29next.store/catalogue/${slug(b.title)}-${id}/`,
    categories: (b.categories ?? []).map((c) => ({ id: c, name: String(categories.get(c)?.name), slug: String(categories.get(c)?.slug) })),
    variants: b.variants.map((x) => ({ ...x, id: nextVariant++, product_id: id, title: b.title })),
    date_created: iso(),
    date_updated: iso(),
  });
  for (const p of demo.products) {
    products.set(
      p.product_id,
      productOf(p.product_id, {
        title: p.name,
        variants: [{ sku: p.sku, prices: [{ currency: 'USD', price: p.product_price.toFixed(2) }], unit_cost: null, requires_shipping: true }],
      }),
    );
  }
  let nextProduct = Math.max(7000, ...products.keys()) + 1;

  const refuse = (status: number, body: Record<string, unknown>) => ({ status, body });
  /** A cursor page of `all` (the cursor is the offset, base64 as 29next's are opaque). */
  const page = (url: URL, all: Obj[]) => {
    const at = Number(Buffer.from(url.searchParams.get('cursor') ?? 'MA==', 'base64').toString('utf8')) || 0;
    const link = (n: number) => {
      const u = new URL(`http://127.0.0.1${url.pathname}`);
      for (const [k, val] of url.searchParams) if (k !== 'cursor') u.searchParams.set(k, val);
      u.searchParams.set('cursor', Buffer.from(String(n)).toString('base64'));
      return u.toString();
    };
    return {
      status: 200,
      body: {
        next: at + PER_PAGE < all.length ? link(at + PER_PAGE) : null,
        previous: at > 0 ? link(Math.max(0, at - PER_PAGE)) : null,
        results: all.slice(at, at + PER_PAGE),
      },
    };
  };
  const byId = (m: Map<number, Obj>, id: string) => {
    const o = m.get(Number(id));
    return o ? { status: 200, body: o } : refuse(404, { detail: 'Not found.' });
  };

  const handle = (method: string, url: URL, body: unknown): { status: number; body: unknown } => {
    const p = url.pathname;
    let m: RegExpExecArray | null;
    if (p === '/api/admin/products/' && method === 'GET') {
      const sku = url.searchParams.get('sku');
      return page(
        url,
        [...products.values()].filter((x) => !sku || (x.variants as { sku: string }[]).some((w) => w.sku === sku)).sort((a, b) => a.id - b.id),
      );
    }
    if (p === '/api/admin/products/' && method === 'POST') {
      const b = body as Parameters<typeof productOf>[1];
      const skus = new Set([...products.values()].flatMap((x) => (x.variants as { sku: string }[]).map((w) => w.sku)));
      const taken = b.variants.find((w) => skus.has(w.sku));
      if (taken) return refuse(400, { variants: [{ sku: ['Product variant with this SKU already exists.'] }] });
      const unknown = (b.categories ?? []).find((c) => !categories.has(c));
      if (unknown !== undefined) return refuse(400, { categories: [`Invalid pk "${unknown}" - object does not exist.`] });
      const o = productOf(nextProduct++, b);
      products.set(o.id, o);
      return { status: 201, body: o };
    }
    if ((m = /^\/api\/admin\/products\/([^/]+)\/$/.exec(p)) && method === 'DELETE') {
      return products.delete(Number(m[1])) ? { status: 204, body: undefined } : refuse(404, { detail: 'Not found.' });
    }
    if ((m = /^\/api\/admin\/products\/([^/]+)\/$/.exec(p)) && method === 'PATCH') {
      const cur = products.get(Number(m[1]));
      if (!cur) return refuse(404, { detail: 'Not found.' });
      type Patch = { categories?: number[]; variants?: ({ id: number } & Record<string, unknown>)[] } & Record<string, unknown>;
      const { variants: patched, categories: cats, ...b } = body as Patch;
      const mine = cur.variants as ({ id: number; sku: string } & Record<string, unknown>)[];
      const unknownVariant = (patched ?? []).find((w) => !mine.some((x) => x.id === w.id));
      if (unknownVariant) return refuse(400, { variants: [{ id: [`Invalid pk "${unknownVariant.id}" - object does not exist.`] }] });
      const others = new Set([...products.values()].filter((x) => x.id !== cur.id).flatMap((x) => (x.variants as { sku: string }[]).map((w) => w.sku)));
      if ((patched ?? []).some((w) => typeof w.sku === 'string' && others.has(w.sku)))
        return refuse(400, { variants: [{ sku: ['Product variant with this SKU already exists.'] }] });
      const unknownCat = (cats ?? []).find((c) => !categories.has(c));
      if (unknownCat !== undefined) return refuse(400, { categories: [`Invalid pk "${unknownCat}" - object does not exist.`] });
      const o: Obj = {
        ...cur,
        ...b,
        id: cur.id,
        date_updated: iso(),
        ...(cats ? { categories: cats.map((c) => ({ id: c, name: String(categories.get(c)?.name), slug: String(categories.get(c)?.slug) })) } : {}),
        variants: mine.map((x) => ({ ...x, ...(patched ?? []).find((w) => w.id === x.id) })),
      };
      products.set(o.id, o);
      return { status: 200, body: o };
    }
    if ((m = /^\/api\/admin\/products\/([^/]+)\/$/.exec(p)) && method === 'GET') return byId(products, m[1] as string);
    if (p === '/api/admin/shipping-methods/') return page(url, [...shipping.values()]);
    if ((m = /^\/api\/admin\/shipping-methods\/([^/]+)\/$/.exec(p))) return byId(shipping, m[1] as string);
    if (p === '/api/admin/categories/') return page(url, [...categories.values()]);
    if ((m = /^\/api\/admin\/categories\/([^/]+)\/$/.exec(p))) return byId(categories, m[1] as string);
    return refuse(404, { detail: 'Not found.' });
  };

  const h = await startHarness({
    validator: v,
    fault: faultAnswers({
      throttled: { status: 429, raw: JSON.stringify({ detail: 'Request was throttled.' }), contentType: 'application/json' },
      edgePage: '<html><body>Service unavailable</body></html>',
      cutShort: '{"results": [',
      refused: (message) => ({ status: 400, body: { detail: message } }),
    }),

    badJson: { status: 400, body: { detail: 'JSON parse error' } },
    authorize: (req) => {
      if (req.headers.authorization !== `Bearer ${opts.token}`) {
        return { invalid: 'no or wrong Bearer token', answer: { status: 401, body: { detail: 'Authentication credentials were not provided.' } } };
      }
      const version = req.headers['x-29next-api-version'];
      if (typeof version !== 'string' || !versions.includes(version)) {
        return {
          invalid: `X-29next-API-Version ${JSON.stringify(version)} is not one of ${versions.join(', ')}`,
          answer: { status: 400, body: { detail: 'Invalid version in "X-29Next-Api-Version" header.' } },
        };
      }
      return null;
    },
    schemaRefused: (verdict) => ({ status: 400, body: { detail: `Schema check failed: ${verdict}` } }),
    handle,
  });
  return {
    ...h,
    products: () => [...products.values()],
  };
}

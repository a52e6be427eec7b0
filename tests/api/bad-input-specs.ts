/**
 * The bad-input generator shared by tests/api/bad-input.test.ts (every answer a 4xx
 * `{message}`, nothing written) and tests/api/messages.test.ts (every message human): one
 * spec per /api/v1 route (its valid shape) and {@link invalidRequests}, which turns a spec
 * into fast-check generators of invalid requests.
 */
import fc from 'fast-check';
import { CATEGORY_SORTS, DOMAIN_SORTS, OFFER_SORTS, PRODUCT_SORTS, SHIPPING_SORTS, USER_SORTS } from '../../src/model/index.ts';
import { ORDER_SORT_COLUMNS, parseOrderFilters } from '../../src/model/orders.ts';
import { ROUTE_ACTIONS } from '../../src/server/routes/common.ts';
import { at } from '../at.ts';

const Z1 = '0f1e2d3c4b5a69788796a5b4c3d2e1f0'; // the demo's zone of glowskin-offer.com
const R1 = '0f1e2d3c4b5a69788796a5b400000001';

// ---- what a request is ------------------------------------------------------------------

export interface Req {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
  label: string;
}

/** One route's valid shape, from which invalid requests are generated. */
export interface Spec {
  /** Valid path parameters (the mutations of the body/query keep them valid). */
  params?: Record<string, string>;
  /** A valid JSON body (mutated one field at a time). */
  body?: Record<string, unknown>;
  /** Fields whose absence makes the body invalid. */
  required?: string[];
  /** Fields that accept arrays too (no array replacement for them). */
  arraysOk?: string[];
  /** Invalid query strings (each makes the request invalid on its own). */
  badQuery?: fc.Arbitrary<string>;
  /** Extra generators of invalid requests specific to the route (`params` replace the valid ones). */
  extra?: () => fc.Arbitrary<Omit<Req, 'method' | 'url'> & { url?: string; params?: Record<string, string> }>;
}

const png = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
/** Image names the upload refuses whatever the bytes. */
const REFUSED_IMAGE_NAMES = ['../x.png', '..\\x.png', '/abs.png', '.h.png', 'x.exe', 'x.html', 'a/b.png', 'x.png.php'];

/** One multipart upload of `bytes` named `name`. */
const upload = (name: string, bytes: Uint8Array<ArrayBuffer>) => {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  return { headers: {}, body: form, label: `upload ${JSON.stringify(name)} (${bytes.length} bytes)` };
};

/**
 * Invalid multipart uploads: wrong bytes for the extension, bad names, empty files, not files;
 * for images also a real PNG under a refused name, so the name alone is what gets refused.
 */
const badUpload = (csv: boolean) => () =>
  fc.oneof(
    fc
      .record({
        name: csv
          ? fc.oneof(
              fc.constantFrom('a.txt', 'a.csv.exe', 'list.xlsx', 'noext'),
              fc.string({ maxLength: 12 }).map((s) => `${s}.csv`),
            )
          : fc.oneof(
              fc.constantFrom(...REFUSED_IMAGE_NAMES),
              fc.string({ maxLength: 12 }).map((s) => `${s}.png`),
            ),
        bytes: fc.oneof(
          fc.uint8Array({ maxLength: 64 }),
          fc.constant(new Uint8Array(0)),
          fc.string({ maxLength: 40 }).map((s) => new TextEncoder().encode(csv ? `wrong,header\n${s}` : s)),
        ),
      })
      .map(({ name, bytes }) => upload(name, bytes)),
    ...(csv ? [] : [fc.constantFrom(...REFUSED_IMAGE_NAMES).map((name) => upload(name, png))]),
    fc.constant({ headers: { 'Content-Type': 'application/json' }, body: '{"file":"x"}', label: 'json instead of multipart' }),
    fc.string({ maxLength: 10 }).map((field) => {
      const form = new FormData();
      form.append(field === 'file' || field === 'files' || field === 'image' ? 'other' : field || 'other', 'text, not a file');
      return { headers: {}, body: form, label: `no file (${field})` };
    }),
    fc.constant({ headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' }, body: '--xyz\r\nbroken', label: 'broken multipart' }),
  );

const bad = <T>(...xs: T[]) => fc.constantFrom(...xs);

/** JSON text of arrays or objects nested `depth` levels (the API takes at most 64: src/server/body-limits.ts). */
const nestedJson = (depth: number, kind: 'array' | 'object') =>
  kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);
/** A value nested `depth` levels, for a body field. */
const nestedValue = (depth: number): unknown => {
  let v: unknown = [];
  for (let i = 1; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
};

/**
 * Bodies of a document write (`base`, valid) with a key `__proto__`, `constructor` or
 * `prototype` somewhere inside (`at`: the member that gets it): 400 naming the key.
 */
const forbiddenKeyBodies = (base: Record<string, unknown>, at: string) => () =>
  fc
    .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.constantFrom('{"%k":{}}', '{"%k":1}', '{"x":{"%k":{"y":1}}}', '{"x":[{"%k":[]}]}'))
    .map(([key, shape]) => {
      const body = JSON.stringify({ ...base, [at]: '@' }).replace('"@"', shape.replace('%k', key));
      return { headers: { 'Content-Type': 'application/json', 'If-Match': '"1"' }, body, label: `forbidden key ${body.slice(0, 80)}` };
    });
const notIn = (allowed: string[]) => fc.string({ maxLength: 12 }).filter((s) => !allowed.includes(s));

/**
 * Invalid list queries (src/model/list-query.ts): a sort not of `sorts`, a page or per_page
 * out of range or not a whole number, a search over 200 characters.
 */
const badListQuery = (sorts: readonly string[]) =>
  fc.oneof(
    fc
      .string({ maxLength: 12 })
      .filter((v) => !sorts.flatMap((k) => [k, `-${k}`]).includes(v))
      .map((v) => `sort=${encodeURIComponent(v)}`),
    bad('0', '-1', 'x', '', '1.5', '1e3', '1000000', '99999999999').map((v) => `page=${v}`),
    bad('0', '101', '-5', 'x', '', '1.5', '9999', '__proto__').map((v) => `per_page=${v}`),
    fc.integer({ min: 201, max: 400 }).map((n) => `q=${'a'.repeat(n)}`),
  );

const product = { offer_id: 10231, name: 'P', description: 'd', sku: 's', cost_of_goods: 1, product_price: 2, shipping_weight: 1 };
const pixel = { page: 2, name: 'p', location: 'head', code: 'c' };

/** A document PATCH's invalid requests: no or stale If-Match, malformed patches, invalid results, wrong media type. */
const patchBad = (version: () => number, extraInvalid: unknown[][]) => () =>
  fc.oneof(
    fc.constant({
      headers: { 'Content-Type': 'application/json-patch+json' },
      body: JSON.stringify([{ op: 'replace', path: '/name', value: 'Fuzz' }]),
      label: 'no If-Match',
    }),
    fc.constantFrom('"999"', '"0"', 'W/"abc"', 'garbage', '"-1"').map((m) => ({
      headers: { 'Content-Type': 'application/json-patch+json', 'If-Match': m },
      body: JSON.stringify([{ op: 'replace', path: '/name', value: 'Fuzz' }]),
      label: `If-Match ${m}`,
    })),
    fc
      .oneof(
        fc.constantFrom(
          '{',
          'null',
          '{}',
          '"ops"',
          '42',
          '[1]',
          '[{}]',
          '[{"op":"jump","path":"/name"}]',
          '[{"op":"replace"}]',
          '[{"op":"replace","path":"name","value":1}]',
          '[{"op":"remove","path":"/nonexistent/deep"}]',
          '[{"op":"move","from":"/nope","path":"/name"}]',
          '[{"op":"test","path":"/name","value":"definitely not"}]',
          '[{"op":"replace","path":"/ID","value":5}]',
          '[{"op":"replace","path":"/version","value":5}]',
          '[{"op":"remove","path":""}]',
        ),
        fc.constantFrom(...extraInvalid).map((ops) => JSON.stringify(ops)),
        fc
          .array(fc.record({ op: fc.string({ maxLength: 8 }), path: fc.string({ maxLength: 8 }) }), { minLength: 1, maxLength: 3 })
          .filter((ops) => ops.some((o) => !['add', 'remove', 'replace', 'move', 'copy', 'test'].includes(o.op) || !o.path.startsWith('/')))
          .map((ops) => JSON.stringify(ops)),
        fc.string({ maxLength: 20 }).map((s) => JSON.stringify([{ op: 'replace', path: '/name', value: `${s}\u0000` }])),
        fc
          .constantFrom(65, 200, 5_000)
          .chain((d) => fc.constantFrom('array', 'object').map((k) => `[{"op":"add","path":"/name","value":${nestedJson(d - 2, k)}}]`)),
      )
      .map((body) => ({ headers: { 'Content-Type': 'application/json-patch+json', 'If-Match': `"${version()}"` }, body, label: `patch ${body.slice(0, 80)}` })),
    fc.constant(0).map(() => ({ headers: { 'Content-Type': 'text/plain', 'If-Match': `"${version()}"` }, body: '[]', label: 'text/plain patch' })),
  );

export const versions: Partial<Record<'funnel' | 'page' | 'template' | 'layout', number>> = {};
/** The recorded version of `doc`, for If-Match (throws until the first test recorded it). */
export const versionOf = (doc: keyof typeof versions) => (): number => {
  const v = versions[doc];
  if (v === undefined) throw new Error(`the ${doc}'s version was not recorded yet`);
  return v;
};

/** The spec of every /api/v1 route (a new route without one fails the first test). */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/me': {},
  'GET /api/v1/system/status': {},
  'POST /api/v1/system/status/{key}/test': {
    params: { key: 'database' },
    extra: () => fc.constantFrom('nope', 'DNS', 'database2', 'live%20').map((key) => ({ headers: {}, params: { key }, label: `key ${key}` })),
  },
  'GET /api/v1/funnels': {
    badQuery: fc.oneof(
      notIn(['true', 'false']).map((v) => `archived=${encodeURIComponent(v)}`),
      notIn(['true', 'false']).map((v) => `locked=${encodeURIComponent(v)}`),
      notIn(['progress', 'qc', 'released']).map((v) => `status=${encodeURIComponent(v)}`),
      notIn(['sticky', '29next']).map((v) => `platform=${encodeURIComponent(v)}`),
      bad('0', '-1', 'x', '', '1.5', '1e3', '1234567890').map((v) => `offer=${v}`),
      bad('0', '-1', 'x', '', '1.5', '1000000').map((v) => `page=${v}`),
      bad('0', '101', '-5', 'x', '', '1.5', '9999').map((v) => `per_page=${v}`),
      fc
        .string({ maxLength: 12 })
        .filter((s) => !/^-?(id|name|offer|platform|status)$/.test(s))
        .map((v) => `sort=${encodeURIComponent(v)}`),
      fc.integer({ min: 201, max: 400 }).map((n) => `q=${'a'.repeat(n)}`),
      fc.constant('domain='),
    ),
  },
  'POST /api/v1/funnels': { body: { name: 'F', offer: 10231 }, required: ['name', 'offer'] },
  'GET /api/v1/funnels/{id}': { params: { id: '1' } },
  'PUT /api/v1/funnels/{id}': {
    params: { id: '1' },
    body: { name: 'X', currency: 'USD', countries: ['US'], details: { GTM: 'GTM1' } },
    extra: forbiddenKeyBodies({ name: 'X' }, 'details'),
  },
  'PATCH /api/v1/funnels/{id}': {
    params: { id: '1' },
    extra: patchBad(versionOf('funnel'), [
      [{ op: 'replace', path: '/countries', value: [] }],
      [{ op: 'replace', path: '/currency', value: 'XXX' }],
      [{ op: 'replace', path: '/details/GTM', value: 'TOO-LONG-GTM' }],
      // The details a published funnel needs may not be cleared (000 §5).
      [{ op: 'replace', path: '/cs_number', value: '' }],
      [{ op: 'replace', path: '/details/dl_offer_name', value: ' ' }],
      [{ op: 'replace', path: '/page_id', value: null }],
      [{ op: 'replace', path: '/details/logo', value: 'javascript:alert(1)' }],
      [{ op: 'add', path: '/details/manual/-', value: { manual_id: '9', manual_img: '//evil.example/x.png' } }],
    ]),
  },
  'DELETE /api/v1/funnels/{id}': { params: { id: '1' } },
  'POST /api/v1/funnels/{id}/clone': { params: { id: '1' }, body: { name: 'C' }, required: ['name'] },
  'PUT /api/v1/funnels/{id}/lock': { params: { id: '2' }, body: { locked: false }, required: ['locked'] },
  'PUT /api/v1/funnels/{id}/archive': { params: { id: '2' }, body: { archived: false }, required: ['archived'] },
  'GET /api/v1/funnels/{id}/products': { params: { id: '1' } },
  'PUT /api/v1/funnels/{id}/publish': { params: { id: '1' } },
  'GET /api/v1/funnels/{id}/releases': { params: { id: '1' } },
  'GET /api/v1/funnels/{id}/releases/pending': { params: { id: '1' } },
  'POST /api/v1/funnels/{id}/releases/{releaseId}/rollback': { params: { id: '1', releaseId: '1' } },
  'GET /api/v1/funnels/{id}/pages': { params: { id: '1' } },
  'GET /api/v1/pages/{id}': { params: { id: '1' } },
  'POST /api/v1/pages': {
    body: { funnel_id: 2, name: 'P', page_type: 'presell', page_path: '/fuzz/' },
    required: ['funnel_id', 'name', 'page_type', 'page_path'],
    extra: forbiddenKeyBodies({ funnel_id: 2, name: 'P', page_type: 'presell', page_path: '/fuzz/' }, 'meta'),
  },
  'PUT /api/v1/pages/{id}': {
    params: { id: '7' },
    body: { name: 'X', page_path: '/x/', page_type: 'checkout' },
    extra: forbiddenKeyBodies({ name: 'X' }, 'meta'),
  },
  'PATCH /api/v1/pages/{id}': {
    params: { id: '7' },
    extra: patchBad(versionOf('page'), [
      [{ op: 'replace', path: '/page_path', value: 'no-slash' }],
      [{ op: 'replace', path: '/page_type', value: 'bogus' }],
      [{ op: 'replace', path: '/name', value: '' }],
    ]),
  },
  'DELETE /api/v1/pages/{id}': { params: { id: '7' } },
  'GET /api/v1/funnels/{id}/layout': { params: { id: '1' } },
  'PATCH /api/v1/funnels/{id}/layout': {
    params: { id: '1' },
    extra: patchBad(versionOf('layout'), [
      [{ op: 'add', path: '/positions/7', value: { x: 'left', y: 0 } }],
      [{ op: 'add', path: '/positions/7', value: { x: 1e9, y: 0 } }],
      [{ op: 'add', path: '/positions/seven', value: { x: 0, y: 0 } }],
      [{ op: 'add', path: '/positions/7', value: { x: 0, y: 0, z: 1 } }],
      [{ op: 'replace', path: '/funnel_id', value: 2 }],
      [{ op: 'replace', path: '/positions', value: [] }],
    ]),
  },
  'GET /api/v1/preview': {
    badQuery: fc.oneof(
      bad(
        '',
        'url=',
        'url=%20',
        'url=ftp%3A%2F%2Fexample.com%2F',
        'url=javascript%3Aalert(1)',
        'url=%2Fsites%2Fglowskin-offer.com%2F',
        'url=file%3A%2F%2F%2Fetc%2Fpasswd',
        'url=http%3A%2F%2Flocalhost%2F',
        'url=http%3A%2F%2F%5B%3A%3A1%5D%2F',
        'url=http%3A%2F%2F%5B%3A%3Affff%3A127.0.0.1%5D%2F',
        'url=http%3A%2F%2F169.254.169.254%2Flatest%2F',
        'url=http%3A%2F%2Fuser%3Apw%40example.com%2F',
        'url=http%3A%2F%2F0.0.0.0%2F',
        `url=${'x'.repeat(2049)}`,
        'url=%00',
        'url=http%3A%2F%2F127.0.0.1%3A1%2F%00',
      ),
      fc
        .tuple(fc.constantFrom('10.', '127.', '192.168.', '172.16.', '169.254.', '100.64.'), fc.nat(255), fc.nat(255))
        .map(([p, a, b]) => `url=${encodeURIComponent(`http://${p}${a}.${b}${p.split('.').length === 2 ? '.1' : ''}/`)}`),
      fc
        .string({ maxLength: 30 })
        .filter((s) => !/^\s*https?:/i.test(s))
        .map((s) => `url=${encodeURIComponent(s)}`),
    ),
  },
  'POST /api/v1/preview': { body: { page: { funnel_id: 1, page_type: 'checkout', meta: {} } }, required: ['page'] },
  'GET /api/v1/templates': {},
  'GET /api/v1/templates/layouts': {},
  'GET /api/v1/templates/preview-host': {},
  'GET /api/v1/templates/{id}/preview': { params: { id: '1' } },
  'POST /api/v1/templates': {
    body: { name: 'T', page_type: 'checkout', layout: 'checkout', template_host_url: '/t/', meta: { a: 1 } },
    required: ['name', 'page_type', 'layout', 'template_host_url', 'meta'],
    extra: forbiddenKeyBodies({ name: 'T', page_type: 'checkout', layout: 'checkout', template_host_url: '/t/' }, 'meta'),
  },
  'PATCH /api/v1/templates': {},
  'GET /api/v1/templates/{id}': { params: { id: '1' } },
  'PUT /api/v1/templates/{id}': {
    params: { id: '1' },
    body: { name: 'X', layout: 'checkout', meta: { a: 1 } },
    extra: forbiddenKeyBodies({ name: 'X' }, 'meta'),
  },
  'PATCH /api/v1/templates/{id}': {
    params: { id: '1' },
    extra: patchBad(versionOf('template'), [
      [{ op: 'replace', path: '/meta', value: {} }],
      [{ op: 'replace', path: '/layout', value: 'no such!' }],
      [{ op: 'replace', path: '/meta/css', value: '.a{color:red}}' }],
      [{ op: 'add', path: '/meta/customJs', value: 'function (' }],
      [{ op: 'replace', path: '/template_host_url', value: 'https://other.example/x/' }],
    ]),
  },
  'DELETE /api/v1/templates/{id}': { params: { id: '1' } },
  'GET /api/v1/offers': { badQuery: badListQuery(OFFER_SORTS) },
  'POST /api/v1/offers': { body: { offer_id: '30001', name: 'O', platform: 'sticky' }, required: ['offer_id', 'name', 'platform'] },
  'POST /api/v1/offers/create/': { body: { offer_id: '30001', name: 'O', platform: 'sticky' }, required: ['offer_id', 'name', 'platform'] },
  'POST /api/v1/offers/create/{id}': { params: { id: '30009' }, body: { name: 'O', platform: 'sticky' }, required: ['name', 'platform'] },
  'GET /api/v1/offers/{id}': { params: { id: '1' } },
  'PUT /api/v1/offers/{id}': { params: { id: '4' }, body: { offer_id: '30001', name: 'O', platform: 'sticky' }, required: ['offer_id', 'name', 'platform'] },
  'DELETE /api/v1/offers/{id}': { params: { id: '4' } },
  'GET /api/v1/products': { badQuery: badListQuery(PRODUCT_SORTS) },
  'GET /api/v1/products/offer/{id}': { params: { id: '10231' } },
  'GET /api/v1/products/{id}': { params: { id: '1' } },
  'POST /api/v1/products': { body: product, required: Object.keys(product) },
  'POST /api/v1/products/bundle': {
    body: { offer_id: 10231, name: 'B', sku: 'b', product_price: 2, items: [{ product_id: 1 }, { product_id: 2 }] },
    required: ['offer_id', 'name', 'sku', 'product_price', 'items'],
  },
  'PUT /api/v1/products/{id}': { params: { id: '1' }, body: product, required: Object.keys(product) },
  'DELETE /api/v1/products/{id}': { params: { id: '1' } },
  'GET /api/v1/funnels/{id}/audit_log': {
    params: { id: '1' },
    // Paging: limit 1–1000, before an entry of this log, doc funnel:<id> or page:<id>.
    badQuery: fc.oneof(
      bad('0', '1001', '-1', 'x', '', '1.5', '1e2', '99999').map((v) => `limit=${v}`),
      bad('0', '-1', 'x', '', '1.5', '2147483648', '2147483647').map((v) => `before=${v}`),
      fc
        .oneof(
          bad('page', 'page:', 'page:x', 'template:1', 'layout:1', 'page:12345678901', 'funnel:1:2'),
          fc.string({ maxLength: 12 }).filter((v) => !/^(funnel|page):\d{1,10}$/.test(v)),
        )
        .map((v) => `doc=${encodeURIComponent(v)}`),
      bad('0', '-1', 'x', '', '1.5', '2147483648', '__proto__').map((v) => `user=${v}`),
      bad('', 'notes', 'Note', 'change', '__proto__', 'diff,note').map((v) => `type=${v}`),
    ),
  },
  'GET /api/v1/funnels/{id}/events': {
    params: { id: '1' },
    badQuery: fc
      .oneof(
        fc.constantFrom('funnel', 'page:', 'page:x', 'page:1:2', '__proto__', 'template:1', 'page:12345678901'),
        fc.string({ maxLength: 20 }).filter((v) => !/^(funnel|page|layout):\d{1,10}$/.test(v) && v !== ''),
      )
      .map((v) => `doc=${encodeURIComponent(v)}`),
  },
  // Deleted funnels: paged like the log; limit 1–500, before a deleted funnel's ID.
  'GET /api/v1/deleted_funnels': {
    badQuery: fc.oneof(
      bad('0', '501', '-1', 'x', '', '1.5', '1e2', '9999').map((v) => `limit=${v}`),
      bad('0', '-1', 'x', '', '1.5', '2147483648').map((v) => `before=${v}`),
    ),
  },
  'GET /api/v1/deleted_funnels/{id}': { params: { id: '1' } },
  'GET /api/v1/deleted_funnels/{id}/audit_log': {
    params: { id: '1' },
    badQuery: fc.oneof(
      bad('0', '1001', '-1', 'x', '', '1.5').map((v) => `limit=${v}`),
      bad('0', '-1', 'x', '', '2147483648').map((v) => `before=${v}`),
    ),
  },
  'POST /api/v1/audit_logs': { body: { funnel_id: 1, message: 'm', task_url: 'https://tasks.example.com/T-1' }, required: ['funnel_id', 'message'] },
  'DELETE /api/v1/audit_logs/{id}': { params: { id: '1' } },
  'GET /api/v1/funnels/{id}/campaigns': { params: { id: '1' } },
  'GET /api/v1/offers/{id}/campaigns': { params: { id: '1' } },
  'GET /api/v1/campaigns/{id}': { params: { id: '1' } },
  'POST /api/v1/campaigns': {
    body: { campaign_id: '45555', funnel_id: 2, regions: ['US'], fulfillment: 'Ecomm' },
    required: ['campaign_id', 'funnel_id', 'regions', 'fulfillment'],
  },
  'POST /api/v1/campaigns/camps': { body: { offer_id: 10231, regions: ['US'], fulfillment: 'Ecomm' }, required: ['offer_id', 'regions', 'fulfillment'] },
  'POST /api/v1/campaigns/fulfillment': {
    body: { campaigns_id: '12001', fulfillment_id: 'Ecomm' },
    required: ['campaigns_id', 'fulfillment_id'],
    arraysOk: ['campaigns_id'],
  },
  'PUT /api/v1/campaigns/{id}': {
    params: { id: '1' },
    body: { campaign_id: '45555', funnel_id: 1, regions: ['US'], fulfillment: 'Ecomm' },
    required: ['campaign_id', 'funnel_id', 'regions', 'fulfillment'],
  },
  'DELETE /api/v1/campaigns/{id}': { params: { id: '1' } },
  'GET /api/v1/categories': { badQuery: badListQuery(CATEGORY_SORTS) },
  'POST /api/v1/categories/create': { body: { name: 'C', sticky_id: '55' }, required: ['name', 'sticky_id'] },
  'POST /api/v1/categories/import': { body: { sticky_id: '101' }, required: ['sticky_id'] },
  'GET /api/v1/categories/{id}': { params: { id: '1' } },
  'PUT /api/v1/categories/update/{id}': { params: { id: '1' }, body: { name: 'C', sticky_id: '55' }, required: ['name', 'sticky_id'] },
  'DELETE /api/v1/categories/{id}': { params: { id: '1' } },
  'GET /api/v1/domains/': {
    badQuery: fc.oneof(
      notIn(['true', 'false', '1', '0']).map((v) => `all=${encodeURIComponent(v)}`),
      badListQuery(DOMAIN_SORTS),
    ),
  },
  'GET /api/v1/domains/subdomains': {},
  'GET /api/v1/funnels/{id}/domains': { params: { id: '1' } },
  'POST /api/v1/domains/': {
    body: { name: 'fuzz.com' },
    required: ['name'],
    badQuery: notIn(['true', 'false', '1', '0']).map((v) => `sync=${encodeURIComponent(v)}`),
  },
  'PUT /api/v1/domains/{id}': {
    params: { id: '4' },
    body: { under_attack: true, funnel_id: 2 },
    badQuery: notIn(['true', 'false', '1', '0']).map((v) => `sync=${encodeURIComponent(v)}`),
  },
  'DELETE /api/v1/domains/{id}': { params: { id: '4' } },
  'POST /api/v1/cloud_flare/domains': { body: { domain_id: 4 }, required: ['domain_id'] },
  'PUT /api/v1/cloud_flare/domains/{id}': { params: { id: '1' }, body: { under_attack: true }, required: ['under_attack'] },
  'GET /api/v1/cloud_flare/domains/list/{id}': { params: { id: '1' } },
  'POST /api/v1/cloud_flare/domains/create/{id}': {
    params: { id: '1' },
    body: { type: 'A', name: 'fz', content: '1.2.3.4', proxied: false },
    required: ['type', 'name', 'content', 'proxied'],
  },
  'POST /api/v1/cloud_flare/domains/patch': {
    body: { zone_id: Z1, records: [{ id: R1, type: 'A', name: '@', content: '1.2.3.4', proxied: false }] },
    required: ['zone_id', 'records'],
  },
  'DELETE /api/v1/cloud_flare/domains/delete': { body: { zone_id: Z1, id: R1 }, required: ['zone_id', 'id'] },
  'GET /api/v1/stores': {},
  'GET /api/v1/shippings': { badQuery: badListQuery(SHIPPING_SORTS) },
  'GET /api/v1/shippings/store': { badQuery: notIn(['true', 'false', '1', '0']).map((v) => `refresh=${encodeURIComponent(v)}`) },
  'POST /api/v1/shippings': { body: { ID: '4' }, required: ['ID'] },
  'PUT /api/v1/shippings/{id}': {
    params: { id: '1' },
    body: { name: 'S', description: 'd', price: 1 },
    required: ['name', 'description', 'price'],
    // A valid body for an id that is not one of ours: 404 (it was a 500).
    extra: () =>
      fc.integer({ min: 1000, max: 2_147_483_647 }).map((id) => ({
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'S', description: 'd', price: 1 }),
        params: { id: String(id) },
        label: `unknown shipping ${id}`,
      })),
  },
  'DELETE /api/v1/shippings/{id}': { params: { id: '1' } },
  'POST /api/v1/shippings/sync/{id}': { params: { id: '4' } },
  'GET /api/v1/roles': {},
  'GET /api/v1/users': {
    badQuery: fc.oneof(
      notIn(['admin', 'operator', 'sticky', 'all', '']).map((v) => `role=${encodeURIComponent(v)}`),
      badListQuery(USER_SORTS),
    ),
  },
  'POST /api/v1/users': { body: { name: 'U', email: 'u@example.com', password: 'Secret!234', role_id: 2 }, required: ['name', 'email', 'password', 'role_id'] },
  'PATCH /api/v1/users/{id}': { params: { id: '2' }, body: { name: 'X', email: 'x@example.com', role_id: 2, email_verified: true } },
  'DELETE /api/v1/users/{id}': { params: { id: '2' } },
  'GET /api/v1/dashboard': {},
  // Search (the command palette): q 1–255 characters after trimming, limit 1–50.
  'GET /api/v1/search': {
    badQuery: fc.oneof(
      bad('', 'q=', 'q=%20%20', `q=${'x'.repeat(256)}`, 'limit=5'),
      bad('0', '51', '-1', 'x', '', '1.5', '1e1', '9999').map((v) => `q=serum&limit=${v}`),
    ),
  },
  'PUT /api/v1/dashboard/order': { body: { names: ['Orders', 'Funnels'] }, required: ['names'] },
  'GET /api/v1/funnels/{id}/blockers': { params: { id: '1' } },
  'POST /api/v1/blockers': { body: { funnel_id: 2, user_ip: '1.2.3.4' }, required: ['funnel_id', 'user_ip'] },
  'PUT /api/v1/blockers/{id}': { params: { id: '1' }, body: { user_ip: '1.2.3.4' }, required: ['user_ip'] },
  'DELETE /api/v1/blockers/{id}': { params: { id: '1' } },
  'GET /api/v1/funnels/{id}/pixels': { params: { id: '1' } },
  'POST /api/v1/pixels': { body: { funnel_id: 1, ...pixel }, required: ['funnel_id', ...Object.keys(pixel)] },
  'PUT /api/v1/pixels/{id}': { params: { id: '1' }, body: pixel, required: Object.keys(pixel) },
  'DELETE /api/v1/pixels/{id}': { params: { id: '1' } },
  'GET /api/v1/funnels/{id}/scrubs': { params: { id: '1' } },
  'GET /api/v1/scrubs/{id}': { params: { id: '1' } },
  'POST /api/v1/scrubs': { body: { funnel_id: 2, affiliate_id: '55', scrub_pct: 5 }, required: ['funnel_id', 'affiliate_id', 'scrub_pct'] },
  'PUT /api/v1/scrubs/{id}': { params: { id: '2' }, body: { affiliate_id: '55', scrub_pct: 5 }, required: ['affiliate_id', 'scrub_pct'] },
  'DELETE /api/v1/scrubs/{id}': { params: { id: '2' } },
  'GET /api/v1/orders/': {
    badQuery: fc.oneof(
      bad('0', '101', '-5', 'x', '1e2', '', '1.5', '9999').map((v) => `limit=${v}`),
      bad('0', '-1', 'x', '', '1.5', '99999999').map((v) => `page=${v}`),
      notIn([...ORDER_SORT_COLUMNS]).map((v) => `sort=${encodeURIComponent(v)}`),
      notIn(['asc', 'desc', 'ASC', 'DESC']).map((v) => `order=${encodeURIComponent(v)}`),
      fc
        .oneof(
          fc.string({ maxLength: 30 }),
          fc.json().map((j) => j),
        )
        .filter((s) => parseOrderFilters(s) === null)
        .map((v) => `filters=${encodeURIComponent(v)}`),
    ),
  },
  'GET /api/v1/images/{funnelId}': { params: { funnelId: '1' } },
  'POST /api/v1/images/{funnelId}': { params: { funnelId: '1' }, extra: badUpload(false) },
  'DELETE /api/v1/images/{funnelId}/{name}': { params: { funnelId: '1', name: 'x.png' } },
  'POST /api/v1/csv_upload/sticky/campaigns_fulfillment': { extra: badUpload(true) },
  'POST /api/v1/csv_upload/sticky/products_create/{funnelId}': { params: { funnelId: '1' }, extra: badUpload(true) },
};

// ---- generators ----------------------------------------------------------------------------

/** A route key `METHOD /path` split in two. */
export const splitRoute = (key: string): [method: string, path: string] => {
  const [method, path] = key.split(' ');
  if (!method || !path) throw new Error(`route key "${key}" is not "METHOD /path"`);
  return [method, path];
};

const STATIC_SEGMENTS = new Set([...ROUTE_ACTIONS.keys()].flatMap((k) => splitRoute(k)[1].split('/')).filter((s) => s && !s.startsWith('{')));
const validId = (s: string) => /^\d{1,10}$/.test(s) && Number(s) >= 1 && Number(s) <= 2_147_483_647;

/** Invalid values of a path parameter. */
const badParam = (name: string) =>
  fc
    .oneof(
      bad(
        'abc',
        '0',
        '-1',
        '1.5',
        '1e3',
        '0x10',
        '%201',
        '1%20',
        '+1',
        '2147483648',
        '99999999999',
        '%00',
        '1%00',
        '%2e%2e%2f%2e%2e',
        '..%2F..%2Fpackage.json',
        '%0a',
        '١',
        'NaN',
        'Infinity',
        'null',
        'undefined',
        '[1]',
        '{}',
      ),
      fc.bigInt({ min: 2n ** 31n, max: 10n ** 40n }).map(String),
      fc
        .string({ minLength: 1, maxLength: 16 })
        .filter(
          (s) =>
            !validId(s) &&
            s !== '.' &&
            s !== '..' &&
            !STATIC_SEGMENTS.has(s) &&
            !(name === 'name' && /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}\.(jpg|jpeg|png|svg|webp|gif|pdf|mp4|webm)$/.test(s)),
        )
        .map(encodeURIComponent),
    )
    .filter((s) => name !== 'name' || !/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}\.(jpg|jpeg|png|svg|webp|gif|pdf|mp4|webm)$/.test(decodeURIComponent(s)));

/** A value of another JSON type than `v` (or an invalid one of the same type). */
function badValue(v: unknown, arraysOk: boolean): fc.Arbitrary<unknown> {
  const huge = 'x'.repeat(100_001);
  const nul = fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`);
  if (typeof v === 'string') {
    return fc.oneof(
      fc.boolean(),
      fc.constant({}),
      fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { minKeys: 1, maxKeys: 2 }),
      fc.constant(huge),
      nul,
      ...(arraysOk ? [] : [fc.array(fc.integer(), { maxLength: 3 })]),
    );
  }
  if (typeof v === 'number') return fc.oneof(fc.boolean(), fc.constant({}), fc.array(fc.integer(), { maxLength: 2 }), bad(1e300, -1, -1e9, 2 ** 53, 1e15), nul);
  if (typeof v === 'boolean') return fc.oneof(bad<unknown>('true', 'false', 'yes', 0, 1, 'on'), fc.constant({}), fc.constant([]), nul);
  if (Array.isArray(v)) return fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean(), fc.constant({}), nul);
  return fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean(), nul, fc.constant(huge));
}

/** Paths of every string inside a JSON value (for NUL injection). */
function stringPaths(v: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof v === 'string') return [prefix];
  if (Array.isArray(v)) return v.flatMap((x, i) => stringPaths(x, [...prefix, i]));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => stringPaths(x, [...prefix, k]));
  return [];
}
function setAt(v: unknown, p: (string | number)[], value: unknown): unknown {
  const [head, ...rest] = p;
  if (head === undefined) return value;
  const copy = (Array.isArray(v) ? [...v] : { ...(v as object) }) as Record<string | number, unknown>;
  copy[head] = setAt(copy[head], rest, value);
  return copy;
}

type Part = Omit<Req, 'method' | 'url'> & { url?: string; query?: string; params?: Record<string, string> };

/**
 * Every invalid request of a route: `auth` with bad credentials, `input` signed in with
 * invalid input (null when the route takes none).
 */
export function invalidRequests(method: string, template: string, spec: Spec, token: string): { auth: fc.Arbitrary<Req>; input: fc.Arbitrary<Req> | null } {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => at(m, 1, 'parameter name'));
  const params = spec.params ?? {};
  const json = { 'Content-Type': 'application/json' };
  const withAuth = (h: Record<string, string>) => ({ Authorization: `Bearer ${token}`, ...h });
  const parts: fc.Arbitrary<Part>[] = [];
  // Bad credentials: every route.
  const auth: fc.Arbitrary<Part> = fc
    .oneof(
      bad('', 'Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', 'bearer x.y.z', `Bearer ${token}x`, `Bearer ${token.slice(0, -4)}AAAA`, `Token ${token}`),
      fc
        .string({ maxLength: 60 })
        .map((s) => `Bearer ${s}`)
        .filter((h) => h !== `Bearer ${token}`),
    )
    .map((a): Part => ({ headers: a ? { Authorization: a } : {}, label: `auth ${JSON.stringify(a.slice(0, 40))}` }));
  // Bad path parameters.
  for (const n of names) {
    parts.push(
      badParam(n).map((v) => ({
        headers: withAuth(spec.body ? json : {}),
        body: spec.body ? JSON.stringify(spec.body) : undefined,
        params: { ...params, [n]: v },
        label: `param ${n}=${v}`,
      })),
    );
  }
  // Bad query values.
  if (spec.badQuery)
    parts.push(
      spec.badQuery.map((q) => ({
        headers: withAuth(spec.body ? json : {}),
        body: spec.body ? JSON.stringify(spec.body) : undefined,
        query: q,
        label: `query ${q}`,
      })),
    );
  // Bad bodies.
  if (spec.body) {
    const base = spec.body;
    const fields = Object.keys(base).filter((k) => base[k] !== null);
    const strings = stringPaths(base);
    const bodies: fc.Arbitrary<unknown>[] = [
      fc.constantFrom(...fields).chain((f) => badValue(base[f], spec.arraysOk?.includes(f) ?? false).map((v) => ({ ...base, [f]: v }))),
      ...(strings.length ? [fc.constantFrom(...strings).chain((p) => fc.string({ maxLength: 6 }).map((s) => setAt(base, p, `${s}\u0000`)))] : []),
      fc.oneof(
        fc.constant([]),
        fc.integer(),
        fc.string({ maxLength: 10 }),
        fc.constant(null),
        fc.boolean(),
        fc.array(fc.jsonValue(), { minLength: 1, maxLength: 3 }),
      ),
    ];
    if (spec.required?.length) bodies.push(fc.constantFrom(...spec.required).map((f) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== f))));
    // A field nested past the API's 64 levels (src/server/body-limits.ts): 400 before anything parses it.
    bodies.push(fc.tuple(fc.constantFrom(...fields), fc.constantFrom(65, 300)).map(([f, d]) => ({ ...base, [f]: nestedValue(d) })));
    parts.push(fc.oneof(...bodies).map((b) => ({ headers: withAuth(json), body: JSON.stringify(b), label: `body ${JSON.stringify(b).slice(0, 120)}` })));
    parts.push(
      fc.oneof(
        fc
          .string({ maxLength: 30 })
          .filter((s) => {
            try {
              JSON.parse(s);
              return false;
            } catch {
              return true;
            }
          })
          .map((s) => ({ headers: withAuth(json), body: s, label: `not JSON ${JSON.stringify(s)}` })),
        bad('text/plain', 'application/x-www-form-urlencoded', 'application/xml').map((ct) => ({
          headers: withAuth({ 'Content-Type': ct }),
          body: JSON.stringify(base),
          label: `content-type ${ct}`,
        })),
      ),
    );
  }
  if (spec.extra) parts.push(spec.extra().map((p) => ({ ...p, headers: withAuth(p.headers) })));
  const toReq = (p: Part): Req => {
    const ps = p.params ?? params;
    let url = template.replace(/\{(\w+)\}/g, (_, n: string) => ps[n] ?? '1');
    if (p.query) url += `${url.includes('?') ? '&' : '?'}${p.query}`;
    return { method, url, headers: p.headers, body: p.body, label: p.label };
  };
  return { auth: auth.map(toReq), input: parts.length ? fc.oneof(...parts).map(toReq) : null };
}

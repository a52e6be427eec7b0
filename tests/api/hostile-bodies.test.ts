/**
 * Bodies that answered 500 (or a 400 with the runtime's words) answer a 4xx
 * with a message of ours, and write nothing: a PUT with `__proto__`/`constructor`/`prototype`
 * inside a page's meta (400 naming the key, as the README's write contract promises; the
 * `__proto__` one used to answer 200 and erase the page's meta), a PUT of an unknown shipping
 * id (404), and a body nested 5,000 or 100,000 levels deep (400, at most 64 levels, on every
 * route that takes a body).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, TOO_DEEP_MESSAGE } from '../../src/server/body-limits.ts';
import { WRITE_MSG } from '../../src/model/messages.ts';
import { SPECS, splitRoute } from './bad-input-specs.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 100 });
});
afterAll(async () => {
  await t?.close();
});

/** A document as read, with its version for If-Match. */
const read = async (p: string) => (await t.api('GET', p)).body as { version: number; meta?: Record<string, unknown> };
/** `depth` nested arrays (`[[…]]`) or objects (`{"a":{…}}`) as JSON text. */
const nested = (depth: number, kind: 'array' | 'object') =>
  kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);

describe('forbidden keys in a PUT body', () => {
  const CASES: [string, string][] = [
    ['{"meta":{"constructor":{}}}', 'constructor'],
    ['{"meta":{"__proto__":{}}}', '__proto__'],
    ['{"meta":{"constructor":1}}', 'constructor'],
    ['{"meta":{"x":{"prototype":1}}}', 'prototype'],
    ['{"meta":{"products":[{"__proto__":{"polluted":true}}]}}', '__proto__'],
  ];

  it('a page: 400 naming the key, and the page is untouched', async () => {
    const before = await read('/api/v1/pages/2');
    expect(Object.keys(before.meta ?? {}).length).toBeGreaterThan(0);
    for (const [body, key] of CASES) {
      const r = await t.api('PUT', '/api/v1/pages/2', { body, headers: { 'If-Match': `"${before.version}"` } });
      expect({ body, status: r.status, message: r.body.message }).toEqual({ body, status: 400, message: WRITE_MSG.forbiddenKey(key, 'a page') });
    }
    expect(await read('/api/v1/pages/2')).toEqual(before);
  });

  it('a funnel, a template and a new page: 400 naming the key', async () => {
    const f = await read('/api/v1/funnels/1');
    const rf = await t.api('PUT', '/api/v1/funnels/1', { body: '{"name":"X","details":{"__proto__":{"x":1}}}', headers: { 'If-Match': `"${f.version}"` } });
    expect([rf.status, rf.body.message]).toEqual([400, WRITE_MSG.forbiddenKey('__proto__', 'a funnel')]);
    const tp = await read('/api/v1/templates/1');
    const rt = await t.api('PUT', '/api/v1/templates/1', { body: '{"meta":{"a":[{"constructor":{}}]}}', headers: { 'If-Match': `"${tp.version}"` } });
    expect([rt.status, rt.body.message]).toEqual([400, WRITE_MSG.forbiddenKey('constructor', 'a template')]);
    const rp = await t.api('POST', '/api/v1/pages', {
      body: '{"funnel_id":2,"name":"P","page_type":"presell","page_path":"/proto/","meta":{"__proto__":{"x":1}}}',
    });
    expect([rp.status, rp.body.message]).toEqual([400, WRITE_MSG.forbiddenKey('__proto__', 'a page')]);
    expect(await read('/api/v1/funnels/1')).toEqual(f);
    expect(await read('/api/v1/templates/1')).toEqual(tp);
  });
});

describe('an unknown shipping id', () => {
  it('PUT answers 404 "Shipping not found"', async () => {
    const r = await t.api('PUT', '/api/v1/shippings/999999', { body: { name: 'S', description: 'd', price: 1 } });
    expect([r.status, r.body]).toEqual([404, { message: 'Shipping not found' }]);
  });
});

describe('bodies nested too deeply', () => {
  it(`a page PATCH value nested 5,000 and 100,000 deep: 400 "${TOO_DEEP_MESSAGE}", nothing written`, async () => {
    const before = await read('/api/v1/pages/3');
    for (const depth of [5_000, 100_000]) {
      for (const kind of ['array', 'object'] as const) {
        const body = `[{"op":"add","path":"/meta/x","value":${nested(depth, kind)}}]`;
        const r = await t.api('PATCH', '/api/v1/pages/3', { patch: true, body, headers: { 'If-Match': `"${before.version}"` } });
        expect([depth, kind, r.status, r.body.message]).toEqual([depth, kind, 400, TOO_DEEP_MESSAGE]);
      }
    }
    expect(await read('/api/v1/pages/3')).toEqual(before);
  });

  it(`takes a body of exactly ${MAX_BODY_DEPTH} levels and refuses one more`, async () => {
    // The patch array and its op object are two levels: the value brings the rest.
    const patch = (levels: number) => `[{"op":"add","path":"/meta/deep","value":${nested(levels - 2, 'array')}}]`;
    const { version } = await read('/api/v1/pages/4');
    const over = await t.api('PATCH', '/api/v1/pages/4', { patch: true, body: patch(MAX_BODY_DEPTH + 1), headers: { 'If-Match': `"${version}"` } });
    expect([over.status, over.body.message]).toEqual([400, TOO_DEEP_MESSAGE]);
    const ok = await t.api('PATCH', '/api/v1/pages/4', { patch: true, body: patch(MAX_BODY_DEPTH), headers: { 'If-Match': `"${version}"` } });
    expect(ok.status, ok.text.slice(0, 200)).toBe(200);
    // Brackets inside strings are text, not nesting.
    const { version: v2 } = await read('/api/v1/pages/4');
    const text = await t.api('PATCH', '/api/v1/pages/4', {
      patch: true,
      body: JSON.stringify([{ op: 'add', path: '/meta/brackets', value: '[{'.repeat(5_000) }]),
      headers: { 'If-Match': `"${v2}"` },
    });
    expect(text.status, text.text.slice(0, 200)).toBe(200);
  });

  it("every route that takes a JSON body answers 400 with our message, never a 500 or the runtime's words", async () => {
    const deep = nested(5_000, 'object');
    const failures: string[] = [];
    for (const [key, spec] of Object.entries(SPECS)) {
      const [method, template] = splitRoute(key);
      const isPatch = method === 'PATCH' && !spec.body && spec.extra !== undefined;
      if (!spec.body && !isPatch) continue;
      const url = template.replace(/\{(\w+)\}/g, (_, n: string) => spec.params?.[n] ?? '1');
      const field = Object.keys(spec.body ?? {})[0];
      const body = isPatch
        ? `[{"op":"add","path":"/x","value":${deep}}]`
        : JSON.stringify({ ...spec.body, [field!]: 0 }).replace(`"${field}":0`, `"${field}":${deep}`);
      const r = await t.api(method, url, { body, patch: isPatch, headers: { 'If-Match': '"1"' } });
      if (r.status !== 400 || r.body.message !== TOO_DEEP_MESSAGE) failures.push(`${key}: ${r.status} ${r.text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });
});

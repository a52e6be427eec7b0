/**
 * Prototype pollution through JSON Patch: a pointer segment `__proto__`,
 * `constructor` or `prototype` — in any spelling, in `path` or `from`, or as a key inside an
 * op's value — is refused with 400 before anything is applied, on funnels, pages and
 * templates, and every later request still works. (Before: 200, then every request with a
 * body answered 500 until restart.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
  delete (Object.prototype as Record<string, unknown>).polluted; // never leave a polluted process behind
});

/** Hostile ops; JSON.parse gives own `__proto__` keys exactly as a request body does. */
const HOSTILE: unknown[] = JSON.parse(`[
  {"op":"add","path":"/__proto__/polluted","value":"yes"},
  {"op":"add","path":"/meta/__proto__/polluted","value":"yes"},
  {"op":"add","path":"/details/__proto__/polluted","value":"yes"},
  {"op":"replace","path":"/constructor/prototype/polluted","value":"yes"},
  {"op":"add","path":"/meta/constructor","value":{"prototype":{"polluted":"yes"}}},
  {"op":"add","path":"/\\u005f_proto__/polluted","value":"yes"},
  {"op":"move","from":"/__proto__","path":"/name"},
  {"op":"copy","from":"/constructor/prototype","path":"/name"},
  {"op":"copy","from":"/meta/__proto__","path":"/meta/x"},
  {"op":"test","path":"/__proto__/polluted","value":"yes"},
  {"op":"add","path":"/meta/x","value":{"__proto__":{"polluted":"yes"}}},
  {"op":"add","path":"/meta/x","value":[{"a":{"constructor":{"prototype":{"polluted":"yes"}}}}]}
]`);

const DOCS = [
  { path: '/api/v1/pages/2', harmless: { op: 'replace', path: '/meta/headline', value: 'Still editable' } },
  { path: '/api/v1/funnels/1', harmless: { op: 'replace', path: '/cs_number', value: '+1 800 555 0100' } },
  { path: '/api/v1/templates/1', harmless: { op: 'replace', path: '/name', value: 'Still editable' } },
];

const versionOf = async (p: string): Promise<number> => (await t.api('GET', p)).body.version;

describe.each(DOCS)('PATCH $path', ({ path, harmless }) => {
  it.each(HOSTILE.map((op) => [JSON.stringify(op), op] as const))('refuses %s with 400, applies nothing, and later writes still succeed', async (_, op) => {
    const version = await versionOf(path);
    const r = await t.api('PATCH', path, { patch: true, body: [harmless, op], headers: { 'If-Match': `"${version}"` } });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/is refused: (the pointer segment|the key) "(__proto__|constructor|prototype)".* is not allowed in a JSON Patch/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await versionOf(path)).toBe(version); // nothing written, not even the harmless op
    // Writes with a body still work (the server's objects are intact).
    const ok = await t.api('PATCH', path, { patch: true, body: [harmless], headers: { 'If-Match': `"${version}"` } });
    expect(ok.status).toBe(200);
    const note = await t.api('POST', '/api/v1/audit_logs', { body: { funnel_id: 1, title: 'After', message: 'still fine' } });
    expect(note.status).toBe(201);
  });
});

describe('PUT bodies with hostile keys', () => {
  it('never pollute and never break later requests', async () => {
    const page = (await t.api('GET', '/api/v1/pages/2')).body;
    const body = JSON.parse(JSON.stringify({ ...page, name: 'Put page' }).replace('"meta":{', '"meta":{"__proto__":{"polluted":"yes"},'));
    const r = await t.api('PUT', '/api/v1/pages/2', { body, headers: { 'If-Match': `"${page.version}"` } });
    expect(r.status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const stored = (await t.api('GET', '/api/v1/pages/2')).body;
    expect(Object.prototype.hasOwnProperty.call(stored.meta, '__proto__')).toBe(false);
    const ok = await t.api('POST', '/api/v1/audit_logs', { body: { funnel_id: 1, title: 'After PUT', message: 'still fine' } });
    expect(ok.status).toBe(201);
  });
});

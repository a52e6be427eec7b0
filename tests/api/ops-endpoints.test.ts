/**
 * Operating the server, in process: readiness (`/api/ready`), liveness (`/api/health`), the
 * Prometheus metrics at `/metrics` counting a save and a conflict, the request id echoed,
 * and the per-user rate limit on writes (429 with Retry-After; a refused 422 gives its token back).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;

beforeAll(async () => {
  // A tiny write limit: the operator's account reaches it; the admin's saves stay under it.
  t = await startTestServer({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '3', METRICS_TOKEN: '' } });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The value of the series `name{labels}` in Prometheus text, 0 when absent. */
async function series(name: string, labels: Record<string, string>): Promise<number> {
  const res = await fetch(`${t.url}/metrics`);
  expect(res.status).toBe(200);
  const text = await res.text();
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inner = line.slice(name.length + 1, line.indexOf('}'));
    const got = inner.split(',');
    if (want.every((w) => got.includes(w))) return Number(line.slice(line.indexOf('}') + 1).trim());
  }
  return 0;
}

describe('health and readiness', () => {
  it('GET /api/ready answers 200 naming each check ok (PGlite, directory storage, embedded issuer), without a token', async () => {
    const r = await t.api('GET', '/api/ready', { token: null });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', issuer: 'ok' } });
  });

  it('GET /api/health answers 200 without a token', async () => {
    const r = await t.api('GET', '/api/health', { token: null });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ok');
  });

  it('every answer carries a request id: the sane one the client sent, else a new one', async () => {
    const mine = await t.api('GET', '/api/ready', { token: null, headers: { 'X-Request-Id': 'lb-7f3a.42' } });
    expect(mine.headers.get('x-request-id')).toBe('lb-7f3a.42');
    const forged = await t.api('GET', '/api/ready', { token: null, headers: { 'X-Request-Id': 'a b\tinjected' } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const api = await t.api('GET', '/api/v1/me');
    expect(api.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('/metrics', () => {
  it('counts a page save and a save conflict (409), and the requests by route pattern', async () => {
    const saves = await series('funnel_admin_saves_total', { document: 'page' });
    const conflicts = await series('funnel_admin_save_conflicts_total', { document: 'page', status: '409' });
    const patches = await series('funnel_admin_http_requests_total', { method: 'PATCH', route: '/api/v1/pages/:id', status: '200' });
    const page = (await t.api('GET', '/api/v1/pages/3')).body as { version: number };
    const saved = await t.api('PATCH', '/api/v1/pages/3', {
      patch: true,
      headers: { 'If-Match': `"${page.version}"` },
      body: [{ op: 'replace', path: '/meta/subject', value: 'Counted' }],
    });
    expect(saved.status).toBe(200);
    const conflict = await t.api('PATCH', '/api/v1/pages/3', {
      patch: true,
      headers: { 'If-Match': `"${page.version + 1}"` },
      body: [{ op: 'test', path: '/name', value: 'someone else renamed it' }],
    });
    expect(conflict.status).toBe(409);
    expect(await series('funnel_admin_saves_total', { document: 'page' })).toBe(saves + 1);
    expect(await series('funnel_admin_save_conflicts_total', { document: 'page', status: '409' })).toBe(conflicts + 1);
    expect(await series('funnel_admin_http_requests_total', { method: 'PATCH', route: '/api/v1/pages/:id', status: '200' })).toBe(patches + 1);
  });

  it('reports the open event streams and Node process figures', async () => {
    const text = await (await fetch(`${t.url}/metrics`)).text();
    expect(text).toMatch(/^funnel_admin_live_streams_open \d+$/m);
    expect(text).toMatch(/^funnel_admin_process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^funnel_admin_http_request_duration_seconds_bucket\{/m);
  });
});

describe('rate limits', () => {
  it('past RATE_LIMIT_WRITES_PER_MINUTE an account is answered 429 with Retry-After; refused requests (422) do not count', async () => {
    const token = await t.tokenOf('operator');
    const save = async (value: string) => {
      const page = (await t.api('GET', '/api/v1/pages/4', { token })).body as { version: number };
      return t.api('PATCH', '/api/v1/pages/4', {
        token,
        patch: true,
        headers: { 'If-Match': `"${page.version}"` },
        body: [{ op: 'replace', path: '/meta/subject', value }],
      });
    };
    // A request refused before any work (422) gives its token back: these five leave the budget whole.
    for (let i = 0; i < 5; i++) expect((await t.api('PATCH', '/api/v1/pages/abc', { token, patch: true, body: [] })).status).toBe(422);
    const answered: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await save(`Limited ${i}`);
      answered.push(r.status);
      if (r.status === 429) {
        const wait = Number(r.headers.get('retry-after'));
        expect(wait).toBeGreaterThanOrEqual(1);
        expect(wait).toBeLessThanOrEqual(20);
        expect(r.body.message).toBe(`Too many changes: at most 3 a minute per account. Try again in ${wait} second${wait === 1 ? '' : 's'}.`);
      }
    }
    expect(answered).toEqual([200, 200, 200, 429]);
    // Reads are not limited, and another account has its own budget.
    expect((await t.api('GET', '/api/v1/pages/4', { token })).status).toBe(200);
    const admin = (await t.api('GET', '/api/v1/pages/4')).body as { version: number };
    expect(
      (
        await t.api('PATCH', '/api/v1/pages/4', {
          patch: true,
          headers: { 'If-Match': `"${admin.version}"` },
          body: [{ op: 'replace', path: '/meta/subject', value: 'Admin' }],
        })
      ).status,
    ).toBe(200);
  });
});

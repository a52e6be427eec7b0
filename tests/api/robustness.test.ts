import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
let spa: string;
beforeAll(async () => {
  spa = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-spa-'));
  fs.mkdirSync(path.join(spa, 'assets'));
  fs.writeFileSync(path.join(spa, 'index.html'), '<!doctype html><title>Funnel Admin SPA</title><div id="root"></div>');
  fs.writeFileSync(path.join(spa, 'assets', 'app-123.js'), 'console.log("app")');
  t = await startTestServer({ staticDir: spa });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(spa, { recursive: true, force: true });
});

const WRITES: [string, string][] = [
  ['POST', '/api/v1/funnels'],
  ['PUT', '/api/v1/funnels/1'],
  ['POST', '/api/v1/funnels/1/clone'],
  ['PUT', '/api/v1/funnels/1/lock'],
  ['POST', '/api/v1/pages'],
  ['PUT', '/api/v1/pages/2'],
  ['POST', '/api/v1/preview'],
  ['PUT', '/api/v1/templates/1'],
  ['POST', '/api/v1/audit_logs'],
  ['PATCH', '/api/v1/pages/2'],
  ['PATCH', '/api/v1/funnels/1'],
  ['PATCH', '/api/v1/templates/1'],
];
const BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  {},
  { name: 123, offer: 'x' },
  { page: null },
  { page: { funnel_id: 1, page_type: 'checkout', meta: [] } },
  { locked: 'yes' },
  { funnel_id: 'x', message: 5 },
  [{ op: 'replace', path: '/meta/x' }],
  [{ op: 'move', from: '/name', path: '/name/x' }],
  { meta: { products: [{ _price: 'free' }] } },
  { countries: 'US' },
  { details: { GTM: 'TOO-LONG-GTM-ID' } },
];

describe('bad input', () => {
  it('never answers a 500, and every error is {message}', async () => {
    for (const [method, p] of WRITES) {
      for (const body of BODIES) {
        const r = await t.api(method, p, { body: JSON.stringify(body), patch: method === 'PATCH', headers: method === 'PATCH' ? { 'If-Match': '"1"' } : {} });
        const label = `${method} ${p} ${JSON.stringify(body)}`;
        expect(r.status, label).toBeLessThan(500);
        if (r.status >= 400) expect(typeof r.body.message, label).toBe('string');
      }
      const wrongType = await t.api(method, p, { body: 'a=b', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'If-Match': '"1"' } });
      expect(wrongType.status, `${method} ${p} form body`).toBeGreaterThanOrEqual(400);
      expect(wrongType.status).toBeLessThan(500);
    }
  });

  it('refuses bodies over 5 MB with 413', async () => {
    const r = await t.api('POST', '/api/v1/funnels', { body: JSON.stringify({ name: 'x'.repeat(6 * 1024 * 1024), offer: 10231 }) });
    expect(r.status).toBe(413);
    expect(typeof r.body.message).toBe('string');
  });
});

describe('SPA', () => {
  it('serves files from STATIC_DIR and index.html for client routes, JSON 404 under /api', async () => {
    const route = await fetch(`${t.url}/funnels/1/pages`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('Funnel Admin SPA');
    const asset = await fetch(`${t.url}/assets/app-123.js`);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(await asset.text()).toBe('console.log("app")');
    expect((await fetch(`${t.url}/assets/missing.js`)).status).toBe(404);
    const api = await fetch(`${t.url}/api/v1/nothing-here`, { headers: { Authorization: `Bearer ${t.token}` } });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not Found!' });
  });
});

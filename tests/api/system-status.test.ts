/**
 * The Status screen's API (001 §2 header menu "Status"): `GET /api/v1/system/status`
 * lists the six integrations with their state, `POST /api/v1/system/status/{key}/test` runs one
 * check now for admins only, and no credential ever appears in an answer — not even when the
 * provider echoes the token back in its error message.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntegrationStatusSchema, SystemStatusSchema } from '../../src/model/system.ts';
import { forbiddenMessage } from '../../src/server/auth/policy.ts';
import { DEMO_USERS } from '../../src/server/db/seed.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { serverForTests } from './file-server.ts';

describe('with the local providers', () => {
  const t = serverForTests({ demoOrders: 0 });

  it('lists the seven integrations, each configured one reachable', async () => {
    const res = await t.api('GET', '/api/v1/system/status');
    expect(res.status).toBe(200);
    const rows = SystemStatusSchema.parse(res.body);
    // The database row names the kind the suite runs on (PGlite, or PostgreSQL in the PG run), as /api/health does.
    const db = ((await t.api('GET', '/api/health')).body as { db: string }).db;
    expect(['pglite', 'postgres']).toContain(db);
    expect(rows.map((r) => [r.key, r.name, r.kind])).toEqual([
      ['platform', 'Order platform', 'local'],
      ['dns', 'DNS provider', 'local'],
      ['everflow', 'Everflow', 'everflow'],
      ['storage', 'File storage', 'directory'],
      ['issuer', 'Sign-in issuer', 'embedded'],
      ['database', 'Database', db],
      ['live', 'Live events', expect.any(String)],
    ]);
    for (const r of rows.filter((x) => x.configured)) {
      expect(r.reachable, r.key).toBe(true);
      expect(r.last_error, r.key).toBeNull();
      expect(r.last_sync, r.key).not.toBeNull();
    }
    expect(rows.filter((r) => r.key !== 'live' && r.key !== 'everflow').every((r) => r.configured)).toBe(true);
    // Everflow is optional (EVERFLOW_API_KEY): not configured, not checked.
    expect(rows.find((r) => r.key === 'everflow')).toMatchObject({ configured: false, reachable: null });
  });

  it('every role that opens /status reads it', async () => {
    for (const role of ['operator', 'sticky'] as const) {
      expect((await t.api('GET', '/api/v1/system/status', { token: await t.tokenOf(role) })).status, role).toBe(200);
    }
  });

  it('Test connection: 403 for an operator, the row checked now for an admin', async () => {
    const op = await t.api('POST', '/api/v1/system/status/database/test', { token: await t.tokenOf('operator') });
    expect(op.status).toBe(403);
    expect(op.body).toEqual({ message: forbiddenMessage('operator', 'system.test') });
    const admin = await t.api('POST', '/api/v1/system/status/database/test');
    expect(admin.status).toBe(200);
    const row = IntegrationStatusSchema.parse(admin.body);
    expect(row).toMatchObject({ key: 'database', configured: true, reachable: true, last_error: null });
  });

  it('an unknown integration is a 422 in words', async () => {
    const res = await t.api('POST', '/api/v1/system/status/nope/test');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Integration must be one of platform, dns, everflow, storage, issuer, database, live');
  });

  it('no credential appears in the answer', async () => {
    const text = (await t.api('GET', '/api/v1/system/status')).text;
    for (const secret of [t.token, ...Object.values(DEMO_USERS).map((u) => u.password)]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/bearer|password|token/i);
  });
});

describe('with a Cloudflare that refuses the token and echoes it back', () => {
  const TOKEN = 'cf-secret-token-5f9a0c1d2e3b4a59';
  let fake: http.Server;
  let t: TestServer;
  beforeAll(async () => {
    fake = http.createServer((req, res) => {
      res.writeHead(403, { 'content-type': 'application/json', ratelimit: '"default";r=1197;t=300', 'ratelimit-policy': '"default";q=1200;w=300' });
      res.end(JSON.stringify({ success: false, errors: [{ code: 9109, message: `Invalid access token ${req.headers.authorization ?? ''}` }], result: null }));
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/client/v4`;
    t = await startTestServer({
      demoOrders: 0,
      env: { DNS_PROVIDER: 'cloudflare', CLOUDFLARE_API_TOKEN: TOKEN, CLOUDFLARE_ACCOUNT_ID: '0123456789abcdef0123456789abcdef', CLOUDFLARE_API_URL: url },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => fake?.close(r));
  });

  it("the DNS row says not reachable with Cloudflare's message, its rate-limit headroom, and never the token", async () => {
    const res = await t.api('POST', '/api/v1/system/status/dns/test');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ key: 'dns', kind: 'cloudflare', configured: true, reachable: false, rate_limit: { remaining: 1197, limit: 1200 } });
    expect(res.body.last_error).toMatch(/^Cloudflare refused the API token: Invalid access token/);
    const all = await t.api('GET', '/api/v1/system/status');
    expect(all.text).not.toContain(TOKEN);
    expect(res.text).not.toContain(TOKEN);
  });
});

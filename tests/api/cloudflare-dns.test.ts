/**
 * The Cloudflare DNS provider when Cloudflare misbehaves: retries on 429 honour
 * Retry-After, 5xx are retried, a timed-out create is looked up rather than sent twice, a
 * Cloudflare that stays down is paused and said so, a malformed body is a clear error, and the
 * API token never shows. The client talks to the schema-checking fake (tests/fakes/cloudflare.ts);
 * waiting is injected, so no test sleeps for seconds.
 */
import os from 'node:os';
import util from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/index.ts';
import { CloudflareDnsProvider } from '../../src/server/integrations/dns-cloudflare.ts';
import { createIntegrations } from '../../src/server/integrations/index.ts';
import { ProviderError, type RetryPolicy } from '../../src/server/integrations/http-retry.ts';
import { startServer } from '../../src/server/server.ts';
import { startFakeCloudflare, type FakeCloudflare } from '../fakes/cloudflare.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { lateAnswer, quickClient, withCheckedFake } from './provider-harness.ts';

const TOKEN = 'Secret-Token_0123456789abcdefghijklmnopqr';
const ACCOUNT = 'abf9b32d38c5f572afde3336ec0ce302';

let fake: FakeCloudflare;
const { logs, errors } = withCheckedFake(
  () => startFakeCloudflare({ token: TOKEN, accountId: ACCOUNT }),
  (f) => (fake = f),
  [TOKEN],
);

/** A client with small timings: waits are recorded, not slept. */
function client(policy: Partial<RetryPolicy> = {}) {
  const { waits, ...quick } = quickClient(logs, policy);
  const dns = new CloudflareDnsProvider({ apiUrl: fake.url, apiToken: TOKEN, accountId: ACCOUNT, ...quick });
  return { dns, waits };
}

/** The message of the rejection of `p` (recorded for the token check). */
async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    errors.push(String((e as Error).message), util.inspect(e));
    return e as Error;
  }
  throw new Error('expected a failure');
}

const zoneName = () => `cf-${Math.random().toString(36).slice(2, 8)}.test`;

describe('Cloudflare DNS provider', () => {
  it('waits as long as a 429 Retry-After asks, then succeeds', async () => {
    const { dns, waits } = client();
    fake.inject({ match: /^POST \/zones$/, kind: { status: 429, retryAfter: '7' } });
    const z = await dns.createZone(zoneName());
    expect(z.id).toMatch(/^[a-f0-9]{32}$/);
    expect(waits).toEqual([7000]);
    expect(fake.requests.filter((r) => r === 'POST /zones')).toHaveLength(2);
  });

  it('a Retry-After beyond the wait cap fails at once, says how long, and later calls wait without asking', async () => {
    const { dns, waits } = client({ maxTotalWaitMs: 10_000 });
    const z = await dns.createZone(zoneName());
    fake.inject({ match: /^GET \/zones\/[a-f0-9]+$/, kind: { status: 429, retryAfter: '300' } });
    const e = await failure(dns.getZone(z.id));
    expect(e).toBeInstanceOf(ProviderError);
    expect(e.message).toBe('Cloudflare is limiting our requests: paused for 300 s');
    expect(waits).toEqual([]);
    const before = fake.requests.length;
    expect((await failure(dns.listRecords(z.id))).message).toMatch(/^Cloudflare is limiting our requests: paused for \d+ s$/);
    expect(fake.requests.length).toBe(before);
  });

  it('retries 5xx with exponential backoff and succeeds', async () => {
    const { dns, waits } = client();
    const z = await dns.createZone(zoneName());
    fake.inject({ match: /^GET \/zones\/[a-f0-9]+$/, times: 2, kind: { status: 503 } });
    expect((await dns.getZone(z.id))?.name).toBe(z.name);
    expect(waits).toEqual([10, 20]);
  });

  it('a create that timed out is looked up, not sent twice', async () => {
    const { dns } = client(lateAnswer.policy);
    const z = await dns.createZone(zoneName());
    // Cloudflare creates the record but answers after the client's timeout.
    fake.inject({ match: /^POST \/zones\/[a-f0-9]+\/dns_records$/, kind: lateAnswer.fault });
    const r = await dns.createRecord(z.id, { type: 'A', name: 'www', content: '192.0.2.7', proxied: true });
    expect(r).toMatchObject({ name: `www.${z.name}`, content: '192.0.2.7', proxied: true, ttl: 1 });
    expect(fake.records(z.id)).toHaveLength(1);
    expect(fake.records(z.id)[0]?.id).toBe(r.id);
    expect(fake.requests.filter((q) => q === `POST /zones/${z.id}/dns_records`)).toHaveLength(1);
    // The client gave up waiting, then looked the record up by type, name and content.
    expect(logs).toContain(`Cloudflare: POST /zones/${z.id}/dns_records failed (no answer within 1 s); retrying in 10 ms`);
    expect(fake.requests).toContain(`GET /zones/${z.id}/dns_records?type=A&name=www.${z.name}&content=192.0.2.7`);
  });

  it('a batch whose answer was lost is found applied, not sent twice', async () => {
    const { dns } = client(lateAnswer.policy);
    const z = await dns.createZone(zoneName());
    const a = await dns.createRecord(z.id, { type: 'A', name: 'a', content: '192.0.2.40', proxied: false });
    const sent = fake.batches.length;
    // Cloudflare applies the batch but answers after the client's timeout.
    fake.inject({ match: /^POST \/zones\/[a-f0-9]+\/dns_records\/batch$/, kind: lateAnswer.fault });
    const done = await dns.batchRecords(z.id, {
      puts: [{ id: a.id, type: 'A', name: 'a', content: '192.0.2.41', proxied: true }],
      posts: [{ type: 'TXT', name: 'b', content: 'hello', proxied: false }],
    });
    expect(fake.batches.length).toBe(sent + 1);
    expect(done.puts).toEqual([expect.objectContaining({ id: a.id, content: '192.0.2.41', proxied: true })]);
    expect(done.posts).toEqual([expect.objectContaining({ type: 'TXT', name: `b.${z.name}`, content: 'hello' })]);
    expect(
      fake
        .records(z.id)
        .map((r) => `${r.type} ${r.content}`)
        .sort(),
    ).toEqual(['A 192.0.2.41', 'TXT hello']);
  });

  it('a zone create that timed out is found by name, not refused as a duplicate', async () => {
    const { dns } = client(lateAnswer.policy);
    const n = zoneName();
    fake.inject({ match: /^POST \/zones$/, kind: lateAnswer.fault });
    const z = await dns.createZone(n);
    expect(z).toMatchObject({ name: n, under_attack: false });
    expect(fake.requests).toContain(`GET /zones?name=${n}&account.id=${ACCOUNT}`);
    expect(await dns.findZone(n)).toEqual(z);
  });

  it('a Cloudflare that stays down is paused: calls fail fast and say so', async () => {
    const { dns } = client();
    const z = await dns.createZone(zoneName());
    fake.inject({ times: Infinity, kind: { status: 502 } });
    const e = await failure(dns.listRecords(z.id));
    expect(e.message).toBe('Cloudflare is not answering: paused for 45 s');
    const sent = fake.requests.length;
    const again = await failure(dns.createRecord(z.id, { type: 'A', name: 'x', content: '192.0.2.8', proxied: false }));
    expect(again.message).toMatch(/^Cloudflare is not answering: paused for \d+ s$/);
    expect(fake.requests.length).toBe(sent);
  });

  it('a malformed body is a clear error', async () => {
    const { dns } = client();
    const z = await dns.createZone(zoneName());
    fake.inject({ match: /^GET \/zones\/[a-f0-9]+$/, kind: { malformed: true } });
    const e = await failure(dns.getZone(z.id));
    expect(e.message).toBe('Cloudflare answered with a malformed body (HTTP 200)');
  });

  it("the fake refuses a request outside Cloudflare's schema (so the checks above mean something)", async () => {
    const { dns } = client();
    const z = await dns.createZone(zoneName());
    const res = await fetch(`${fake.url}/zones/${z.id}/dns_records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'A', name: `a.${z.name}`, content: 'not an address', ttl: 1 }),
    });
    expect(res.status).toBe(400);
    expect(fake.invalid).toHaveLength(1);
    expect(fake.invalid[0]).toContain('POST /zones/{zone_id}/dns_records body');
    fake.invalid.length = 0;
  });

  it('keeps the API token out of what it shows', async () => {
    const { dns } = client();
    expect(JSON.stringify(dns)).not.toContain(TOKEN);
    expect(util.inspect(dns, { depth: 10, showHidden: true })).not.toContain(TOKEN);
    const e = await failure(dns.deleteZone('0'.repeat(32)));
    expect(e.message).not.toContain(TOKEN);
  });
});

describe('DNS_PROVIDER=cloudflare configuration', () => {
  it('the server refuses to start without a token, naming the variable', async () => {
    await expect(
      startServer({ env: { DNS_PROVIDER: 'cloudflare', CLOUDFLARE_ACCOUNT_ID: ACCOUNT }, config: { port: 0, dataDir: ':memory:' } }),
    ).rejects.toThrow(/CLOUDFLARE_API_TOKEN/);
  });

  it('a malformed token or account id is refused by name, without echoing the token', () => {
    const bad = 'has spaces in it and is a secret value';
    let message = '';
    try {
      loadConfig({ DNS_PROVIDER: 'cloudflare', CLOUDFLARE_API_TOKEN: bad, CLOUDFLARE_ACCOUNT_ID: ACCOUNT });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/CLOUDFLARE_API_TOKEN/);
    expect(message).not.toContain(bad);
    expect(() => loadConfig({ DNS_PROVIDER: 'cloudflare', CLOUDFLARE_API_TOKEN: TOKEN, CLOUDFLARE_ACCOUNT_ID: 'nope' })).toThrow(/CLOUDFLARE_ACCOUNT_ID/);
    expect(() => loadConfig({ DNS_PROVIDER: 'cloudflare', CLOUDFLARE_API_TOKEN: TOKEN })).toThrow(/CLOUDFLARE_ACCOUNT_ID/);
  });

  it("with a token and account it builds the Cloudflare client; the token is not in the configuration's JSON", () => {
    const c = loadConfig({
      DNS_PROVIDER: 'cloudflare',
      CLOUDFLARE_API_TOKEN: TOKEN,
      CLOUDFLARE_ACCOUNT_ID: ACCOUNT,
      CLOUDFLARE_API_URL: 'http://127.0.0.1:9/client/v4/',
    });
    expect(c.dnsProvider).toBe('cloudflare');
    expect(c.cloudflare?.apiUrl).toBe('http://127.0.0.1:9/client/v4');
    expect(JSON.stringify(c)).not.toContain(TOKEN);
    expect(util.inspect(c, { depth: 10 })).not.toContain(TOKEN);
    expect(loadConfig({}).cloudflare).toBeNull();
    const built = createIntegrations({ ...c, uploadsDir: os.tmpdir() }, null as unknown as Db);
    expect(built.dns).toBeInstanceOf(CloudflareDnsProvider);
    expect(createIntegrations({ ...loadConfig({}), uploadsDir: os.tmpdir() }, null as unknown as Db).dns.kind).toBe('local');
  });
});

describe("an operator's DNS journey through the API with DNS_PROVIDER=cloudflare", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({
      demoOrders: 0,
      env: { DNS_PROVIDER: 'cloudflare', CLOUDFLARE_API_TOKEN: TOKEN, CLOUDFLARE_ACCOUNT_ID: ACCOUNT, CLOUDFLARE_API_URL: fake.url },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds a domain and its records, edits only changed ones, under attack on and off, deletes — all at Cloudflare', async () => {
    const root = await t.api('POST', '/api/v1/domains/?sync=true', { body: { name: 'cf-journey.com' } });
    expect(root.status).toBe(201);
    const zone = root.body.zone_id as string;
    expect(fake.requests).toContain('POST /zones');
    const sub = await t.api('POST', '/api/v1/domains/?sync=true', { body: { name: 'spring', funnel_id: 2, domain_id: root.body.ID } });
    expect(sub.status).toBe(201);
    expect(fake.records(zone)).toEqual([
      expect.objectContaining({ type: 'CNAME', name: 'spring.cf-journey.com', content: 'cf-journey.com', proxied: true, ttl: 1 }),
    ]);

    const a = await t.api('POST', `/api/v1/cloud_flare/domains/create/${root.body.ID}`, {
      body: { type: 'A', name: 'shop', content: '203.0.113.7', proxied: true },
    });
    expect(a.status).toBe(201);
    const dup = await t.api('POST', `/api/v1/cloud_flare/domains/create/${root.body.ID}`, {
      body: { type: 'A', name: 'shop', content: '203.0.113.7', proxied: false },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ message: 'An identical record already exists.' });
    const listed = await t.api('GET', `/api/v1/cloud_flare/domains/list/${root.body.ID}`);
    expect(listed.body.map((r: { name: string }) => r.name).sort()).toEqual(['shop.cf-journey.com', 'spring.cf-journey.com']);

    const sent = fake.requests.length;
    const patch = await t.api('POST', '/api/v1/cloud_flare/domains/patch', {
      body: {
        zone_id: zone,
        records: [
          { id: a.body.id, type: 'A', name: 'shop', content: '203.0.113.8', proxied: true },
          ...listed.body.filter((r: { type: string }) => r.type === 'CNAME'),
        ],
      },
    });
    expect(patch.status).toBe(200);
    expect(fake.requests.slice(sent).filter((r) => /^(PUT|PATCH|POST|DELETE) /.test(r))).toEqual([`POST /zones/${zone}/dns_records/batch`]);
    expect(fake.records(zone).find((r) => r.id === a.body.id)?.content).toBe('203.0.113.8');

    expect((await t.api('PUT', `/api/v1/cloud_flare/domains/${root.body.ID}`, { body: { under_attack: true } })).body).toMatchObject({ under_attack: true });
    expect(fake.requests).toContain(`PATCH /zones/${zone}/settings/security_level`);
    expect((await t.api('PUT', `/api/v1/cloud_flare/domains/${root.body.ID}`, { body: { under_attack: false } })).body).toMatchObject({ under_attack: false });

    expect((await t.api('DELETE', `/api/v1/domains/${root.body.ID}`)).status).toBe(200);
    expect(fake.requests).toContain(`DELETE /zones/${zone}`);
  });

  /** A root domain with a zone and five records (A shop, A api, CNAME www, MX, TXT); their ids by name. */
  const fiveRecords = async (name: string) => {
    const root = await t.api('POST', '/api/v1/domains/?sync=true', { body: { name } });
    const made: Record<string, { id: string; type: string; name: string; content: string; proxied: boolean; priority?: number | null }> = {};
    for (const r of [
      { type: 'A', name: 'shop', content: '203.0.113.10', proxied: true },
      { type: 'A', name: 'api', content: '203.0.113.11', proxied: false },
      { type: 'CNAME', name: 'www', content: name, proxied: true },
      { type: 'MX', name: '@', content: `mail.${name}`, proxied: false, priority: 10 },
      { type: 'TXT', name: '@', content: 'v=spf1 -all', proxied: false },
    ]) {
      const res = await t.api('POST', `/api/v1/cloud_flare/domains/create/${root.body.ID}`, { body: r });
      expect(res.status).toBe(201);
      made[`${r.type} ${r.name}`] = res.body;
    }
    return { root, zone: root.body.zone_id as string, made };
  };
  const shape = (zone: string) =>
    fake
      .records(zone)
      .map((r) => `${r.id} ${r.type} ${r.name} ${r.content} ${r.proxied}`)
      .sort();

  it('saving five records of which two were edited sends exactly those two, in one batch call', async () => {
    const { zone, made } = await fiveRecords('cf-five.com');
    const all = Object.values(made);
    const shop = made['A shop']!;
    const txt = made['TXT @']!;
    const sent = fake.requests.length;
    const res = await t.api('POST', '/api/v1/cloud_flare/domains/patch', {
      body: {
        zone_id: zone,
        records: all.map((r) =>
          r.id === shop.id ? { ...r, content: '203.0.113.99' } : r.id === txt.id ? { ...r, content: 'v=spf1 include:_spf.example.com -all' } : r,
        ),
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: '2 records changed, 3 unchanged' });
    const writes = fake.requests.slice(sent).filter((r) => /^(PUT|PATCH|POST|DELETE) /.test(r));
    expect(writes).toEqual([`POST /zones/${zone}/dns_records/batch`]);
    const batch = fake.batches.at(-1)!;
    expect(batch.zone_id).toBe(zone);
    expect(Object.keys(batch.body).sort()).toEqual(['puts']);
    expect(batch.body.puts!.map((p) => p.id).sort()).toEqual([shop.id, txt.id].sort());
    expect(batch.body.puts!.find((p) => p.id === shop.id)).toEqual({
      id: shop.id,
      type: 'A',
      name: 'shop.cf-five.com',
      content: '203.0.113.99',
      proxied: true,
      ttl: 1,
    });
    expect(fake.records(zone).find((r) => r.id === txt.id)?.content).toBe('v=spf1 include:_spf.example.com -all');
  });

  it('a refused batch leaves the zone as it was and the message names the record Cloudflare refused', async () => {
    const { zone, made } = await fiveRecords('cf-refused.com');
    const shop = made['A shop']!;
    const api = made['A api']!;
    const before = shape(zone);
    // api becomes identical to shop: Cloudflare refuses the batch, and (one call per record) the api record.
    const res = await t.api('POST', '/api/v1/cloud_flare/domains/patch', {
      body: {
        zone_id: zone,
        records: [
          { ...shop, content: '203.0.113.50' },
          { ...api, name: 'shop', content: '203.0.113.50', proxied: true },
        ],
      },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'DNS record shop.cf-refused.com (A): An identical record already exists.' });
    expect(fake.requests).toContain(`POST /zones/${zone}/dns_records/batch`);
    expect(shape(zone)).toEqual(before);
  });

  it('renaming a subdomain moves its records at Cloudflare in one batch call', async () => {
    const root = await t.api('POST', '/api/v1/domains/?sync=true', { body: { name: 'cf-rename.com' } });
    const sub = await t.api('POST', '/api/v1/domains/?sync=true', { body: { name: 'autumn', funnel_id: 2, domain_id: root.body.ID } });
    expect(
      (await t.api('POST', `/api/v1/cloud_flare/domains/create/${sub.body.ID}`, { body: { type: 'A', name: 'www', content: '203.0.113.20', proxied: true } }))
        .status,
    ).toBe(201);
    const sent = fake.requests.length;
    const renamed = await t.api('PUT', `/api/v1/domains/${sub.body.ID}`, { body: { name: 'winter' } });
    expect(renamed.status).toBe(200);
    const zone = root.body.zone_id as string;
    expect(fake.requests.slice(sent).filter((r) => /^(PUT|PATCH|POST|DELETE) \/zones/.test(r))).toEqual([`POST /zones/${zone}/dns_records/batch`]);
    expect(
      fake
        .records(zone)
        .map((r) => `${r.type} ${r.name}`)
        .sort(),
    ).toEqual(['A www.winter.cf-rename.com', 'CNAME winter.cf-rename.com']);
  });

  it("a rate-limiting Cloudflare is the operator's Error notification: 503 with Retry-After, nothing stored", async () => {
    const root = await t.api('POST', '/api/v1/domains/?sync=true', { body: { name: 'cf-limited.com' } });
    fake.inject({ match: /^POST \/zones\/[a-f0-9]+\/dns_records$/, kind: { status: 429, retryAfter: '600' } });
    const r = await t.api('POST', `/api/v1/cloud_flare/domains/create/${root.body.ID}`, {
      body: { type: 'A', name: 'shop', content: '203.0.113.9', proxied: true },
    });
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ message: 'Cloudflare is limiting our requests: paused for 600 s' });
    expect(r.headers.get('retry-after')).toBe('600');
    expect(fake.records(root.body.zone_id)).toEqual([]);
  });
});

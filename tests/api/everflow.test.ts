/**
 * Everflow: with EVERFLOW_API_KEY set, an offer's `ef_offer_id` is checked against
 * Everflow (`GET /v1/networks/offers/{offerId}`, header X-Eflow-API-Key) on create and update.
 * Unknown → 422 on the field; Everflow down → 502 with its message; nothing written either way;
 * the key never shows. The client talks to the schema-checking fake (tests/fakes/everflow.ts).
 */
import util from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { EverflowClient } from '../../src/server/integrations/everflow.ts';
import { ProviderError } from '../../src/server/integrations/http-retry.ts';
import { startFakeEverflow, type FakeEverflow } from '../fakes/everflow.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const KEY = 'eflow-Secret-Key_0123456789abcdef';

let fake: FakeEverflow;
const printed = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error'), vi.spyOn(console, 'log')];
const shown: string[] = [];

beforeAll(async () => {
  fake = await startFakeEverflow({ apiKey: KEY });
  fake.addOffer(512, 'GlowSkin Vitamin C Serum');
  fake.addOffer(513, 'GlowSkin Night Repair');
});
afterEach(() => {
  fake.heal();
  expect(fake.invalid).toEqual([]);
});
afterAll(async () => {
  await fake?.close();
  const lines = printed.flatMap((s) => s.mock.calls.map((c) => util.format(...(c as unknown[]))));
  for (const line of [...lines, ...shown]) expect(line).not.toContain(KEY);
});

describe('Everflow client', () => {
  const client = () => new EverflowClient({ apiUrl: fake.url, apiKey: KEY, policy: { baseDelayMs: 1 }, deps: { log: (l) => shown.push(l) } });

  it('finds a known offer and answers null for an unknown one', async () => {
    const ef = client();
    expect(await ef.offer(512)).toEqual({ network_offer_id: 512, name: 'GlowSkin Vitamin C Serum', offer_status: 'active' });
    expect(await ef.offer(777)).toBeNull();
    expect(fake.requests).toContain('GET /networks/offers/777');
  });

  it('an Everflow that stays down is a ProviderError with its message; a malformed body is one too', async () => {
    const ef = client();
    fake.inject({ times: Infinity, kind: { status: 503 } });
    const e = await ef.offer(512).catch((x: unknown) => x as ProviderError);
    expect(e).toBeInstanceOf(ProviderError);
    expect((e as ProviderError).message).toBe('Everflow is not answering (HTTP 503) after 3 tries');
    expect((e as ProviderError).status).toBe(502);
    fake.heal();
    fake.inject({ kind: { malformed: true } });
    const m = await client()
      .offer(512)
      .then(
        () => new Error('expected a failure'),
        (x: unknown) => x as Error,
      );
    expect(m.message).toBe('Everflow answered with a malformed body (HTTP 200)');
    shown.push(util.inspect(e), m.message, JSON.stringify(ef), util.inspect(ef, { depth: 10, showHidden: true }));
  });

  it('EVERFLOW_API_KEY is optional; a malformed one stops the server by name without showing it', () => {
    expect(loadConfig({}).everflow).toBeNull();
    const c = loadConfig({ EVERFLOW_API_KEY: KEY, EVERFLOW_API_URL: `${fake.url}/` });
    expect(c.everflow?.apiUrl).toBe(fake.url);
    expect(JSON.stringify(c)).not.toContain(KEY);
    const bad = 'has spaces and is secret';
    let message = '';
    try {
      loadConfig({ EVERFLOW_API_KEY: bad });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^EVERFLOW_API_KEY is malformed/);
    expect(message).not.toContain(bad);
    expect(() => loadConfig({ EVERFLOW_API_KEY: KEY, EVERFLOW_API_URL: 'ftp://x' })).toThrow(/^EVERFLOW_API_URL must be an http\(s\) URL/);
  });
});

describe('offers with EVERFLOW_API_KEY set', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ demoOrders: 0, env: { EVERFLOW_API_KEY: KEY, EVERFLOW_API_URL: fake.url } });
  });
  afterAll(async () => {
    await t?.close();
  });
  const offerIds = async () => ((await t.api('GET', '/api/v1/offers')).body as { offer_id: number }[]).map((o) => o.offer_id);

  it('an Everflow offer id Everflow does not know is refused on that field, and nothing is stored', async () => {
    const r = await t.api('POST', '/api/v1/offers', { body: { offer_id: '40001', ef_offer_id: '777', name: 'Unknown EF', platform: 'sticky' } });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ message: 'Everflow offer 777 does not exist', field: 'ef_offer_id' });
    expect(await offerIds()).not.toContain(40001);
    expect(fake.requests).toContain('GET /networks/offers/777');
  });

  it('a known one is saved; changing it to an unknown one is refused and the offer keeps its id', async () => {
    const r = await t.api('POST', '/api/v1/offers/create/40002', { body: { ef_offer_id: '512', name: 'Known EF', platform: 'sticky' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ offer_id: 40002, ef_offer_id: 512 });
    const u = await t.api('PUT', `/api/v1/offers/${r.body.ID}`, { body: { offer_id: '40002', ef_offer_id: '778', name: 'Known EF', platform: 'sticky' } });
    expect(u.status).toBe(422);
    expect(u.body).toEqual({ message: 'Everflow offer 778 does not exist', field: 'ef_offer_id' });
    expect((await t.api('GET', `/api/v1/offers/${r.body.ID}`)).body).toMatchObject({ ef_offer_id: 512 });
    const ok = await t.api('PUT', `/api/v1/offers/${r.body.ID}`, { body: { offer_id: '40002', ef_offer_id: '513', name: 'Known EF', platform: 'sticky' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ef_offer_id: 513 });
    // An offer without an Everflow id is not checked.
    const sent = fake.requests.length;
    expect((await t.api('POST', '/api/v1/offers', { body: { offer_id: '40003', ef_offer_id: '', name: 'No EF', platform: 'sticky' } })).status).toBe(201);
    expect(fake.requests.length).toBe(sent);
  });

  it('an Everflow that is down is a 502 with its message, and nothing is written', async () => {
    fake.inject({ times: Infinity, kind: { status: 503 } });
    const r = await t.api('POST', '/api/v1/offers', { body: { offer_id: '40004', ef_offer_id: '512', name: 'EF down', platform: 'sticky' } });
    expect(r.status).toBe(502);
    expect(r.body).toEqual({ message: 'Everflow is not answering (HTTP 503) after 3 tries' });
    expect(JSON.stringify(r.body)).not.toContain(KEY);
    fake.heal();
    expect(await offerIds()).not.toContain(40004);
  });

  it('the Status screen lists Everflow: reachable, then its error when it is down; Test connection checks it now; the key never shows', async () => {
    const ok = await t.api('GET', '/api/v1/system/status');
    expect(ok.body.find((r: { key: string }) => r.key === 'everflow')).toMatchObject({ name: 'Everflow', kind: 'everflow', configured: true, reachable: true });
    expect(fake.requests).toContain('GET /networks');
    fake.inject({ times: Infinity, kind: { status: 503 } });
    const down = await t.api('POST', '/api/v1/system/status/everflow/test');
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ key: 'everflow', configured: true, reachable: false, last_error: 'Everflow is not answering (HTTP 503) after 3 tries' });
    fake.heal();
    expect(JSON.stringify([ok.body, down.body])).not.toContain(KEY);
  });
});

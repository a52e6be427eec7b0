/**
 * The order platform's catalogue read through the cache (integrations/catalog-cache.ts): the
 * store's shipping methods are read from Sticky.io once per PLATFORM_CACHE_SECONDS and shared by
 * concurrent readers, `?refresh=true` reads them again, the answer says when they were read
 * (X-Synced-At, Last-Modified) and from which platform (X-Order-Platform), a Sticky.io that is
 * down leaves the last copy answered and marked stale (X-Sync-Error), never a 500, and a method
 * read live (create, sync) replaces it in the cached list. The local platform is our database:
 * read at every request, synced now. Sticky.io is the schema-checking fake (tests/fakes/sticky.ts).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, platformCacheSecondsOf } from '../../src/server/config.ts';
import { platformCatalog } from '../../src/server/db/schema.ts';
import { CatalogCache, FAILED_RELOAD_PAUSE_MS } from '../../src/server/integrations/catalog-cache.ts';
import { ProviderError } from '../../src/server/integrations/http-retry.ts';
import { LocalOrderPlatform } from '../../src/server/integrations/platform.ts';
import { StickyOrderPlatform } from '../../src/server/integrations/platform-sticky.ts';
import { startFakeSticky, type FakeSticky } from '../fakes/sticky.ts';
import { startTestServer, type TestServer, type ApiResponse } from './helpers.ts';
import { serverForTests } from './file-server.ts';

const USER = 'catalog-cache-user';
const PASSWORD = 'catalog-cache-password-0123456789';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const STICKY_ENV = (fake: FakeSticky, extra: NodeJS.ProcessEnv = {}) => ({
  ORDER_PLATFORM: 'sticky',
  STICKY_API_URL: fake.url,
  STICKY_API_USERNAME: USER,
  STICKY_API_PASSWORD: PASSWORD,
  ...extra,
});

let fake: FakeSticky;
/** Requests for the shipping list (every page counts) the fake has received. */
const listReads = () => fake.requests.filter((r) => r.startsWith('GET /api/v2/shipping?')).length;

beforeAll(async () => {
  fake = await startFakeSticky({ username: USER, password: PASSWORD });
});
afterEach(() => {
  fake.heal();
  expect(fake.invalid).toEqual([]);
});
afterAll(async () => {
  await fake?.close();
});

/** A Sticky.io client with small timings (waits recorded, not slept) and a cache over it on `clock`. */
function cacheOverSticky(clock: { now: number }, ttlSeconds = 300) {
  const sticky = new StickyOrderPlatform({
    apiUrl: fake.url,
    username: USER,
    password: PASSWORD,
    local: new LocalOrderPlatform(null as never),
    policy: { timeoutMs: 2000, retries: 1, baseDelayMs: 10, maxTotalWaitMs: 1000, breakerThreshold: 1000, breakerPauseMs: 1000 },
    deps: { sleep: () => Promise.resolve(), log: () => undefined },
  });
  return new CatalogCache(sticky, { ttlSeconds, now: () => clock.now });
}

describe('PLATFORM_CACHE_SECONDS', () => {
  it('defaults to 300; takes 0 to 86400 seconds; anything else stops the server naming it', () => {
    expect(loadConfig({}).platformCacheSeconds).toBe(300);
    expect(loadConfig({ PLATFORM_CACHE_SECONDS: '60' }).platformCacheSeconds).toBe(60);
    expect(platformCacheSecondsOf(' 0 ')).toBe(0);
    for (const bad of ['-1', '2.5', 'five', '86401', '1e3'])
      expect(() => platformCacheSecondsOf(bad)).toThrow(/^PLATFORM_CACHE_SECONDS must be a whole number of seconds from 0 to 86400/);
  });
});

describe('CatalogCache over the Sticky.io client', () => {
  it('two concurrent readers share one load', async () => {
    const clock = { now: Date.parse('2026-03-02T10:00:00.000Z') };
    const cache = cacheOverSticky(clock);
    const before = listReads();
    const [a, b] = await Promise.all([cache.shippings(), cache.shippings()]);
    expect(listReads() - before).toBe(1);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ synced_at: '2026-03-02T10:00:00.000Z', stale: false, error: null });
    expect(a.items.map((m) => m.ID)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('within the TTL the copy is answered without a call; once it is older, the list is read again', async () => {
    const clock = { now: Date.parse('2026-03-02T10:00:00.000Z') };
    const cache = cacheOverSticky(clock, 60);
    await cache.shippings();
    const before = listReads();
    clock.now += 59_999;
    expect((await cache.shippings()).synced_at).toBe('2026-03-02T10:00:00.000Z');
    expect(listReads()).toBe(before);
    clock.now += 1;
    expect((await cache.shippings()).synced_at).toBe('2026-03-02T10:01:00.000Z');
    expect(listReads()).toBe(before + 1);
    clock.now += 1000;
    expect((await cache.shippings({ refresh: true })).synced_at).toBe('2026-03-02T10:01:01.000Z');
    expect(listReads()).toBe(before + 2);
  });

  it('a failed reload answers the last copy, stale with the message, and does not ask again for a while; refresh does', async () => {
    const clock = { now: Date.parse('2026-03-02T10:00:00.000Z') };
    const cache = cacheOverSticky(clock, 60);
    const good = await cache.shippings();
    clock.now += 61_000;
    fake.inject({ times: Infinity, kind: { status: 503 } });
    const down = await cache.shippings();
    expect(down).toEqual({ ...good, stale: true, error: expect.stringMatching(/^Sticky\.io is not answering/) as unknown });
    const sent = fake.requests.length;
    clock.now += FAILED_RELOAD_PAUSE_MS - 1;
    expect(await cache.shippings()).toMatchObject({ stale: true, synced_at: '2026-03-02T10:00:00.000Z' });
    expect(fake.requests.length).toBe(sent);
    fake.heal();
    const back = await cache.shippings({ refresh: true });
    expect(back).toMatchObject({ stale: false, error: null, synced_at: new Date(clock.now).toISOString() });
  });

  it("with no copy yet, a platform that is down is the provider's error (the route's 502/503), and the next read tries again", async () => {
    const cache = cacheOverSticky({ now: Date.now() });
    fake.inject({ times: Infinity, kind: { status: 503 } });
    const e = await cache.shippings().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ProviderError);
    expect((e as ProviderError).status).toBe(502);
    fake.heal();
    expect((await cache.shippings()).items).toHaveLength(6);
  });
});

/** The answer's sync headers, checked for shape. */
function syncHeaders(r: ApiResponse) {
  expect(r.status).toBe(200);
  const at = r.headers.get('x-synced-at') ?? '';
  expect(at).toMatch(ISO);
  expect(r.headers.get('last-modified')).toBe(new Date(at).toUTCString());
  expect(r.headers.get('cache-control')).toBe('no-cache');
  return { at, platform: r.headers.get('x-order-platform'), error: r.headers.get('x-sync-error') };
}

describe('GET /api/v1/shippings/store with ORDER_PLATFORM=sticky', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ demoOrders: 0, env: STICKY_ENV(fake) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('two reads within the TTL ask Sticky.io once, and say when and from where', async () => {
    const before = listReads();
    const first = await t.api('GET', '/api/v1/shippings/store');
    const second = await t.api('GET', '/api/v1/shippings/store', { token: await t.tokenOf('operator') });
    expect(listReads() - before).toBe(1);
    const h1 = syncHeaders(first);
    expect(h1).toEqual({ at: syncHeaders(second).at, platform: 'Sticky.io', error: null });
    expect(second.body).toEqual(first.body);
    expect((first.body as { ID: number; added: boolean }[]).map((m) => `${m.ID}${m.added ? ' added' : ''}`)).toEqual([
      '1 added',
      '2 added',
      '3 added',
      '4',
      '5',
      '6',
    ]);
  });

  it('?refresh=true asks Sticky.io again and the sync time moves; a wrong value is refused, nothing asked', async () => {
    const before = listReads();
    const old = syncHeaders(await t.api('GET', '/api/v1/shippings/store')).at;
    const fresh = syncHeaders(await t.api('GET', '/api/v1/shippings/store?refresh=true')).at;
    expect(listReads()).toBe(before + 1);
    expect(Date.parse(fresh)).toBeGreaterThan(Date.parse(old));
    const bad = await t.api('GET', '/api/v1/shippings/store?refresh=yes');
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ message: 'Refresh must be true or false' });
    expect(listReads()).toBe(before + 1);
  });

  it('create and sync read the method live; the cached list is kept (updated, not read again)', async () => {
    const at = syncHeaders(await t.api('GET', '/api/v1/shippings/store')).at;
    const lists = listReads();
    expect((await t.api('POST', '/api/v1/shippings', { body: { ID: 5 } })).status).toBe(201);
    expect((await t.api('POST', '/api/v1/shippings/sync/6')).status).toBe(200);
    expect(fake.requests).toEqual(expect.arrayContaining(['GET /api/v2/shipping/5', 'GET /api/v2/shipping/6']));
    const after = await t.api('GET', '/api/v1/shippings/store');
    expect(syncHeaders(after).at).toBe(at);
    expect(listReads()).toBe(lists);
    expect((after.body as { ID: number; added: boolean }[]).filter((m) => m.added).map((m) => m.ID)).toEqual([1, 2, 3, 5, 6]);
  });

  it('Sticky.io down: the last copy is answered, marked stale with the reason and its old time, never a 500', async () => {
    const good = await t.api('GET', '/api/v1/shippings/store');
    const at = syncHeaders(good).at;
    fake.inject({ times: Infinity, kind: { status: 503 } });
    const down = await t.api('GET', '/api/v1/shippings/store?refresh=true');
    const h = syncHeaders(down);
    expect(h.at).toBe(at);
    expect(decodeURIComponent(h.error ?? '')).toMatch(/^Sticky\.io is not answering/);
    expect(down.body).toEqual(good.body);
    // Not asked again by every reader while it is down: the stale copy is answered.
    const sent = fake.requests.length;
    const again = await t.api('GET', '/api/v1/shippings/store');
    expect(syncHeaders(again)).toMatchObject({ at, error: h.error });
    expect(fake.requests.length).toBe(sent);
    // The client has paused Sticky.io by now: a refresh is answered at once, still the old copy.
    const paused = await t.api('GET', '/api/v1/shippings/store?refresh=true');
    expect(decodeURIComponent(syncHeaders(paused).error ?? '')).toMatch(/^Sticky\.io is not answering: paused for \d+ s$/);
  });
});

describe('GET /api/v1/shippings/store past a tiny TTL', () => {
  it('with PLATFORM_CACHE_SECONDS=1 a read more than a second later asks Sticky.io again', async () => {
    const t = await startTestServer({ demoOrders: 0, env: STICKY_ENV(fake, { PLATFORM_CACHE_SECONDS: '1' }) });
    try {
      const before = listReads();
      const first = syncHeaders(await t.api('GET', '/api/v1/shippings/store')).at;
      await new Promise((r) => setTimeout(r, 1100));
      const second = syncHeaders(await t.api('GET', '/api/v1/shippings/store')).at;
      expect(listReads()).toBe(before + 2);
      expect(Date.parse(second) - Date.parse(first)).toBeGreaterThanOrEqual(1000);
    } finally {
      await t.close();
    }
  });
});

describe('on the local platform (our database)', () => {
  const t = serverForTests({ demoOrders: 0 });

  it('GET /api/v1/shippings/store answers the list as read now, from the local platform', async () => {
    const from = Date.now();
    const h = syncHeaders(await t.api('GET', '/api/v1/shippings/store'));
    expect(h).toMatchObject({ platform: 'the local platform', error: null });
    expect(Date.parse(h.at)).toBeGreaterThanOrEqual(from);
    expect(Date.parse(h.at)).toBeLessThanOrEqual(Date.now());
  });

  it('the cache reads it every time, synced now', async () => {
    const db = t.server.db.db;
    const cache = new CatalogCache(new LocalOrderPlatform(db), { ttlSeconds: 300, now: () => Date.parse('2026-03-02T10:00:00.000Z') });
    expect(cache.platformName).toBe('the local platform');
    await db
      .insert(platformCatalog)
      .values({ kind: 'shipping', id: 7, data: { name: 'Pickup', description: 'At the warehouse', price: 0, shipping_code: 'PICK' } });
    const first = await cache.shippings();
    expect(first.synced_at).toBe('2026-03-02T10:00:00.000Z');
    expect(first.items.map((m) => m.ID)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await db.delete(platformCatalog).where(and(eq(platformCatalog.kind, 'shipping'), eq(platformCatalog.id, 7)));
    expect((await cache.shippings()).items.map((m) => m.ID)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a method read live replaces it in a cached list (a sync is not contradicted by an older list)', async () => {
    // Cached over our own catalogue, whose rows the test can change as a platform's would change.
    const db = t.server.db.db;
    const cache = new CatalogCache(new LocalOrderPlatform(db), { ttlSeconds: 300, cached: true });
    const before = await cache.shippings();
    const row = (id: number) => and(eq(platformCatalog.kind, 'shipping'), eq(platformCatalog.id, id));
    await db
      .update(platformCatalog)
      .set({ data: { name: 'Overnight Express', description: 'FedEx First Overnight', price: 39.95, shipping_code: 'ONX' } })
      .where(row(5));
    await db.delete(platformCatalog).where(row(6));
    expect((await cache.shippings()).items.find((m) => m.ID === 5)?.name).toBe('Overnight');
    expect(await cache.shipping(5)).toMatchObject({ ID: 5, name: 'Overnight Express', price: 39.95 });
    expect(await cache.shipping(6)).toBeNull();
    const after = await cache.shippings();
    expect(after.synced_at).toBe(before.synced_at);
    expect(after.items.map((m) => `${m.ID} ${m.name}`)).toEqual([
      '1 Standard Shipping',
      '2 Express Shipping',
      '3 Free Shipping',
      '4 International Shipping',
      '5 Overnight Express',
    ]);
  });
});

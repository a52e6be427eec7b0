/**
 * The in-memory cache of release objects (src/server/publish/release-store.ts, S3ReleaseStore):
 * a release under `releases/<site>/<stamp>/` never changes, so an object read once is served
 * from memory — the second read of a page reaches the bucket no more. The sites server keeps each
 * site's live stamp in memory too (publish/live-stamps.ts) until the release change's
 * notification, so a rollback through the admin is served within that notification's delay.
 * The cache keeps under its byte bound (SITES_CACHE_MB).
 * Deployment of tests/api/two-processes.ts: one PostgreSQL, the S3 fake, an admin and a sites server.
 */
import { describe, expect, it } from 'vitest';
import { S3Bucket } from '../../src/server/integrations/s3-storage.ts';
import { S3ReleaseStore } from '../../src/server/publish/release-store.ts';
import { Secret } from '../../src/server/config.ts';
import { bodyOnceItHas, call, type Node, type SitesProcess, publishPrice as publishTwoProcesses } from './two-processes.ts';
import { deploymentOfFile } from './deployment-of-file.ts';

const FUNNEL = 1;
/** Funnel 1's checkout: the page whose product price a publish shows. */
const PAGE = 2;

let admin: Node;
let sites: SitesProcess;

/** Sets the checkout's first product price through the admin and publishes; @returns the release list. */
const publishPrice = (price: number) => publishTwoProcesses(admin, FUNNEL, PAGE, price);

/** The fake's GETs of release objects (`GET /<bucket>/releases/…`) so far. */
const releaseGets = () => deployment().fake.requests.filter((r) => r.startsWith(`GET /${deployment().fake.bucket}/releases/`)).length;

const deployment = deploymentOfFile(async (d) => {
  admin = await d.start('admin');
  sites = await d.startSites('sites');
});

describe('release objects served from memory', () => {
  it('reads a page from the bucket once, and a rollback through the admin is served as soon as it is announced', async () => {
    const first = (await publishPrice(31.31))[0]!;
    const pagePath = String((await call(admin, 'GET', `/api/v1/pages/${PAGE}`)).json.page_path);
    const url = `${sites.url}/sites/${first.site}${pagePath}`;
    const br = { 'Accept-Encoding': 'br' };

    const before = releaseGets();
    const once = await fetch(url, { headers: br });
    expect(await once.text()).toContain('31.31');
    expect(releaseGets()).toBeGreaterThan(before);
    const afterFirst = releaseGets();
    const twice = await fetch(url, { headers: br });
    expect(await twice.text()).toContain('31.31');
    // The same answer, headers and all, without the bucket.
    expect(releaseGets()).toBe(afterFirst);
    for (const h of ['content-type', 'content-encoding', 'etag', 'last-modified', 'vary', 'content-length'])
      expect(twice.headers.get(h), h).toBe(once.headers.get(h));
    expect(twice.headers.get('content-encoding')).toBe('br');

    // A new release is new keys: read from the bucket, then from memory.
    await publishPrice(42.42);
    expect((await bodyOnceItHas(url, '42.42', br)).afterMs).not.toBeNull();
    const afterSecond = releaseGets();
    expect(await (await fetch(url, { headers: br })).text()).toContain('42.42');
    expect(releaseGets()).toBe(afterSecond);

    // The rollback commits in the admin process; the sites server serves it once the change is announced.
    expect((await call(admin, 'POST', `/api/v1/funnels/${FUNNEL}/releases/${first.ID}/rollback`)).status).toBe(200);
    const { body: rolledBack } = await bodyOnceItHas(url, '31.31', br);
    expect(rolledBack).toContain('31.31');
    expect(rolledBack).not.toContain('42.42');
    // The first release's object was kept: no bucket read for it.
    expect(releaseGets()).toBe(afterSecond);
  });

  it('keeps no more bytes than its bound, the most recently read objects, and reads a missing object every time', async () => {
    const fake = deployment().fake;
    const bucket = new S3Bucket({
      bucket: fake.bucket,
      region: fake.region,
      endpoint: fake.url,
      forcePathStyle: true,
      accessKeyId: new Secret(fake.accessKeyId),
      secretAccessKey: new Secret(fake.secretAccessKey),
    });
    try {
      const BOUND = 10_000;
      const store = new S3ReleaseStore(bucket, () => Promise.resolve('20260101000000'), BOUND);
      await store.write(
        'bound.example',
        '20260101000000',
        ['a', 'b', 'c', 'd'].map((n) => ({ path: `${n}.txt`, body: Buffer.alloc(3_000, n), contentType: 'text/plain' })),
      );
      const gets = () => fake.requests.filter((r) => r.includes('/releases/bound.example/')).length;
      for (const n of ['a', 'b', 'c', 'd']) expect(await store.find('bound.example', `/${n}.txt`)).toMatchObject({ object: { contentType: 'text/plain' } });
      expect(store.cachedBytes).toBeGreaterThan(0);
      expect(store.cachedBytes).toBeLessThanOrEqual(BOUND);
      // Three 3,000-byte objects fit, so `a` (the least recently read) was dropped and is read again; `d` is kept.
      const n0 = gets();
      await store.find('bound.example', '/d.txt');
      expect(gets()).toBe(n0);
      await store.find('bound.example', '/a.txt');
      expect(gets()).toBe(n0 + 1);
      expect(store.cachedBytes).toBeLessThanOrEqual(BOUND);
      // A miss is never kept: an object written after it is found.
      expect(await store.find('bound.example', '/e.txt')).toBeNull();
      await bucket.put('releases/bound.example/20260101000000/e.txt', Buffer.from('late'), { contentType: 'text/plain' });
      expect(await store.find('bound.example', '/e.txt')).toMatchObject({ object: { contentType: 'text/plain' } });
      // An object larger than the bound is served but not kept.
      await bucket.put('releases/bound.example/20260101000000/big.txt', Buffer.alloc(BOUND + 1), { contentType: 'text/plain' });
      expect(await store.find('bound.example', '/big.txt')).toMatchObject({ object: { contentType: 'text/plain' } });
      expect(store.cachedBytes).toBeLessThanOrEqual(BOUND);
    } finally {
      bucket.destroy();
    }
  });
});

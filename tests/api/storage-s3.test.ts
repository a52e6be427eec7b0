/**
 * FILE_STORAGE=s3: the FileStorage contract on S3Storage (the official AWS SDK client) against
 * the S3-compatible fake of tests/fakes/s3.ts, which checks each request's addressing and
 * SigV4 signature and honours conditional writes (`If-None-Match: *`); and the S3_ settings.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import util from 'node:util';
import { loadConfig, s3Of } from '../../src/server/config.ts';
import { ObjectStorageError, S3Bucket, S3Storage } from '../../src/server/integrations/s3-storage.ts';
import { startFakeS3, type FakeS3 } from '../fakes/s3.ts';
import { fileStorageContract } from './contracts/storage.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let fake: FakeS3;
let bucket: S3Bucket;

beforeAll(async () => {
  // Two keys a page: ListObjectsV2's continuation tokens are walked in every list.
  fake = await startFakeS3({ pageSize: 2 });
  bucket = new S3Bucket(s3Of('s3', fake.env)!);
});
afterAll(async () => {
  bucket.destroy();
  await fake.close();
});
afterEach(() => {
  // Every request the client sent was well-formed S3 (addressing, SigV4, supported calls).
  expect(fake.invalid).toEqual([]);
});

fileStorageContract('s3', () => {
  fake.objects.clear();
  return new S3Storage(bucket);
});

describe('S3Storage', () => {
  it('keeps uploads under uploads/ with their content type, conditional creates sent as If-None-Match: *', async () => {
    fake.objects.clear();
    const s = new S3Storage(bucket);
    await s.create('42/Größe.png', new Uint8Array([1, 2]));
    await expect(s.create('42/Größe.png', new Uint8Array([3]))).rejects.toThrow('A file named Größe.png already exists');
    const o = fake.objects.get('uploads/42/Größe.png');
    expect(o?.contentType).toBe('image/png');
    expect([...(o?.body ?? [])]).toEqual([1, 2]);
    expect(await s.list('42')).toMatchObject([{ key: '42/Größe.png', size: 2 }]);
  });

  it('lists every page of a folder with more keys than one answer holds, and not the subfolders', async () => {
    fake.objects.clear();
    const s = new S3Storage(bucket);
    for (const n of ['e', 'a', 'd', 'b', 'c']) await s.put(`5/${n}.gif`, new Uint8Array([1]));
    await s.put('50/x.gif', new Uint8Array([1]));
    expect((await s.list('5')).map((f) => f.key)).toEqual(['5/a.gif', '5/b.gif', '5/c.gif', '5/d.gif', '5/e.gif']);
    expect(fake.requests.filter((r) => r.includes('continuation-token')).length).toBeGreaterThanOrEqual(2);
  });

  it('turns a refused request into an ObjectStorageError that names the call, never the credentials', async () => {
    const wrong = new S3Bucket({
      ...s3Of('s3', fake.env)!,
      secretAccessKey: s3Of('s3', { ...fake.env, S3_SECRET_ACCESS_KEY: 'not-the-secret-key' })!.secretAccessKey,
    });
    try {
      const err = await new S3Storage(wrong).put('1/a.png', new Uint8Array([1])).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ObjectStorageError);
      expect(String(err)).toMatch(/could not write uploads\/1\/a\.png \(403 SignatureDoesNotMatch\)/);
      // Not the secret, and not the key id S3's refusal names either: the error keeps no cause.
      for (const shown of [String(err), util.inspect(err, { depth: 10 }), JSON.stringify(err)]) {
        expect(shown).not.toContain(fake.secretAccessKey);
        expect(shown).not.toContain(fake.accessKeyId);
      }
      await expect(new S3Storage(wrong).check()).rejects.toThrow('Object storage could not list uploads/ (403 SignatureDoesNotMatch)');
      // The fake recomputed the signature with the real secret and refused it.
      expect(fake.invalid.splice(0)).toEqual([expect.stringContaining('SignatureDoesNotMatch'), expect.stringContaining('SignatureDoesNotMatch')]);
    } finally {
      wrong.destroy();
    }
  });
});

describe('object storage outages', () => {
  it('answers 503 with Retry-After while the bucket is not answering, and serves again once it is back', async () => {
    const t = await startTestServer({ env: fake.env });
    try {
      fake.objects.clear();
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
      // The client retries 3 times: an outage outlasts them.
      fake.fail(503, 'SlowDown', 50);
      const down = await t.upload('/api/v1/images/1', [{ name: 'outage.png', data: png, type: 'image/png' }]);
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ message: 'File storage is not answering; try again in a few seconds' });
      expect(down.headers.get('retry-after')).toBe('5');
      expect((await fetch(`${t.url}/uploads/1/outage.png`)).status).toBe(503);
      fake.heal();
      expect((await t.upload('/api/v1/images/1', [{ name: 'outage.png', data: png, type: 'image/png' }])).status).toBe(201);
      expect((await fetch(`${t.url}/uploads/1/outage.png`)).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('S3 settings', () => {
  it('reads FILE_STORAGE=s3 from the environment and never shows the credentials', () => {
    const config = loadConfig({ ...fake.env, DATA_DIR: ':memory:' });
    expect(config.fileStorage).toBe('s3');
    expect(config.s3).toMatchObject({ endpoint: fake.url, region: fake.region, bucket: fake.bucket, forcePathStyle: true });
    for (const shown of [JSON.stringify(config), util.inspect(config, { depth: 5 }), String(config.s3?.secretAccessKey)]) {
      expect(shown).not.toContain(fake.secretAccessKey);
      expect(shown).not.toContain(fake.accessKeyId);
    }
    expect(loadConfig({ DATA_DIR: ':memory:' }).s3).toBeNull();
  });

  it('stops the server at start naming the variable that is missing or malformed', () => {
    const env = fake.env;
    expect(() => s3Of('s3', { ...env, S3_BUCKET: '' })).toThrow('S3_BUCKET is not set');
    expect(() => s3Of('s3', { ...env, S3_BUCKET: 'Not_A_Bucket' })).toThrow('S3_BUCKET must be a bucket name');
    expect(() => s3Of('s3', { ...env, S3_ENDPOINT: 'http://s3.example.com' })).toThrow('S3_ENDPOINT must be an https URL');
    expect(() => s3Of('s3', { ...env, S3_ACCESS_KEY_ID: '' })).toThrow('S3_ACCESS_KEY_ID is not set');
    expect(() => s3Of('s3', { ...env, S3_SECRET_ACCESS_KEY: 'with space in it' })).toThrow('S3_SECRET_ACCESS_KEY is malformed');
    expect(() => s3Of('s3', { ...env, S3_FORCE_PATH_STYLE: 'yes please' })).toThrow('S3_FORCE_PATH_STYLE must be true or false');
    const secret = 'with space in it';
    expect(() => s3Of('s3', { ...env, S3_SECRET_ACCESS_KEY: secret })).not.toThrow(secret);
    expect(s3Of('s3', { ...env, S3_ENDPOINT: '', S3_REGION: '' })).toMatchObject({ endpoint: '', region: 'us-east-1' });
    expect(s3Of('directory', env)).toBeNull();
  });
});

describe('releases in the bucket (FILE_STORAGE=s3, one server)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { ...fake.env, RELEASES_KEPT: '2' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const publish = async () => {
    const res = await fetch(`${t.url}/api/v1/funnels/1/publish`, { method: 'PUT', headers: { Authorization: `Bearer ${t.token}` } });
    return JSON.parse((await res.text()).trim().split('\n').at(-1) ?? '{}') as { progress: number; message: string };
  };
  const stampsOf = (site: string) => new Set([...fake.objects.keys()].filter((k) => k.startsWith(`releases/${site}/`)).map((k) => k.split('/')[2]));

  it('prunes past RELEASES_KEPT in the bucket, serves pages compressed (by Host too), and refuses a rollback to a release whose objects are gone', async () => {
    for (let i = 0; i < 3; i++) expect(await publish()).toEqual({ progress: 100, message: 'Done' });
    const releases = (await t.api('GET', '/api/v1/funnels/1/releases')).body as { ID: number; site: string; live: boolean }[];
    const site = releases[0]!.site;
    expect(releases).toHaveLength(2);
    expect(stampsOf(site).size).toBe(2);
    // Nothing of it on this process's disk.
    expect(fs.readdirSync(t.sitesDir).filter((d) => d !== 'uploads')).toEqual([]);

    const page = (await t.api('GET', '/api/v1/pages/2')).body as { page_path: string };
    const br = await fetch(`${t.url}/sites/${site}${page.page_path}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    const etag = br.headers.get('etag') ?? '';
    expect(etag).toMatch(/-br"$/);
    expect(await br.text()).toContain('<html');
    expect((await fetch(`${t.url}/sites/${site}${page.page_path}`, { headers: { 'If-None-Match': etag, 'Accept-Encoding': 'br' } })).status).toBe(304);
    // A page path without its slash is redirected, as from the directory.
    const bare = await fetch(`${t.url}/sites/${site}${page.page_path.replace(/\/$/, '')}`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect((await fetch(`${t.url}/sites/${site}/no-such-page/`)).status).toBe(404);
    // At the root for a request whose Host is the site (fetch may not set Host).
    const u = new URL(t.url);
    const byHost = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get({ hostname: u.hostname, port: u.port, path: page.page_path, headers: { Host: site } }, (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });
    expect(byHost.status).toBe(200);
    expect(byHost.body).toContain('<html');

    // Pruning took rows and prefixes together; a kept row whose objects were removed (by a bucket lifecycle rule, by hand) is a 409, the live release untouched.
    const live = releases.find((r) => r.live)!;
    const older = releases.find((r) => !r.live)!;
    for (const k of [...fake.objects.keys()].filter((k) => k.startsWith(`releases/${site}/`) && k.includes(`/${[...stampsOf(site)].sort()[0]}/`)))
      fake.objects.delete(k);
    const refused = await t.api('POST', `/api/v1/funnels/1/releases/${older.ID}/rollback`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/was pruned/);
    expect(((await t.api('GET', '/api/v1/funnels/1/releases')).body as { ID: number; live: boolean }[]).find((r) => r.live)?.ID).toBe(live.ID);
  });
});

/**
 * FILE_STORAGE=s3: the FileStorage contract on S3Storage (the official AWS SDK client) against
 * the S3-compatible fake of tests/fakes/s3.ts, which checks each request's addressing and
 * SigV4 signature and honours conditional writes (`If-None-Match: *`); and the S3_ settings.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import util from 'node:util';
import { loadConfig, s3Of } from '../../src/server/config.ts';
import { ObjectStorageError, S3Bucket, S3Storage } from '../../src/server/integrations/s3-storage.ts';
import { startFakeS3, type FakeS3 } from '../fakes/s3.ts';
import { fileStorageContract } from './contracts/storage.ts';

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
      expect(String(err)).not.toContain(fake.secretAccessKey);
      // The fake recomputed the signature with the real secret and refused it.
      expect(fake.invalid.splice(0)).toEqual([expect.stringContaining('SignatureDoesNotMatch')]);
    } finally {
      wrong.destroy();
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

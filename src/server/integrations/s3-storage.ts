/**
 * Object storage (FILE_STORAGE=s3): an S3-compatible bucket through the official AWS SDK v3
 * client. One bucket holds both what used to need a shared disk: gallery uploads under
 * `uploads/<funnelId>/<name>` ({@link S3Storage}, the {@link FileStorage} contract) and
 * published releases under `releases/<site>/<stamp>/…` ({@link S3Bucket} used by
 * publish/release-store.ts). No API process keeps anything on its local disk, so any of them
 * can be replaced at any moment.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';
import { ApiError } from '../http.ts';
import { assertKey, isKeySegment, StorageExistsError, type FileStorage, type StoredFile } from './storage.ts';

/** An object's bytes and the headers it was stored with. */
export interface S3Object {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  cacheControl: string | null;
  /** The object's ETag as S3 answers it (quoted). */
  etag: string;
  modified: Date;
}

/** An object's listing entry. */
export interface S3Entry {
  key: string;
  size: number;
  modified: Date;
}

/** How {@link S3Bucket.put} writes an object. */
export interface PutOptions {
  contentType?: string;
  cacheControl?: string;
  /** The coding the bytes are in (a page's `.br` / `.gz` sibling), so a static host answers them as such. */
  contentEncoding?: 'br' | 'gzip';
  /** Only when no object has the key (`If-None-Match: *`); else StorageExistsError. */
  exclusive?: boolean;
}

const statusOf = (e: unknown): number | undefined => (e instanceof S3ServiceException ? e.$metadata.httpStatusCode : undefined);

/** A failure of the object store, worded for a log and a 500 (never the credentials): a refusal that retrying will not change (403, a missing bucket). */
export class ObjectStorageError extends Error {
  constructor(action: string, key: string, cause: unknown) {
    const status = cause instanceof S3ServiceException ? ` (${cause.$metadata.httpStatusCode ?? '?'} ${cause.name})` : '';
    // Not the cause itself: S3's error bodies may carry the access key id (AWSAccessKeyId).
    super(`Object storage could not ${action} ${key}${status}`);
    this.name = 'ObjectStorageError';
  }
}

/** Seconds a client is asked to wait when the object store is not answering. */
export const STORAGE_RETRY_AFTER_S = 5;

/**
 * The object store is not answering (no connection, a timeout, a 5xx or S3's throttling
 * after the client's own retries): a 503 with Retry-After the client may retry, like a
 * database outage. The cause is logged once here, never sent.
 */
export class ObjectStorageUnavailableError extends ApiError {
  constructor(action: string, key: string, cause: unknown) {
    super(503, 'File storage is not answering; try again in a few seconds', { 'Retry-After': String(STORAGE_RETRY_AFTER_S) });
    this.name = 'ObjectStorageUnavailableError';
    console.error(
      `${new ObjectStorageError(action, key, cause).message}${cause instanceof S3ServiceException || !(cause instanceof Error) ? '' : `: ${cause.message}`}`,
    );
  }
}

/** The error a failed call becomes: unavailable (retry later) or refused (a fault to fix). */
function failure(action: string, key: string, e: unknown): Error {
  const status = statusOf(e);
  if (status === undefined || status >= 500 || status === 429) return new ObjectStorageUnavailableError(action, key, e);
  return new ObjectStorageError(action, key, e);
}

/**
 * One bucket: the few calls we make, with S3's answers turned into ours (absent → null, a
 * failed condition → StorageExistsError, an outage → ObjectStorageUnavailableError (503), a
 * refusal → ObjectStorageError). Keys are passed
 * as they are: callers check them.
 */
export class S3Bucket {
  readonly bucket: string;
  private readonly client: S3Client;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint || undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId.reveal(), secretAccessKey: settings.secretAccessKey.reveal() },
      // S3-compatible servers (R2, MinIO, Ceph) do not all take the flexible checksums the SDK
      // sends by default since 2025; Content-MD5-free, signed payloads work everywhere.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  /**
   * Writes `body` under `key` in one request (S3 publishes an object whole or not at all).
   * With `exclusive` it is a conditional write: a 412 (the key exists) is StorageExistsError;
   * a 409 ConditionalRequestConflict (a concurrent write of the key was in flight) is retried,
   * as S3's documentation asks, and then meets the other's object as a 412.
   * @throws StorageExistsError; ObjectStorageUnavailableError; ObjectStorageError.
   */
  async put(key: string, body: Uint8Array, opts: PutOptions = {}): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: body,
            ContentLength: body.byteLength,
            ContentType: opts.contentType ?? 'application/octet-stream',
            CacheControl: opts.cacheControl,
            ContentEncoding: opts.contentEncoding,
            IfNoneMatch: opts.exclusive ? '*' : undefined,
          }),
        );
        return;
      } catch (e) {
        const status = statusOf(e);
        if (opts.exclusive && status === 412) throw new StorageExistsError(key);
        if (opts.exclusive && status === 409 && attempt < 5) continue;
        throw failure('write', key, e);
      }
    }
  }

  /** The object under `key`, or null when there is none. @throws ObjectStorageUnavailableError; ObjectStorageError. */
  async get(key: string): Promise<S3Object | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const bytes = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
      return {
        body: new Uint8Array(bytes),
        contentType: out.ContentType ?? 'application/octet-stream',
        cacheControl: out.CacheControl ?? null,
        etag: out.ETag ?? '',
        modified: out.LastModified ?? new Date(0),
      };
    } catch (e) {
      if (statusOf(e) === 404) return null;
      throw failure('read', key, e);
    }
  }

  /** The object's size and date, or null when there is none. @throws ObjectStorageUnavailableError; ObjectStorageError. */
  async head(key: string): Promise<S3Entry | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: out.ContentLength ?? 0, modified: out.LastModified ?? new Date(0) };
    } catch (e) {
      if (statusOf(e) === 404) return null;
      throw failure('read', key, e);
    }
  }

  /** Deletes the object (S3 answers the same whether or not it existed). @throws ObjectStorageUnavailableError; ObjectStorageError. */
  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (e) {
      if (statusOf(e) === 404) return;
      throw failure('delete', key, e);
    }
  }

  /**
   * Lists the keys under `prefix`, every page of ListObjectsV2. With `delimiter` '/', only the
   * objects directly under it, and `folders` the next level's prefixes (each ending with '/').
   * @throws ObjectStorageUnavailableError; ObjectStorageError.
   */
  async list(prefix: string, delimiter?: '/'): Promise<{ objects: S3Entry[]; folders: string[] }> {
    const objects: S3Entry[] = [];
    const folders: string[] = [];
    let token: string | undefined;
    try {
      do {
        const out = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, Delimiter: delimiter, ContinuationToken: token }));
        for (const o of out.Contents ?? []) if (o.Key) objects.push({ key: o.Key, size: o.Size ?? 0, modified: o.LastModified ?? new Date(0) });
        for (const p of out.CommonPrefixes ?? []) if (p.Prefix) folders.push(p.Prefix);
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token);
    } catch (e) {
      throw failure('list', prefix, e);
    }
    return { objects, folders };
  }

  /** Lists at most one key under `prefix`: the bucket exists and the credentials may list it. @throws ObjectStorageUnavailableError; ObjectStorageError. */
  async probe(prefix: string): Promise<void> {
    try {
      await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: 1 }));
    } catch (e) {
      throw failure('list', prefix, e);
    }
  }

  /** Deletes every object under `prefix`, `first` (if given) before the others, 8 at a time. @throws ObjectStorageUnavailableError; ObjectStorageError. */
  async deletePrefix(prefix: string, first?: string): Promise<void> {
    if (first) await this.delete(first);
    const keys = (await this.list(prefix)).objects.map((o) => o.key).filter((k) => k !== first);
    for (let i = 0; i < keys.length; i += 8) await Promise.all(keys.slice(i, i + 8).map((k) => this.delete(k)));
  }

  /** Closes the client's connections. */
  destroy(): void {
    this.client.destroy();
  }
}

/** Where the gallery's files live in the bucket. */
const UPLOADS = 'uploads/';

/**
 * The {@link FileStorage} contract on a bucket: key `<folder>/<name>` is object
 * `uploads/<folder>/<name>`, checked as the directory store checks it. `create` is a
 * conditional write (`If-None-Match: *`), so two API processes creating one name get one
 * success and one StorageExistsError with no lock of ours.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3';
  constructor(private readonly bucket: S3Bucket) {}

  private object(key: string): string {
    assertKey(key);
    return UPLOADS + key;
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    await this.bucket.put(this.object(key), data, { contentType: contentTypeOf(key) });
  }

  async create(key: string, data: Uint8Array): Promise<void> {
    await this.bucket.put(this.object(key), data, { contentType: contentTypeOf(key), exclusive: true });
  }

  async get(key: string): Promise<Uint8Array<ArrayBuffer> | null> {
    return (await this.bucket.get(this.object(key)))?.body ?? null;
  }

  async stat(key: string): Promise<StoredFile | null> {
    const found = await this.bucket.head(this.object(key));
    return found ? { key, size: found.size, modified: found.modified } : null;
  }

  /** S3's DeleteObject does not say whether the key existed: a HEAD before it does (two concurrent deletes may both answer true). */
  async delete(key: string): Promise<boolean> {
    const object = this.object(key);
    if (!(await this.bucket.head(object))) return false;
    await this.bucket.delete(object);
    return true;
  }

  /** The bucket answers a list of `uploads/` with these credentials. */
  async check(): Promise<void> {
    await this.bucket.probe(UPLOADS);
  }

  async list(folder: string): Promise<StoredFile[]> {
    const prefix = `${this.object(folder)}/`;
    const { objects } = await this.bucket.list(prefix, '/');
    return objects
      .map((o) => ({ name: o.key.slice(prefix.length), o }))
      .filter(({ name }) => isKeySegment(name))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map(({ name, o }) => ({ key: `${folder}/${name}`, size: o.size, modified: o.modified }));
  }
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  avif: 'image/avif',
  ico: 'image/x-icon',
  html: 'text/html; charset=utf-8',
  json: 'application/json',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
};

/** The Content-Type an object is stored with, by its name's extension (octet-stream otherwise). */
export function contentTypeOf(key: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return TYPES[ext] ?? 'application/octet-stream';
}

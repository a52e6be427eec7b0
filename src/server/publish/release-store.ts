/**
 * Where release files live (src/server/README.md, `publish/`): a directory under SITES_DIR
 * (the default) or an S3-compatible bucket (FILE_STORAGE=s3). A release is an immutable set of
 * files `<page path>/index.html` (with `.br` / `.gz` siblings) and `release.json`, written before
 * its row is committed; which release a site serves is switched by one pointer:
 *
 * - directory: `<site>/current`, a symlink renamed over atomically as the commit's last step;
 * - s3: the `releases` row marked `live` — the database every API process shares — so a publish
 *   or a rollback through one process is what every other serves from its next request, and
 *   nothing is kept on a process's disk. The bucket holds `releases/<site>/<stamp>/…`, laid
 *   out as a static host serves it (an `index.html` per page path, Content-Type and
 *   Cache-Control on every object), and after each commit `live/<site>.json`, a copy
 *   of the pointer for a static host or CDN in front of the bucket.
 *
 * integrations/index.ts builds the one store of a process from FILE_STORAGE; it is handed to
 * publishing, rollback, the preview and the sites (the admin's and `npm run sites`'s).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { S3Bucket, S3Object } from '../integrations/s3-storage.ts';

/** One file of a release: `path` inside it (`checkout/index.html`, `release.json`). */
export interface ReleaseFile {
  path: string;
  body: Uint8Array;
  contentType: string;
}

/** A live file found in a bucket, with what it is answered with. */
export interface SiteObject {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  etag: string;
  modified: Date;
  /** `br` or `gzip` when `body` is that coding of the file. */
  encoding: 'br' | 'gzip' | null;
}

/** What serving a path of a live site finds: a file on disk, an object's bytes, a directory to redirect to with a slash, or nothing. */
export type SiteLookup = { file: string } | { object: SiteObject } | 'redirect' | null;

/** The release files of one SITES_DIR. */
export interface ReleaseStore {
  readonly kind: 'directory' | 's3';
  /** Writes release `stamp` of `site` whole (nothing serves it yet); `release.json` last, so a release with it is complete. */
  write(site: string, stamp: string, files: readonly ReleaseFile[]): Promise<void>;
  /** Removes release `stamp`'s files (missing ones are no error). */
  remove(site: string, stamp: string): Promise<void>;
  /** True when release `stamp` of `site` is complete (its `release.json` is there). */
  has(site: string, stamp: string): Promise<boolean>;
  /** The stamps of `site` that have files. */
  stamps(site: string): Promise<string[]>;
  /**
   * Makes `stamp` what `site` serves, as the last step of the transaction that marks its row
   * live. @returns a function that puts the previous one back (for a failed commit).
   */
  switchLive(site: string, stamp: string): Promise<() => Promise<void>>;
  /** The stamp the store's own pointer names (directory: `current`), or null (none, or the pointer is the database's). */
  pointer(site: string): Promise<string | null>;
  /** True when `site` has a live release. */
  isLive(site: string): Promise<boolean>;
  /**
   * The live file at `rest` (the decoded path inside the site, '/…'): a path ending with '/'
   * reads its `index.html`; a page path without its slash is 'redirect'. `encodings` are the
   * codings the client accepts in preference order (a bucket answers the stored sibling).
   */
  find(site: string, rest: string, encodings?: readonly ('br' | 'gzip')[]): Promise<SiteLookup>;
  /** One cheap proof the releases can be read (readiness). @throws Error saying what failed. */
  check(): Promise<void>;
  /**
   * After a commit changed `site`'s live release: a copy of the pointer for a static host or
   * CDN in front of the store (s3: `live/<site>.json`; directory: nothing, `current`
   * was switched in the commit). Our servers never read it: the row stays the truth.
   */
  writePointer(site: string): Promise<void>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The `.br` and `.gz` siblings of a published page, so pages are answered compressed. Brotli
 * at quality 6: a 20 kB page compresses in about a millisecond, keeping a 50-page publish fast.
 */
async function compressed(plain: Uint8Array): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
    gzip(plain, { level: 9 }),
  ]);
  return { br, gz };
}

const isHtml = (f: ReleaseFile) => f.path.endsWith('.html');

/** The path segments of `rest` inside a release, or null when it would leave it. */
function segmentsOf(rest: string): string[] | null {
  const norm = path.posix.normalize('/' + rest);
  if (norm.includes('\0')) return null;
  return norm.split('/').filter(Boolean);
}

/** Release files under `${SITES_DIR}/<site>/releases/<stamp>/`, `<site>/current` the pointer. */
export class DirectoryReleaseStore implements ReleaseStore {
  readonly kind = 'directory';
  constructor(readonly sitesDir: string) {}

  private dir(site: string, stamp: string): string {
    return path.join(this.sitesDir, site, 'releases', stamp);
  }

  async write(site: string, stamp: string, files: readonly ReleaseFile[]): Promise<void> {
    const root = this.dir(site, stamp);
    await fs.mkdir(root, { recursive: true });
    const last = files.filter((f) => f.path === 'release.json');
    for (const f of [...files.filter((f) => f.path !== 'release.json'), ...last]) {
      const file = path.join(root, ...f.path.split('/'));
      await fs.mkdir(path.dirname(file), { recursive: true });
      if (isHtml(f)) {
        const { br, gz } = await compressed(f.body);
        await Promise.all([fs.writeFile(file, f.body), fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      } else await fs.writeFile(file, f.body);
    }
  }

  async remove(site: string, stamp: string): Promise<void> {
    await fs.rm(this.dir(site, stamp), { recursive: true, force: true });
  }

  async has(site: string, stamp: string): Promise<boolean> {
    return fs.stat(this.dir(site, stamp)).then(
      (s) => s.isDirectory(),
      () => false,
    );
  }

  async stamps(site: string): Promise<string[]> {
    return fs.readdir(path.join(this.sitesDir, site, 'releases')).catch(() => [] as string[]);
  }

  /** A new symlink under a unique temporary name renamed over `current`. */
  async switchLive(site: string, stamp: string): Promise<() => Promise<void>> {
    const siteDir = path.join(this.sitesDir, site);
    const current = path.join(siteDir, 'current');
    const previous = await fs.readlink(current).catch(() => null);
    const point = async (target: string) => {
      const tmp = path.join(siteDir, `current.tmp-${crypto.randomBytes(4).toString('hex')}`);
      await fs.symlink(target, tmp);
      try {
        await fs.rename(tmp, current);
      } catch (e) {
        await fs.rm(tmp, { force: true });
        throw e;
      }
    };
    await point(path.join('releases', stamp));
    return async () => {
      if (previous) await point(previous);
      else await fs.rm(current, { force: true });
    };
  }

  async pointer(site: string): Promise<string | null> {
    const target = await fs.readlink(path.join(this.sitesDir, site, 'current')).catch(() => null);
    return target ? path.basename(target) : null;
  }

  async isLive(site: string): Promise<boolean> {
    return fs.stat(path.join(this.sitesDir, site, 'current')).then(
      () => true,
      () => false,
    );
  }

  /** SITES_DIR is a readable folder, or (before the first publish) its parent is. */
  async check(): Promise<void> {
    const st = await fs.stat(this.sitesDir).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return null;
      throw e;
    });
    if (st && !st.isDirectory()) throw new Error('The sites folder is not a folder');
    await fs.access(st ? this.sitesDir : path.dirname(this.sitesDir), fs.constants.R_OK);
  }

  /** `current` is the pointer, switched in the commit. */
  writePointer(): Promise<void> {
    return Promise.resolve();
  }

  async find(site: string, rest: string): Promise<SiteLookup> {
    const root = path.join(this.sitesDir, site, 'current');
    const parts = segmentsOf(rest);
    if (!parts) return null;
    const target = path.join(root, ...parts);
    try {
      const st = await fs.stat(target);
      if (!st.isDirectory()) return { file: target };
      if (!rest.endsWith('/')) return 'redirect';
      const index = path.join(target, 'index.html');
      return (await fs.stat(index)).isFile() ? { file: index } : null;
    } catch {
      return null;
    }
  }
}

/** Bytes of release objects an {@link S3ReleaseStore} keeps in memory unless told otherwise (SITES_CACHE_MB's default, 64 MB). */
export const DEFAULT_RELEASE_CACHE_BYTES = 64 * 1024 * 1024;

/** What one cached entry costs besides its body (key, headers, the Map's entry), so many tiny objects are bounded too. */
const ENTRY_OVERHEAD = 256;

/**
 * Objects of immutable releases, least recently read dropped first once their bytes pass
 * `maxBytes` (0: nothing kept). A Map iterates in insertion order: a hit is moved to the end.
 */
class ObjectCache {
  private readonly entries = new Map<string, { object: S3Object; size: number }>();
  bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string): S3Object | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.object;
  }

  /** Keeps `object` unless it alone is larger than the bound. */
  set(key: string, object: S3Object): void {
    const size = object.body.byteLength + key.length * 2 + ENTRY_OVERHEAD;
    if (size > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, { object, size });
    this.bytes += size;
    for (const [k] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(k);
    }
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.size;
  }

  /** Drops every key under `prefix` (a removed release). */
  deletePrefix(prefix: string): void {
    for (const k of [...this.entries.keys()]) if (k.startsWith(prefix)) this.delete(k);
  }
}

/** What a bucket's release objects are answered with: revalidated, as a switch changes what a page path serves. */
const PAGE_CACHE = 'no-cache';

/**
 * Release files in a bucket under `releases/<site>/<stamp>/`; the live release is the one its
 * `releases` row marks (`liveStamp`, read from the database on each request, so every process
 * serves the same release the moment a publish or rollback commits). A release's objects never
 * change once written, and their keys carry its stamp, so an object read once is kept in memory
 * (up to `cacheBytes`, least recently read dropped first) and served from there by this
 * process, whatever other processes publish; a missing object is read again each time.
 */
export class S3ReleaseStore implements ReleaseStore {
  readonly kind = 's3';
  private readonly cache: ObjectCache;
  constructor(
    private readonly bucket: S3Bucket,
    private readonly liveStamp: (site: string) => Promise<string | null>,
    cacheBytes: number = DEFAULT_RELEASE_CACHE_BYTES,
  ) {
    this.cache = new ObjectCache(cacheBytes);
  }

  /** Bytes the cache of release objects holds now (bodies plus a fixed cost per entry). */
  get cachedBytes(): number {
    return this.cache.bytes;
  }

  /** A release object, from memory when it was read before. */
  private async object(key: string): Promise<S3Object | null> {
    const kept = this.cache.get(key);
    if (kept) return kept;
    const o = await this.bucket.get(key);
    if (o) this.cache.set(key, o);
    return o;
  }

  private prefix(site: string, stamp: string): string {
    return `releases/${site}/${stamp}/`;
  }

  async write(site: string, stamp: string, files: readonly ReleaseFile[]): Promise<void> {
    const base = this.prefix(site, stamp);
    const put = (key: string, body: Uint8Array, contentType: string, contentEncoding?: 'br' | 'gzip') =>
      this.bucket.put(base + key, body, { contentType, contentEncoding, cacheControl: PAGE_CACHE });
    const pages = files.filter((f) => f.path !== 'release.json');
    for (let i = 0; i < pages.length; i += 4) {
      await Promise.all(
        pages.slice(i, i + 4).map(async (f) => {
          await put(f.path, f.body, f.contentType);
          if (isHtml(f)) {
            const { br, gz } = await compressed(f.body);
            await Promise.all([put(`${f.path}.br`, br, f.contentType, 'br'), put(`${f.path}.gz`, gz, f.contentType, 'gzip')]);
          }
        }),
      );
    }
    for (const f of files.filter((f) => f.path === 'release.json')) await put(f.path, f.body, f.contentType);
  }

  async remove(site: string, stamp: string): Promise<void> {
    const base = this.prefix(site, stamp);
    this.cache.deletePrefix(base);
    await this.bucket.deletePrefix(base, `${base}release.json`);
  }

  async has(site: string, stamp: string): Promise<boolean> {
    return (await this.bucket.head(`${this.prefix(site, stamp)}release.json`)) !== null;
  }

  async stamps(site: string): Promise<string[]> {
    const base = `releases/${site}/`;
    return (await this.bucket.list(base, '/')).folders.map((p) => p.slice(base.length, -1)).filter(Boolean);
  }

  /** Nothing to switch: the committed row is the pointer. */
  switchLive(): Promise<() => Promise<void>> {
    return Promise.resolve(() => Promise.resolve());
  }

  pointer(): Promise<string | null> {
    return Promise.resolve(null);
  }

  async isLive(site: string): Promise<boolean> {
    return (await this.liveStamp(site)) !== null;
  }

  /**
   * Writes `live/<site>.json` — `{site, stamp, prefix}` of the live row, or removes it
   * when none is live — then reads the row again and writes again until they agree: a
   * publish's or a rollback's write may arrive after a later one's, and the last write of
   * whichever runs last is what the row says. One object, replaced whole (S3 writes are atomic).
   */
  async writePointer(site: string): Promise<void> {
    const key = `live/${site}.json`;
    for (let round = 0; round < 5; round++) {
      const stamp = await this.liveStamp(site);
      if (stamp) {
        const body = Buffer.from(JSON.stringify({ site, stamp, prefix: this.prefix(site, stamp) }));
        await this.bucket.put(key, body, { contentType: 'application/json', cacheControl: PAGE_CACHE });
      } else await this.bucket.delete(key);
      if ((await this.liveStamp(site)) === stamp) return;
    }
  }

  /** The bucket answers and these credentials may list `releases/`. */
  check(): Promise<void> {
    return this.bucket.probe('releases/');
  }

  async find(site: string, rest: string, encodings: readonly ('br' | 'gzip')[] = []): Promise<SiteLookup> {
    const parts = segmentsOf(rest);
    const stamp = parts ? await this.liveStamp(site) : null;
    if (!parts || !stamp) return null;
    const base = this.prefix(site, stamp);
    const dir = rest.endsWith('/') || parts.length === 0;
    const key = base + [...parts, ...(dir ? ['index.html'] : [])].join('/');
    const read = async (k: string): Promise<SiteObject | null> => {
      for (const coding of key.endsWith('.html') ? encodings : []) {
        const o = await this.object(`${k}.${coding === 'br' ? 'br' : 'gz'}`);
        if (o) return { body: o.body, contentType: o.contentType, etag: o.etag, modified: o.modified, encoding: coding };
      }
      const o = await this.object(k);
      return o ? { body: o.body, contentType: o.contentType, etag: o.etag, modified: o.modified, encoding: null } : null;
    };
    const found = await read(key);
    if (found) return { object: found };
    // A page path named without its slash is a "directory" of the release: redirect, as the disk store does.
    if (!dir && (await this.bucket.head(`${base}${parts.join('/')}/index.html`))) return 'redirect';
    return null;
  }
}

/** What the routes that publish, roll back, preview or serve sites need besides their deps. */
export interface WithReleases {
  /** The process's release store (integrations/index.ts builds it from FILE_STORAGE). */
  releases: ReleaseStore;
}

/**
 * The external systems behind small interfaces (src/server/README.md, integrations): the order
 * platform, the DNS provider and file storage, chosen by configuration (ORDER_PLATFORM,
 * DNS_PROVIDER, FILE_STORAGE). The local implementations are the defaults; FILE_STORAGE=s3 selects a bucket (s3-storage.ts), DNS_PROVIDER=cloudflare
 * selects the Cloudflare client, ORDER_PLATFORM=sticky the Sticky.io client, ORDER_PLATFORM=29next the 29next client. Every provider is checked against the same contract
 * tests (tests/api/contracts.test.ts). The platform's lists are read through one cache per
 * process (catalog-cache.ts).
 */
import { ConfigError, type Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { CatalogCache } from './catalog-cache.ts';
import { LocalDnsProvider, type DnsProvider } from './dns.ts';
import { CloudflareDnsProvider } from './dns-cloudflare.ts';
import { EverflowClient } from './everflow.ts';
import { LocalOrderPlatform, type OrderPlatform } from './platform.ts';
import { StickyOrderPlatform } from './platform-sticky.ts';
import { NextOrderPlatform } from './platform-29next.ts';
import { DirectoryStorage, type FileStorage } from './storage.ts';
import { S3Bucket, S3Storage } from './s3-storage.ts';
import { DirectoryReleaseStore, S3ReleaseStore, type ReleaseStore } from '../publish/release-store.ts';
import { liveStampOf } from '../publish/releases.ts';

export type { CatalogCache, CatalogList } from './catalog-cache.ts';
export type { DnsProvider } from './dns.ts';
export type { OrderPlatform } from './platform.ts';
export type { FileStorage } from './storage.ts';

/** The integrations the routes use. */
export interface Integrations {
  platform: OrderPlatform;
  /** The platform's lists (the store's shipping methods) through this process's cache, PLATFORM_CACHE_SECONDS long. */
  catalog: CatalogCache;
  dns: DnsProvider;
  storage: FileStorage;
  /** Everflow when EVERFLOW_API_KEY is set (offers' `ef_offer_id` are checked), else null. */
  everflow?: EverflowClient | null;
}

/** What a server holds besides the routes' integrations: the release store, and what to close when it stops. */
export interface Owned {
  /** Where releases are written and read (FILE_STORAGE): publishing, rollback, the preview and the sites. */
  releases: ReleaseStore;
  /** Closes the connections the integrations hold open (the S3 client's); the server calls it once, at its close. */
  close: () => void;
}

/** @throws ConfigError naming the setting when FILE_STORAGE is unknown or S3_BUCKET is missing with s3. */
function checkFileStorage(config: Config): void {
  if (config.fileStorage !== 'directory' && config.fileStorage !== 's3') {
    throw new ConfigError(`Unknown FILE_STORAGE "${config.fileStorage}": "directory" and "s3" are built in`);
  }
  if (config.fileStorage === 's3' && !config.s3)
    throw new ConfigError('S3_BUCKET is not set: FILE_STORAGE=s3 needs the bucket uploads and releases are kept in');
}

/** The bucket with FILE_STORAGE=s3, else null. */
const bucketOf = (config: Config): S3Bucket | null => (config.fileStorage === 's3' && config.s3 ? new S3Bucket(config.s3) : null);

/**
 * FILE_STORAGE=s3: releases in the bucket, the live one named by its row, its objects kept in
 * memory up to SITES_CACHE_MB (publish/release-store.ts); else SITES_DIR.
 */
const releasesIn = (config: Config, db: Db, bucket: S3Bucket | null, liveStamp = (site: string) => liveStampOf(db, site)): ReleaseStore =>
  bucket ? new S3ReleaseStore(bucket, liveStamp, config.sitesCacheMb * 1024 * 1024) : new DirectoryReleaseStore(config.sitesDir);

/**
 * The release store alone, for a process that only serves sites (sites-main.ts). `liveStamp`
 * reads a site's live stamp (default: its row, on every request; the sites server passes its
 * LiveStampCache's `get`, publish/live-stamps.ts). @throws ConfigError naming the setting when FILE_STORAGE is unknown or incomplete.
 */
export function createReleaseStore(config: Config, db: Db, liveStamp?: (site: string) => Promise<string | null>): Owned {
  checkFileStorage(config);
  const bucket = bucketOf(config);
  return { releases: releasesIn(config, db, bucket, liveStamp), close: () => bucket?.destroy() };
}

/**
 * Builds the configured integrations, the release store and their close. `uploadsDir` must be
 * set (server.ts makes a temporary one for in-memory runs).
 * @throws ConfigError naming the setting when a provider is unknown.
 */
export function createIntegrations(config: Config, db: Db): Integrations & Owned {
  if (!['local', 'sticky', '29next'].includes(config.orderPlatform)) {
    throw new ConfigError(`Unknown ORDER_PLATFORM "${config.orderPlatform}": "local", "sticky" and "29next" are built in`);
  }
  if (config.orderPlatform === '29next' && !config.next)
    throw new ConfigError("NEXT_API_URL is not set: ORDER_PLATFORM=29next needs the store's address, such as https://mystore.29next.store");
  if (config.orderPlatform === 'sticky' && !config.sticky)
    throw new ConfigError("STICKY_API_URL is not set: ORDER_PLATFORM=sticky needs the Sticky.io account's address, such as https://myshop.sticky.io");
  if (config.dnsProvider !== 'local' && config.dnsProvider !== 'cloudflare') {
    throw new ConfigError(`Unknown DNS_PROVIDER "${config.dnsProvider}": "local" and "cloudflare" are built in`);
  }
  if (config.dnsProvider === 'cloudflare' && !config.cloudflare)
    throw new ConfigError('CLOUDFLARE_API_TOKEN is not set: DNS_PROVIDER=cloudflare needs a Cloudflare API token with Zone and DNS edit rights');
  checkFileStorage(config);
  if (config.fileStorage === 'directory' && !config.uploadsDir) throw new ConfigError('UPLOADS_DIR is not set');
  // FILE_STORAGE=s3: uploads and releases in one bucket, one client.
  const bucket = bucketOf(config);
  const storage: FileStorage = bucket ? new S3Storage(bucket) : new DirectoryStorage(config.uploadsDir);
  const cf = config.cloudflare;
  const dns =
    config.dnsProvider === 'cloudflare' && cf
      ? new CloudflareDnsProvider({ apiUrl: cf.apiUrl, apiToken: cf.apiToken.reveal(), accountId: cf.accountId })
      : new LocalDnsProvider(db);
  const local = new LocalOrderPlatform(db);
  const st = config.sticky;
  const nx = config.next;
  const platform =
    config.orderPlatform === 'sticky' && st
      ? new StickyOrderPlatform({ apiUrl: st.apiUrl, username: st.username.reveal(), password: st.password.reveal(), local })
      : config.orderPlatform === '29next' && nx
        ? new NextOrderPlatform({ apiUrl: nx.apiUrl, token: nx.token.reveal(), local })
        : local;
  const ef = config.everflow;
  const everflow = ef ? new EverflowClient({ apiUrl: ef.apiUrl, apiKey: ef.apiKey.reveal() }) : null;
  const catalog = new CatalogCache(platform, { ttlSeconds: config.platformCacheSeconds });
  return { platform, catalog, dns, storage, everflow, releases: releasesIn(config, db, bucket), close: () => bucket?.destroy() };
}

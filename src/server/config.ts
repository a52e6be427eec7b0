/**
 * Server configuration from the environment. One place decides every default, so the
 * server, the token CLI and the tests agree on URLs and directories.
 *
 * One host name everywhere: the issuer, the API and the SPA must agree on it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import util from 'node:util';

/**
 * A setting the server cannot start with: its message names the variable, what it must be and
 * what it got (a secret's value is never shown). The entry points print it as one line and exit 1.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Resolved server configuration. Paths are absolute, URLs have no trailing slash. */
export interface Config {
  /** TCP port to listen on (0 = ephemeral, tests). */
  port: number;
  /** Interface to bind, e.g. 127.0.0.1. */
  host: string;
  /** Public base URL operators and the SPA use; also the embedded issuer's host. */
  publicUrl: string;
  /** Data directory, or ':memory:' for an in-memory database without a lock. */
  dataDir: string;
  /** `postgres://…` selects node-postgres; empty selects PGlite in `${dataDir}/pg`. */
  databaseUrl: string;
  /** OpenID Connect issuer; equals `${publicUrl}/oidc` when the embedded issuer is used. */
  oidcIssuer: string;
  /** Audience (resource indicator) of the API's access tokens. */
  oidcAudience: string;
  /** Client id of the SPA (a public client, code + PKCE). */
  oidcClientId: string;
  /** Built SPA served with index.html fallback. */
  staticDir: string;
  /** The static Storybook (`npm run build-storybook`'s output) served at `/storybook/` (STORYBOOK_DIR). */
  storybookDir: string;
  /** Where published sites are written (`<domain>/releases/<ts>`, `<domain>/current`). */
  sitesDir: string;
  /**
   * Root of the directory file storage (gallery images, `<funnelId>/<name>`); empty for an
   * in-memory run means a fresh temporary directory removed at close.
   */
  uploadsDir: string;
  /** Orders generated into an empty database at first start (DEMO_ORDERS, default 50,000). */
  demoOrders: number;
  /** Size of the demo seeded at first start (DEMO_SCALE): `small` (the default) or `large` (2,000 funnels, 20,000 pages, 1,000,000 audit entries). */
  demoScale: DemoScale;
  /**
   * A PGlite dump (PGLITE_TEMPLATE: the tarball of `dumpDataDir`, plain or gzipped) that a new
   * embedded database starts from instead of an empty one; '' for none. Ignored once the
   * database exists.
   */
  pgliteTemplate: string;
  /** DNS provider: `local` (zones and records in the database, the default) or `cloudflare`. */
  dnsProvider: string;
  /** Cloudflare's settings when DNS_PROVIDER=cloudflare, else null. */
  cloudflare: CloudflareSettings | null;
  /** Order-management platform: `local` (catalogue in the database, the default), `sticky` (Sticky.io) or `29next`. */
  orderPlatform: string;
  /** Sticky.io's settings when ORDER_PLATFORM=sticky, else null. */
  sticky: StickySettings | null;
  /** 29next's settings when ORDER_PLATFORM=29next, else null. */
  next: NextSettings | null;
  /** Everflow's settings when EVERFLOW_API_KEY is set (offers' `ef_offer_id` are checked there), else null. */
  everflow: EverflowSettings | null;
  /** File storage: `directory` (under uploadsDir, the default) or `s3` (an S3-compatible bucket, gallery uploads and releases). */
  fileStorage: string;
  /** The bucket's settings when FILE_STORAGE=s3, else null. */
  s3: S3Settings | null;
  /**
   * Origins the embedded issuer answers CORS for (and the sign-in forms may return to):
   * PUBLIC_URL's origin, the SPA client's other redirect origins (Vite's dev server) and
   * CORS_ORIGINS (a comma list). Any other origin gets no `Access-Control-Allow-Origin`.
   */
  corsOrigins: string[];
  /**
   * The template preview host (TEMPLATE_PREVIEW_HOST, an http(s) origin with an optional path,
   * no trailing slash): templates store their preview address as a path on it, and the
   * template library shows it with this prefix (001 §9).
   */
  templatePreviewHost: string;
  /** Releases kept per site (RELEASES_KEPT, default 20, at least 1): older ones are pruned, never the live one. */
  releasesKept: number;
  /**
   * Seconds a list read from the order platform (the store's shipping methods) is served from
   * this process's cache before it is read again (PLATFORM_CACHE_SECONDS, default 300; 0 reads it
   * every time; integrations/catalog-cache.ts).
   */
  platformCacheSeconds: number;
  /**
   * Megabytes of release objects read from the bucket that a process keeps in memory to serve
   * again (SITES_CACHE_MB, default 64; 0 keeps none; publish/release-store.ts S3ReleaseStore).
   */
  sitesCacheMb: number;
}

/**
 * A credential from the environment: its value only through {@link Secret.reveal}; JSON,
 * `String()` and `util.inspect` (console.log) show `[hidden]`, so it is never logged or returned.
 */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  /** The value, for the one place that sends it (an Authorization header). */
  reveal(): string {
    return this.#value;
  }
  toJSON(): string {
    return '[hidden]';
  }
  toString(): string {
    return '[hidden]';
  }
  [util.inspect.custom](): string {
    return 'Secret([hidden])';
  }
}

/** DNS_PROVIDER=cloudflare's settings. */
export interface CloudflareSettings {
  /** CLOUDFLARE_API_URL without a trailing slash (default {@link DEFAULT_CLOUDFLARE_API_URL}; tests point it at the fake). */
  apiUrl: string;
  /** CLOUDFLARE_API_TOKEN: an API token with Zone and DNS edit rights. */
  apiToken: Secret;
  /** CLOUDFLARE_ACCOUNT_ID: the account new zones are created in (32 hexadecimal characters). */
  accountId: string;
}

/** Cloudflare's API v4 base URL. */
export const DEFAULT_CLOUDFLARE_API_URL = 'https://api.cloudflare.com/client/v4';

/**
 * The Cloudflare settings for DNS_PROVIDER=cloudflare, or null for any other provider.
 * @throws ConfigError naming the variable when CLOUDFLARE_API_TOKEN or CLOUDFLARE_ACCOUNT_ID is missing
 * or malformed, or CLOUDFLARE_API_URL is not an http(s) URL (the server stops at start). The
 * token's value is never part of the message.
 */
export function cloudflareOf(provider: string, env: NodeJS.ProcessEnv): CloudflareSettings | null {
  if (provider !== 'cloudflare') return null;
  const token = env.CLOUDFLARE_API_TOKEN?.trim() ?? '';
  if (!token) throw new ConfigError('CLOUDFLARE_API_TOKEN is not set: DNS_PROVIDER=cloudflare needs a Cloudflare API token with Zone and DNS edit rights');
  if (!/^[A-Za-z0-9_-]{32,200}$/.test(token)) {
    throw new ConfigError('CLOUDFLARE_API_TOKEN is malformed: a Cloudflare API token is at least 32 letters, digits, "-" and "_" (its value is not shown)');
  }
  const account = env.CLOUDFLARE_ACCOUNT_ID?.trim() ?? '';
  if (!account) throw new ConfigError('CLOUDFLARE_ACCOUNT_ID is not set: DNS_PROVIDER=cloudflare needs the Cloudflare account new zones are created in');
  if (!/^[0-9a-f]{32}$/.test(account))
    throw new ConfigError(`CLOUDFLARE_ACCOUNT_ID must be the 32-character hexadecimal id of a Cloudflare account (got ${JSON.stringify(account)})`);
  const raw = env.CLOUDFLARE_API_URL?.trim() || DEFAULT_CLOUDFLARE_API_URL;
  const origin = originOf(raw);
  let u: URL | null = null;
  try {
    u = new URL(raw);
  } catch {
    /* reported below */
  }
  if (!origin || !u || u.search || u.hash || u.username || u.password) {
    throw new ConfigError(`CLOUDFLARE_API_URL must be an http(s) URL such as ${DEFAULT_CLOUDFLARE_API_URL} (got ${JSON.stringify(raw)})`);
  }
  return { apiUrl: trimSlash(`${u.origin}${u.pathname}`), apiToken: new Secret(token), accountId: account };
}

/** ORDER_PLATFORM=sticky's settings. */
export interface StickySettings {
  /** STICKY_API_URL: the account's base URL, e.g. https://myshop.sticky.io (no trailing slash; the client adds `/api/v2/…`). */
  apiUrl: string;
  /** STICKY_API_USERNAME: the API user's name (Basic auth). */
  username: Secret;
  /** STICKY_API_PASSWORD: the API user's password (Basic auth). */
  password: Secret;
}

/**
 * ORDER_PLATFORM=`platform`'s base URL from variable `name` of `env`: https, or http on
 * 127.0.0.1 / localhost only (where the tests' fakes answer); no query, fragment or credentials.
 * Answered without a trailing slash. `site` is for the messages: whose address it is
 * ("the store's"), what it must address ("a 29next store") and an example.
 * @throws ConfigError naming the variable when it is not set or not such an address.
 */
function platformUrl(name: string, env: NodeJS.ProcessEnv, platform: string, site: { whose: string; what: string; example: string }): string {
  const raw = env[name]?.trim() ?? '';
  if (!raw) throw new ConfigError(`${name} is not set: ORDER_PLATFORM=${platform} needs ${site.whose} address, such as ${site.example}`);
  let u: URL | null = null;
  try {
    u = new URL(raw);
  } catch {
    /* reported below */
  }
  const local = u !== null && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
  if (!u || !(u.protocol === 'https:' || (u.protocol === 'http:' && local)) || u.search || u.hash || u.username || u.password) {
    throw new ConfigError(`${name} must be the https address of ${site.what}, such as ${site.example} (got ${JSON.stringify(raw)})`);
  }
  return trimSlash(`${u.origin}${u.pathname}`);
}

/**
 * The Sticky.io settings for ORDER_PLATFORM=sticky, or null for any other platform.
 * STICKY_API_URL must be the account's https URL (http only for 127.0.0.1 / localhost, where
 * the tests' fake answers); STICKY_API_USERNAME and STICKY_API_PASSWORD are Sticky.io's API user
 * (Basic auth: the name may not contain ":", neither may hold spaces or control characters).
 * @throws ConfigError naming the variable when one is missing or malformed (the server stops at
 * start); a credential's value is never part of the message.
 */
export function stickyOf(platform: string, env: NodeJS.ProcessEnv): StickySettings | null {
  if (platform !== 'sticky') return null;
  const apiUrl = platformUrl('STICKY_API_URL', env, 'sticky', {
    whose: "the Sticky.io account's",
    what: 'a Sticky.io account',
    example: 'https://myshop.sticky.io',
  });
  const username = env.STICKY_API_USERNAME?.trim() ?? '';
  if (!username) throw new ConfigError('STICKY_API_USERNAME is not set: ORDER_PLATFORM=sticky needs the name of a Sticky.io API user');
  if (!/^[\x21-\x7e]{1,200}$/.test(username) || username.includes(':')) {
    throw new ConfigError('STICKY_API_USERNAME is malformed: a Sticky.io API user name is printable characters without spaces or ":" (its value is not shown)');
  }
  const password = env.STICKY_API_PASSWORD ?? '';
  if (!password.trim()) throw new ConfigError('STICKY_API_PASSWORD is not set: ORDER_PLATFORM=sticky needs the password of the Sticky.io API user');
  if (!/^[\x21-\x7e]{1,500}$/.test(password)) {
    throw new ConfigError('STICKY_API_PASSWORD is malformed: a Sticky.io API password is printable characters without spaces (its value is not shown)');
  }
  return { apiUrl, username: new Secret(username), password: new Secret(password) };
}

/** ORDER_PLATFORM=29next's settings. */
export interface NextSettings {
  /** NEXT_API_URL: the store's base URL, e.g. https://mystore.29next.store (no trailing slash; the client adds `/api/admin/…`). */
  apiUrl: string;
  /** NEXT_API_TOKEN: an Admin API access token (Settings › API Access), sent as `Authorization: Bearer …`. */
  token: Secret;
}

/**
 * The 29next settings for ORDER_PLATFORM=29next, or null for any other platform.
 * NEXT_API_URL must be the store's https address (http only for 127.0.0.1 / localhost, where the
 * tests' fake answers); NEXT_API_TOKEN an Admin API access token (printable, no spaces).
 * @throws ConfigError naming the variable when one is missing or malformed (the server stops at
 * start); the token's value is never part of the message.
 */
export function nextOf(platform: string, env: NodeJS.ProcessEnv): NextSettings | null {
  if (platform !== '29next') return null;
  const apiUrl = platformUrl('NEXT_API_URL', env, '29next', { whose: "the store's", what: 'a 29next store', example: 'https://mystore.29next.store' });
  const token = env.NEXT_API_TOKEN?.trim() ?? '';
  if (!token) throw new ConfigError('NEXT_API_TOKEN is not set: ORDER_PLATFORM=29next needs an Admin API access token of the store (Settings › API Access)');
  if (!/^[\x21-\x7e]{16,500}$/.test(token)) {
    throw new ConfigError('NEXT_API_TOKEN is malformed: a 29next access token is at least 16 printable characters without spaces (its value is not shown)');
  }
  return { apiUrl, token: new Secret(token) };
}

/** FILE_STORAGE=s3's settings: an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, …). */
export interface S3Settings {
  /** S3_ENDPOINT: the service's URL without a trailing slash, or '' for AWS's own endpoint of the region. */
  endpoint: string;
  /** S3_REGION: the signing region (default `us-east-1`; R2 takes `auto`). */
  region: string;
  /** S3_BUCKET: the bucket (3–63 characters: lower-case letters, digits, `.` and `-`). */
  bucket: string;
  /** S3_ACCESS_KEY_ID: the access key id. */
  accessKeyId: Secret;
  /** S3_SECRET_ACCESS_KEY: its secret. */
  secretAccessKey: Secret;
  /** S3_FORCE_PATH_STYLE: `true` addresses the bucket as `<endpoint>/<bucket>/<key>` (MinIO, most self-hosted servers) instead of `<bucket>.<endpoint>`. */
  forcePathStyle: boolean;
}

/**
 * The bucket settings for FILE_STORAGE=s3, or null for any other storage. S3_ENDPOINT is
 * optional (AWS's endpoint of S3_REGION); it must be https except on 127.0.0.1 / localhost.
 * @throws ConfigError naming the variable when one is missing or malformed (the server stops at
 * start); the credentials' values are never part of a message.
 */
export function s3Of(storage: string, env: NodeJS.ProcessEnv): S3Settings | null {
  if (storage !== 's3') return null;
  const raw = env.S3_ENDPOINT?.trim() ?? '';
  let endpoint = '';
  if (raw) {
    let u: URL | null = null;
    try {
      u = new URL(raw);
    } catch {
      /* reported below */
    }
    const loopback = u !== null && (u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]');
    if (!u || !(u.protocol === 'https:' || (u.protocol === 'http:' && loopback)) || u.search || u.hash || u.username || u.password) {
      throw new ConfigError(
        `S3_ENDPOINT must be an https URL such as https://s3.eu-central-1.amazonaws.com (http only on 127.0.0.1) (got ${JSON.stringify(raw)})`,
      );
    }
    endpoint = trimSlash(`${u.origin}${u.pathname}`);
  }
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]{2,40}$/.test(region)) throw new ConfigError(`S3_REGION must be a region name such as eu-central-1 (got ${JSON.stringify(region)})`);
  const bucket = env.S3_BUCKET?.trim() ?? '';
  if (!bucket) throw new ConfigError('S3_BUCKET is not set: FILE_STORAGE=s3 needs the bucket uploads and releases are kept in');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..')) {
    throw new ConfigError(`S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens (got ${JSON.stringify(bucket)})`);
  }
  const keyId = env.S3_ACCESS_KEY_ID?.trim() ?? '';
  if (!keyId) throw new ConfigError('S3_ACCESS_KEY_ID is not set: FILE_STORAGE=s3 needs an access key with read, write, list and delete rights on the bucket');
  if (!/^[\x21-\x7e]{3,128}$/.test(keyId)) throw new ConfigError('S3_ACCESS_KEY_ID is malformed: printable characters without spaces (its value is not shown)');
  const secret = env.S3_SECRET_ACCESS_KEY?.trim() ?? '';
  if (!secret) throw new ConfigError('S3_SECRET_ACCESS_KEY is not set: FILE_STORAGE=s3 needs the secret of S3_ACCESS_KEY_ID');
  if (!/^[\x21-\x7e]{8,256}$/.test(secret))
    throw new ConfigError('S3_SECRET_ACCESS_KEY is malformed: printable characters without spaces (its value is not shown)');
  const style = (env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase();
  if (!['', 'true', 'false', '1', '0'].includes(style)) throw new ConfigError(`S3_FORCE_PATH_STYLE must be true or false (got ${JSON.stringify(style)})`);
  return { endpoint, region, bucket, accessKeyId: new Secret(keyId), secretAccessKey: new Secret(secret), forcePathStyle: style === 'true' || style === '1' };
}

/** Everflow's settings: optional; when set, an offer's `ef_offer_id` is checked against Everflow. */
export interface EverflowSettings {
  /** EVERFLOW_API_URL without a trailing slash (default https://api.eflow.team/v1; tests point it at the fake). */
  apiUrl: string;
  /** EVERFLOW_API_KEY: a Network API key, sent as `X-Eflow-API-Key`. */
  apiKey: Secret;
}

/**
 * Everflow's settings, or null when EVERFLOW_API_KEY is not set (no check).
 * @throws ConfigError naming the variable when EVERFLOW_API_KEY is malformed or EVERFLOW_API_URL is
 * not an http(s) URL (the server stops at start); the key's value is never part of the message.
 */
export function everflowOf(env: NodeJS.ProcessEnv): EverflowSettings | null {
  const key = env.EVERFLOW_API_KEY?.trim() ?? '';
  if (!key) return null;
  if (!/^[\x21-\x7e]{16,200}$/.test(key)) {
    throw new ConfigError(
      'EVERFLOW_API_KEY is malformed: an Everflow Network API key is at least 16 printable characters without spaces (its value is not shown)',
    );
  }
  const raw = env.EVERFLOW_API_URL?.trim() || 'https://api.eflow.team/v1';
  let u: URL | null = null;
  try {
    u = new URL(raw);
  } catch {
    /* reported below */
  }
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.search || u.hash || u.username || u.password) {
    throw new ConfigError(`EVERFLOW_API_URL must be an http(s) URL such as https://api.eflow.team/v1 (got ${JSON.stringify(raw)})`);
  }
  return { apiUrl: trimSlash(`${u.origin}${u.pathname}`), apiKey: new Secret(key) };
}

/** Releases kept per site when RELEASES_KEPT is not set. */
export const DEFAULT_RELEASES_KEPT = 20;

/**
 * RELEASES_KEPT as configured: a whole number ≥ 1; unset or empty is {@link DEFAULT_RELEASES_KEPT}.
 * @throws ConfigError naming the variable for anything else (the server stops at start).
 */
export function releasesKeptOf(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_RELEASES_KEPT;
  const v = value.trim();
  if (!/^\d{1,6}$/.test(v) || Number(v) < 1) throw new ConfigError(`RELEASES_KEPT must be a whole number of at least 1 (got ${JSON.stringify(value)})`);
  return Number(v);
}

/** The demo's sizes (DEMO_SCALE): the small demo, or the large one the list benchmark measures. */
export const DEMO_SCALES = ['small', 'large'] as const;
export type DemoScale = (typeof DEMO_SCALES)[number];

/**
 * DEMO_SCALE as configured: `small` or `large` (any case); unset or empty is `small`.
 * @throws ConfigError naming the variable for anything else (the server stops at start).
 */
export function demoScaleOf(value: string | undefined): DemoScale {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return 'small';
  if (v === 'small' || v === 'large') return v;
  throw new ConfigError(`DEMO_SCALE must be small or large (got ${JSON.stringify(value)})`);
}

/**
 * PGLITE_TEMPLATE as configured: '' when unset, else the absolute path of an existing file.
 * @throws ConfigError naming the variable when the file is missing or DATABASE_URL is set (a
 * PostgreSQL server has no PGlite data directory to start from a dump).
 */
export function pgliteTemplateOf(value: string | undefined, databaseUrl: string): string {
  const v = (value ?? '').trim();
  if (v === '') return '';
  if (databaseUrl) throw new ConfigError('PGLITE_TEMPLATE applies to the embedded database only: unset it or DATABASE_URL');
  const file = path.resolve(v);
  if (!fs.existsSync(file)) throw new ConfigError(`PGLITE_TEMPLATE names no file (${file})`);
  return file;
}

/** Seconds the order platform's lists are cached when PLATFORM_CACHE_SECONDS is not set. */
export const DEFAULT_PLATFORM_CACHE_SECONDS = 300;

/**
 * PLATFORM_CACHE_SECONDS as configured: a whole number of seconds, 0 to 86,400 (0: no caching);
 * unset or empty is {@link DEFAULT_PLATFORM_CACHE_SECONDS}.
 * @throws ConfigError naming the variable for anything else (the server stops at start).
 */
export function platformCacheSecondsOf(value: string | undefined): number {
  return wholeNumberSetting('PLATFORM_CACHE_SECONDS', value, { fallback: DEFAULT_PLATFORM_CACHE_SECONDS, max: 86_400, unit: 'seconds' });
}

/** Megabytes of release objects cached in memory when SITES_CACHE_MB is not set. */
export const DEFAULT_SITES_CACHE_MB = 64;

/**
 * SITES_CACHE_MB as configured: a whole number of megabytes, 0 to 65,536 (0: no cache);
 * unset or empty is {@link DEFAULT_SITES_CACHE_MB}.
 * @throws ConfigError naming the variable for anything else (the server stops at start).
 */
export function sitesCacheMbOf(value: string | undefined): number {
  return wholeNumberSetting('SITES_CACHE_MB', value, { fallback: DEFAULT_SITES_CACHE_MB, max: 65_536, unit: 'megabytes' });
}

/**
 * Setting `name` read from `value`: a whole number of `unit` from 0 to `max` (at most 5 digits,
 * spaces around it ignored); unset or empty is `fallback`.
 * @throws ConfigError naming the setting, its unit and range for anything else (the server stops at start).
 */
function wholeNumberSetting(name: string, value: string | undefined, range: { fallback: number; max: number; unit: string }): number {
  if (value === undefined || value.trim() === '') return range.fallback;
  const v = value.trim();
  if (!/^\d{1,5}$/.test(v) || Number(v) > range.max)
    throw new ConfigError(`${name} must be a whole number of ${range.unit} from 0 to ${range.max} (got ${JSON.stringify(value)})`);
  return Number(v);
}

/** The template preview host when TEMPLATE_PREVIEW_HOST is not set (a reserved `.test` name: nothing real answers). */
export const DEFAULT_TEMPLATE_PREVIEW_HOST = 'https://templates.funnel-admin.test';

/**
 * TEMPLATE_PREVIEW_HOST as configured: an http(s) URL without query or fragment, trailing
 * slashes dropped. @throws ConfigError naming the variable for anything else (the server stops at start).
 */
export function previewHostOf(value: string): string {
  const v = value.trim();
  let u: URL | null = null;
  try {
    u = new URL(v);
  } catch {
    /* reported below */
  }
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.search || u.hash || u.username || u.password) {
    throw new ConfigError(`TEMPLATE_PREVIEW_HOST must be an http(s) URL such as ${DEFAULT_TEMPLATE_PREVIEW_HOST} (got ${JSON.stringify(value)})`);
  }
  return trimSlash(`${u.origin}${u.pathname}`);
}

/** The Vite dev server's origins, where the SPA client is also registered (auth/provider.ts). */
export const DEV_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'] as const;

/** The origin (`scheme://host[:port]`) of a URL, or null when it is not an http(s) URL. */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** Orders in the demo data by default (at least 50,000). */
export const DEFAULT_DEMO_ORDERS = 50_000;

const trimSlash = (u: string) => u.replace(/\/+$/, '');

/** True when `dataDir` means "keep everything in memory" (tests, throwaway runs). */
export function isMemoryDir(dataDir: string): boolean {
  return dataDir === ':memory:';
}

/**
 * Builds the configuration from environment variables (PORT, HOST, PUBLIC_URL, DATA_DIR,
 * DATABASE_URL, OIDC_ISSUER, OIDC_AUDIENCE, OIDC_CLIENT_ID, STATIC_DIR, STORYBOOK_DIR, SITES_DIR,
 * UPLOADS_DIR, DEMO_ORDERS, DEMO_SCALE, PGLITE_TEMPLATE, DNS_PROVIDER, ORDER_PLATFORM, FILE_STORAGE, CORS_ORIGINS,
 * TEMPLATE_PREVIEW_HOST, RELEASES_KEPT, PLATFORM_CACHE_SECONDS, and with DNS_PROVIDER=cloudflare CLOUDFLARE_API_TOKEN,
 * CLOUDFLARE_ACCOUNT_ID, CLOUDFLARE_API_URL; with ORDER_PLATFORM=sticky STICKY_API_URL,
 * STICKY_API_USERNAME, STICKY_API_PASSWORD; with ORDER_PLATFORM=29next NEXT_API_URL, NEXT_API_TOKEN; with FILE_STORAGE=s3 S3_ENDPOINT, S3_REGION, S3_BUCKET,
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE; optional EVERFLOW_API_KEY, EVERFLOW_API_URL);
 * `overrides` win over the environment (tests pass `port: 0`, `dataDir: ':memory:'`).
 * Operating settings are read beside it by ops/settings.ts: LOG_LEVEL, METRICS_TOKEN,
 * RATE_LIMIT_WRITES_PER_MINUTE, RATE_LIMIT_UPLOADS_PER_MINUTE, RATE_LIMIT_PUBLISHES_PER_MINUTE and the
 * live streams' LIVE_MAX_STREAMS_PER_USER, LIVE_MAX_STREAMS, LIVE_STREAM_MAX_SECONDS.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = overrides.port ?? Number(env.PORT ?? 3000);
  const host = overrides.host ?? env.HOST ?? '127.0.0.1';
  const publicUrl = trimSlash(overrides.publicUrl ?? env.PUBLIC_URL ?? `http://127.0.0.1:${port}`);
  const rawDataDir = overrides.dataDir ?? env.DATA_DIR ?? './data';
  const dataDir = isMemoryDir(rawDataDir) ? rawDataDir : path.resolve(rawDataDir);
  // In-memory runs keep nothing in the project: their sites go to the system's temp directory.
  const sitesDefault = isMemoryDir(dataDir) ? path.join(os.tmpdir(), 'funnel-admin-sites') : path.join(dataDir, 'sites');
  const dnsProvider = overrides.dnsProvider ?? env.DNS_PROVIDER ?? 'local';
  const orderPlatform = overrides.orderPlatform ?? env.ORDER_PLATFORM ?? 'local';
  const fileStorage = overrides.fileStorage ?? env.FILE_STORAGE ?? 'directory';
  return {
    port,
    host,
    publicUrl,
    dataDir,
    databaseUrl: overrides.databaseUrl ?? env.DATABASE_URL ?? '',
    // An explicit issuer is kept verbatim: `iss` must match exactly (Auth0's ends with '/').
    oidcIssuer: overrides.oidcIssuer ?? env.OIDC_ISSUER ?? `${publicUrl}/oidc`,
    oidcAudience: overrides.oidcAudience ?? env.OIDC_AUDIENCE ?? `${publicUrl}/api`,
    oidcClientId: overrides.oidcClientId ?? env.OIDC_CLIENT_ID ?? 'funnel-admin',
    staticDir: path.resolve(overrides.staticDir ?? env.STATIC_DIR ?? './dist'),
    storybookDir: path.resolve(overrides.storybookDir ?? env.STORYBOOK_DIR ?? './storybook-static'),
    sitesDir: path.resolve(overrides.sitesDir ?? env.SITES_DIR ?? sitesDefault),
    uploadsDir: overrides.uploadsDir ?? (env.UPLOADS_DIR ? path.resolve(env.UPLOADS_DIR) : isMemoryDir(dataDir) ? '' : path.join(dataDir, 'uploads')),
    demoOrders: overrides.demoOrders ?? (env.DEMO_ORDERS !== undefined && /^\d+$/.test(env.DEMO_ORDERS) ? Number(env.DEMO_ORDERS) : DEFAULT_DEMO_ORDERS),
    demoScale: overrides.demoScale ?? demoScaleOf(env.DEMO_SCALE),
    pgliteTemplate: overrides.pgliteTemplate ?? pgliteTemplateOf(env.PGLITE_TEMPLATE, overrides.databaseUrl ?? env.DATABASE_URL ?? ''),
    dnsProvider,
    cloudflare: overrides.cloudflare !== undefined ? overrides.cloudflare : cloudflareOf(dnsProvider, env),
    orderPlatform,
    sticky: overrides.sticky !== undefined ? overrides.sticky : stickyOf(orderPlatform, env),
    next: overrides.next !== undefined ? overrides.next : nextOf(orderPlatform, env),
    everflow: overrides.everflow !== undefined ? overrides.everflow : everflowOf(env),
    fileStorage,
    s3: overrides.s3 !== undefined ? overrides.s3 : s3Of(fileStorage, env),
    corsOrigins: overrides.corsOrigins ?? [
      ...new Set([publicUrl, ...DEV_ORIGINS, ...(env.CORS_ORIGINS ?? '').split(',')].map(originOf).filter((o): o is string => o !== null)),
    ],
    templatePreviewHost: previewHostOf(overrides.templatePreviewHost ?? (env.TEMPLATE_PREVIEW_HOST || DEFAULT_TEMPLATE_PREVIEW_HOST)),
    releasesKept: overrides.releasesKept ?? releasesKeptOf(env.RELEASES_KEPT),
    platformCacheSeconds: overrides.platformCacheSeconds ?? platformCacheSecondsOf(env.PLATFORM_CACHE_SECONDS),
    sitesCacheMb: overrides.sitesCacheMb ?? sitesCacheMbOf(env.SITES_CACHE_MB),
  };
}

/** True when the issuer is the one embedded in this process (under `${publicUrl}/oidc`). */
export function isEmbeddedIssuer(config: Config): boolean {
  return config.oidcIssuer === `${config.publicUrl}/oidc`;
}

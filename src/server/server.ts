/**
 * Starts the whole server in-process: database (+ demo seed on first start), the embedded
 * issuer, the Hono app and a Node HTTP server that hands `/oidc/*` to oidc-provider and
 * everything else to Hono. Used by `main.ts`, `token-cli.ts` and the API tests.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app.ts';
import { purgeExpiredOidcPayloads } from './auth/adapter.ts';
import { loadIssuerKeys } from './auth/keys.ts';
import { createTokenVerifier } from './auth/middleware.ts';
import { createProvider, oidcNodeHandler } from './auth/provider.ts';
import { isEmbeddedIssuer, isMemoryDir, loadConfig, type Config } from './config.ts';
import { DataCaches, revisionsReader } from './cache.ts';
import { CACHE_REVISIONS, openDb, type OpenDb } from './db/index.ts';
import { createLiveHub, liveLimitsFromEnv, type LiveHub } from './live.ts';
import { demoGalleryFiles, seedDemo } from './db/seed.ts';
import { purgeIdempotencyKeys } from './documents/idempotency.ts';
import { appCsp, HSTS, REFERRER_POLICY } from './http.ts';
import { createIntegrations } from './integrations/index.ts';

/** A running server. `close()` stops accepting, drops open connections, closes the database and releases the lock. */
export interface RunningServer {
  /** Base URL (= config.publicUrl), e.g. http://127.0.0.1:41234 */
  url: string;
  config: Config;
  db: OpenDb;
  close: () => Promise<void>;
}

/** Options of {@link startServer}. */
export interface StartOptions {
  /** Config values that win over the environment; `port: 0` picks a free port. */
  config?: Partial<Config>;
  /** Environment to read (defaults to process.env). */
  env?: NodeJS.ProcessEnv;
  /** Load the demo data into an empty database (default true). */
  seed?: boolean;
  /** In-memory PGlite only: start from this database dump (openDb's `template`; tests). */
  pgliteTemplate?: Blob;
  /**
   * The database, already being opened (with the data-directory lock) by the caller for this
   * configuration: main.ts opens it while this module and the API load, which shortens a
   * restart by the overlap. The server owns it from here (closes it on failure and at close).
   */
  db?: Promise<OpenDb>;
}

/**
 * Opens the database (taking the data-directory lock), seeds it when empty, and listens on HOST:PORT.
 * With `port: 0` the server listens first and derives PUBLIC_URL (and the issuer) from the
 * port it got, so tests can run many servers side by side.
 * @throws DataDirLockedError when another server uses the data directory.
 */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const env = opts.env ?? process.env;
  const pre = loadConfig(env, opts.config);
  // The data directory first: a second server on the same directory must hear about the
  // lock, not about the port both want.
  const db: OpenDb = await (opts.db ??
    openDb({ dataDir: pre.dataDir, databaseUrl: pre.databaseUrl, memory: isMemoryDir(pre.dataDir), template: opts.pgliteTemplate }));
  let handler: http.RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end('starting');
  };
  const server = http.createServer((req, res) => handler(req, res));
  server.keepAliveTimeout = 5_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(pre.port, pre.host, () => resolve());
    });
  } catch (e) {
    await db.close();
    throw e;
  }
  const port = (server.address() as AddressInfo).port;
  const config = pre.port === 0 ? loadConfig(env, { ...opts.config, port }) : pre;

  let purgeTimer: NodeJS.Timeout | undefined;
  let live: LiveHub | null = null;
  // In-memory runs keep uploads in a fresh temporary directory, removed at close.
  const tmpUploads = config.uploadsDir ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'fa-uploads-'));
  const runConfig: Config = tmpUploads ? { ...config, uploadsDir: tmpUploads } : config;
  const dropTmp = () => {
    if (tmpUploads) fs.rmSync(tmpUploads, { recursive: true, force: true });
  };
  try {
    const seeded = opts.seed !== false && (await seedDemo(db.db, undefined, { orders: config.demoOrders, scale: config.demoScale }));
    const embedded = isEmbeddedIssuer(config);
    const keys = embedded ? await loadIssuerKeys(db.db, isMemoryDir(config.dataDir) ? null : config.dataDir) : null;
    const provider = keys ? createProvider(config, db.db, keys) : null;
    // Housekeeping: expired issuer records and old idempotent responses, now and hourly.
    const purge = async () => {
      if (provider) await purgeExpiredOidcPayloads(db.db);
      await purgeIdempotencyKeys(db.db);
    };
    await purge();
    purgeTimer = setInterval(() => void purge().catch((e) => console.error('housekeeping failed', e)), 60 * 60 * 1000);
    purgeTimer.unref();
    const verifyToken = createTokenVerifier({
      issuer: config.oidcIssuer,
      audience: config.oidcAudience,
      localJwks: keys?.publicJwks,
      subIsUserId: embedded,
    });
    const integrations = createIntegrations(runConfig, db.db);
    // The demo pages' gallery images, once, with the first seed (a deleted one stays deleted).
    if (seeded) {
      for (const f of demoGalleryFiles()) await integrations.storage.create(f.key, new TextEncoder().encode(f.data)).catch(() => undefined);
    }
    // PGlite announces each change to cached data at its commit; with PostgreSQL every request reads the revisions.
    const caches = new DataCaches();
    if (db.listen) await db.listen(CACHE_REVISIONS, (kind) => caches.changed(kind));
    const refreshCaches = db.listen ? null : revisionsReader(db.db, caches);
    // Presence and saved changes for open editors, across every process on the database.
    live = await createLiveHub(db.db, db.subscribe, liveLimitsFromEnv(env));
    const app = createApp({ db: db.db, dbKind: db.kind, config: runConfig, integrations, provider, verifyToken, caches, refreshCaches, live });
    const honoListener = getRequestListener(app.fetch);
    const oidc = provider ? oidcNodeHandler(provider, runConfig.corsOrigins) : null;
    // The issuer's pages (sign-out, errors) carry the app's security headers; oidc-provider may
    // extend the CSP (a script hash) but never relaxes frame-ancestors.
    const oidcCsp = appCsp({ oidcIssuer: runConfig.oidcIssuer, publicUrl: runConfig.publicUrl, formOrigins: runConfig.corsOrigins });
    const hsts = runConfig.publicUrl.startsWith('https://');
    handler = (req, res) => {
      const url = req.url ?? '/';
      if (oidc && (url === '/oidc' || url.startsWith('/oidc/') || url.startsWith('/oidc?'))) {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Referrer-Policy', REFERRER_POLICY);
        res.setHeader('Content-Security-Policy', oidcCsp);
        if (hsts) res.setHeader('Strict-Transport-Security', HSTS);
        return oidc(req, res);
      }
      void honoListener(req, res);
    };
  } catch (e) {
    clearInterval(purgeTimer);
    live?.close();
    server.close();
    await db.close();
    dropTmp();
    throw e;
  }

  let closing: Promise<void> | null = null;
  return {
    url: config.publicUrl,
    config: runConfig,
    db,
    close: () =>
      (closing ??= (async () => {
        clearInterval(purgeTimer);
        live?.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await db.close();
        dropTmp();
      })()),
  };
}

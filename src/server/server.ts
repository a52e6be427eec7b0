/**
 * Starts the whole server in-process: database (+ demo seed on first start), the embedded
 * issuer, the Hono app and a Node HTTP server that hands `/oidc/*` to oidc-provider and
 * everything else to Hono. Used by `main.ts`, `token-cli.ts` and the API tests.
 */
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { flushAnalytics } from './analytics/index.ts';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app.ts';
import { purgeExpiredOidcPayloads } from './auth/adapter.ts';
import { loadIssuerKeys } from './auth/keys.ts';
import { createTokenVerifier } from './auth/middleware.ts';
import { createProvider, oidcNodeHandler } from './auth/provider.ts';
import { isEmbeddedIssuer, isMemoryDir, loadConfig, type Config } from './config.ts';
import { DataCaches, revisionsReader } from './cache.ts';
import { CACHE_REVISIONS, openDb, type OpenDb } from './db/index.ts';
import { createLiveHub, type LiveHub } from './live.ts';
import { demoGalleryFiles, seedDemo } from './db/seed.ts';
import { purgeIdempotencyKeys } from './documents/idempotency.ts';
import { appCsp, HSTS, REFERRER_POLICY } from './http.ts';
import { createIntegrations } from './integrations/index.ts';
import { Drain, drainedServer } from './ops/drain.ts';
import { createLogger, requestIdOf, type Logger } from './ops/logger.ts';
import { recordRequest, watchLiveHub } from './ops/metrics.ts';
import { instrumentIntegrations } from './ops/provider-calls.ts';
import { RateLimiter } from './ops/rate-limit.ts';
import { opsSettingsFromEnv, type LogLevel } from './ops/settings.ts';
import type { DestinationStream } from 'pino';

/**
 * A running server. `close()` stops accepting, drops open connections, closes the database and
 * releases the lock; `shutdown()` drains first (SIGTERM: ops/drain.ts).
 */
export interface RunningServer {
  /** Base URL (= config.publicUrl), e.g. http://127.0.0.1:41234 */
  url: string;
  config: Config;
  db: OpenDb;
  /** The server's JSON logger (LOG_LEVEL). */
  log: Logger;
  close: () => Promise<void>;
  /**
   * Graceful stop: stops listening, answers new requests 503 (`Retry-After: 1`), ends the event
   * streams, waits up to `deadlineMs` (default {@link DRAIN_DEADLINE_MS}) for the requests in
   * flight, then {@link RunningServer.close}. @returns whether every request in flight finished.
   */
  shutdown: (deadlineMs?: number) => Promise<boolean>;
}

/** How long a graceful stop waits for the requests in flight (main.ts's hard stop is 10 s). */
export const DRAIN_DEADLINE_MS = 8_000;

/** Options of {@link startServer}. */
export interface StartOptions {
  /** Config values that win over the environment; `port: 0` picks a free port. */
  config?: Partial<Config>;
  /** Environment to read (defaults to process.env). */
  env?: NodeJS.ProcessEnv;
  /** Load the demo data into an empty database (default true). */
  seed?: boolean;
  /** PGlite only: a new database starts from this dump (openDb's `template`; tests), over PGLITE_TEMPLATE. */
  pgliteTemplate?: Blob;
  /**
   * The database, already being opened (with the data-directory lock) by the caller for this
   * configuration: main.ts opens it while this module and the API load, which shortens a
   * restart by the overlap. The server owns it from here (closes it on failure and at close).
   */
  db?: Promise<OpenDb>;
  /** Where the JSON log goes and at which level (default: stdout at LOG_LEVEL); tests capture it. */
  log?: { destination?: DestinationStream; level?: LogLevel };
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
  // Every operating setting is read before anything starts: a bad one stops the start, not a later step.
  const ops = opsSettingsFromEnv(env);
  const log = createLogger(opts.log?.level ?? ops.logLevel, opts.log?.destination);
  // The data directory first: a second server on the same directory must hear about the
  // lock, not about the port both want.
  const db: OpenDb = await (opts.db ??
    openDb({
      dataDir: pre.dataDir,
      databaseUrl: pre.databaseUrl,
      memory: isMemoryDir(pre.dataDir),
      template: opts.pgliteTemplate ?? (pre.pgliteTemplate || undefined),
    }));
  let handler: http.RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end('starting');
  };
  // Every request is tracked from its arrival, so a graceful stop knows what is in flight.
  const drain = new Drain();
  const server = drainedServer(drain, (req, res) => handler(req, res));
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
  let unwatchLive = () => {};
  // The S3 client's connections, once built (integrations/index.ts).
  let closeIntegrations = () => {};
  const limiter = new RateLimiter(ops.rateLimits);
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
    purgeTimer = setInterval(() => void purge().catch((err: unknown) => log.error({ err }, 'housekeeping failed')), 60 * 60 * 1000);
    purgeTimer.unref();
    const verifyToken = createTokenVerifier({
      issuer: config.oidcIssuer,
      audience: config.oidcAudience,
      localJwks: keys?.publicJwks,
      subIsUserId: embedded,
    });
    // Every provider call counted in the metrics, here where they are built (ops/provider-calls.ts).
    const built = createIntegrations(runConfig, db.db);
    closeIntegrations = built.close;
    const integrations = instrumentIntegrations(built, runConfig.platformCacheSeconds);
    // The demo pages' gallery images, once, with the first seed or the dump of a seeded
    // database (a deleted one stays deleted).
    if (seeded || db.fromTemplate) {
      for (const f of demoGalleryFiles()) await integrations.storage.create(f.key, new TextEncoder().encode(f.data)).catch(() => undefined);
    }
    // PGlite announces each change to cached data at its commit; with PostgreSQL every request reads the revisions.
    const caches = new DataCaches();
    if (db.listen) await db.listen(CACHE_REVISIONS, (kind) => caches.changed(kind));
    const refreshCaches = db.listen ? null : revisionsReader(db.db, caches);
    // Presence and saved changes for open editors, across every process on the database.
    live = await createLiveHub(db.db, db.subscribe, ops.liveLimits);
    unwatchLive = watchLiveHub(live);
    const app = createApp({
      db: db.db,
      dbKind: db.kind,
      config: runConfig,
      integrations,
      releases: built.releases,
      provider,
      verifyToken,
      caches,
      refreshCaches,
      live,
      ops: { log, limiter, draining: () => drain.draining, metricsToken: ops.metricsToken, embeddedIssuerLoaded: embedded ? !!keys : null },
    });
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
        logOidc(req, res);
        return oidc(req, res);
      }
      void honoListener(req, res);
    };
  } catch (e) {
    clearInterval(purgeTimer);
    limiter.close();
    unwatchLive();
    live?.close();
    closeIntegrations();
    server.close();
    await db.close();
    dropTmp();
    throw e;
  }

  /** The issuer's requests do not pass the Hono app: their request id and access line are set here. */
  function logOidc(req: http.IncomingMessage, res: http.ServerResponse) {
    const id = requestIdOf(req.headers['x-request-id']?.toString());
    res.setHeader('X-Request-Id', id);
    const t0 = performance.now();
    res.once('finish', () => {
      const seconds = (performance.now() - t0) / 1000;
      const method = req.method ?? 'GET';
      recordRequest(method, '/oidc/*', res.statusCode, seconds);
      // The path only: the issuer's queries carry codes and state.
      const line = {
        req_id: id,
        method,
        route: '/oidc/*',
        path: (req.url ?? '/').split('?')[0],
        status: res.statusCode,
        ms: Math.round(seconds * 10_000) / 10,
      };
      log.info(line, 'request');
    });
  }

  // 'close' comes once, when the listener is closed and the last connection has ended.
  const serverClosed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(purgeTimer);
      limiter.close();
      unwatchLive();
      live?.close();
      if (server.listening) server.close();
      server.closeAllConnections();
      await serverClosed;
      closeIntegrations();
      // The last 100 ms of the published pages' events, before the database closes.
      await flushAnalytics(db.db);
      await db.close();
      dropTmp();
    })());
  let shuttingDown: Promise<boolean> | null = null;
  return {
    url: config.publicUrl,
    config: runConfig,
    db,
    log,
    close,
    shutdown: (deadlineMs = DRAIN_DEADLINE_MS) =>
      (shuttingDown ??= (async () => {
        drain.start();
        // No new connections; idle keep-alive ones close, so clients open new ones elsewhere.
        server.close();
        server.closeIdleConnections();
        const inFlight = drain.inFlight;
        const settled = await drain.settled(deadlineMs);
        if (!settled) log.warn({ in_flight: drain.inFlight }, `requests still in flight after ${deadlineMs} ms: dropped`);
        else log.info({ finished: inFlight }, 'requests in flight finished');
        await close();
        return settled;
      })()),
  };
}

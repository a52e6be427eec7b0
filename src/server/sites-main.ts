/**
 * `npm run sites` entry: a server of published sites only (publish/sites-app.ts), apart from
 * the admin — the same DATABASE_URL and file storage (FILE_STORAGE, SITES_DIR or the S3_
 * bucket) as the admin, read-only, no admin API and no issuer — so it can face the internet
 * while the admin stays internal. Listens on SITES_HOST:SITES_PORT (defaults HOST and 3001),
 * prints `Funnel Admin sites listening on <url>`, and on SIGTERM/SIGINT drains like the admin
 * (main.ts): new requests 503, those in flight finish, then the database and the S3 client close.
 *
 * It needs PostgreSQL: the live release of a site is a row the admin writes, and a PGlite
 * data directory is opened by one process only. Its sessions are read-only and it runs no
 * migrations (db/index.ts `readOnly`): start the admin first on an empty database.
 */
import { flushAnalytics } from './analytics/index.ts';
import { getRequestListener } from '@hono/node-server';
import { ConfigError, loadConfig } from './config.ts';
import { CACHE_REVISIONS, openDb } from './db/index.ts';
import { createReleaseStore } from './integrations/index.ts';
import { Drain, drainedServer } from './ops/drain.ts';
import { createLogger } from './ops/logger.ts';
import { opsSettingsFromEnv } from './ops/settings.ts';
import { LiveStampCache } from './publish/live-stamps.ts';
import { liveStampOf } from './publish/releases.ts';
import { createSitesApp } from './publish/sites-app.ts';

/** Default SITES_PORT. */
const DEFAULT_SITES_PORT = 3001;
/** How long a graceful stop waits for the requests in flight, and the hard stop after a signal (ms). */
const DRAIN_MS = 8_000;
const HARD_STOP_MS = 10_000;

/**
 * Where the sites server listens: SITES_HOST (else HOST, else 127.0.0.1) and SITES_PORT
 * (default 3001; 0 picks a free port). @throws ConfigError naming SITES_PORT when it is not a port.
 */
export function sitesListenOf(env: NodeJS.ProcessEnv): { host: string; port: number } {
  const raw = env.SITES_PORT?.trim() || String(DEFAULT_SITES_PORT);
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new ConfigError(`SITES_PORT "${raw}" is not a port: a number from 0 to 65535`);
  return { host: env.SITES_HOST?.trim() || env.HOST?.trim() || '127.0.0.1', port };
}

async function main(env: NodeJS.ProcessEnv): Promise<void> {
  const config = loadConfig(env);
  if (!/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
    throw new ConfigError(
      "npm run sites needs DATABASE_URL (postgres://…), the admin's PostgreSQL: which release a site serves is a row the admin writes there, and a PGlite data directory (DATA_DIR) is opened by the admin's process only.",
    );
  }
  const { host, port } = sitesListenOf(env);
  const ops = opsSettingsFromEnv(env);
  const log = createLogger(ops.logLevel);
  const db = await openDb({ databaseUrl: config.databaseUrl, readOnly: true });
  // Live stamps kept in memory until a publish or rollback commits (its notification drops them):
  // a page costs no database round trip. After a dropped LISTEN is back, everything is read again.
  const stamps = new LiveStampCache((site) => liveStampOf(db.db, site));
  let owned: ReturnType<typeof createReleaseStore>;
  try {
    await db.subscribe(
      CACHE_REVISIONS,
      (kind) => kind === 'releases' && stamps.clear(),
      () => stamps.clear(),
    );
    owned = createReleaseStore(config, db.db, stamps.get);
  } catch (e) {
    stamps.close();
    await db.close();
    throw new ConfigError(e instanceof Error ? e.message : String(e));
  }
  const drain = new Drain();
  const app = createSitesApp({
    releases: owned.releases,
    db: db.db,
    dbKind: db.kind,
    log,
    draining: () => drain.draining,
    hsts: config.publicUrl.startsWith('https://'),
    metricsToken: ops.metricsToken,
  });
  const listener = getRequestListener(app.fetch);
  const server = drainedServer(drain, (req, res) => void listener(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  }).catch(async (e: unknown) => {
    owned.close();
    await db.close();
    throw e;
  });
  const address = server.address();
  const bound = address && typeof address === 'object' ? address.port : port;
  console.log(`Funnel Admin sites listening on http://${host.includes(':') ? `[${host}]` : host}:${bound}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, `${signal}: stopping the sites server (requests in flight finish, new ones are answered 503)`);
    setTimeout(() => process.exit(1), HARD_STOP_MS).unref();
    drain.start();
    server.close();
    server.closeIdleConnections();
    void drain
      .settled(DRAIN_MS)
      .then(async () => {
        server.closeAllConnections();
        owned.close();
        stamps.close();
        // The last 100 ms of the pages' events, before the database closes.
        await flushAnalytics(db.db);
        await db.close();
        log.info('stopped: database closed');
        log.flush();
        process.exit(0);
      })
      .catch((err: unknown) => {
        log.error({ err }, 'Shutdown failed');
        log.flush();
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

try {
  await main(process.env);
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(`The sites server cannot start: ${e.message}`);
    process.exit(1);
  }
  if (e instanceof Error && 'code' in e && e.code === 'EADDRINUSE') {
    console.error(`Port already in use: ${e.message}. Stop the other process or set SITES_PORT.`);
    process.exit(1);
  }
  throw e;
}

/**
 * `npm start` entry: starts the server from the environment (see config.ts), prints
 * `Funnel Admin listening on <PUBLIC_URL>` (a plain line: scripts and tests wait for it; every
 * other line is JSON, ops/logger.ts), and on SIGTERM/SIGINT drains — new requests 503, the
 * saves and publishes in flight finish, event streams end (ops/drain.ts) — then checkpoints
 * and closes the database and releases the data-directory lock, and exits 0 (1 after 10 s).
 *
 * Start-up order, for a quick restart (after a crash too): the data-directory lock is taken
 * and the database opened first — a second server hears about the lock before anything else —
 * while the API's modules load in parallel (module loading and PGlite's start overlap).
 * Once it listens, the static Storybook is built in the background when it is missing or stale
 * (`npm start` only; `STORYBOOK_BUILD=0` turns it off, `=1` forces it; static/storybook-build.ts).
 */
import path from 'node:path';
import { ConfigError, isMemoryDir, loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { DataDirLockedError } from './db/lock.ts';
import { opsSettingsFromEnv } from './ops/settings.ts';
import { serverDom } from './dom.ts';
import { buildStorybookInBackground, storybookBuildEnabled, storybookIsStale, type StorybookBuild } from './static/storybook-build.ts';

try {
  const pre = loadConfig();
  // The operating settings too, before the database opens and the API's modules load: a bad one
  // is the only line printed.
  opsSettingsFromEnv();
  const db = openDb({ dataDir: pre.dataDir, databaseUrl: pre.databaseUrl, memory: isMemoryDir(pre.dataDir), template: pre.pgliteTemplate || undefined });
  db.catch(() => {}); // handled below; never an unhandled rejection while the modules load
  // A refusal (the lock) ends the start at once; an opened database waits for the modules.
  const { startServer } = await Promise.race([import('./server.ts'), db.then(() => new Promise<never>(() => {}))]);
  const server = await startServer({ db });
  console.log(`Funnel Admin listening on ${server.url}`);
  const log = server.log;
  // The renderer's DOMPurify needs jsdom (about half a second to import): load it once the API
  // answers, so the first publish or preview does not pay for it (publish < 2 s).
  setTimeout(() => {
    void serverDom().catch(() => {});
  }, 2000).unref();
  // The static Storybook at /storybook/: built in the background (low priority) when missing or
  // older than its sources, after the API listens; STORYBOOK_BUILD=0 turns it off (static/storybook-build.ts).
  let storybook: StorybookBuild | null = null;
  if (storybookBuildEnabled(process.env)) {
    // src/server/main.ts, or dist-server/main.js (npm run build).
    const projectRoot = path.resolve(import.meta.dirname, import.meta.filename.endsWith('.ts') ? '../..' : '..');
    void storybookIsStale(server.config.storybookDir, projectRoot)
      .then(async (stale) => {
        if (!stale || stopping) return;
        storybook = await buildStorybookInBackground({ dir: server.config.storybookDir, projectRoot });
        if (!storybook) log.info('Storybook: another build is running; /storybook/ is served when it ends');
      })
      .catch((err: unknown) => log.error({ err }, 'Storybook: the background build failed to start'));
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, `${signal}: stopping Funnel Admin (requests in flight finish, new ones are answered 503)`);
    storybook?.stop();
    // A second signal or a hung close must not keep the process alive.
    setTimeout(() => process.exit(1), 10_000).unref();
    server.shutdown().then(
      () => {
        log.info('stopped: database closed, data-directory lock released');
        log.flush();
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'Shutdown failed');
        log.flush();
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
} catch (e) {
  // A refusal the operator can act on is one line, not a stack trace.
  if (e instanceof DataDirLockedError) {
    console.error(e.message);
    process.exit(1);
  }
  if (e instanceof ConfigError) {
    console.error(`Funnel Admin cannot start: ${e.message}`);
    process.exit(1);
  }
  if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Port already in use: ${(e as Error).message}. Stop the other process or set PORT.`);
    process.exit(1);
  }
  throw e;
}

/**
 * `npm start` entry: starts the server from the environment (see config.ts), logs
 * `Funnel Admin listening on <PUBLIC_URL>`, and on SIGTERM/SIGINT checkpoints and closes
 * the database and releases the data-directory lock before exiting.
 *
 * Start-up order, for a quick restart (after a crash too): the data-directory lock is taken
 * and the database opened first — a second server hears about the lock before anything else —
 * while the API's modules load in parallel (module loading and PGlite's start overlap).
 */
import { isMemoryDir, loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { DataDirLockedError } from './db/lock.ts';

try {
  const pre = loadConfig();
  const db = openDb({ dataDir: pre.dataDir, databaseUrl: pre.databaseUrl, memory: isMemoryDir(pre.dataDir) });
  db.catch(() => {}); // handled below; never an unhandled rejection while the modules load
  // A refusal (the lock) ends the start at once; an opened database waits for the modules.
  const { startServer } = await Promise.race([import('./server.ts'), db.then(() => new Promise<never>(() => {}))]);
  const server = await startServer({ db });
  console.log(`Funnel Admin listening on ${server.url}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping Funnel Admin`);
    // A second signal or a hung close must not keep the process alive.
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close().then(() => process.exit(0), (e) => {
      console.error('Shutdown failed', e);
      process.exit(1);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
} catch (e) {
  if (e instanceof DataDirLockedError) {
    console.error(e.message);
    process.exit(1);
  }
  if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Port already in use: ${(e as Error).message}. Stop the other process or set PORT.`);
    process.exit(1);
  }
  throw e;
}

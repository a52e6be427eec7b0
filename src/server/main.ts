/**
 * `npm start` entry: starts the server from the environment (see config.ts), logs
 * `Funnel Admin listening on <PUBLIC_URL>`, and on SIGTERM/SIGINT checkpoints and closes
 * the database and releases the data-directory lock before exiting.
 */
import { DataDirLockedError } from './db/lock.ts';
import { startServer } from './server.ts';

try {
  const server = await startServer();
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

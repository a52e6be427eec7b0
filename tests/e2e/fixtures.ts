/**
 * The `test` every end-to-end file uses: Playwright's, with one API server per worker (its own
 * data directory, demo data and port), so files run on two workers side by side exactly as they
 * ran one after another on one server — no file ever shares a database with another running file.
 * The server serves the SPA in `dist` (built by the global setup unless E2E_SKIP_BUILD is set).
 */
import { test as base } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startServerProcess, type ServerProcess } from '../scripts/server-process';

/** The built SPA every worker's server serves. */
export const STATIC_DIR = resolve(import.meta.dirname, '../../dist');

export const test = base.extend<Record<never, never>, { server: ServerProcess }>({
  server: [
    async ({}, provide, workerInfo) => {
      // E2E_DATA_DIR is made once by the config; each worker keeps its database under it.
      const dir = join(process.env.E2E_DATA_DIR ?? '', `worker-${workerInfo.parallelIndex}`);
      mkdirSync(dir, { recursive: true });
      const server = await startServerProcess({
        DATA_DIR: join(dir, 'data'),
        SITES_DIR: join(dir, 'sites'),
        UPLOADS_DIR: join(dir, 'uploads'),
        STATIC_DIR,
      });
      await provide(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, provide) => {
    await provide(server.url);
  },
});

export { expect } from '@playwright/test';

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

/** A provider fake a file starts (tests/fakes): its base URL, and how to stop it. */
export interface StartedFake {
  url: string;
  close: () => Promise<void>;
}

/**
 * A second server, its own process, talking to a provider fake the file starts (an order
 * platform's, Cloudflare's): both start before the tests of the enclosing describe (or file) and
 * stop after them. `env` gives the server's settings for the fake (its URL and credentials); the
 * built SPA and 100 demo orders are added. The getters throw before beforeAll ran.
 */
export function serverWithFake<F extends StartedFake>(
  startFake: () => Promise<F>,
  env: (fake: F) => Record<string, string>,
): { readonly fake: F; readonly server: ServerProcess } {
  let fake: F | undefined;
  let server: ServerProcess | undefined;
  test.beforeAll(async () => {
    fake = await startFake();
    server = await startServerProcess({ ...env(fake), DEMO_ORDERS: '100', STATIC_DIR });
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });
  const started = <T>(what: T | undefined): T => {
    if (what === undefined) throw new Error('The fake and its server start in beforeAll');
    return what;
  };
  return {
    get fake() {
      return started(fake);
    },
    get server() {
      return started(server);
    },
  };
}

/**
 * End-to-end tests in Debian's Chromium against `npm start` on a temporary data directory
 * (fresh demo data each run). No browser is ever downloaded.
 */
import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3517);
// Set once in the runner; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'funnel-admin-e2e-'));
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '*.e2e.ts',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  outputDir: join(process.env.E2E_DATA_DIR, 'test-results'),
  webServer: {
    // npm test has built the SPA already (its bundle-budget gate): E2E_SKIP_BUILD serves that build.
    command: process.env.E2E_SKIP_BUILD ? 'npx tsx src/server/main.ts' : 'npm start',
    // The repository's root (Playwright's default is this file's folder): `src/server/main.ts` and `./dist` are found from there.
    cwd: join(import.meta.dirname, '../..'),
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseURL, DATA_DIR: join(process.env.E2E_DATA_DIR, 'data') },
  },
});

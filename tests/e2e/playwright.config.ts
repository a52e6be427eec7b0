/**
 * End-to-end tests in Debian's Chromium. Each worker has its own API server on a temporary data
 * directory with fresh demo data (fixtures.ts), serving the SPA the global setup builds (as
 * `npm start` does). E2E_WORKERS workers (default 2) run the files side by side. No browser is
 * ever downloaded.
 */
import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_LAUNCH } from '../chromium.mjs';

// Set once in the runner; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'funnel-admin-e2e-'));
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: '.',
  testMatch: '*.e2e.ts',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: Number.isInteger(workers) && workers >= 1 ? workers : 2,
  retries: 0,
  reporter: 'list',
  use: {
    // A trace of each failing test (recorded for every test, kept on failure). `npm test` sets
    // E2E_TRACE=off: its log is what a CI run keeps, and recording costs about 15 % of the run's CPU.
    trace: process.env.E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  outputDir: join(process.env.E2E_DATA_DIR, 'test-results'),
  globalSetup: './global-setup.ts',
});

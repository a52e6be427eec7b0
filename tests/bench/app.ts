/**
 * What the browser benchmarks share (keystroke, flow): the real app — `vite build` unless
 * `BENCH_SKIP_BUILD=1`, the API server (`tsx src/server/main.ts`, or the bundle:
 * ../scripts/server-entry.ts) on a throwaway data directory and a free port without generated
 * orders — Debian's Chromium through playwright-core, the real sign-in, an API token for setup,
 * and the machine line printed with every figure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '../chromium.mjs';
import { getToken } from '../../src/server/auth/headless-login';
import { withTemplate } from '../scripts/pglite-template';
import { bin, freePort, run as runCommand, start, stop } from '../scripts/proc';
import { serverEntryArgs } from '../scripts/server-entry';

/** The demo operator account seeded on first start (README). */
export const OPERATOR = { email: 'operator@example.com', password: 'Operator!2345' };

/** A running app: its base URL (`http://127.0.0.1:<port>`), the browser, and how to stop both. */
export interface BenchApp {
  url: string;
  browser: Browser;
  /** A bearer token of the operator for API setup (`Authorization: Bearer …`). */
  token: () => Promise<string>;
  /** Closes the browser, stops the server and removes its data directory. */
  close: () => Promise<void>;
}

/** Polls `GET {url}/api/health` until it answers OK. @throws Error after `timeoutMs`. */
export async function waitHealthy(url: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* starting */
    }
    if (Date.now() > end) throw new Error(`${url}/api/health did not answer OK within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/**
 * Builds the SPA (unless `BENCH_SKIP_BUILD=1`), starts the server on a fresh data directory
 * (prefix `name`, demo data from its seeded dump, `DEMO_ORDERS=0`) and Chromium (`CHROMIUM_PATH`, default
 * /usr/bin/chromium), and waits until the server is healthy (2 min at most).
 * @throws Error when the build fails or the server does not come up (everything started is stopped).
 */
export async function startApp(name: string): Promise<BenchApp> {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.log('building the app (vite build)…');
    const code = await runCommand(bin('vite'), ['build', '--logLevel', 'warn']);
    if (code !== 0) throw new Error(`vite build exited with ${code}`);
  }
  const dir = mkdtempSync(join(tmpdir(), `fa-${name}-bench-`));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = start(process.execPath, serverEntryArgs('main'), {
    env: await withTemplate({ ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: join(dir, 'data'), DEMO_ORDERS: '0' }),
  });
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    stop(server);
    await new Promise((r) => setTimeout(r, 1500)); // let the server release its data directory
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    browser = await chromium.launch(CHROMIUM_LAUNCH);
    await waitHealthy(url, 120_000);
  } catch (e) {
    await close();
    throw e;
  }
  return { url, browser, token: () => getToken(url, OPERATOR.email, OPERATOR.password), close };
}

/**
 * Signs the operator in through the real login (the app's /login → the issuer's page → back)
 * starting from `path`, and waits until it is back on `path` and `ready` (if given) is shown.
 */
export async function signIn(page: Page, url: string, path: string, ready?: (page: Page) => Locator): Promise<void> {
  await page.goto(`${url}${path}`);
  await page.waitForURL(/\/login$/);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/interaction\//);
  await page.getByLabel(/e-?mail/i).fill(OPERATOR.email);
  await page.getByLabel(/password/i).fill(OPERATOR.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((u) => u.pathname + u.search === path);
  if (ready) await ready(page).waitFor();
}

/** The machine line of every browser benchmark: CPU count and load average. */
export function machineLine(): string {
  return `machine: ${cpus().length} CPUs, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} (other work on the machine slows every figure)`;
}

/**
 * Polls `expression` (evaluated in the page through the DevTools protocol, which the app's CSP
 * does not apply to) every 100 ms until it is true. Playwright's `waitForFunction` builds its
 * predicate with `new Function` inside the page, which `script-src 'self'` refuses.
 * @returns false when `timeoutMs` passed first.
 */
export async function pollUntil(page: Page, expression: string, timeoutMs: number): Promise<boolean> {
  for (const end = Date.now() + timeoutMs; !(await page.evaluate<boolean>(expression));) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

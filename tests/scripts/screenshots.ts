/**
 * `npm run screenshots` ("Done when"): the whole product in one folder for a reviewer.
 * Starts the app as the e2e tests do — `npm start` with `STORYBOOK_BUILD=0` on a temporary
 * DATA_DIR and a free port — signs the admin in through the real login in Debian's Chromium
 * (`CHROMIUM_PATH`, default /usr/bin/chromium), and saves a full-page PNG of every route of
 * 001 §2 (each funnel tab, the page editor, the template editor, both wizards, the flow
 * diagram, …) at 1024×768 and 1440×900 into `screenshots/<width>x<height>/<route-name>.png`
 * (git-ignored). Prints the folder at the end; exits 1 when a route could not be shot.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { FUNNEL_TABS } from '../../src/model/constants';
import { freePort, start, stop, waitForUrl } from './proc';
import { CHROMIUM_LAUNCH } from '../chromium.mjs';

/** Route name (the PNG's file name) → path, in the order of 001 §2. */
export const ROUTES: [string, string][] = [
  ['login', '/login'],
  ['dashboard', '/'],
  ['funnels', '/funnels'],
  ['funnels-archived', '/funnels?archived=true'],
  ['funnel-build-wizard', '/funnels/build'],
  ['funnel-quick-wizard', '/funnels/quick'],
  ...FUNNEL_TABS.map((t): [string, string] => [`funnel-${t}`, `/funnels/1/${t}`]),
  ['funnel-pages-flow', '/funnels/1/pages?view=flow'],
  ['page-editor', '/funnels/1/pages/2'],
  ['template-editor', '/template-editor/2'],
  ['templates', '/templates'],
  ['categories', '/categories'],
  ['offers', '/offers'],
  ['offer-funnels', '/offers/1/funnels'],
  ['offer-products', '/offers/1/products'],
  ['offer-campaign', '/offers/1/campaign'],
  ['campaign', '/campaigns/1'],
  ['products', '/products'],
  ['domains', '/domains'],
  ['shipping', '/shipping'],
  ['orders', '/orders'],
  ['status', '/status'],
  ['scrub', '/scrubs/1'],
  ['sticky', '/sticky'],
  ['users', '/users'],
  ['not-found', '/no-such-screen'],
];

/** The sizes every route is shot at. */
export const SIZES = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;

const ADMIN = { email: 'admin@example.com', password: 'Admin!2345' };

/** Waits until the SPA shows `path` (its router changes the address without a page load). */
async function atPath(page: Page, path: string): Promise<void> {
  await page.waitForFunction((p) => window.location.pathname === p, path, { timeout: 60_000 });
}

/** Signs the admin in through the app's /login and the issuer's page; resolves back on /funnels. */
async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/funnels`);
  await atPath(page, '/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/interaction\//);
  await page.getByLabel(/e-?mail/i).fill(ADMIN.email);
  await page.getByLabel(/password/i).fill(ADMIN.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await atPath(page, '/funnels');
}

/** Opens `path` and waits until the screen has settled: network idle and no "Loading…" status left. */
async function open(page: Page, url: string, path: string): Promise<void> {
  await page.goto(`${url}${path}`);
  // Open editors keep a live connection: network idle may never come, so it is waited for briefly.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page
    .getByRole('status')
    .filter({ hasText: /^(Loading|Signing in)/ })
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
}

async function main(): Promise<number> {
  const out = resolve('screenshots');
  const dir = mkdtempSync(join(tmpdir(), 'fa-screenshots-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  console.log(`starting the app on ${url} (npm start: builds the SPA first)…`);
  const server = start('npm', ['start'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: join(dir, 'data'), STORYBOOK_BUILD: '0' },
  });
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const failed: string[] = [];
  try {
    await waitForUrl(`${url}/api/health`, 300_000);
    for (const size of SIZES) {
      const folder = join(out, `${size.width}x${size.height}`);
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(folder, { recursive: true });
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
      await page.goto(`${url}/login`);
      await page.screenshot({ path: join(folder, 'login.png'), fullPage: true });
      await signIn(page, url);
      for (const [name, path] of ROUTES.filter(([n]) => n !== 'login')) {
        try {
          await open(page, url, path);
          await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
        } catch (e) {
          failed.push(`${size.width}x${size.height} ${name} (${path}): ${(e as Error).message.split('\n')[0] ?? ''}`);
        }
      }
      await context.close();
      console.log(`${size.width}x${size.height}: ${ROUTES.length - failed.filter((f) => f.startsWith(`${size.width}x`)).length} of ${ROUTES.length} routes`);
    }
  } finally {
    await browser.close();
    stop(server);
    await new Promise((r) => setTimeout(r, 1500)); // let the server release its data directory
    rmSync(dir, { recursive: true, force: true });
  }
  for (const f of failed) console.error(`not shot: ${f}`);
  console.log(`screenshots: ${out}`);
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);

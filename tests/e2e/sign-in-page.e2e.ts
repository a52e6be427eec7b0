/**
 * The sign-in page a signed-out operator meets first (001 §2 /login): a first visit paints
 * from the entry alone — no router, OIDC client or query library (src/app/main.tsx) — and its
 * Sign in still runs the whole code flow back into the app; with a session stored, /login is
 * the app's and sends the operator on.
 */
import { expect, test } from './fixtures';
import { ACCOUNTS, signIn } from './helpers';

/** The OIDC client's chunk (vite.config.ts group 'oidc': oidc-client-ts and its settings). */
const OIDC_CHUNK = /\/assets\/oidc-[^/]*\.js$/;

test('a first visit to /login paints without the app chunk; Sign in loads the OIDC client, signs in and lands in the app', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(page).toHaveTitle('Sign in · Funnel Admin');
  await expect(page.getByRole('heading', { name: 'Funnel Admin' })).toBeVisible();
  // Neither the app's chunks (vite.config.ts group 'app': router, queries) nor the OIDC client are loaded yet.
  expect(scripts.filter((s) => /\/assets\/app-/.test(s) || OIDC_CHUNK.test(s))).toEqual([]);

  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/interaction\//);
  expect(scripts.filter((s) => OIDC_CHUNK.test(s)).length).toBeGreaterThan(0);
  await page.getByLabel(/e-?mail/i).fill(ACCOUNTS.operator.email);
  await page.getByLabel(/password/i).fill(ACCOUNTS.operator.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  // Back through /login/callback into the app, at '/' (nothing asked to return elsewhere).
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();

  // Signed in, a visit to /login is the app's: it goes on to the app.
  await page.goto('/login');
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
});

test('a signed-in visit paints its screen from the stored session, without waiting for the OIDC client', async ({ page }) => {
  await signIn(page, '/funnels');
  await expect(page.getByRole('table', { name: 'Funnels' })).toBeVisible();
  // The OIDC client's code cannot load now: the screen must still come, from the stored session.
  await page.route(OIDC_CHUNK, (route) => route.abort());
  const oidcAsked: string[] = [];
  page.on('request', (r) => {
    if (OIDC_CHUNK.test(new URL(r.url()).pathname)) oidcAsked.push(r.url());
  });
  await page.goto('/offers');
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Offers' })).toBeVisible();
  // It was asked for (renewal and sign-out need it), and its failure did not stop the screen.
  expect(oidcAsked.length).toBeGreaterThan(0);
});

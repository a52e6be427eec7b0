/**
 * "Sign-out": Logout returns straight to /login — the issuer's end-session form
 * submits itself, nothing to answer on the way — and the session at the issuer really ends:
 * Sign in asks for the password again.
 */
import { expect, test } from './fixtures';
import { ACCOUNTS, signIn } from './helpers';

test('Logout lands on /login with no page to answer on the way, and signing in again asks for the password', async ({ page }) => {
  await signIn(page, '/funnels', 'operator');
  await expect(page.getByRole('table', { name: 'Funnels' })).toBeVisible();

  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.getByRole('button', { name: /: account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // Nothing clicked on the way: only the issuer's end-session endpoint (which posts itself on) and /login,
  // no confirmation, no "signed out" page.
  expect(visited.at(-1)).toBe('/login');
  expect(visited.every((p) => p === '/login' || p === '/oidc/session/end')).toBe(true);
  // What belonged to the user is gone from the browser: no stored OIDC user.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('oidc.user:')))).toEqual([]);

  // The issuer's session ended: Sign in shows its login form again.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/interaction\//);
  await expect(page.getByLabel(/password/i)).toBeVisible();
  await page.getByLabel(/e-?mail/i).fill(ACCOUNTS.operator.email);
  await page.getByLabel(/password/i).fill(ACCOUNTS.operator.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).not.toHaveURL(/\/login/);
});

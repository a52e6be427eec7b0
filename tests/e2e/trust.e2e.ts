/**
 * "Trust the core", in the browser: the SPA runs under its Content-Security-Policy
 * (no violation on any screen, the editor's preview frame included), and what each role sees
 * comes from the shared policy table: the operator has no Users entry and is told it has no
 * access to /users; the sticky account lands on /sticky and sees only the Sticky entry.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

/** Collects CSP violations (and other console errors) of `page`. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
  return problems;
}

const menuLinks = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link');

test('the operator works under the CSP without a violation; no Users entry, and /users says there is no access', async ({ page, request, baseURL }) => {
  const problems = watchConsole(page);
  const head = await request.get(`${baseURL}/`);
  expect(head.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(head.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

  await signIn(page, '/funnels', 'operator');
  await expect(menuLinks(page)).toHaveText(['Dashboard', 'Funnels', 'Domains', 'Templates', 'Categories', 'Offers', 'Orders', 'Shipping', 'Status']);

  // The page editor with its srcdoc preview frame (which inherits the app's policy).
  await page.goto('/funnels/1/pages/2');
  await expect(page.frameLocator('iframe[title^="Preview of"]').locator('body')).toContainText('39.99');
  await page.goto('/funnels/1/logs');
  await expect(page.getByRole('tab', { name: 'Logs' })).toBeVisible();

  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(problems).toEqual([]);
});

test('the sticky account lands on /sticky, sees only the Sticky entry, and gets the no-access screen elsewhere', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, '/', 'sticky', false);
  await expect(page).toHaveURL(/\/sticky$/);
  await expect(menuLinks(page)).toHaveText(['Sticky']);

  await page.goto('/');
  await expect(page).toHaveURL(/\/sticky$/);
  await page.goto('/funnels');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Sticky' }).click();
  await expect(page).toHaveURL(/\/sticky$/);
  expect(problems).toEqual([]);
});

test('the API docs (Swagger UI) work under their own CSP', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible({ timeout: 20_000 });
  expect(problems).toEqual([]);
});

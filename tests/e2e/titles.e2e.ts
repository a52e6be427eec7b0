/**
 * "The frame": every screen names itself in the document title — what it shows, most
 * specific first, then "· Funnel Admin" ("Checkout — GlowSkin Serum – US Launch · Funnel Admin").
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

/** The current name of an API document, read with the signed-in session's token (other files may rename demo data). */
async function nameOf(page: Page, path: string): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token : undefined;
  });
  const res = await page.request.get(path, { headers: { Authorization: `Bearer ${token ?? ''}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { name: string }).name;
}

test('each screen has its own document title', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Funnel Admin');
  await signIn(page, '/funnels', 'admin');
  await expect(page).toHaveTitle('Funnels · Funnel Admin');

  const funnel = await nameOf(page, '/api/v1/funnels/1');
  const checkout = await nameOf(page, '/api/v1/pages/2');
  const expected: [string, string][] = [
    ['/funnels/1/pages/2', `${checkout} — ${funnel} · Funnel Admin`],
    ['/funnels/1/pages', `${funnel} · Funnel Admin`],
    ['/funnels/1/logs', `Logs — ${funnel} · Funnel Admin`],
    ['/funnels/1/blockers', `Block User — ${funnel} · Funnel Admin`],
    ['/template-editor/2', `Template editor: ${checkout} — ${funnel} · Funnel Admin`],
    ['/funnels/build', 'Build wizard — Funnels · Funnel Admin'],
    ['/orders', 'Orders · Funnel Admin'],
    ['/users', 'Users · Funnel Admin'],
    ['/templates', 'Templates · Funnel Admin'],
    ['/', 'Dashboard · Funnel Admin'],
    ['/no-such-screen', 'Not Found! · Funnel Admin'],
  ];
  for (const [path, title] of expected) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
});

/**
 * The main job without a mouse: after `page.goto('/')` only the keyboard — Tab,
 * Shift+Tab, Enter, Space, typing, Ctrl+Z — signs in on the issuer's form, opens a funnel (a
 * clone of demo funnel 1 of this test's own, so no other file's data is touched), its checkout
 * page editor, changes a package price in the Products panel, undoes, re-does it, saves,
 * publishes and confirms; the published page serves the new price.
 */
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { getToken } from '../../src/server/auth/headless-login';
import { ACCOUNTS, packageGroup } from './helpers';

/** Where focus is now, for messages: tag, role, accessible label or text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return '(nothing)';
    const label = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
    return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${label.trim().slice(0, 40)}"`;
  });

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, at most `cap` times; fails when
 * the target is not on the page, and throws naming the target and the elements focus went
 * through when it never gets there.
 */
async function tabTo(page: Page, target: Locator, { cap = 80, back = false } = {}) {
  await expect(target, `${target.toString()} is not on the page`).toBeAttached();
  const focused = () => target.evaluate((el) => el === document.activeElement, undefined, { timeout: 2_000 });
  const seen: string[] = [];
  for (let i = 0; i < cap; i++) {
    if (await focused()) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    seen.push(await focusedName(page));
  }
  if (await focused()) return;
  throw new Error(`${cap} × ${back ? 'Shift+Tab' : 'Tab'} never focused ${target.toString()}; focus went through:\n${seen.join('\n')}`);
}

test('sign in, open a funnel, edit a price, undo, save and publish with the keyboard only', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const token = await getToken(baseURL!, ACCOUNTS.operator.email, ACCOUNTS.operator.password);
  const auth = { Authorization: `Bearer ${token}` };
  const name = `E2E Keyboard ${Date.now()}`;
  const clone = await request.post(`${baseURL}/api/v1/funnels/1/clone`, { headers: auth, data: { name } });
  expect(clone.status(), await clone.text()).toBe(201);
  const id = ((await clone.json()) as { ID: number }).ID;
  const pages = (await (await request.get(`${baseURL}/api/v1/funnels/${id}/pages`, { headers: auth })).json()) as {
    ID: number;
    name: string;
    page_type: string;
    page_path: string;
  }[];
  const checkout = pages.find((p) => p.page_type === 'checkout');
  if (!checkout) throw new Error('the copy has no checkout page');
  // Other files may have edited demo funnel 1 before it was copied: the copy's own price is the start.
  const before = (await (await request.get(`${baseURL}/api/v1/pages/${checkout.ID}`, { headers: auth })).json()) as {
    meta: { products: { _package_name: string; _price: number }[] };
  };
  const original = before.meta.products.find((p) => p._package_name === 'Single')?._price;
  if (original === undefined || original === 27.5) throw new Error(`the copy's Single price is ${original}: the journey needs another one`);

  // Sign in: the app's Sign in button, then the issuer's form.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await tabTo(page, page.getByRole('button', { name: 'Sign in' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/interaction\//);
  await tabTo(page, page.getByLabel(/e-?mail/i));
  await page.keyboard.type(ACCOUNTS.operator.email);
  await tabTo(page, page.getByLabel(/password/i));
  await page.keyboard.type(ACCOUNTS.operator.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page).not.toHaveURL(/\/(login|interaction)/);

  // The funnel list, then the copy.
  await tabTo(page, page.getByRole('navigation').getByRole('link', { name: 'Funnels', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/funnels$/);
  await tabTo(page, page.getByRole('link', { name, exact: true }), { cap: 200 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/funnels/${id}(/pages)?$`));

  // Its checkout page's editor.
  await tabTo(page, page.getByRole('link', { name: `Edit ${checkout.name}`, exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/funnels/${id}/pages/${checkout.ID}$`));

  // A package price in the Products panel.
  const price = packageGroup(page, 'Single').getByLabel('Price', { exact: true });
  await expect(price).toHaveValue(String(original));
  await tabTo(page, price, { cap: 120 });
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('27.5');
  await page.keyboard.press('Tab');
  await expect(price).toHaveValue('27.5');
  const bar = page.getByRole('toolbar', { name: 'Editing' });
  await expect(bar.getByRole('status')).toHaveText('Unsaved changes');

  // Undo puts the old price back; the edit is made again.
  await page.keyboard.press('ControlOrMeta+z');
  await expect(price).toHaveValue(String(original));
  await tabTo(page, price, { cap: 120, back: true });
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('27.5');
  await page.keyboard.press('Tab');
  await expect(price).toHaveValue('27.5');

  // Save, and the proof dialog's OK.
  await tabTo(page, bar.getByRole('button', { name: 'Save', exact: true }), { cap: 120, back: true });
  await page.keyboard.press('Enter');
  const proof = page.getByRole('dialog', { name: 'Changes saved' });
  await expect(proof).toContainText('/meta/products/0/_price');
  await tabTo(page, proof.getByRole('button', { name: 'OK' }), { cap: 20 });
  await page.keyboard.press('Enter');
  await expect(proof).toHaveCount(0);
  await expect(bar.getByRole('status')).toHaveText('All changes saved');
  const stored = (await (await request.get(`${baseURL}/api/v1/pages/${checkout.ID}`, { headers: auth })).json()) as {
    meta: { products: { _package_name: string; _price: number }[] };
  };
  expect(stored.meta.products.find((p) => p._package_name === 'Single')?._price).toBe(27.5);

  // Back to the funnel, Publish, confirm, Done.
  // The editor's way back: the funnel's name (the arrow before it is aria-hidden, so not in the name).
  await tabTo(page, page.getByRole('main').getByRole('link', { name, exact: true }), { cap: 200, back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/funnels/${id}(/pages)?$`));
  await tabTo(page, page.getByRole('button', { name: 'Publish', exact: true }));
  await page.keyboard.press('Enter');
  const asked = page.getByRole('alertdialog', { name: /^Publish (funnel|with warnings)\?$/ });
  await expect(asked).toBeVisible({ timeout: 30_000 });
  await tabTo(page, asked.getByRole('button', { name: /^Publish( anyway)?$/ }), { cap: 20 });
  await page.keyboard.press('Enter');
  const done = page.getByRole('dialog', { name: 'Done' });
  await expect(done).toBeVisible({ timeout: 30_000 });
  await tabTo(page, done.getByRole('button', { name: 'Close' }), { cap: 20 });
  await page.keyboard.press('Enter');
  await expect(done).toHaveCount(0);

  const published = await request.get(`${baseURL}/sites/funnel-${id}.localhost${checkout.page_path}`);
  expect(published.status()).toBe(200);
  expect(await published.text()).toContain('27.50');
});

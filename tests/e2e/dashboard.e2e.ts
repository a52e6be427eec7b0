/**
 * The dashboard end to end (001 §2 "/": cards showing the active percentage,
 * reorderable by drag; kept per user on the server): as admin, a card dragged with the mouse
 * and another moved with the keyboard stay where they were put after a reload; the operator's
 * dashboard keeps its own order.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pickUp, signIn } from './helpers';

const cards = (page: Page) => page.getByRole('list', { name: 'Dashboard cards' });
const names = async (page: Page) => cards(page).getByRole('heading', { level: 2 }).allTextContents();
const saved = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/v1/dashboard/order') && r.request().method() === 'PUT');

test('dashboard: reorder by mouse and by keyboard, kept after reload, per user', async ({ page, browser }) => {
  await signIn(page, '/', 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect.poll(() => names(page)).toEqual(['Funnels', 'Pages', 'Templates', 'Offers', 'Domains', 'Campaigns', 'Orders', 'Users']);
  // Every card says active/total with 2 decimals.
  for (const text of await cards(page).getByText(/%$/).allTextContents()) expect(text).toMatch(/^\d{1,3}\.\d{2}%$/);

  // Mouse: Orders' handle dragged onto the first card.
  const handle = page.getByRole('button', { name: 'Reorder Orders' });
  const from = await handle.boundingBox();
  const to = await cards(page).getByRole('article', { name: 'Funnels' }).boundingBox();
  if (!from || !to) throw new Error('cards not laid out');
  const put = saved(page);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(from.x + (to.x + 20 - from.x) * (i / 12), from.y + (to.y + 20 - from.y) * (i / 12));
  }
  await page.mouse.up();
  expect((await put).status()).toBe(200);
  await expect.poll(() => names(page)).toEqual(['Orders', 'Funnels', 'Pages', 'Templates', 'Offers', 'Domains', 'Campaigns', 'Users']);

  // Keyboard: Users one place left (Space, ArrowLeft, Space).
  const put2 = saved(page);
  const users = page.getByRole('button', { name: 'Reorder Users' });
  await users.focus();
  const live = page.locator('[id^="DndLiveRegion"]');
  await pickUp(page, live, 8);
  await expect(users).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(live).toContainText('moved to position 7 of 8');
  await page.keyboard.press('Space');
  expect((await put2).status()).toBe(200);
  const after = ['Orders', 'Funnels', 'Pages', 'Templates', 'Offers', 'Domains', 'Users', 'Campaigns'];
  await expect.poll(() => names(page)).toEqual(after);

  await page.reload();
  await expect.poll(() => names(page)).toEqual(after);

  // Another operator's dashboard is their own.
  const other = await browser.newPage();
  await signIn(other, '/', 'operator');
  await expect.poll(() => names(other)).toEqual(['Funnels', 'Pages', 'Templates', 'Offers', 'Domains', 'Campaigns', 'Orders', 'Users']);
  await other.close();
});

/**
 * The funnel list's details drawer end to end (001 §2 "Funnel list: … details
 * drawer"): it opens from a row with the funnel's summary read from the real server (the root
 * page's path, the secret key only as its hint), leads to the details form, and Escape closes it.
 */
import { expect, test } from './fixtures';
import { signIn } from './helpers';

test('funnel list: the details drawer shows the summary and leads to the details form', async ({ page }) => {
  await signIn(page, '/funnels');
  const table = page.getByRole('table', { name: 'Funnels' });
  const name = (await table.locator('tbody tr').first().getByRole('link').first().textContent())?.trim() ?? '';
  await page.getByRole('button', { name: `Details of ${name}` }).click();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer).toBeVisible();
  const value = (term: string) => drawer.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(value('Root page')).toHaveText(/^\/.*\/$|^\/$/);
  await expect(value('Captcha secret key')).toHaveText(/^(••••.{0,4}|—)$/);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: `Details of ${name}` }).click();
  await drawer.getByRole('link', { name: 'Edit details' }).click();
  await expect(page).toHaveURL(/\/funnels\/\d+\/details$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

/**
 * The product's main job end to end : sign in, open a demo funnel's checkout page,
 * change a product price in the Products panel, undo, redo, save, reload, see the diff in
 * the Logs tab, publish with streamed progress, and fetch the published page.
 */
import { expect, test } from './fixtures';
import { packageGroup, publishFunnel, signIn } from './helpers';

test('edit a price with undo/redo, save, see it logged, publish and open the published page', async ({ page, request, baseURL }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'GlowSkin Serum – US Launch', exact: true }).click();
  await expect(page).toHaveURL(/\/funnels\/1\/pages$/);
  await page.getByRole('link', { name: 'Edit Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/funnels\/1\/pages\/2$/);

  const single = packageGroup(page, 'Single');
  const price = single.getByLabel('Price', { exact: true });
  await expect(price).toHaveValue('39.99');
  const preview = page.frameLocator('iframe[title^="Preview of"]');
  await expect(preview.locator('body')).toContainText('39.99');

  await price.fill('34.5');
  await expect(preview.locator('body')).toContainText('34.50');
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();

  await page.keyboard.press('Control+z');
  await expect(price).toHaveValue('39.99');
  await page.keyboard.press('Control+Shift+z');
  await expect(price).toHaveValue('34.5');

  await page.getByRole('button', { name: 'Save' }).click();
  const proof = page.getByRole('dialog', { name: 'Changes saved' });
  await expect(proof).toContainText('/meta/products/0/_price');
  await proof.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();

  await page.reload();
  await expect(packageGroup(page, 'Single').getByLabel('Price', { exact: true })).toHaveValue('34.5');

  await page.goto('/funnels/1/logs');
  const change = page.getByRole('listitem', { name: /^Change: Set product price/ }).first();
  await expect(change).toBeVisible();
  await expect(change.getByRole('list', { name: /^Changes of / })).toContainText(/Price .+ → 34\.5/);
  await change.getByRole('button', { name: 'Show raw ops' }).click();
  await expect(change.getByRole('table')).toContainText('/meta/products/0/_price');
  await expect(change.getByRole('table')).toContainText('34.5');

  // Other files add pages to this demo funnel that nothing links to: the check may warn first.
  await publishFunnel(page);

  const published = await request.get(`${baseURL}/sites/glowskin-offer.com/checkout/`);
  expect(published.status()).toBe(200);
  expect(await published.text()).toContain('34.50');

  // The editor's "Published page" preview fetches it through the server (000 §2).
  await page.goto('/funnels/1/pages/2');
  await page.getByRole('radio', { name: 'Published page' }).click();
  await expect(page.getByLabel('Published page URL')).toHaveValue('https://glowskin-offer.com/checkout/');
  const shown = page.frameLocator('iframe[title^="Published"]');
  await expect(shown.locator('body')).toContainText('34.50');
  await expect(shown.locator('script')).toHaveCount(0);
  await expect(shown.locator('base')).toHaveAttribute('href', `${baseURL}/sites/glowskin-offer.com/checkout/`);
});

test('an unsaved edit survives closing the tab and is restored on reopen', async ({ page, context }) => {
  await signIn(page, '/funnels/1/pages/2');
  const price = packageGroup(page, 'Studio').getByLabel('Price', { exact: true });
  await expect(price).toHaveValue(/\d/);
  await price.fill('55.55');
  // 'Unsaved changes' shows only once the journal (IndexedDB) holds the edit.
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  await page.close({ runBeforeUnload: false });

  const again = await context.newPage();
  await again.goto('/funnels/1/pages/2');
  const restore = again.getByRole('button', { name: /^Restore \d+ unsaved changes$/ });
  await expect(restore).toBeVisible();
  await expect(packageGroup(again, 'Studio').getByLabel('Price', { exact: true })).not.toHaveValue('55.55');
  await restore.click();
  await expect(packageGroup(again, 'Studio').getByLabel('Price', { exact: true })).toHaveValue('55.55');
  await expect(again.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
});

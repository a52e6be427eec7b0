/**
 * The funnel page's tabs end to end ("Storybook and tests"): per tab, create, edit
 * and delete through the UI of `npm start`, reload and find the result kept. Demo data:
 * funnel 1 ("GlowSkin Summer").
 */
import { expect, test } from './fixtures';
import { PNG, signIn } from './helpers';

test('gallery: upload by button with progress, kept after reload, picked by the image slider, deleted with the seed question', async ({ page }) => {
  await signIn(page, '/funnels/1/gallery');
  const gallery = page.getByRole('region', { name: 'Gallery' });
  await page.getByLabel('Choose images to upload').setInputFiles([{ name: 'e2e gallery.png', mimeType: 'image/png', buffer: PNG }]);
  // The seed's success message names the file as uploaded; the server stores whitespace as '-'.
  await expect(page.getByText('e2e gallery.png file uploaded successfully')).toBeVisible();
  await expect(gallery.getByRole('button', { name: 'Preview e2e-gallery.png' })).toBeVisible();

  // A file the seed refuses never reaches the server.
  await page.getByLabel('Choose images to upload').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') }]);
  await expect(gallery.getByRole('alert')).toContainText('notes.txt file upload failed. Allowed types:');

  await page.reload();
  await expect(gallery.getByRole('button', { name: 'Preview e2e-gallery.png' })).toBeVisible();
  await gallery.getByRole('button', { name: 'Preview e2e-gallery.png' }).click();
  const preview = page.getByRole('dialog', { name: 'e2e-gallery.png' });
  await expect(preview.getByRole('img', { name: 'Preview of e2e-gallery.png' })).toHaveJSProperty('naturalWidth', 1);
  await preview.getByRole('button', { name: 'Close' }).click();

  // The page editor's image slider picks from the same gallery.
  await page.goto('/funnels/1/pages/2');
  await page.getByRole('tab', { name: 'Image slider' }).click();
  await expect(page.getByRole('button', { name: 'Add e2e-gallery.png to the slider' })).toBeVisible();

  await page.goto('/funnels/1/gallery');
  await gallery.getByRole('button', { name: 'Delete e2e-gallery.png' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete image' });
  await expect(confirm).toContainText('Are you sure you want to delete this image?');
  await expect(confirm).toContainText('is not used in a page');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Image e2e-gallery.png deleted')).toBeVisible();
  await page.reload();
  await expect(gallery.getByRole('list', { name: 'Images' }).or(page.getByText('No Images added'))).toBeVisible();
  await expect(gallery.getByRole('button', { name: 'Preview e2e-gallery.png' })).toHaveCount(0);
});

test('funnel menu and pages: clone a page, clone the funnel by name, archive it (leaves the list, listed as archived) and restore it', async ({ page }) => {
  await signIn(page, '/funnels/1/pages');
  const pages = page.getByRole('region', { name: 'Pages' });
  await pages.getByRole('button', { name: 'Clone Checkout', exact: true }).click();
  const cloneDialog = page.getByRole('dialog', { name: 'Clone Checkout' });
  await expect(cloneDialog.getByLabel('Page path')).toHaveValue(/^\/checkout-copy(-\d+)?\/$/);
  await expect(cloneDialog.getByLabel('Name')).toHaveValue('Checkout (copy)');
  // A name of its own, so no other test's "Checkout" locator meets the copy.
  await cloneDialog.getByLabel('Name').fill('E2E page copy');
  await cloneDialog.getByLabel('Page path').fill('/checkout-e2e/');
  await cloneDialog.getByRole('button', { name: 'Clone' }).click();
  await expect(page.getByText('Page E2E page copy created at /checkout-e2e/')).toBeVisible();
  await page.reload();
  await expect(pages.getByRole('row', { name: /E2E page copy.*\/checkout-e2e\// })).toBeVisible();

  // Clone the funnel under a name of the operator's choosing; the copy opens.
  await page.getByRole('button', { name: 'Clone', exact: true }).click();
  const funnelClone = page.getByRole('dialog', { name: 'Clone funnel' });
  await funnelClone.getByLabel('Clone name').fill('E2E archived copy');
  await funnelClone.getByRole('button', { name: 'Clone' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E2E archived copy' })).toBeVisible();

  await page.getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('alertdialog', { name: 'Archive funnel' }).getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('Archived', { exact: true })).toBeVisible();
  await page.goto('/funnels');
  const list = page.getByRole('table', { name: 'Funnels' });
  await expect(list.getByRole('row', { name: /GlowSkin/ }).first()).toBeVisible();
  await expect(list.getByRole('link', { name: 'E2E archived copy', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Archived' }).click();
  await expect(page).toHaveURL(/\/funnels\?archived=true$/);
  await page.reload();
  await list.getByRole('button', { name: 'Restore E2E archived copy' }).click();
  await expect(page.getByText('Funnel E2E archived copy restored')).toBeVisible();
  await page.getByRole('link', { name: 'Active' }).click();
  await expect(list.getByRole('link', { name: 'E2E archived copy', exact: true })).toBeVisible();
});

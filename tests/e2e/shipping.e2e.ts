/**
 * The Shipping screen end to end (001 §2 "/shipping", §5 "Shipping create: ID
 * required, max 3 digits. Edit requires name, description, price.", §7), against `npm start`
 * on fresh demo data: as admin a create refused with the seed's rule first, then the store's
 * method 6 added with the store's details; edited (the code kept); kept after a reload;
 * synced back from the store; deleted after the confirmation, gone after a reload. An operator
 * sees the list without any write action and is told why.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { RMSG } from '../../src/model/fields';
import { signIn } from './helpers';

const tableOf = (page: Page) => page.getByRole('table', { name: 'Shipping methods' });
const rowOf = (page: Page, text: string) => tableOf(page).getByRole('row').filter({ hasText: text });

test('shipping: create (the ID rule first), edit keeping the code, kept after reload, sync from the store, delete with confirmation', async ({ page }) => {
  await signIn(page, '/shipping', 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
  await expect(tableOf(page)).toBeVisible();
  await expect(rowOf(page, 'Economy')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add shipping method' }).click();
  const add = page.getByRole('dialog', { name: 'Add shipping method' });
  const id = add.getByLabel('Shipping ID');
  await id.fill('1234');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText(RMSG.shippingIdLength)).toBeVisible();
  await id.fill('6');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  const row = rowOf(page, 'Economy');
  await expect(row).toContainText('USPS Media Mail, 8–12 business days');
  await expect(row).toContainText('$3.95');
  await expect(row).toContainText('ECO');

  // Edit: name and price changed, the code left alone.
  await row.getByRole('button', { name: 'Edit Economy' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Economy' });
  await edit.getByLabel('Name').fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText(RMSG.shippingName)).toBeVisible();
  await edit.getByLabel('Name').fill('Economy Saver');
  await edit.getByLabel('Price').fill('2.5');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(rowOf(page, 'Economy Saver')).toContainText('$2.50');

  await page.reload();
  const saved = rowOf(page, 'Economy Saver');
  await expect(saved).toContainText('$2.50');
  await expect(saved).toContainText('ECO');
  await expect(saved).toContainText('USPS Media Mail, 8–12 business days');

  // Sync: the store's values come back.
  await saved.getByRole('button', { name: 'Sync Economy Saver from the store' }).click();
  await expect(rowOf(page, 'Economy')).toContainText('$3.95');
  await expect(rowOf(page, 'Economy Saver')).toHaveCount(0);

  // Delete: Cancel keeps it; Delete removes it.
  await rowOf(page, 'Economy').getByRole('button', { name: 'Delete Economy' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete shipping method' });
  await expect(confirm).toContainText('Are you sure you want to delete shipping method 6 Economy?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(rowOf(page, 'Economy')).toHaveCount(1);
  await rowOf(page, 'Economy').getByRole('button', { name: 'Delete Economy' }).click();
  await page.getByRole('alertdialog', { name: 'Delete shipping method' }).getByRole('button', { name: 'Delete' }).click();
  await expect(rowOf(page, 'Economy')).toHaveCount(0);
  await page.reload();
  await expect(tableOf(page)).toBeVisible();
  await expect(rowOf(page, 'Economy')).toHaveCount(0);
});

test('shipping: an operator sees the list but no create, edit, sync or delete, and why', async ({ page }) => {
  await signIn(page, '/shipping', 'operator');
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
  await expect(tableOf(page)).toBeVisible();
  await expect(page.getByText('Only an admin can add, edit, sync or delete shipping methods.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add shipping method' })).toHaveCount(0);
  // No row actions (the header's sort buttons are the list's, not the rows').
  await expect(tableOf(page).locator('tbody').getByRole('button')).toHaveCount(0);
});

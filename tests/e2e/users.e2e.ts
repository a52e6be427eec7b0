/**
 * The Users screen end to end (001 §2 "Users: Role tabs plus All; Add, Edit and
 * Delete", §5 user rules, §6 roles from the server, §7 users calls) against `npm start` on
 * fresh demo data: as admin the role tabs, a create refused with the seed's password message
 * (and the e-mail rule) first, then a user added to the Operator tab who can sign in; edited
 * (name, role, inactive) and kept after a reload; deleted after the confirmation and gone after
 * a reload. The last admin cannot be deleted. An operator has no Users entry and the URL says
 * they have no access.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { MSG } from '../../src/model/messages';
import { signIn } from './helpers';

const tableOf = (page: Page) => page.getByRole('table', { name: 'Users' });
const rowOf = (page: Page, text: string) => tableOf(page).getByRole('row').filter({ hasText: text });
const tab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Roles' }).getByRole('tab', { name });
const EMAIL = `new.operator.${Date.now()}@example.com`;

test('users: role tabs; create (the seed messages first), edit, kept after reload, delete with confirmation', async ({ page }) => {
  await signIn(page, '/users', 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  for (const t of ['All', 'Admin', 'Operator', 'Sticky']) await expect(tab(page, t)).toBeVisible();
  await expect(rowOf(page, 'admin@example.com')).toContainText('Admin');
  await expect(rowOf(page, 'operator@example.com')).toContainText('Operator');

  // A role tab lists that role only; it is in the URL and survives a reload.
  await tab(page, 'Sticky').click();
  await expect(page).toHaveURL(/\/users\?role=sticky$/);
  await expect(rowOf(page, 'sticky@example.com')).toHaveCount(1);
  await expect(rowOf(page, 'admin@example.com')).toHaveCount(0);
  await page.reload();
  await expect(tab(page, 'Sticky')).toHaveAttribute('aria-selected', 'true');
  await expect(rowOf(page, 'sticky@example.com')).toHaveCount(1);

  // Create from the Operator tab: the seed's messages first, nothing sent; then a valid user.
  await tab(page, 'Operator').click();
  await expect(rowOf(page, 'operator@example.com')).toHaveCount(1);
  await page.getByRole('button', { name: 'Add user' }).click();
  const add = page.getByRole('dialog', { name: 'Add user' });
  await expect(add.getByLabel('Role')).toHaveValue('2');
  await add.getByLabel('E-mail', { exact: true }).fill('not-an-email');
  await add.getByLabel('Password').fill('password1!');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Missing Name')).toBeVisible();
  await expect(add.getByText(MSG.email)).toBeVisible();
  await expect(add.getByText(MSG.password)).toBeVisible();
  await add.getByLabel('Name', { exact: true }).fill('Nora New');
  await add.getByLabel('E-mail', { exact: true }).fill('operator@example.com');
  await add.getByLabel('Password').fill('Welcome!2345');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('User operator@example.com already exists')).toBeVisible();
  await add.getByLabel('E-mail', { exact: true }).fill(EMAIL);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(rowOf(page, EMAIL)).toContainText('Nora New');
  await expect(rowOf(page, EMAIL)).toContainText('Operator');
  await expect(rowOf(page, EMAIL)).toContainText('Active');

  // Edit: name, role Sticky, inactive; the password kept (left empty).
  await rowOf(page, EMAIL).getByRole('button', { name: 'Edit Nora New' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Nora New' });
  await edit.getByLabel('New password').fill('short');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText(MSG.password)).toBeVisible();
  await edit.getByLabel('New password').fill('');
  await edit.getByLabel('Name', { exact: true }).fill('Nora Newer');
  await edit.getByLabel('Role').selectOption({ label: 'Sticky' });
  await edit.getByLabel('Active (e-mail verified)').uncheck();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(rowOf(page, EMAIL)).toHaveCount(0); // moved to the Sticky tab
  await tab(page, 'All').click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(rowOf(page, EMAIL)).toContainText('Nora Newer');

  await page.reload();
  const saved = rowOf(page, EMAIL);
  await expect(saved).toContainText('Nora Newer');
  await expect(saved).toContainText('Sticky');
  await expect(saved).toContainText('Inactive');

  // Delete: Cancel keeps the user; Delete removes them, also after a reload.
  await saved.getByRole('button', { name: 'Delete Nora Newer' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete user' });
  await expect(confirm).toContainText(`Are you sure you want to delete the user Nora Newer (${EMAIL})?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(rowOf(page, EMAIL)).toHaveCount(1);
  await rowOf(page, EMAIL).getByRole('button', { name: 'Delete Nora Newer' }).click();
  await page.getByRole('alertdialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete' }).click();
  await expect(rowOf(page, EMAIL)).toHaveCount(0);
  await page.reload();
  await expect(tableOf(page)).toBeVisible();
  await expect(rowOf(page, 'admin@example.com')).toHaveCount(1);
  await expect(rowOf(page, EMAIL)).toHaveCount(0);
});

test('users: the last admin cannot be deleted; the refusal is said and the admin stays', async ({ page }) => {
  await signIn(page, '/users', 'admin');
  await tab(page, 'Admin').click();
  await expect(page).toHaveURL(/\/users\?role=admin$/);
  await expect(rowOf(page, 'admin@example.com')).toHaveCount(1);
  await rowOf(page, 'admin@example.com').getByRole('button', { name: 'Delete Ada Admin' }).click();
  await page.getByRole('alertdialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The last admin cannot be deleted or demoted')).toBeVisible();
  await page.getByRole('alertdialog', { name: 'Delete user' }).getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(rowOf(page, 'admin@example.com')).toHaveCount(1);
});

test('users: an operator has no Users entry, and /users says there is no access', async ({ page }) => {
  await signIn(page, '/funnels', 'operator');
  await expect(page.getByRole('link', { name: 'Funnels', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
  await page.goto('/users');
  await expect(page.getByText('You do not have access to this page')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
});

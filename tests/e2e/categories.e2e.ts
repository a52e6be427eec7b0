/**
 * The Categories screen end to end (001 §2 /categories, §5, §8; 000 §5, §7), against
 * the real server: as admin, Add category refused first with the seed's message for a sticky id
 * too long, then a duplicate name refused with the 001 §8 info toast, then added; edited;
 * kept after a reload; deleted after the confirmation. An operator sees the list without
 * Add, Import, Edit or Delete.
 */
import { expect, test } from './fixtures';
import { signIn, fillLabelled, listScreen } from './helpers';

const SUFFIX = Date.now().toString(36);
const NAME = `E2E Category ${SUFFIX}`;
const RENAMED = `E2E Category ${SUFFIX} renamed`;
/** A sticky id no seeded or earlier-run category has (5 digits). */
const STICKY = String(20000 + (Date.now() % 70000));

const { table, toasts } = listScreen('Categories');

test('categories: add (seed message first, duplicate refused), edit, kept after reload, delete with confirmation', async ({ page }) => {
  await signIn(page, '/categories', 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await expect(table(page).getByRole('row').filter({ hasText: 'Skin Care' })).toContainText('102');

  await page.getByRole('button', { name: 'Add category' }).click();
  const add = page.getByRole('dialog', { name: 'Add category' });
  await add.getByLabel('Name').fill(NAME);
  await add.getByLabel('Sticky ID').fill('123456');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Sticky ID is at most 5 digits')).toBeVisible();

  // A name another category has (any case): the 001 §8 info toast, nothing added.
  await add.getByLabel('Name').fill('skin care');
  await add.getByLabel('Sticky ID').fill(STICKY);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).getByText('Category skin care already exists')).toBeVisible();
  await expect(add).toBeVisible();

  await add.getByLabel('Name').fill(NAME);
  await add.getByLabel('Order event ID').fill('801');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(toasts(page).getByText(`Category ${NAME} added`)).toBeVisible();
  const row = table(page).getByRole('row').filter({ hasText: NAME });
  await expect(row).toContainText(STICKY);
  await expect(row).toContainText('Order 801');

  // Edit: a sticky id another category has is refused with the 001 §8 toast; then renamed.
  await row.getByRole('button', { name: `Edit ${NAME}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${NAME}` });
  await expect(edit.getByLabel('Sticky ID')).toHaveValue(STICKY);
  await edit.getByLabel('Sticky ID').fill('102');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).getByText('Category with 102 already exists')).toBeVisible();
  await fillLabelled(edit, { 'Sticky ID': STICKY, Name: RENAMED, Description: 'Made by the e2e test' });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  await page.reload();
  const kept = table(page).getByRole('row').filter({ hasText: RENAMED });
  await expect(kept).toContainText('Made by the e2e test');
  await expect(kept).toContainText(STICKY);

  await kept.getByRole('button', { name: `Delete ${RENAMED}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete category' });
  await expect(confirm).toContainText(`Are you sure you want to delete the category ${RENAMED}?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).getByText(`Category ${RENAMED} deleted`)).toBeVisible();
  await expect(table(page).getByText(RENAMED)).toHaveCount(0);
  await page.reload();
  await expect(table(page).getByRole('row').filter({ hasText: 'Skin Care' })).toBeVisible();
  await expect(table(page).getByText(RENAMED)).toHaveCount(0);
});

test('categories: an operator sees the list but no Add, Import, Edit or Delete', async ({ page }) => {
  await signIn(page, '/categories', 'operator');
  await expect(table(page).getByRole('row').filter({ hasText: 'Skin Care' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add category' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import category' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  await expect(table(page).getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
});

/**
 * The Domains screen end to end (001 §2 /domains, §3 Domain, §5, §8; 000 §5, §7),
 * against the real server: the demo's domains with their subdomains; Add refused first with the
 * seed's message, then a duplicate refused with the info toast, then added; under-attack mode
 * switched on; kept after a reload; its DNS records reachable; deleted after the confirmation.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

const NAME = `e2e-${Date.now().toString(36)}.com`;
const table = (page: Page) => page.getByRole('table', { name: 'Domains' });
const row = (page: Page, name: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test('domains: add (seed message, duplicate refused), under attack on, kept after reload, DNS records, delete', async ({ page }) => {
  await signIn(page, '/domains');
  await expect(page.getByRole('heading', { level: 1, name: 'Domains' })).toBeVisible();
  // A subdomain follows its root domain.
  // The rows arrive after the heading (the list is fetched page by page): read them once they are in.
  const readNames = async () => (await table(page).locator('tbody tr td:first-child').allTextContents()).map((n) => n.replace(/^↳ /, ''));
  const subIndex = (list: string[]) => list.findIndex((n) => n.split('.').length > 2);
  await expect.poll(async () => subIndex(await readNames())).toBeGreaterThan(0);
  const names = await readNames();
  const sub = subIndex(names);
  expect(
    names[sub]?.endsWith(
      `.${names
        .slice(0, sub)
        .filter((n) => n.split('.').length === 2)
        .at(-1)}`,
    ),
  ).toBe(true);
  const existing = names[0] ?? '';

  await page.getByRole('button', { name: 'Add domain' }).click();
  const add = page.getByRole('dialog', { name: 'Add domain' });
  await add.getByLabel('Domain name').fill('no-tld');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Please enter a valid domain')).toBeVisible();
  await add.getByLabel('Domain name').fill(existing);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).getByText(`Domain ${existing} already added`)).toBeVisible();
  await add.getByLabel('Domain name').fill(NAME);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(row(page, NAME)).toContainText('In DNS');

  await page.getByRole('button', { name: `Edit ${NAME}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${NAME}` });
  await edit.getByLabel('Under attack mode').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await page.reload();
  await expect(row(page, NAME)).toContainText('Under attack');

  await page.getByRole('button', { name: `DNS records of ${NAME}` }).click();
  await expect(page.getByRole('table', { name: `DNS records of ${NAME}` }).or(page.getByText(/No DNS records/))).toBeVisible();

  await page.getByRole('button', { name: `Delete ${NAME}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete domain' });
  await expect(confirm).toContainText(`Are you sure you want to delete the domain ${NAME}?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, NAME)).toHaveCount(0);
  await page.reload();
  await expect(table(page)).toBeVisible();
  await expect(row(page, NAME)).toHaveCount(0);
});

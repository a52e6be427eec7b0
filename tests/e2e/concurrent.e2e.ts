/**
 * Two operators on one page ("Rebase by identity, never by position"): in two
 * browser contexts, one reorders the packages and saves while the other edits Single's price
 * and saves afterwards — the price lands on Single, not on the package now in Single's old
 * place; and a price both change is a conflict the second one settles with both values shown.
 */
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { packageGroup, signIn } from './helpers';

// Funnel 2's order page (Single, Studio, Multi): the other end-to-end tests use funnel 1's demo data as seeded.
const EDITOR = '/funnels/2/pages/7';
const priceOf = (page: Page, pkg: string) => packageGroup(page, pkg).getByLabel('Price', { exact: true });

async function operatorPage(browser: Browser, who: 'admin' | 'operator'): Promise<Page> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, EDITOR, who);
  await expect(priceOf(page, 'Single')).toHaveValue(/\d/);
  return page;
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save' }).click();
  const proof = page.getByRole('dialog', { name: 'Changes saved' });
  await expect(proof).toBeVisible();
  await proof.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
}

/** The packages' names in the order the Products panel lists them. */
const packageOrder = async (page: Page) =>
  (await page.getByRole('group', { name: / — / }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? '')))
    .filter((l) => !l.startsWith('Features of'))
    .map((l) => l.split(' — ')[0]);

test('a price edited while another operator reorders the packages lands on the right package', async ({ browser }) => {
  const mover = await operatorPage(browser, 'admin');
  const editor = await operatorPage(browser, 'operator');
  const studioPrice = await priceOf(editor, 'Studio').inputValue();

  await priceOf(editor, 'Single').fill('12.34'); // not saved yet
  await expect(editor.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();

  // The other operator moves Studio first and saves.
  await mover.getByRole('button', { name: /^Move Studio — .* up$/ }).click();
  expect((await packageOrder(mover)).slice(0, 2)).toEqual(['Studio', 'Single']);
  await save(mover);

  // The first operator saves: 412, rebased by identity, saved without a question.
  await save(editor);
  await expect(editor.getByRole('alert').filter({ hasText: 'Someone else saved' })).toHaveCount(0);

  for (const page of [editor, mover]) {
    await page.reload();
    await expect(priceOf(page, 'Single')).toHaveValue('12.34');
    await expect(priceOf(page, 'Studio')).toHaveValue(studioPrice);
    expect((await packageOrder(page)).slice(0, 2)).toEqual(['Studio', 'Single']);
  }
});

test('a price both operators change is a conflict showing both values; keeping mine saves mine', async ({ browser }) => {
  const first = await operatorPage(browser, 'admin');
  const second = await operatorPage(browser, 'operator');
  await priceOf(second, 'Multi').fill('77.7');
  await priceOf(first, 'Multi').fill('66.6');
  await save(first);

  await second.getByRole('button', { name: 'Save' }).click();
  const conflict = second.getByRole('alert').filter({ hasText: 'Someone else saved' });
  await expect(conflict).toBeVisible();
  const choice = conflict.getByRole('radiogroup', { name: /“Multi” › _price$/ });
  await expect(choice.getByRole('radio', { name: /Keep theirs: 66.6/ })).toBeChecked();
  await choice.getByText('Keep mine:').click(); // the label, as a user clicks it
  await expect(choice.getByRole('radio', { name: /Keep mine: 77.7/ })).toBeChecked();
  await conflict.getByRole('button', { name: 'Apply my choices' }).click();
  const proof = second.getByRole('dialog', { name: 'Changes saved' });
  await expect(proof).toContainText('/_price');
  await proof.getByRole('button', { name: 'OK' }).click();

  await first.reload();
  await expect(priceOf(first, 'Multi')).toHaveValue('77.7');
});

/** Logs out through the account menu; answers the unsaved-changes question with `keep` when asked. */
async function logOut(page: Page, who: string, keep?: boolean) {
  await page.getByRole('button', { name: `${who}: account menu` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  if (keep !== undefined) {
    const ask = page.getByRole('alertdialog', { name: 'Keep your unsaved changes?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: keep ? 'Keep and log out' : 'Discard and log out' }).click();
  }
  await expect(page).toHaveURL(/\/login$/);
}

test('unsaved changes belong to their user: another account on the same browser never sees them, their owner restores them', async ({ page }) => {
  await signIn(page, EDITOR, 'operator');
  const before = await priceOf(page, 'Studio').inputValue();
  await priceOf(page, 'Studio').fill('88.8');
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  await logOut(page, 'Oscar Operator', true);

  await signIn(page, EDITOR, 'admin');
  await expect(priceOf(page, 'Studio')).toHaveValue(before);
  await expect(page.getByRole('button', { name: /^Restore \d+ unsaved changes$/ })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await logOut(page, 'Ada Admin'); // nothing unsaved: not asked

  await signIn(page, EDITOR, 'operator');
  const restore = page.getByRole('button', { name: /^Restore \d+ unsaved changes$/ });
  await expect(restore).toBeVisible();
  await restore.click();
  await expect(priceOf(page, 'Studio')).toHaveValue('88.8');
});

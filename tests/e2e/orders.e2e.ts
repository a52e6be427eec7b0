/**
 * The Orders screen end to end (001 §2 "Orders: A paginated table", §7 `GET
 * /api/v1/orders/?limit&page&sort&order&filters`, §9 "page size default 10, current page 1;
 * sort and filter are server-side") against `npm start` with its default 50,000 demo orders:
 * the page count, Next and Previous, a typed page, sorting by a column (the first row is the
 * one the server answered, and the column really is in order), a filter (refused when not a
 * number, then applied on the server), and the state in the URL surviving a reload and the
 * back button.
 */
import { type Page, type Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { MSG } from '../../src/model/messages';
import { signIn } from './helpers';

const DEMO_ORDERS = 50_000;
const tableOf = (page: Page) => page.getByRole('table', { name: 'Orders' });
const bodyRows = (page: Page) => tableOf(page).locator('tbody tr');
/** The text of column `col` (0-based) in every row shown. */
const columnTexts = (page: Page, col: number) =>
  bodyRows(page)
    .locator(`td:nth-child(${col + 1})`)
    .allTextContents();
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages' });

interface Answer {
  rows: { ID: number; campaign_id: number; payment_method: string }[];
  total_rows: number;
}
/** The next orders answer whose URL has every one of `parts`. */
const answer = (page: Page, ...parts: string[]) =>
  page.waitForResponse((r: Response) => r.url().includes('/api/v1/orders/?') && parts.every((p) => r.url().includes(p)) && r.status() === 200);
const json = async (r: Promise<Response>) => (await (await r).json()) as Answer;

/** The rows' IDs shown equal the server's answer, in its order. */
async function expectRowsOf(page: Page, a: Answer) {
  await expect(bodyRows(page)).toHaveCount(a.rows.length);
  await expect.poll(() => columnTexts(page, 0)).toEqual(a.rows.map((r) => String(r.ID)));
  await expect(tableOf(page)).toHaveAttribute('aria-busy', 'false');
}

test('orders: 5,000 pages of 10, next/previous, a typed page, sorting as the server answers, URL state through reload and back', async ({ page }) => {
  const first = json(answer(page, 'page=1', 'sort=ID', 'order=desc'));
  await signIn(page, '/orders', 'operator');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const a1 = await first;
  expect(a1.total_rows).toBe(DEMO_ORDERS);
  await expectRowsOf(page, a1);
  await expect(bodyRows(page)).toHaveCount(10);
  await expect(pager(page)).toContainText('of 5,000');
  await expect(pager(page)).toContainText('Showing 1–10 of 50,000 orders');
  await expect(pager(page).getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await expect(tableOf(page).getByRole('columnheader', { name: 'ID', exact: true })).toHaveAttribute('aria-sort', 'descending');

  // Next and Previous.
  await pager(page).getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/orders\?page=2$/);
  await expect(pager(page)).toContainText('Showing 11–20 of 50,000 orders');
  await expect(pager(page).getByLabel('Page', { exact: true })).toHaveValue('2');
  const ids2 = await columnTexts(page, 0);
  expect(Number(ids2[0])).toBeLessThan(Number((await first).rows.at(-1)?.ID));
  await pager(page).getByRole('button', { name: 'Previous page' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expectRowsOf(page, a1);

  // The last page, then a typed page (a letter is refused first).
  const last = json(answer(page, 'page=5000'));
  await pager(page).getByRole('button', { name: 'Last page' }).click();
  await expect(page).toHaveURL(/page=5000/);
  await expectRowsOf(page, await last);
  await expect(pager(page).getByRole('button', { name: 'Next page' })).toBeDisabled();
  await pager(page).getByLabel('Page', { exact: true }).fill('4x');
  await pager(page).getByLabel('Page', { exact: true }).press('Enter');
  await expect(pager(page).getByRole('alert')).toHaveText(MSG.onlyNumbers);
  const typed = json(answer(page, 'page=1234'));
  await pager(page).getByLabel('Page', { exact: true }).fill('1234');
  await pager(page).getByLabel('Page', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/page=1234/);
  await expectRowsOf(page, await typed);
  // The keyboard focus stays in the page box, which shows the page gone to (and no error any more).
  await expect(pager(page).getByLabel('Page', { exact: true })).toBeFocused();
  await expect(pager(page).getByLabel('Page', { exact: true })).toHaveValue('1234');
  await expect(pager(page).getByRole('alert')).toHaveCount(0);

  // Sort by Campaign ID: ascending from page 1, the first row the server's; then descending.
  const asc = json(answer(page, 'sort=campaign_id', 'order=asc', 'page=1&'));
  await tableOf(page).getByRole('button', { name: 'Campaign ID', exact: true }).click();
  await expect(page).toHaveURL(/\/orders\?sort=campaign_id&order=asc$/);
  const aAsc = await asc;
  await expectRowsOf(page, aAsc);
  await expect(tableOf(page).getByRole('columnheader', { name: 'Campaign ID', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  const campaignsAsc = (await columnTexts(page, 7)).map(Number);
  expect(campaignsAsc).toEqual([...campaignsAsc].sort((x, y) => x - y));
  expect(campaignsAsc).toEqual(aAsc.rows.map((r) => r.campaign_id));
  const desc = json(answer(page, 'sort=campaign_id', 'order=desc'));
  await tableOf(page).getByRole('button', { name: 'Campaign ID', exact: true }).click();
  await expect(page).toHaveURL(/\/orders\?sort=campaign_id&order=desc$/);
  const aDesc = await desc;
  await expectRowsOf(page, aDesc);
  expect(aDesc.rows[0]?.ID).not.toBe(aAsc.rows[0]?.ID);
  const campaignsDesc = (await columnTexts(page, 7)).map(Number);
  expect(campaignsDesc).toEqual([...campaignsDesc].sort((x, y) => y - x));
  expect(campaignsDesc[0]).toBeGreaterThan(campaignsAsc[0] ?? Infinity);

  // Page 3 of that sort, kept through a reload.
  await pager(page).getByRole('button', { name: 'Next page' }).click();
  await pager(page).getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/orders\?page=3&sort=campaign_id&order=desc$/);
  await expect(pager(page)).toContainText('Showing 21–30 of 50,000 orders');
  const before = await columnTexts(page, 0);
  await page.reload();
  await expect(page).toHaveURL(/\/orders\?page=3&sort=campaign_id&order=desc$/);
  await expect(pager(page)).toContainText('Showing 21–30 of 50,000 orders');
  await expect.poll(() => columnTexts(page, 0)).toEqual(before);
  await expect(tableOf(page).getByRole('columnheader', { name: 'Campaign ID', exact: true })).toHaveAttribute('aria-sort', 'descending');

  // Back: page 2, then page 1 of the descending sort, then the ascending sort.
  await page.goBack();
  await expect(page).toHaveURL(/\/orders\?page=2&sort=campaign_id&order=desc$/);
  await expect(pager(page)).toContainText('Showing 11–20 of 50,000 orders');
  await page.goBack();
  await expect(page).toHaveURL(/\/orders\?sort=campaign_id&order=desc$/);
  await expectRowsOf(page, aDesc);
  await page.goBack();
  await expect(page).toHaveURL(/\/orders\?sort=campaign_id&order=asc$/);
  await expectRowsOf(page, aAsc);
  await expect(tableOf(page).getByRole('columnheader', { name: 'Campaign ID', exact: true })).toHaveAttribute('aria-sort', 'ascending');
});

test('orders: a filter is checked, then applied on the server; it is in the URL and cleared again', async ({ page }) => {
  await signIn(page, '/orders', 'operator');
  await expect(bodyRows(page)).toHaveCount(10);
  await page.getByText('Filters', { exact: true }).click();
  const form = page.getByRole('form', { name: 'Filter orders' });
  await form.getByLabel('Campaign ID').fill('12a');
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(form.getByText(MSG.onlyNumbers)).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);

  // A campaign and a payment method of the demo's first row: every row shown has both.
  const campaign = (await columnTexts(page, 7))[0] ?? '';
  const method = (await columnTexts(page, 2))[0] ?? '';
  const filtered = json(answer(page, 'filters='));
  await form.getByLabel('Campaign ID').fill(campaign);
  await form.getByLabel('Payment method').fill(method);
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders\\?payment_method=${method}&campaign_id=${campaign}$`));
  const a = await filtered;
  expect(a.total_rows).toBeGreaterThan(0);
  expect(a.total_rows).toBeLessThan(DEMO_ORDERS);
  await expectRowsOf(page, a);
  expect(new Set(await columnTexts(page, 7))).toEqual(new Set([campaign]));
  expect(new Set(await columnTexts(page, 2))).toEqual(new Set([method]));
  await expect(pager(page)).toContainText(`of ${a.total_rows.toLocaleString('en-US')} orders`);

  // Reloaded (a shared link): the filters box opens by itself with the filters in force.
  await page.reload();
  await expect(page.getByText('Filters (2)', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Campaign ID')).toHaveValue(campaign);
  await expect(form.getByLabel('Payment method')).toHaveValue(method);
  await expectRowsOf(page, a);

  // Nothing matches: said, and Clear filters brings every order back.
  await form.getByLabel('Order ID').fill('999999999');
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('No orders match these filters')).toBeVisible();
  await page.getByRole('status').getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(pager(page)).toContainText('Showing 1–10 of 50,000 orders');
});

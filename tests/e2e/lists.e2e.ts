/**
 * Catalogue lists searched, sorted and paged on the server (001 §2 lists), against a server of
 * its own (its rows would push other files' new rows off the first page): 30 more offers and 30
 * more products made through the API, then in the browser the admin pages, searches (typed,
 * asked for after a pause), sorts by a header both ways, meets a search matching nothing with
 * Clear search, and walks the states back with Back; the address carries each state, and a
 * shared address opens the same page.
 */
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { getToken } from '../../src/server/auth/headless-login';
import { startServerProcess, type ServerProcess } from '../scripts/server-process';
import { ACCOUNTS, signIn } from './helpers';

const STATIC_DIR = path.resolve(import.meta.dirname, '../../dist');
const LETTERS = ['Amber', 'Birch', 'Coral'];

test.describe('paged catalogue lists', () => {
  test.describe.configure({ timeout: 180_000 });
  let server: ServerProcess;
  test.beforeAll(async ({ playwright }) => {
    // A hook's timeout is the config's (90 s), not the group's.
    test.setTimeout(180_000);
    server = await startServerProcess({ DEMO_ORDERS: '100', STATIC_DIR });
    const token = await getToken(server.url, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    const api = await playwright.request.newContext({ baseURL: server.url, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
    for (let i = 0; i < 30; i++) {
      const n = String(i + 1).padStart(2, '0');
      const offer = await api.post('/api/v1/offers', {
        data: { offer_id: String(41_000 + i), name: `${LETTERS[i % 3]} Lists Offer ${n}`, platform: 'sticky' },
      });
      expect(offer.status(), await offer.text()).toBe(201);
      const product = await api.post('/api/v1/products', {
        data: {
          offer_id: 10231,
          name: `${LETTERS[i % 3]} Lists Cream ${n}`,
          description: 'A list e2e product',
          sku: `LST-${n}`,
          cost_of_goods: '1',
          product_price: String(10 + i),
          shipping_weight: '0.1',
        },
      });
      expect(product.status(), await product.text()).toBe(201);
    }
    await api.dispose();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** "Showing a–b of N <noun>" as [a, b, N]. */
  const showing = async (page: Page, noun: string) => {
    const text = (await page.getByText(new RegExp(`^Showing [\\d,]+–[\\d,]+ of [\\d,]+ ${noun}$`)).textContent()) ?? '';
    return (text.match(/[\d,]+/g) ?? []).map((n) => Number(n.replace(/,/g, '')));
  };

  test('offers: page, search, sort both ways, no match, Back through every state, a shared address', async ({ browser }) => {
    const page = await (await browser.newContext({ baseURL: server.url })).newPage();
    await signIn(page, '/offers', 'admin');
    const table = page.getByRole('table', { name: 'Offers' });
    const rows = table.locator('tbody tr');
    const names = async () => (await rows.allTextContents()).map((t) => t);
    const nameHeader = table.getByRole('columnheader', { name: /^Name/ });
    await expect(rows).toHaveCount(25);
    const [, , all = 0] = await showing(page, 'offers');
    expect(all).toBeGreaterThanOrEqual(34);

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/offers\?page=2$/);
    await expect.poll(() => showing(page, 'offers')).toEqual([26, all, all]);

    // Typed, asked for after a pause; back on page 1.
    await page.getByRole('searchbox', { name: 'Search' }).pressSequentially('birch');
    await expect(page).toHaveURL(/\/offers\?q=birch$/);
    await expect.poll(() => showing(page, 'offers')).toEqual([1, 10, 10]);
    for (const text of await names()) expect(text.toLowerCase()).toContain('birch');

    await nameHeader.getByRole('button').click();
    await expect(page).toHaveURL(/\?q=birch&sort=name$/);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows.first()).toContainText('Birch Lists Offer 02');
    await nameHeader.getByRole('button').click();
    await expect(page).toHaveURL(/\?q=birch&sort=-name$/);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.first()).toContainText('Birch Lists Offer 29');

    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill('no such offer');
    await box.press('Enter');
    await expect(page.getByText('No offers match “no such offer”')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).toHaveURL(/\/offers\?sort=-name$/);
    await expect(rows).toHaveCount(25);

    // Back: the search that matched nothing, then each state before it.
    await page.goBack();
    await expect(page.getByText('No offers match “no such offer”')).toBeVisible();
    await expect(box).toHaveValue('no such offer');
    await page.goBack();
    await expect(page).toHaveURL(/\?q=birch&sort=-name$/);
    await expect(box).toHaveValue('birch');
    await expect(rows.first()).toContainText('Birch Lists Offer 29');
    await page.goBack();
    await expect(page).toHaveURL(/\?q=birch&sort=name$/);
    await expect(rows.first()).toContainText('Birch Lists Offer 02');
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/offers\?page=2$/);
    await expect.poll(() => showing(page, 'offers')).toEqual([26, all, all]);
    await expect(box).toHaveValue('');

    // A shared address opens the same state in another tab.
    const other = await page.context().newPage();
    await other.goto('/offers?q=coral&sort=-name');
    await expect(other.getByRole('table', { name: 'Offers' }).locator('tbody tr').first()).toContainText('Coral Lists Offer 30');
    await expect(other.getByRole('searchbox', { name: 'Search' })).toHaveValue('coral');
  });

  test('products: search by SKU, sort by price both ways, page size, Back', async ({ browser }) => {
    const page = await (await browser.newContext({ baseURL: server.url })).newPage();
    await signIn(page, '/products', 'admin');
    const table = page.getByRole('table', { name: 'Products' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(25);
    const [, , all = 0] = await showing(page, 'products');
    expect(all).toBeGreaterThanOrEqual(44);

    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('50');
    await expect(page).toHaveURL(/\/products\?per_page=50$/);
    await expect(rows).toHaveCount(Math.min(50, all));

    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill('lst-1');
    await box.press('Enter');
    await expect(page).toHaveURL(/\?q=lst-1&per_page=50$/);
    await expect.poll(() => showing(page, 'products')).toEqual([1, 10, 10]);
    for (const text of await rows.allTextContents()) expect(text).toContain('LST-1');

    const price = table.getByRole('columnheader', { name: /^Price/ });
    await price.getByRole('button').click();
    await expect(page).toHaveURL(/&sort=price&per_page=50$/);
    await expect(rows.first()).toContainText('$19.00');
    await price.getByRole('button').click();
    await expect(price).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.first()).toContainText('$28.00');

    await page.goBack();
    await expect(price).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows.first()).toContainText('$19.00');
    await page.goBack();
    // One step at a time: a Back sent while the previous one is still being handled can be lost,
    // so each is awaited until the table shows it (no sort), not only the address.
    await expect(page).toHaveURL(/\?q=lst-1&per_page=50$/);
    await expect(price).not.toHaveAttribute('aria-sort');
    await page.goBack();
    await expect(page).toHaveURL(/\/products\?per_page=50$/);
    await expect(box).toHaveValue('');
    await expect(rows).toHaveCount(Math.min(50, all));
  });
});

/**
 * The funnel list at scale (001 §2 funnel list): a server of its own started with
 * `DEMO_SCALE=large` (about 2,000 funnels, 20,000 pages, 1,000,000 audit entries). In the
 * browser the admin searches, filters by status, sorts by name and pages; the address carries
 * each state, and Back walks the states back one by one. Then 20 funnels are locked in one bulk
 * change and unlocked again with Undo, the export's rows are compared with the screen's, and axe
 * checks the bulk bar, its summary and the export button.
 */
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startServerProcess, type ServerProcess } from '../scripts/server-process';
import { signIn } from './helpers';

const STATIC_DIR = path.resolve(import.meta.dirname, '../../dist');

test.describe('DEMO_SCALE=large funnel list', () => {
  // The large demo is generated at the server's first start (about half a minute on PGlite).
  test.describe.configure({ timeout: 300_000 });
  let server: ServerProcess;
  test.beforeAll(async () => {
    // A hook's timeout is the config's (90 s), not the group's: a busy machine needs the longer one here too.
    test.setTimeout(300_000);
    server = await startServerProcess({ DEMO_SCALE: 'large', DEMO_ORDERS: '100', STATIC_DIR });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** "Showing a–b of N funnels" as [a, b, N]. */
  const showing = async (page: Page) => {
    const text = (await page.getByText(/^Showing [\d,]+–[\d,]+ of [\d,]+ funnels$/).textContent()) ?? '';
    return (text.match(/[\d,]+/g) ?? []).map((n) => Number(n.replace(/,/g, '')));
  };

  test('search, filter, sort and page; the address holds each state and Back restores it', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await signIn(page, '/funnels', 'admin');
    const table = page.getByRole('table', { name: 'Funnels' });
    const rows = table.locator('tbody tr');
    const nameHeader = table.getByRole('columnheader', { name: /Name/ });
    await expect(rows).toHaveCount(25);
    const [, , all = 0] = await showing(page);
    expect(all).toBeGreaterThan(1_800);

    // Search: every row has "pillow" in its name, offer or domain.
    await page.getByRole('searchbox', { name: 'Search' }).fill('pillow');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect(page).toHaveURL(/\/funnels\?q=pillow$/);
    await expect.poll(async () => (await showing(page))[2]).toBeLessThan(all);
    const [, , found = 0] = await showing(page);
    expect(found).toBeGreaterThan(25);
    for (const text of await rows.allTextContents()) expect(text.toLowerCase()).toContain('pillow');

    // Filter: released only.
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('released');
    await expect(page).toHaveURL(/\?q=pillow&status=released$/);
    await expect.poll(async () => (await showing(page))[2]).toBeLessThan(found);
    const [, , released = 0] = await showing(page);
    for (const select of await table.getByRole('combobox', { name: /^Status of / }).all()) await expect(select).toHaveValue('released');

    // Sort by name.
    await nameHeader.getByRole('button').click();
    await expect(page).toHaveURL(/&sort=name$/);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');

    // Next page.
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/&sort=name&page=2$/);
    await expect.poll(() => showing(page)).toEqual([26, Math.min(50, released), released]);

    // Back: page 1, then unsorted, then no status filter, then no search.
    await page.goBack();
    await expect(page).toHaveURL(/&sort=name$/);
    await expect.poll(() => showing(page)).toEqual([1, Math.min(25, released), released]);
    await page.goBack();
    await expect(page).toHaveURL(/\?q=pillow&status=released$/);
    await expect(nameHeader).not.toHaveAttribute('aria-sort');
    await page.goBack();
    await expect(page).toHaveURL(/\?q=pillow$/);
    await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('');
    await expect.poll(async () => (await showing(page))[2]).toBe(found);
    await page.goBack();
    await expect(page).toHaveURL(/\/funnels$/);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    await expect.poll(async () => (await showing(page))[2]).toBe(all);

    // A shared address opens the same list.
    const other = await context.newPage();
    await other.goto('/funnels?q=pillow&status=released&sort=name&page=2');
    await expect.poll(() => showing(other)).toEqual([26, Math.min(50, released), released]);
    await context.close();
  });
  test('bulk-lock 20 funnels and undo; the CSV export holds the rows the screen shows; the palette selects and clears', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url, acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, '/funnels', 'admin');
    await page.goto('/funnels?locked=false&sort=name');
    const table = page.getByRole('table', { name: 'Funnels' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(25);
    const names = (await table.getByRole('link', { name: /^(?!Edit )/ }).allTextContents()).slice(0, 20);

    // Select 20 with the keyboard: each row's box focused and Space pressed.
    const boxes = table.getByRole('checkbox', { name: /^Select (?!all)/ });
    for (let i = 0; i < 20; i++) {
      await boxes.nth(i).focus();
      await page.keyboard.press('Space');
    }
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar).toContainText('20 funnels selected');
    await bar.getByRole('button', { name: 'Lock', exact: true }).click();
    const summary = page.getByRole('alertdialog', { name: 'Lock 20 funnels?' });
    await expect(summary.getByRole('list', { name: 'Will change' }).getByRole('listitem')).toHaveCount(20);
    const axeSummary = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('[role="alertdialog"]').analyze();
    expect(axeSummary.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await summary.getByRole('button', { name: 'Lock 20 funnels' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Locked 20 funnels.' })).toBeVisible();
    // The list is of unlocked funnels: the 20 leave it.
    for (const name of names.slice(0, 3)) await expect(table.getByRole('link', { name, exact: true })).toHaveCount(0);
    const axeBar = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('main').analyze();
    expect(axeBar.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.getByRole('button', { name: /^Undo/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Undone: 20 funnels back as they were.' })).toBeVisible();
    for (const name of names.slice(0, 3)) await expect(table.getByRole('link', { name, exact: true })).toHaveCount(1);

    // Export: the file's rows in the screen's order, for the list as filtered and sorted.
    await page.goto('/funnels?q=pillow&status=released&sort=-name');
    await expect(rows.first()).toBeVisible();
    const [, , total = 0] = await showing(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^funnels-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await file.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe('ID,Name,Offer,Platform,Everflow OID,Domain,Status,Locked');
    expect(lines).toHaveLength(total + 1);
    const shownIds = (await table.locator('tbody tr td:nth-child(2)').allTextContents()).map(Number);
    expect(lines.slice(1, shownIds.length + 1).map((l) => Number(l.split(',')[0]))).toEqual(shownIds);
    for (const l of lines.slice(1)) expect(l).toContain(',released,');

    // The screen's actions from the command palette, by keyboard only.
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const run = async (label: string) => {
      await expect(async () => {
        await page.keyboard.press('Control+K');
        await expect(palette).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await page.keyboard.type(label);
      await expect(palette.getByRole('option', { name: label })).toBeVisible();
      // The screen's actions come first: ↓ makes the first one active, Enter runs it.
      await page.keyboard.press('ArrowDown');
      await expect(palette.getByRole('option', { name: label })).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await expect(palette).toBeHidden();
    };
    await run('Select all funnels on this page');
    await expect(page.getByRole('region', { name: 'Bulk actions' })).toContainText(`${shownIds.length} funnel${shownIds.length === 1 ? '' : 's'} selected`);
    await run('Clear selection');
    await expect(page.getByRole('region', { name: 'Bulk actions' })).toHaveCount(0);
    await context.close();
  });
});

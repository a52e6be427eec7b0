/**
 * The command palette and the shortcut sheet in the built SPA: after signing in, only the
 * keyboard — Control+K, typing a funnel's name (a copy of demo funnel 1 of this test's own),
 * ArrowDown, Enter — lands on that funnel's page; Escape closes the palette and gives the focus
 * back; `?` opens the shortcut sheet. axe (WCAG 2.1 A and AA) finds nothing in either.
 */
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { cloneDemoFunnel, signIn } from './helpers';

/** axe's WCAG 2.1 A and AA rules. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe's violations on the page, one line each. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Presses Control+K until the palette is open (its listener loads beside the first screen). */
async function openPalette(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await expect(async () => {
    await page.keyboard.press('Control+K');
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return dialog;
}

test('Control+K, a funnel’s name, ArrowDown and Enter open the funnel; Escape gives the focus back; ? shows the shortcuts', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(90_000);
  const name = `Palette Jump ${Date.now()}`;
  const { id } = await cloneDemoFunnel(request, baseURL!, 1, name);
  await signIn(page, '/funnels');
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });

  await test.step('Escape closes the palette and the focus returns where it was', async () => {
    // The header is there before the first Tab (on a loaded machine the shell can paint after the list's status).
    await expect(page.getByRole('button', { name: /: account menu$/ })).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Tab');
    // The Tab lands on the header's stand-in account button; focusing it loads react-aria's
    // (data-rac), which replaces it and takes the focus. Until then the focus is on nothing.
    await expect(page.locator('button[data-rac][aria-label$=": account menu"]')).toBeFocused({ timeout: 15_000 });
    // The focused control by what it says (its markup may change meanwhile: the account menu's button is upgraded when its module arrives).
    const focused = () =>
      page.evaluate(() => {
        const e = document.activeElement;
        return `${e?.tagName} ${e?.getAttribute('aria-label') ?? e?.textContent?.trim() ?? ''}`;
      });
    const before = await focused();
    const dialog = await openPalette(page);
    await expect(dialog.getByRole('combobox')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(focused).toBe(before);
  });

  await test.step('The open palette has no axe violation', async () => {
    const dialog = await openPalette(page);
    await page.keyboard.type(name.slice(0, 12));
    await expect(dialog.getByRole('option').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  await test.step('Typing the name, ArrowDown and Enter land on the funnel', async () => {
    const dialog = page.getByRole('dialog', { name: 'Command palette' });
    await dialog.getByRole('combobox').fill('');
    await page.keyboard.type(name);
    const option = dialog.getByRole('option', { name: new RegExp(`^${name}`) });
    await expect(option).toBeVisible();
    await expect(dialog.getByRole('option').first()).toHaveText(new RegExp(`^${name}Funnel #${id}`));
    await page.keyboard.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/funnels/${id}/pages$`));
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: new RegExp(name) }).first()).toBeVisible();
  });

  await test.step("A screen's own action runs from the palette: an admin's Add shipping method on /shipping", async () => {
    const admin = await browser.newContext({ baseURL });
    const adminPage = await admin.newPage();
    await signIn(adminPage, '/shipping', 'admin');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
    const dialog = await openPalette(adminPage);
    await adminPage.keyboard.type('add');
    await expect(dialog.getByRole('option').first()).toHaveText(/^Add shipping method/);
    await adminPage.keyboard.press('ArrowDown');
    await adminPage.keyboard.press('Enter');
    await expect(adminPage.getByRole('dialog', { name: 'Add shipping method' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await admin.close();
  });

  await test.step('? opens the shortcut sheet, which has no axe violation; Escape closes it', async () => {
    await page.locator('body').focus();
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('row', { name: /Undo/ })).toContainText('Ctrl+Z');
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  });
});

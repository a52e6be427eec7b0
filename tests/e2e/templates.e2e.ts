/**
 * The template library end to end (001 §2 "Templates", §4, §5, §9), against
 * `npm start`: Add template refused with the seeds' messages first (empty meta, bad layout,
 * bad preview path), then added with the full preview address typed in and stored as its
 * path; edited; stashed, found under stashed, restored; the hover preview; Sync templates as
 * admin with its progress to Done; and after a reload everything is kept. An operator sees
 * Sync templates disabled with the reason. The meta editor (CodeMirror) is driven with the
 * real keyboard: Tab indents, Escape then Tab leaves it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

/** The server's default TEMPLATE_PREVIEW_HOST (README "Configuration"). */
const HOST = 'https://templates.funnel-admin.test';
const NAME = `E2E Warranty ${Date.now().toString(36)}`;

const tableOf = (page: Page, filter = 'all') => page.getByRole('table', { name: filter === 'all' ? 'Templates' : `Templates: ${filter}` });
const rowOf = (page: Page, name: string, filter = 'all') => tableOf(page, filter).getByRole('row').filter({ hasText: name });

test('templates: add (messages first, full preview address stored as its path), edit, stash and restore, hover preview, sync to Done, kept after reload', async ({
  page,
}) => {
  await signIn(page, '/templates', 'admin');
  await expect(tableOf(page).getByRole('row').filter({ hasText: 'Classic Checkout' })).toContainText(`${HOST}/checkout/`);

  // Add template: nothing sent while invalid.
  await page.getByRole('button', { name: 'Add template' }).click();
  const add = page.getByRole('dialog', { name: 'Add template' });
  const meta = add.getByRole('textbox', { name: 'Meta' });
  await expect(meta).toBeVisible({ timeout: 15_000 });
  const save = add.getByRole('button', { name: 'Save' });
  await add.getByLabel('Name').fill(NAME);
  await add.getByLabel('Page type').selectOption('warranty');
  await add.getByLabel('Layout').fill('bad layout!');
  await add.getByLabel('Preview path').fill('e2e-warranty');
  await save.click();
  await expect(add.getByText('Meta can not be empty!')).toBeVisible();
  await expect(add.getByText('Layout may contain only letters, digits, _ and -')).toBeVisible();
  await expect(add.getByText('Please input valid page path, it must start and end with slash.')).toBeVisible();

  // Meta typed with the keyboard: invalid JSON is named with its place; Tab indents; Escape then Tab leaves.
  await meta.click();
  await page.keyboard.type('{"headline": "E2E",}');
  await save.click();
  await expect(add.getByText(/^Not valid JSON at line 1, column \d+: property name expected$/)).toBeVisible();
  // Save moved the focus to the first invalid field: back into the editor, at its end.
  await meta.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('}');
  await page.keyboard.press('Home');
  await page.keyboard.press('Tab');
  await expect(meta).toBeFocused();
  await expect(meta).toHaveText(/^\s+\{"headline": "E2E"\}$/);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(meta).not.toBeFocused();
  await expect(add).toBeVisible();

  await add.getByLabel('Layout').fill('checkout');
  // The full address on the preview host is accepted and kept as its path (001 §9).
  const path = add.getByLabel('Preview path');
  await path.fill(`${HOST}/e2e-warranty/`);
  await path.blur();
  await expect(path).toHaveValue('/e2e-warranty/');
  await save.click();
  await expect(page.getByText(`Template ${NAME} added`)).toBeVisible();
  await expect(add).toBeHidden();

  await page.getByRole('tab', { name: 'warranty' }).click();
  await expect(page).toHaveURL(/\/templates\?type=warranty$/);
  await expect(rowOf(page, NAME, 'warranty').getByRole('link')).toHaveAttribute('href', `${HOST}/e2e-warranty/`);

  // Edit: the stored path is the path; rename.
  await rowOf(page, NAME, 'warranty')
    .getByRole('button', { name: `Edit ${NAME}` })
    .click();
  const edit = page.getByRole('dialog', { name: `Edit template ${NAME}` });
  await expect(edit.getByLabel('Preview path')).toHaveValue('/e2e-warranty/');
  await expect(edit.getByRole('textbox', { name: 'Meta' })).toContainText('"headline": "E2E"');
  await edit.getByLabel('Name').fill(`${NAME} v2`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Template ${NAME} v2 saved`)).toBeVisible();
  await expect(rowOf(page, `${NAME} v2`, 'warranty')).toBeVisible();

  // Hover: the server-rendered template in a sandboxed floating frame.
  await rowOf(page, `${NAME} v2`, 'warranty').getByText(`${NAME} v2`).hover();
  const figure = page.getByRole('figure', { name: `Preview of ${NAME} v2` });
  await expect(figure).toBeVisible();
  const frame = figure.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator(`iframe[title="Preview of ${NAME} v2"]`).locator('body')).not.toBeEmpty();
  await page.getByRole('heading', { name: 'Templates' }).hover();
  await expect(figure).toBeHidden();

  // Stash: gone from its tab, found under stashed; Restore brings it back.
  await rowOf(page, `${NAME} v2`, 'warranty')
    .getByRole('button', { name: `Stash ${NAME} v2` })
    .click();
  await expect(page.getByText(`Template ${NAME} v2 stashed: find it under stashed`)).toBeVisible();
  await expect(rowOf(page, `${NAME} v2`, 'warranty')).toHaveCount(0);
  await page.getByRole('tab', { name: 'stashed' }).click();
  await rowOf(page, `${NAME} v2`, 'stashed')
    .getByRole('button', { name: `Restore ${NAME} v2` })
    .click();
  await expect(page.getByText(`Template ${NAME} v2 restored`)).toBeVisible();
  await expect(rowOf(page, `${NAME} v2`, 'stashed')).toHaveCount(0);

  // Sync templates (admin): progress to Done; the template host's interstitial template is listed after.
  await page.getByRole('tab', { name: 'all' }).click();
  await page.getByRole('button', { name: 'Sync templates' }).click();
  const done = page.getByRole('dialog', { name: 'Done' });
  await expect(done).toBeVisible({ timeout: 30_000 });
  await expect(done.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await done.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('tab', { name: 'interstitial' }).click();
  await expect(rowOf(page, 'Interstitial', 'interstitial').first()).toBeVisible();

  // Reload: kept.
  await page.goto('/templates?type=warranty');
  await expect(rowOf(page, `${NAME} v2`, 'warranty')).toContainText(`${HOST}/e2e-warranty/`);
  await expect(page.getByRole('tab', { name: 'warranty' })).toHaveAttribute('aria-selected', 'true');
});

test('templates: an operator cannot sync (disabled, with the reason) but can add and edit', async ({ page }) => {
  await signIn(page, '/templates', 'operator');
  await expect(tableOf(page)).toBeVisible();
  const sync = page.getByRole('button', { name: 'Sync templates' });
  await expect(sync).toBeDisabled();
  await expect(page.getByText('Only an admin can sync templates')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add template' })).toBeEnabled();
  await expect(tableOf(page).getByRole('button', { name: 'Edit Classic Checkout' })).toBeEnabled();
});

/** The built chunk that holds `module` (the build's chunk report, as the server serves `dist/`). */
function chunkOf(module: string): string {
  const chunks = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../dist/.vite/chunks.json'), 'utf8')) as {
    file: string;
    modules: { id: string }[];
  }[];
  const c = chunks.find((x) => x.modules.some((m) => m.id.endsWith(module)));
  if (!c) throw new Error(`no chunk holds ${module}`);
  return `/${c.file}`;
}

test('templates: the list loads no command log and no page model; Edit loads them, and its dialog stays open as it arrives', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const editor = chunkOf('src/app/editing/EditingArea.tsx');
  // The page meta's schema: a template's meta is checked with it only when it is written.
  const pageModel = chunkOf('src/model/page-meta.ts');
  await signIn(page, '/templates', 'operator');
  const row = rowOf(page, 'Classic Checkout');
  await expect(row).toBeVisible();
  expect(scripts).not.toContain(editor);
  expect(scripts).not.toContain(pageModel);

  // Edit (no pointer over it first): the command log loads, the dialog opens and stays.
  await row.getByRole('button', { name: 'Edit Classic Checkout' }).dispatchEvent('click');
  const edit = page.getByRole('dialog', { name: 'Edit template Classic Checkout' });
  await expect(edit.getByRole('textbox', { name: 'Meta' })).toBeVisible({ timeout: 15_000 });
  expect(scripts).toContain(editor);
  expect(scripts).toContain(pageModel);
  await edit.getByLabel('Layout').fill('checkout-e2e');
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('Layout')).toHaveValue('checkout-e2e');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
});

/**
 * Revert and time travel end to end, each test on its own copy of demo funnel 1
 * (cloned through the API at its start, so no other file's edits meet these), edited as the
 * operator through the page editor of `npm start`:
 * - revert an old price change after later edits: the first package's price is changed, then
 *   its warranty price, then the price again; reverting the first price change from the Logs
 *   tab shows both values of every place the later change touched, the operator reverts them,
 *   saves, and the audit log records "Revert: …" and the page holds the original price again;
 * - time travel: "View this version" on the price change after which the warranty price was
 *   changed shows that version (slider, version line, differences, its rendering), "Restore
 *   this version" and Save put it back, the page editor shows it after a reload, and the audit
 *   log records "Restore the version after …".
 */
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { getToken } from '../../src/server/auth/headless-login';
import { ACCOUNTS, packageGroup, signIn } from './helpers';

type PageProduct = { _package_name: string; _price: number; _unitPrice: number; _save: number; _warranty: number };
type CheckoutPage = { ID: number; name: string; page_type: string; meta: { products: PageProduct[] } };

/** Clones demo funnel 1 as `name` through the API; returns the copy's id, its checkout page and the operator's auth header. */
async function cloneFunnel(request: APIRequestContext, baseURL: string, name: string) {
  const token = await getToken(baseURL, ACCOUNTS.operator.email, ACCOUNTS.operator.password);
  const auth = { Authorization: `Bearer ${token}` };
  const clone = await request.post(`${baseURL}/api/v1/funnels/1/clone`, { headers: auth, data: { name } });
  expect(clone.status(), await clone.text()).toBe(201);
  const id = ((await clone.json()) as { ID: number }).ID;
  const pages = (await (await request.get(`${baseURL}/api/v1/funnels/${id}/pages`, { headers: auth })).json()) as { ID: number; page_type: string }[];
  const listed = pages.find((p) => p.page_type === 'checkout');
  if (!listed) throw new Error('the copy has no checkout page');
  return { id, auth, checkout: await readPage(request, baseURL, listed.ID, auth) };
}

/** The page as the API has it now. */
async function readPage(request: APIRequestContext, baseURL: string, id: number, auth: Record<string, string>): Promise<CheckoutPage> {
  const res = await request.get(`${baseURL}/api/v1/pages/${id}`, { headers: auth });
  expect(res.status()).toBe(200);
  const p = (await res.json()) as CheckoutPage;
  if (!p.meta.products[0]) throw new Error(`page ${id} has no package`);
  return p;
}

const editing = (page: Page) => page.getByRole('toolbar', { name: 'Editing' });

/** Saves with the editor bar, checks the 'Changes saved' proof names `keys`, and closes it with OK. */
async function save(page: Page, keys: string[]) {
  const bar = editing(page);
  await expect(bar.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  await bar.getByRole('button', { name: 'Save', exact: true }).click();
  const proof = page.getByRole('dialog', { name: 'Changes saved' });
  for (const k of keys) await expect(proof).toContainText(k);
  await proof.getByRole('button', { name: 'OK' }).click();
  await expect(bar.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
}

/** Sets the money field `label` of package `pkg` in the page editor (committed on leaving it) and saves. */
async function setAndSave(page: Page, pkg: string, label: string, value: string, key: string) {
  const field = packageGroup(page, pkg).getByLabel(label, { exact: true });
  await field.fill(value);
  await field.blur();
  await save(page, [key]);
  await expect(field).toHaveValue(value);
}

/**
 * A fresh copy of demo funnel 1 named `name` whose checkout's first package, in the page editor,
 * had its price set to 12.34 and saved, then its warranty price set to 5.55 and saved: the
 * history both tests start from. Answers the copy's id and auth, its checkout and first package
 * as cloned, and the editor's address.
 */
async function priceThenWarranty(page: Page, request: APIRequestContext, baseURL: string, name: string) {
  const { id, auth, checkout } = await cloneFunnel(request, baseURL, name);
  const original = checkout.meta.products[0]!;
  const pkg = original._package_name;
  const EDITOR = `/funnels/${id}/pages/${checkout.ID}`;
  await signIn(page, EDITOR);
  await expect(packageGroup(page, pkg).getByLabel('Price', { exact: true })).toHaveValue(String(original._price));
  await setAndSave(page, pkg, 'Price', '12.34', '/meta/products/0/_price');
  await setAndSave(page, pkg, 'Warranty price', '5.55', '/meta/products/0/_warranty');
  return { id, auth, checkout, original, pkg, EDITOR };
}

/** The Logs tab's item of the change in whose sentences one reads `text` (e.g. a price set then). */
const changeWith = (page: Page, text: string) =>
  page.getByRole('listitem', { name: /^Change: / }).filter({ has: page.getByRole('list', { name: /^Changes of / }).filter({ hasText: text }) });

test('revert an old price change after later edits: the conflict shows both values, the revert is saved and audited', async ({ page, request, baseURL }) => {
  const { id, auth, checkout, original, pkg, EDITOR } = await priceThenWarranty(page, request, baseURL!, 'E2E Revert – GlowSkin');
  await setAndSave(page, pkg, 'Price', '43.21', '/meta/products/0/_price');

  await page.goto(`/funnels/${id}/logs`);
  // The later change shows 12.34 too, as its old value: the first change is the one without 43.21.
  const first = changeWith(page, '12.34').filter({ hasNotText: '43.21' });
  await expect(first).toHaveCount(1);
  await expect(first).toHaveAccessibleName('Change: Set product price');
  await first.getByRole('button', { name: 'Revert this change: Set product price' }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Revert Set product price' });
  await expect(dialog).toContainText(`Set product price on Page ${checkout.name}, by Oscar Operator`);
  // The later price change touched the price and what derives from it: each shows both values, the later one kept first.
  const priceGroup = dialog.getByRole('radiogroup', { name: `meta › products › “${pkg}” › _price` });
  await expect(priceGroup.getByRole('radio', { name: 'Keep the value now: 43.21' })).toBeChecked();
  await expect(priceGroup.getByRole('radio', { name: `Revert it to: ${original._price}` })).not.toBeChecked();
  await expect(dialog).toContainText(/\d places were changed again after this change/);
  const groups = dialog.getByRole('radiogroup');
  const count = await groups.count();
  expect(count).toBeGreaterThanOrEqual(2);
  for (let i = 0; i < count; i++) {
    // The radio's input is visually hidden: the operator clicks its text.
    await groups
      .nth(i)
      .getByText(/^Revert it to: /)
      .click();
    await expect(groups.nth(i).getByRole('radio', { name: /^Revert it to: / })).toBeChecked();
  }
  // The warranty price was not touched by this change: it is not in the dialog.
  await expect(dialog).not.toContainText('_warranty');
  await dialog.getByRole('button', { name: 'Revert', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(`Reverted “Set product price” on Page ${checkout.name}: Save to keep it`);

  await save(page, ['/meta/products/0/_price']);
  await expect(page.getByRole('listitem', { name: 'Change: Revert: Set product price' })).toBeVisible();
  const after = (await readPage(request, baseURL!, checkout.ID, auth)).meta.products[0]!;
  expect(after._price).toBe(original._price);
  expect(after._unitPrice).toBe(original._unitPrice);
  expect(after._save).toBe(original._save);
  // The later, unrelated change stays.
  expect(after._warranty).toBe(5.55);

  await page.goto(EDITOR);
  await expect(packageGroup(page, pkg).getByLabel('Price', { exact: true })).toHaveValue(String(original._price));
  await expect(packageGroup(page, pkg).getByLabel('Warranty price', { exact: true })).toHaveValue('5.55');
});

test('time travel: view an older version, restore it, save; the editor shows it after a reload and the audit names it', async ({ page, request, baseURL }) => {
  const { id, auth, checkout, original, pkg, EDITOR } = await priceThenWarranty(page, request, baseURL!, 'E2E Time travel – GlowSkin');

  await page.goto(`/funnels/${id}/logs`);
  const priceChange = changeWith(page, '12.34');
  await expect(priceChange).toHaveCount(1);
  await priceChange.getByRole('button', { name: 'View this version: after Set product price' }).click();
  await expect(page).toHaveURL(new RegExp(`version_of=page%3A${checkout.ID}&version=\\d+`));

  const panel = page.getByRole('region', { name: 'Time travel' });
  await expect(panel.getByLabel('Document')).toHaveValue(`page:${checkout.ID}`);
  const slider = panel.getByRole('slider', { name: 'Version' });
  await expect(slider).toHaveAttribute('aria-valuetext', /^After “Set product price”, /);
  const line = panel.getByText(/^Version \d+ of \d+: after/);
  await expect(line).toContainText('after Set product price by Oscar Operator');
  await expect(line).not.toContainText('(the saved version)');
  const differences = panel.getByRole('table', { name: 'Differences from now' });
  const warranty = differences.getByRole('row', { name: new RegExp(`“${pkg}” › _warranty`) });
  await expect(warranty.getByRole('cell')).toHaveText([`meta › products › “${pkg}” › _warranty`, String(original._warranty), '5.55']);
  // That version's rendering: the price it had then.
  const frame = panel.frameLocator(`iframe[title="Page ${checkout.name} as it was"]`);
  await expect(frame.locator('[data-edit="products.0._price"]')).toHaveText('$12.34');

  // The slider by keyboard: → goes to the saved version (the same as now), ← back.
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(line).toContainText('after Set warranty price');
  await expect(line).toContainText('(the saved version)');
  await expect(panel.getByRole('status').filter({ hasText: 'This version is the same as now.' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(line).toContainText('after Set product price');

  await panel.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    `Restored Page ${checkout.name} to the version after “Set product price”: Save to keep it`,
  );
  await expect(panel.getByRole('status').filter({ hasText: 'This version is the same as now.' })).toBeVisible();
  await save(page, ['/meta/products/0/_warranty']);
  await expect(page.getByRole('listitem', { name: 'Change: Restore the version after “Set product price”' })).toBeVisible();
  const after = (await readPage(request, baseURL!, checkout.ID, auth)).meta.products[0]!;
  expect(after._warranty).toBe(original._warranty);
  expect(after._price).toBe(12.34);

  await page.goto(EDITOR);
  await page.reload();
  await expect(packageGroup(page, pkg).getByLabel('Warranty price', { exact: true })).toHaveValue(String(original._warranty));
  await expect(packageGroup(page, pkg).getByLabel('Price', { exact: true })).toHaveValue('12.34');
});

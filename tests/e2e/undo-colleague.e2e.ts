/**
 * Undo that survives a colleague's save, in two browser contexts on one page: Ada
 * changes a price and the headline in the template editor and does not save; Oscar, in the page
 * editor, adds a review and moves a package down, and saves. His save reaches Ada's editor;
 * Ctrl+Z twice gives her the old headline and price back with his review and his order intact,
 * and her save stores exactly that. (Before, his save emptied her undo history.)
 */
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { cloneDemoFunnel, packageGroup, signIn } from './helpers';

async function operatorIn(browser: Browser, baseURL: string, path: string, who: 'admin' | 'operator'): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, path, who);
  return page;
}

const bar = (page: Page) => page.getByRole('toolbar', { name: 'Editing' });
const frame = (page: Page) => page.frameLocator('iframe[title^="Template editor"]');
const price = (page: Page, pkg: string) => packageGroup(page, pkg).getByLabel('Price', { exact: true });

interface Stored {
  meta: { headline: string; products: { _package_name: string; _price: number }[]; reviews: { user: string }[] };
}

test("Ctrl+Z after a colleague's save undoes my headline and price, keeping their review and package order", async ({ browser, request, baseURL }) => {
  const { id: funnelId, pages, auth } = await cloneDemoFunnel(request, baseURL!, 2, `E2E undo ${Date.now()}`, 'admin');
  const checkout = pages.find((p) => p.page_type === 'checkout');
  if (!checkout) throw new Error('the copy has no checkout page');
  const read = async () => (await (await request.get(`${baseURL}/api/v1/pages/${checkout.ID}`, { headers: auth })).json()) as Stored;
  const before = await read();
  const single = before.meta.products.find((p) => p._package_name === 'Single');
  if (!single) throw new Error('the demo checkout has no Single package');

  const ada = await operatorIn(browser, baseURL!, `/template-editor/${checkout.ID}`, 'admin');
  const oscar = await operatorIn(browser, baseURL!, `/funnels/${funnelId}/pages/${checkout.ID}`, 'operator');

  // Ada: the headline in the frame (at the mobile width the frame is not scaled, so the click
  // lands where a person's would), then Single's price in the drawer; nothing saved.
  await ada.getByRole('radio', { name: 'Mobile' }).click();
  const headline = frame(ada).locator('[data-edit="headline"]');
  await headline.click();
  await ada.keyboard.press('Control+a');
  await ada.keyboard.type('Ada’s headline');
  await ada.keyboard.press('Enter');
  await expect(headline).toHaveText('Ada’s headline');
  await ada.getByRole('tablist').getByRole('tab', { name: 'Products' }).click();
  await price(ada, 'Single').fill('31.5');
  await expect(bar(ada).getByRole('button', { name: /^Undo / })).toBeEnabled();

  // Oscar: a review and Single moved down, saved.
  await oscar.getByRole('tab', { name: 'Reviews', exact: true }).click();
  await oscar.getByLabel('Reviewer name').fill('Oscar’s reviewer');
  await oscar.getByRole('button', { name: '+ Add review' }).click();
  await oscar.getByRole('group', { name: 'Review by Oscar’s reviewer' }).getByRole('textbox', { name: 'Review', exact: true }).click();
  await oscar.keyboard.type('Works as promised.');
  await oscar.getByRole('tab', { name: 'Products' }).click();
  await oscar.getByRole('button', { name: /^Move Single — .* down$/ }).click();
  await bar(oscar).getByRole('button', { name: 'Save', exact: true }).click();
  await oscar.getByRole('dialog', { name: 'Changes saved' }).getByRole('button', { name: 'OK' }).click();
  const theirs = await read();
  const order = theirs.meta.products.map((p) => p._package_name);
  // Single went one place down from wherever the copied funnel had it.
  expect(order.indexOf('Single')).toBe(before.meta.products.indexOf(single) + 1);

  // Ada hears of it, her edits kept on top, her two undo steps still there.
  await expect(ada.getByText(/Oscar Operator saved Page .*Your unsaved changes are kept on top\./)).toBeVisible();
  await expect(packageGroup(ada, 'Single')).toBeVisible();
  await expect(price(ada, 'Single')).toHaveValue('31.5');
  await expect(bar(ada).getByRole('button', { name: 'History (2)' })).toBeVisible();

  // Ctrl+Z twice (focus on the bar, outside any field): the old price, then the old headline.
  await bar(ada).getByRole('status').last().click();
  await ada.keyboard.press('Control+z');
  await expect(price(ada, 'Single')).toHaveValue(String(single._price));
  await ada.keyboard.press('Control+z');
  await expect(headline).toHaveText(before.meta.headline);
  await expect(bar(ada).getByRole('button', { name: /^Redo / })).toBeEnabled();

  // Her save keeps his review and his order.
  await bar(ada).getByRole('button', { name: 'Save', exact: true }).click();
  const proof = ada.getByRole('dialog', { name: 'Changes saved' });
  await proof.getByRole('button', { name: 'OK' }).click();
  await expect(bar(ada).getByRole('status').last()).toHaveText('All changes saved');
  const stored = await read();
  expect(stored.meta.headline).toBe(before.meta.headline);
  expect(stored.meta.products.map((p) => p._package_name)).toEqual(order);
  expect(stored.meta.products.find((p) => p._package_name === 'Single')?._price).toBe(single._price);
  expect(stored.meta.reviews.map((r) => r.user)).toContain('Oscar’s reviewer');
  await ada.context().close();
  await oscar.context().close();
});

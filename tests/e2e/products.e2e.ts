/**
 * Products end to end (001 §2 "/products", "/products/{id}", §5 product form, §9),
 * against `npm start` on fresh demo data: as admin the list of every product with its offer;
 * Add product refused first with the seed's 'Missing …' messages and without an offer, then
 * added (max quantity 100 by default); opened from the list (router state) its detail shows the
 * product form, is kept after a reload, is edited and the edit is in the list; opened directly
 * by address it redirects to /products; deleted from the detail after the confirmation, gone
 * after a reload.
 */
import { expect, test } from './fixtures';
import { MSG } from '../../src/model/messages';
import { RMSG } from '../../src/model/fields';
import { signIn, fillLabelled, listScreen, openDialog, pressExpecting, saveClosed } from './helpers';

const SUFFIX = Date.now().toString(36);
const NAME = `E2E Product ${SUFFIX}`;
const SKU = `E2E-P-${SUFFIX}`;

const { table, rowOf, toasts } = listScreen('Products');

test('products: create (seed messages first), detail from the list, kept after reload, edit, direct address redirects, delete', async ({ page }) => {
  await signIn(page, '/products', 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(rowOf(page, 'GlowSkin').first()).toContainText('GlowSkin Vitamin C Serum');

  const add = await openDialog(page, 'Add product');
  await pressExpecting(add, [MSG.productName, RMSG.description, RMSG.sku, RMSG.costOfGoods, RMSG.price, RMSG.shippingWeight]);
  await expect(add.getByLabel('Max quantity')).toHaveValue('100');
  await fillLabelled(add, { 'Product name': NAME, Description: 'An e2e product', SKU: SKU, 'Cost of goods': '3' });
  await add.getByLabel('Price', { exact: true }).fill('27.5');
  await add.getByLabel('Shipping weight').fill('0.25');
  await add.getByLabel('Billing model').selectOption('4');
  await add.getByLabel('Product vertical').selectOption('Hair');
  await pressExpecting(add, [MSG.offerRequired]);
  await add.getByLabel('Offer').selectOption('10245');
  await saveClosed(add);
  const row = rowOf(page, NAME);
  await expect(row).toContainText('$27.50');
  await expect(row).toContainText('60 Day Subscription');
  await expect(row).toContainText('PureBrite Teeth Whitening Kit');

  // The detail, opened from the list, keeps its product after a reload.
  await row.getByRole('link', { name: NAME }).click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  const detailUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(page.getByLabel('SKU')).toHaveValue(SKU);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(page.getByLabel('Max quantity')).toHaveValue('100');

  // Edit: a cleared price refused, then saved.
  await page.getByLabel('Price', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(RMSG.price)).toBeVisible();
  await page.getByLabel('Price', { exact: true }).fill('31');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).getByText(`Product ${NAME} saved`)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Products', exact: true }).click();
  await expect(rowOf(page, NAME)).toContainText('$31.00');

  // Opened by its address (no router state): redirected to the list.
  await page.goto(detailUrl);
  await expect(page).toHaveURL(/\/products$/);
  await expect(table(page)).toBeVisible();

  // Delete from the detail: Cancel keeps it; Delete returns to the list without it.
  await rowOf(page, NAME).getByRole('link', { name: NAME }).click();
  await page.getByRole('button', { name: 'Delete product' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete product' });
  await expect(confirm).toContainText(`Are you sure you want to delete the product ${NAME} (${SKU})?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await page.getByRole('button', { name: 'Delete product' }).click();
  await page.getByRole('alertdialog', { name: 'Delete product' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(rowOf(page, NAME)).toHaveCount(0);
  await page.reload();
  await expect(rowOf(page, 'GlowSkin').first()).toBeVisible();
  await expect(rowOf(page, NAME)).toHaveCount(0);
});

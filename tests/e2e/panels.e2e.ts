/**
 * The page editor's side panels end to end ("End to end"), one test per panel
 * group against the real server: edit in the panel, see the live preview change before
 * saving, save ('Changes saved' → OK), reload and find the edit kept, then find it listed
 * with its op, path and value in the Logs tab. Demo data: funnel 1, checkout page 2; the
 * image slider's gallery images are uploaded first through the API.
 */
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { getToken } from '../../src/server/auth/headless-login';
import { ACCOUNTS, packageGroup, pickUp, PNG, signIn } from './helpers';

const EDITOR = '/funnels/1/pages/2';
const previewOf = (page: Page) => page.frameLocator('iframe[title^="Preview of"]');

/** Saves, checks the 'Changes saved' proof names `keys`, and closes it with OK. */
async function save(page: Page, keys: string[]) {
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  const proof = page.getByRole('dialog', { name: 'Changes saved' });
  for (const k of keys) await expect(proof).toContainText(k);
  await proof.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
}

/**
 * Opens the Logs tab, finds the newest change whose title matches `title` and opens its ops
 * table, which must hold each of `texts` (paths and values); returns the table for more checks.
 */
async function expectLogged(page: Page, title: RegExp, texts: string[]) {
  await page.goto('/funnels/1/logs');
  const change = page.getByRole('listitem', { name: title }).first();
  await expect(change).toBeVisible();
  // The op table opens on demand; the sentences come first.
  await change.getByRole('button', { name: 'Show raw ops' }).click();
  const ops = change.getByRole('table');
  for (const t of texts) await expect(ops).toContainText(t);
  return ops;
}

test('products, sizes and addons: live preview, save, reload, Logs', async ({ page }) => {
  await signIn(page, EDITOR);
  const preview = previewOf(page);
  const price = packageGroup(page, 'Studio').getByLabel('Price', { exact: true });
  await expect(price).toHaveValue(/\d/);
  await price.fill('66.6');
  await expect(preview.locator('[data-edit="products.1._price"]')).toHaveText('$66.60');

  await page.getByRole('tab', { name: 'Size' }).click();
  for (const size of ['Small', 'Large']) {
    await page.getByLabel('New size').fill(size);
    await page.getByRole('button', { name: '+ Add size' }).click();
  }
  await page.getByRole('checkbox', { name: 'Product Size' }).check();

  await page.getByRole('tab', { name: 'Product addons' }).click();
  await page.getByLabel('Addon name').fill('Gift wrap');
  await page.getByRole('button', { name: '+ Add addon' }).click();
  const addon = page.getByRole('group', { name: 'Gift wrap' });
  await expect(addon.getByRole('alert')).toHaveText('No added Products');
  await addon.getByRole('button', { name: 'Add product to addon Gift wrap' }).click();
  await addon.getByLabel('Product name').fill('Gift wrapping');
  await expect(addon.getByText('No added Products')).toHaveCount(0);

  await save(page, ['/meta/products/1/_price', '/meta/productSizes', '/meta/productSizeActive', '/meta/productAddons']);
  await page.reload();
  await expect(packageGroup(page, 'Studio').getByLabel('Price', { exact: true })).toHaveValue('66.6');
  await page.getByRole('tab', { name: 'Size' }).click();
  await expect(page.getByLabel('Size 1')).toHaveValue('Small');
  await expect(page.getByLabel('Size 2')).toHaveValue('Large');
  await expect(page.getByRole('checkbox', { name: 'Product Size' })).toBeChecked();
  await page.getByRole('tab', { name: 'Product addons' }).click();
  await expect(page.getByRole('group', { name: 'Gift wrap' })).toContainText('1 product');

  await expectLogged(page, /^Change: .*Add size Small/, [
    '/meta/products/1/_price',
    '66.6',
    '/meta/productSizes',
    'Small',
    '/meta/productAddons',
    'Gift wrapping',
  ]);
});

test('warranty, extras and template options: live preview, save, reload, Logs', async ({ page }) => {
  await signIn(page, EDITOR);
  const preview = previewOf(page);
  await expect(preview.locator('body')).toContainText('Complete my order');

  await page.getByRole('tab', { name: 'Template options' }).click();
  await page.getByRole('radio', { name: 'Orange' }).check();
  await expect(preview.locator('button.btn')).toHaveCSS('background-color', 'rgb(234, 88, 12)');
  await page.getByRole('checkbox', { name: 'Out of stock' }).check();
  await expect(preview.getByText('Temporarily sold out.')).toBeVisible();

  await page.getByRole('tab', { name: 'Warranty' }).click();
  await page.getByRole('checkbox', { name: 'Warranty' }).check();
  await expect(page.getByRole('tabpanel').getByText('Please select warranty frame')).toBeVisible();
  // The editor bar holds Save back and names the page and the failing field.
  const bar = page.getByRole('toolbar', { name: 'Editing' });
  await expect(bar.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(bar.getByRole('alert')).toContainText('Page Checkout: Please select warranty frame');
  await page.getByRole('radio', { name: 'Frame 3' }).check();
  await expect(bar.getByRole('button', { name: 'Save' })).toBeEnabled();
  await expect(page.getByText('Please select warranty frame')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Extras' }).click();
  await page.getByRole('button', { name: 'Activate Product Select' }).click();
  await expect(page.getByRole('button', { name: 'Deactivate Product Select' })).toBeVisible();

  await save(page, ['/meta/main_color', '/meta/outOfStock', '/meta/warranty', '/meta/warrantyFrame', '/meta/productSelect']);
  await page.reload();
  await page.getByRole('tab', { name: 'Template options' }).click();
  await expect(page.getByRole('radio', { name: 'Orange' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Out of stock' })).toBeChecked();
  await expect(previewOf(page).getByText('Temporarily sold out.')).toBeVisible();
  await page.getByRole('tab', { name: 'Warranty' }).click();
  await expect(page.getByRole('radio', { name: 'Frame 3' })).toBeChecked();
  await page.getByRole('tab', { name: 'Extras' }).click();
  await expect(page.getByRole('button', { name: 'Deactivate Product Select' })).toBeVisible();

  await expectLogged(page, /^Change: .*Set main colour orange/, ['/meta/main_color', 'orange', '/meta/warrantyFrame', 'warranty3', '/meta/productSelect']);
});

test('reviews, extra reviews and lists: rich text, live preview, save, reload, Logs', async ({ page }) => {
  await signIn(page, EDITOR);
  const preview = previewOf(page);

  await page.getByRole('tab', { name: 'Reviews', exact: true }).click();
  const daniel = page.getByRole('group', { name: 'Review by Daniel K., Toronto ON' });
  await daniel.getByRole('button', { name: 'Edit review by Daniel K., Toronto ON' }).click();
  await daniel.getByLabel('Review title').fill('Fast and friendly');
  await expect(preview.locator('[data-edit="reviews.1.reviewTitle"]')).toHaveText('Fast and friendly');

  await page.getByLabel('Reviewer name').fill('Lena W.');
  await page.getByRole('button', { name: '+ Add review' }).click();
  const lena = page.getByRole('group', { name: 'Review by Lena W.' });
  await lena.getByRole('textbox', { name: 'Review', exact: true }).click();
  await page.keyboard.type('Lovely texture. ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Five stars');
  await expect(lena.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  await expect(preview.locator('[data-edit="reviews.3.review"]')).toHaveText('Lovely texture. Five stars');
  // Rich text reaches the page as HTML the server sanitized again: the bold stays bold.
  await expect(preview.locator('[data-edit="reviews.3.review"] strong')).toHaveText('Five stars');
  await lena.getByLabel('Country').selectOption('NZ');
  await expect(preview.locator('[data-edit="reviews.3.country"]')).toHaveText('(New Zealand)');

  await page.getByRole('tab', { name: 'Extra reviews' }).click();
  await page.getByLabel('Reviewer name').fill('Marta L.');
  await page.getByRole('button', { name: '+ Add extra review' }).click();
  await page.getByRole('group', { name: 'Extra review by Marta L.' }).getByRole('textbox', { name: 'Review', exact: true }).click();
  await page.keyboard.type('Gentle on my skin.');
  await expect(preview.locator('[data-edit="extraReviews.0.review"]')).toHaveText('Gentle on my skin.');

  await page.getByRole('tab', { name: 'Lists' }).click();
  await page.getByRole('button', { name: '+ Add list item' }).click();
  const item = page.getByRole('group', { name: 'List item 4' });
  await item.getByLabel('Bold text').fill('Vegan');
  await item.getByRole('textbox', { name: 'List text' }).click();
  await page.keyboard.type('and cruelty-free');
  await expect(preview.locator('[data-edit="list.3.boldText"]')).toHaveText('Vegan');
  await expect(preview.locator('[data-edit="list.3.listText"]')).toHaveText('and cruelty-free');

  await save(page, ['/meta/reviews/1/reviewTitle', '/meta/reviews', '/meta/extraReviews', '/meta/list']);
  await page.reload();
  await page.getByRole('tab', { name: 'Reviews', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Review by Daniel K., Toronto ON' })).toContainText('Fast and friendly');
  const lenaAgain = page.getByRole('group', { name: 'Review by Lena W.' });
  await expect(lenaAgain).toContainText('New Zealand');
  await lenaAgain.getByRole('button', { name: 'Edit review by Lena W.' }).click();
  await expect(lenaAgain.getByRole('textbox', { name: 'Review', exact: true })).toHaveText('Lovely texture. Five stars');
  await expect(lenaAgain.getByRole('textbox', { name: 'Review', exact: true }).locator('strong')).toHaveText('Five stars');
  await page.getByRole('tab', { name: 'Lists' }).click();
  await expect(page.getByRole('group', { name: 'List item 4' }).getByLabel('Bold text')).toHaveValue('Vegan');

  await expectLogged(page, /^Change: .*Add review/, [
    '/meta/reviews/1/reviewTitle',
    'Fast and friendly',
    '<strong>Five stars</strong>',
    '/meta/extraReviews',
    '/meta/list',
    'cruelty-free',
  ]);
});

/** Uploads `names` (PNG files) to funnel 1's gallery through the API. */
async function uploadImages(request: APIRequestContext, baseURL: string, names: string[]) {
  const token = await getToken(baseURL, ACCOUNTS.operator.email, ACCOUNTS.operator.password);
  for (const name of names) {
    const res = await request.post(`${baseURL}/api/v1/images/1`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { file: { name, mimeType: 'image/png', buffer: PNG } },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

test('international shipping and image slider: duplicate refused, keyboard reorder, live preview, save, reload, Logs', async ({ page, request, baseURL }) => {
  await uploadImages(request, baseURL!, ['slide-a.png', 'slide-b.png']);
  await signIn(page, EDITOR);
  const preview = previewOf(page);
  await page.getByRole('tab', { name: 'International shipping' }).click();
  const form = page.getByRole('form', { name: 'Add international shipping' });
  await expect(form.getByLabel('Country').locator('option')).toHaveCount(250);
  await form.getByLabel('Country').selectOption('DE');
  await form.getByLabel('Shipping ID').fill('7');
  await form.getByLabel('Price').fill('12.5');
  await form.getByRole('button', { name: '+ Add shipping' }).click();
  await expect(preview.locator('[data-edit="intShipping.0.price"]')).toHaveText('$12.50');
  await expect(preview.locator('[data-edit="intShipping.0.country"]')).toHaveText('Germany');

  await form.getByLabel('Country').selectOption('DE');
  await form.getByLabel('Shipping ID').fill('8');
  await form.getByLabel('Price').fill('1');
  await form.getByRole('button', { name: '+ Add shipping' }).click();
  await expect(form.getByRole('alert')).toHaveText('Shipping to Germany already added');
  await expect(page.getByRole('group', { name: /^Shipping to / })).toHaveCount(1);

  await page.getByRole('tab', { name: 'Image slider' }).click();
  await expect(page.getByText('No Images added')).toBeVisible();
  await page.getByRole('button', { name: 'Add slide-a.png to the slider' }).click();
  await page.getByRole('button', { name: 'Add slide-b.png to the slider' }).click();
  await expect(page.getByRole('button', { name: 'Added: slide-a.png is in the slider' })).toBeDisabled();
  await expect(preview.locator('[data-edit="imgSlider.0.img"]')).toHaveAttribute('src', /\/uploads\/1\/slide-a\.png$/);
  const handle = page.getByRole('button', { name: 'Reorder image 1 slide-a.png' });
  await handle.focus();
  const live = page.locator('[role="status"][aria-live="assertive"]');
  await pickUp(page, live, 1);
  await expect(live).toHaveText('image 1 slide-a.png moved to position 1 of 2.');
  await page.keyboard.press('ArrowDown');
  await expect(live).toHaveText('image 1 slide-a.png moved to position 2 of 2.');
  await page.keyboard.press('Space');
  await expect(live).toHaveText(/dropped at position 2 of 2\.$/);
  await expect(page.getByRole('button', { name: 'Reorder image 1 slide-b.png' })).toBeVisible();
  await expect(preview.locator('[data-edit="imgSlider.0.img"]')).toHaveAttribute('src', /\/uploads\/1\/slide-b\.png$/);

  await save(page, ['/meta/intShipping', '/meta/imgSlider']);
  await page.reload();
  await page.getByRole('tab', { name: 'International shipping' }).click();
  const germany = page.getByRole('group', { name: 'Shipping to Germany' });
  await expect(germany.getByLabel('Price')).toHaveValue('12.5');
  await expect(germany.getByLabel('Shipping ID')).toHaveValue('7');
  await page.getByRole('tab', { name: 'Image slider' }).click();
  await expect(page.getByRole('button', { name: /^Reorder image/ })).toHaveCount(2);
  await expect(page.getByRole('button', { name: /^Reorder image/ }).first()).toHaveAccessibleName('Reorder image 1 slide-b.png');
  await expect(previewOf(page).locator('[data-edit="imgSlider.1.img"]')).toHaveAttribute('src', /slide-a\.png$/);

  const ops = await expectLogged(page, /^Change: .*Add shipping to Germany/, ['/meta/intShipping', '"country":"DE"', '12.5', '/meta/imgSlider', 'slide-a.png']);
  await expect(ops.getByRole('cell', { name: 'move', exact: true })).toBeVisible();
});

/**
 * The funnel page's Campaigns and Products tabs end to end ("Storybook and tests")
 * against `npm start`: per tab create, edit and delete through the UI, reload and find the
 * result kept; the duplicate campaign message; a products CSV upload whose second upload
 * updates the product with the same SKU instead of adding a second one. Demo data: funnel 1
 * ("GlowSkin Serum – US Launch", offer 10231) with campaigns 12001–12003 and four products;
 * funnel 3 is locked.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createCampaignsFromOffer, deleteConfirmed, fillLabelled, openDialog, openRequiring, openTable, pressExpecting } from './helpers';

const csv = (name: string, text: string) => ({ name, mimeType: name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream', buffer: Buffer.from(text) });

/** Opens the tab's upload dialog, chooses `file` and presses Upload. */
async function upload(page: Page, button: string, file: ReturnType<typeof csv>) {
  const dialog = await openDialog(page, button);
  await dialog.getByLabel('CSV file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  return dialog;
}

test('campaigns: add by id (seed messages, duplicate refused), edit, create from the offer, fulfilment CSV, delete — each kept after reload', async ({
  page,
}) => {
  const table = await openTable(page, '/funnels/1/campaigns', 'Campaigns', 'GlowSkin US Network');

  const add = await openRequiring(page, 'Add campaign by id', ['Missing Campaign Id', 'Please select at least one region']);
  await add.getByLabel('Fulfillment').selectOption('Ecomm');
  await add.getByLabel('US', { exact: true }).check();
  await add.getByLabel('Campaign Id').fill('12a');
  await pressExpecting(add, ['Input only numbers']);
  await add.getByLabel('Campaign Id').fill('12001');
  await pressExpecting(add, ['Campaign 12001 already added']);
  await fillLabelled(add, { 'Campaign Id': '12345', 'Campaign name': 'E2E Campaign', 'Country code': 'us' });
  await add.getByLabel('US', { exact: true }).check();
  await pressExpecting(add, ['Added campaign 12345'], page);
  await expect(add).toBeHidden();

  await page.reload();
  const row = table.getByRole('row', { name: /12345.*E2E Campaign.*US/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: 'Open campaign 12345' })).toHaveAttribute('href', /^\/campaigns\/\d+$/);

  const edit = await openDialog(page, 'Edit campaign 12345', { in: table });
  await expect(edit.getByLabel('Campaign name')).toHaveValue('E2E Campaign');
  await edit.getByLabel('Campaign name').fill('E2E Campaign renamed');
  await edit.getByLabel('Fulfillment').selectOption('SRLC');
  await pressExpecting(edit, ['Saved campaign 12345'], page);
  await page.reload();
  await expect(table.getByRole('row', { name: /12345.*E2E Campaign renamed.*SRLC/ })).toBeVisible();

  const create = await openDialog(page, 'Create campaigns from offer', { name: /^Create campaigns from offer/ });
  await pressExpecting(create, ['Please select at least one region', 'Please select fulfillment'], create, 'Create');
  await createCampaignsFromOffer(create, ['DE', 'UK'], 'Create');
  await expect(page.getByText(/^Created 2 campaigns: /)).toBeVisible();
  await page.reload();
  await expect(table.getByRole('row', { name: /GlowSkin Vitamin C Serum DE Klaviyo.*DE.*Ecomm.*Klaviyo/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /GlowSkin Vitamin C Serum UK Klaviyo.*GB.*UK.*Ecomm/ })).toBeVisible();

  // The fulfilment CSV: a bad row is listed in the dialog; a good file sets the fulfilment.
  const refused = await upload(page, 'Upload fulfillment CSV', csv('E2E-fulfil.csv', 'campaign_id,fulfillment\n12345,Moon\n'));
  await expect(refused.getByRole('alert')).toContainText('E2E-fulfil.csv file upload failed.');
  await expect(refused.getByRole('listitem')).toHaveText('Line 2: Please select fulfillment');
  await refused.getByLabel('CSV file').setInputFiles(csv('E2E-fulfil.csv', 'campaign_id,fulfillment\n12345,New Jersey\n'));
  await refused.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('E2E-fulfil.csv file uploaded successfully')).toBeVisible();
  await expect(refused).toBeHidden();
  await page.reload();
  await expect(table.getByRole('row', { name: /12345.*E2E Campaign renamed.*New Jersey/ })).toBeVisible();

  await deleteConfirmed(page, 'Delete campaign 12345', 'Delete campaign', { in: table });
  await expect(page.getByText('Deleted campaign 12345')).toBeVisible();
  await page.reload();
  await expect(table).toContainText('GlowSkin US Network');
  await expect(table.getByText('E2E Campaign renamed')).toHaveCount(0);
});

test('products: add (seed messages first), edit, bundle, CSV upload updating the same SKU instead of duplicating, delete — each kept after reload', async ({
  page,
}) => {
  const table = await openTable(page, '/funnels/1/products', 'Products', 'GlowSkin Vitamin C Serum 30ml');

  const add = await openRequiring(page, 'Add product', ['Missing Product Name', 'Missing Shipping Weight']);
  await fillLabelled(add, {
    'Product name': 'E2E Toner',
    Description: 'A gentle toner',
    SKU: 'E2E-TON-1',
    'Cost of goods': '3.2',
    Price: '19.99',
    'Shipping weight': '0.3',
  });
  await add.getByLabel('Billing model').selectOption('3');
  await pressExpecting(add, ['Product E2E Toner added'], page);
  await expect(add).toBeHidden();

  await page.reload();
  await expect(table.getByRole('row', { name: /E2E Toner.*E2E-TON-1.*\$19\.99.*30 Day Subscription.*100/ })).toBeVisible();
  const edit = await openDialog(page, 'Edit E2E Toner', { in: table });
  await expect(edit.getByLabel('SKU')).toHaveValue('E2E-TON-1');
  await edit.getByLabel('Price').fill('21.5');
  await pressExpecting(edit, ['Product E2E Toner saved'], page);
  await page.reload();
  await expect(table.getByRole('row', { name: /E2E Toner.*\$21\.50/ })).toBeVisible();

  const bundle = await openDialog(page, 'Add bundle');
  await fillLabelled(bundle, { 'Bundle name': 'E2E Duo', SKU: 'E2E-DUO-2', Price: '59' });
  await bundle.getByRole('checkbox', { name: /GlowSkin Vitamin C Serum 30ml/ }).check();
  await bundle.getByRole('checkbox', { name: /E2E Toner/ }).check();
  await pressExpecting(bundle, ['Bundle E2E Duo added'], page);
  await page.reload();
  await expect(table.getByRole('row', { name: /E2E Duo.*Bundle.*E2E-DUO-2.*\$59\.00/ })).toBeVisible();

  // Only a CSV is taken (001 §5), said before anything is sent.
  const wrong = await upload(page, 'Upload products CSV', csv('E2E-products.xlsx', 'x'));
  await expect(wrong.getByRole('alert')).toHaveText('E2E-products.xlsx file upload failed. Uploads of product lists accept only csv');
  await wrong.getByRole('button', { name: 'Cancel' }).click();

  // The toner's SKU again: it is updated (one row, new name and price); the mask is new.
  const head = 'name,description,sku,cost_of_goods,product_price,shipping_weight';
  await upload(
    page,
    'Upload products CSV',
    csv('E2E-products.csv', `${head}\nE2E Toner v2,A gentle toner,E2E-TON-1,3.2,24.5,0.3\nE2E Mask,Sheet mask,E2E-MASK-1,1.1,9.99,0.1\n`),
  );
  await expect(page.getByText('E2E-products.csv file uploaded successfully: 1 created, 1 updated')).toBeVisible();
  await page.reload();
  await expect(table.getByText('E2E-TON-1', { exact: true })).toHaveCount(1);
  await expect(table.getByRole('row', { name: /E2E Toner v2.*E2E-TON-1.*\$24\.50.*30 Day Subscription/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /E2E Mask.*E2E-MASK-1.*\$9\.99/ })).toBeVisible();

  for (const name of ['E2E Mask', 'E2E Duo']) {
    await deleteConfirmed(page, `Delete ${name}`, 'Delete product', { in: table });
    await expect(page.getByText(`Product ${name} deleted`)).toBeVisible();
  }
  await page.reload();
  await expect(table).toContainText('E2E Toner v2');
  await expect(table.getByText('E2E Mask')).toHaveCount(0);
  await expect(table.getByText('E2E Duo')).toHaveCount(0);
});

test('a locked funnel: the Campaigns and Products tabs are read-only and say why', async ({ page }) => {
  await openTable(page, '/funnels/3/campaigns', 'Campaigns', 'FlexFit DE Sommer');
  for (const name of ['Add campaign by id', 'Create campaigns from offer', 'Upload fulfillment CSV', 'Edit campaign 12201', 'Delete campaign 12201']) {
    await expect(page.getByRole('button', { name })).toBeDisabled();
  }
  await expect(page.getByText('The funnel is locked: unlock it to add, edit or delete campaigns.')).toBeVisible();
  await page.getByRole('tab', { name: 'Products' }).click();
  await expect(page.getByRole('table', { name: 'Products' })).toContainText('FlexFit Door Anchor');
  for (const name of ['Add product', 'Add bundle', 'Upload products CSV', 'Edit FlexFit Door Anchor', 'Delete FlexFit Door Anchor']) {
    await expect(page.getByRole('button', { name })).toBeDisabled();
  }
  await expect(page.getByText('The funnel is locked: unlock it to add, edit or delete products.')).toBeVisible();
});

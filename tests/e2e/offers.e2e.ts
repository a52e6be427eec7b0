/**
 * Offers end to end (001 §2 "/offers", "/offers/{id}/{tab}", §5 offer rules, §8, §9),
 * against `npm start` on fresh demo data: as admin, Add offer refused first with the seed's
 * messages ('Input only numbers', 'You have to select store' for 29next) and the duplicate
 * info toast ('Offer [id] already exists'), then added; its page's tabs (empty funnels and
 * products, a product added, a campaign added by id and campaigns created from the offer with
 * a suffix); an unknown tab redirects to funnels; the offer edited, kept after a reload, and
 * deleted after the confirmation, gone after a reload. An unknown offer says so.
 */
import { expect, test } from './fixtures';
import { MSG } from '../../src/model/messages';
import { createCampaignsFromOffer, fillLabelled, listScreen, openDialog, openRequiring, pressExpecting, saveClosed, signIn } from './helpers';

const SUFFIX = Date.now().toString(36);
const NAME = `E2E Offer ${SUFFIX}`;
const RENAMED = `E2E Offer ${SUFFIX} renamed`;
/** An offer id no seeded or earlier-run offer has (5 digits). */
const OFFER_ID = String(40000 + (Date.now() % 50000));
/** A campaign id for the offer's own campaign (5 digits). */
const CAMPAIGN_ID = String(50000 + (Date.now() % 40000));

const { rowOf, toasts } = listScreen('Offers');

test('offers: create (seed messages and duplicate first), tabs, edit, kept after reload, delete with confirmation', async ({ page }) => {
  await signIn(page, '/offers', 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await expect(rowOf(page, 'GlowSkin Vitamin C Serum')).toContainText('10231');

  const add = await openDialog(page, 'Add offer');
  await add.getByLabel('Offer ID', { exact: true }).fill('12a');
  await add.getByLabel('Offer name').fill(NAME);
  await pressExpecting(add, [MSG.onlyNumbers]);
  await add.getByLabel('Offer ID', { exact: true }).fill('10231');
  await pressExpecting(add, [MSG.offerExists(10231)], toasts(page));
  await add.getByLabel('Offer ID', { exact: true }).fill(OFFER_ID);
  await add.getByLabel('Everflow offer ID').fill('777');
  await add.getByLabel('Platform').selectOption('29next');
  await pressExpecting(add, [MSG.selectStore]);
  await add.getByLabel('Store').selectOption('2');
  await saveClosed(add);
  await expect(rowOf(page, NAME)).toContainText(OFFER_ID);
  await expect(rowOf(page, NAME)).toContainText('29next');

  // The offer page: funnels (none yet), products (none, then one), campaign (one by id, two from the offer).
  await rowOf(page, NAME).getByRole('link', { name: NAME }).click();
  await expect(page).toHaveURL(/\/offers\/\d+\/funnels$/);
  const offerUrl = page.url().replace(/\/funnels$/, '');
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(page.getByText('No Funnels added')).toBeVisible();
  await page.getByRole('tab', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByText('No Products added')).toBeVisible();
  const prod = await openRequiring(page, 'Add product', [MSG.productName]);
  await fillLabelled(prod, { 'Product name': `${NAME} Kit`, Description: 'The kit', SKU: `E2E-${SUFFIX}`, 'Cost of goods': '2' });
  await prod.getByLabel('Price', { exact: true }).fill('24.5');
  await prod.getByLabel('Shipping weight').fill('0.4');
  await saveClosed(prod);
  await expect(page.getByRole('table', { name: 'Products of the offer' })).toContainText(`${NAME} Kit`);

  await page.getByRole('tab', { name: 'Campaign' }).click();
  await expect(page.getByText('No Campaigns added')).toBeVisible();
  await page.getByRole('button', { name: '+ Add Campaign' }).click();
  const camp = page.getByRole('dialog', { name: 'Add campaign' });
  await camp.getByLabel('Campaign Id').fill(CAMPAIGN_ID);
  await camp.getByLabel('Campaign name').fill(`${NAME} US`);
  await camp.getByLabel('US', { exact: true }).check();
  await camp.getByLabel('Fulfillment').selectOption('Ecomm');
  await saveClosed(camp);
  const camps = page.getByRole('table', { name: 'Campaigns of the offer' });
  await expect(camps).toContainText(CAMPAIGN_ID);
  const from = await openRequiring(page, 'Create campaigns from offer', ['Please select at least one region']);
  await createCampaignsFromOffer(from, ['CA', 'DE']);
  await expect(from).toBeHidden();
  await expect(camps.getByRole('row').filter({ hasText: 'Klaviyo' })).toHaveCount(2);

  // An unknown tab goes to the first tab.
  await page.goto(`${offerUrl}/nope`);
  await expect(page).toHaveURL(new RegExp(`${offerUrl.replace(/[/.]/g, '\\$&')}/funnels$`));
  await expect(page.getByRole('tab', { name: 'Funnels' })).toHaveAttribute('aria-selected', 'true');

  // Edit from the page, kept after a reload.
  await page.getByRole('button', { name: 'Edit offer' }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${NAME}` });
  await edit.getByLabel('Offer name').fill(RENAMED);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: RENAMED })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: RENAMED })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Offers', exact: true }).click();
  await expect(rowOf(page, RENAMED)).toContainText('777');

  // Delete from the list: Cancel keeps it, Delete removes it (its products go with it).
  await rowOf(page, RENAMED)
    .getByRole('button', { name: `Delete ${RENAMED}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete offer' });
  await expect(confirm).toContainText(`Are you sure you want to delete the offer ${OFFER_ID} ${RENAMED}?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(rowOf(page, RENAMED)).toHaveCount(1);
  await rowOf(page, RENAMED)
    .getByRole('button', { name: `Delete ${RENAMED}` })
    .click();
  await page.getByRole('alertdialog', { name: 'Delete offer' }).getByRole('button', { name: 'Delete' }).click();
  await expect(rowOf(page, RENAMED)).toHaveCount(0);
  await page.reload();
  await expect(rowOf(page, 'GlowSkin Vitamin C Serum')).toHaveCount(1);
  await expect(rowOf(page, RENAMED)).toHaveCount(0);
  await page.goto(offerUrl + '/funnels');
  await expect(page.getByRole('heading', { level: 1, name: /^Offer \d+ not found$/ })).toBeVisible();
});

test('offers: an offer a funnel uses cannot be deleted (the confirmation lists its pages, kept)', async ({ page }) => {
  await signIn(page, '/offers', 'operator');
  await rowOf(page, 'GlowSkin Vitamin C Serum').getByRole('button', { name: 'Delete GlowSkin Vitamin C Serum' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete offer' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).getByText(/Offer 10231 \(.*\) is used by \d+ pages?/)).toBeVisible();
  // The confirmation stays open and names the pages that sell it, with their funnel.
  const used = confirm.getByRole('list', { name: 'Pages that use it' });
  await expect(used.getByRole('listitem').filter({ hasText: '(/checkout/) of GlowSkin Serum – US Launch' }).first()).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(rowOf(page, 'GlowSkin Vitamin C Serum')).toHaveCount(1);
});

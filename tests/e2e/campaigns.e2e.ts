/**
 * The campaign detail end to end (000 §2 "a table of the selected campaign with a
 * button labelled '+ Add Campaign'", §5, §8; 001 §2 "/campaigns/{id}"), against `npm start` on
 * fresh demo data: as admin the table of campaign 12101; '+ Add Campaign' refused first with the
 * seed's messages and a duplicate of the funnel ('Campaign 12102 already added'), then a new
 * campaign of the same funnel, shown at its own address; edited with the campaign form and kept
 * after a reload; deleted after the confirmation, back on the funnel's Campaigns tab without
 * it, gone after a reload. An offer's own campaign links back to its offer; an unknown campaign says so.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { RMSG } from '../../src/model/fields';
import { MSG } from '../../src/model/messages';
import { signIn } from './helpers';

/** A campaign id no seeded or earlier-run campaign has (5 digits). */
const CAMPAIGN_ID = String(60000 + (Date.now() % 30000));
const NAME = `E2E Campaign ${Date.now().toString(36)}`;

const table = (page: Page) => page.getByRole('table', { name: 'Campaign' });

test('campaign detail: the table, + Add Campaign (messages and duplicate first), edit kept after reload, delete with confirmation', async ({ page }) => {
  await signIn(page, '/campaigns/4', 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaign 12101' })).toBeVisible();
  await expect(table(page)).toContainText('PureBrite US');
  await expect(table(page)).toContainText('Ecomm');

  const addButton = page.getByRole('button', { name: '+ Add Campaign' });
  await expect(addButton).toBeEnabled();
  await addButton.click();
  const add = page.getByRole('dialog', { name: 'Add campaign' });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText(MSG.campaignId)).toBeVisible();
  // 001 §5: a region and a fulfillment on every campaign.
  await expect(add.getByText(RMSG.regions)).toBeVisible();
  await expect(add.getByText(RMSG.fulfillment)).toBeVisible();
  await add.getByLabel('Fulfillment').selectOption('Ecomm');
  await add.getByLabel('CA', { exact: true }).check();
  await add.getByLabel('Campaign Id').fill('12x');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText(MSG.onlyNumbers)).toBeVisible();
  await add.getByLabel('Campaign Id').fill('12102');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText(MSG.campaignAdded(12102))).toBeVisible();
  await add.getByLabel('Campaign Id').fill(CAMPAIGN_ID);
  await add.getByLabel('Campaign name').fill(NAME);
  await add.getByLabel('CA', { exact: true }).check();
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: `Campaign ${CAMPAIGN_ID}` })).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  await expect(table(page)).toContainText(NAME);

  // Edit with the campaign form; kept after a reload.
  await table(page)
    .getByRole('button', { name: `Edit campaign ${CAMPAIGN_ID}` })
    .click();
  const edit = page.getByRole('dialog', { name: `Edit campaign ${CAMPAIGN_ID}` });
  await expect(edit.getByLabel('Campaign Id')).toHaveValue(CAMPAIGN_ID);
  await edit.getByLabel('Fulfillment').selectOption('SRLC');
  await edit.getByLabel('Suffix').selectOption('Network2');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(table(page)).toContainText('SRLC');
  await page.reload();
  await expect(table(page)).toContainText('SRLC');
  await expect(table(page)).toContainText('Network2');
  await expect(table(page)).toContainText('CA');

  // Delete: Cancel keeps it; Delete goes back to the funnel's campaigns without it.
  await table(page)
    .getByRole('button', { name: `Delete campaign ${CAMPAIGN_ID}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete campaign' });
  await expect(confirm).toContainText(`Are you sure you want to delete campaign ${CAMPAIGN_ID} (${NAME})?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(table(page)).toContainText(NAME);
  await table(page)
    .getByRole('button', { name: `Delete campaign ${CAMPAIGN_ID}` })
    .click();
  await page.getByRole('alertdialog', { name: 'Delete campaign' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/funnels\/2\/campaigns$/);
  const list = page.getByRole('table', { name: 'Campaigns' });
  await expect(list).toContainText('12101');
  await expect(list).not.toContainText(CAMPAIGN_ID);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Campaigns' })).toContainText('12101');
  await expect(page.getByRole('table', { name: 'Campaigns' })).not.toContainText(CAMPAIGN_ID);
});

test("campaign detail: an offer's own campaign links to its offer; an unknown campaign says so", async ({ page }) => {
  await signIn(page, '/campaigns/7', 'operator');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaign 12301' })).toBeVisible();
  await page.getByRole('link', { name: /: Campaign$/ }).click();
  await expect(page).toHaveURL(/\/offers\/4\/campaign$/);
  await expect(page.getByRole('table', { name: 'Campaigns of the offer' })).toContainText('12301');
  await page.goto('/campaigns/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaign 999999 not found' })).toBeVisible();
});

/**
 * The funnel page's Domains tab end to end ("Storybook and tests"), against
 * `npm start` with the local DNS provider: add a subdomain to the demo funnel (the seeds'
 * messages and the duplicate first), rename it, reload and find it kept; its DNS records: add
 * one, edit one (only the changed record is sent: the server counts what it got), reload and
 * find it kept, delete it; delete the subdomain with confirmation. Demo data: funnel 1
 * ("GlowSkin") owns glowskin-offer.com; flexfit-bands.com is a root domain with a DNS zone and
 * the subdomain sommer.flexfit-bands.com of the locked funnel 3.
 */
import { expect, test } from './fixtures';
import { openTab, signIn } from './helpers';

test('domains: add a subdomain (seed messages, duplicate), rename, kept after reload; DNS records add/edit/delete; delete with confirmation', async ({
  page,
}) => {
  const tab = await openTab(page, '/funnels/1/domains', 'Domains', ['Domains', 'glowskin-offer.com']);

  await tab.getByRole('button', { name: 'Add domain' }).click();
  const add = page.getByRole('dialog', { name: 'Add domain' });
  const save = add.getByRole('button', { name: 'Save' });
  await save.click();
  await expect(add.getByText('Please Domain URL')).toBeVisible();
  await expect(add.getByText('Please select a domain')).toBeVisible();
  await add.getByLabel('Subdomain', { exact: true }).fill('eu.shop');
  await add.getByLabel('Parent domain').selectOption({ label: 'flexfit-bands.com' });
  await save.click();
  await expect(add.getByText('Please enter a valid subdomain')).toBeVisible();
  // Taken: the locked funnel's subdomain (001 §8: an info toast that blocks the action).
  await add.getByLabel('Subdomain', { exact: true }).fill('sommer');
  await save.click();
  await expect(add.getByText('Domain sommer.flexfit-bands.com already added')).toBeVisible();
  const info = page.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({ hasText: 'Domain sommer.flexfit-bands.com already added' });
  await expect(info).toContainText('Info');
  await add.getByRole('radio', { name: 'New domain' }).click();
  await add.getByLabel('Domain name').fill('nodot');
  await save.click();
  await expect(add.getByText('Please enter a valid domain')).toBeVisible();
  await add.getByRole('radio', { name: 'Subdomain of one of our domains' }).click();
  await add.getByLabel('Subdomain', { exact: true }).fill('e2e-autumn');
  await expect(add.getByLabel('Set up in DNS (sync)')).toBeChecked();
  await save.click();
  await expect(page.getByText('Domain e2e-autumn.flexfit-bands.com added')).toBeVisible();
  await expect(add).toBeHidden();
  await expect(tab.getByRole('row', { name: /e2e-autumn\.flexfit-bands\.com Subdomain of flexfit-bands\.com In DNS/ })).toBeVisible();

  // Rename by the suffix; its DNS record follows it.
  await tab.getByRole('button', { name: 'Edit e2e-autumn.flexfit-bands.com' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit e2e-autumn.flexfit-bands.com' });
  await expect(edit.getByLabel('Subdomain', { exact: true })).toHaveValue('e2e-autumn');
  await edit.getByLabel('Subdomain', { exact: true }).fill('e2e-winter');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Domain e2e-winter.flexfit-bands.com saved')).toBeVisible();
  await page.reload();
  await expect(tab.getByRole('row', { name: /e2e-winter\.flexfit-bands\.com/ })).toBeVisible();
  await expect(tab.getByText('e2e-autumn.flexfit-bands.com')).toHaveCount(0);

  // DNS records of the subdomain: its CNAME, then a record added under it.
  await tab.getByRole('button', { name: 'DNS records of e2e-winter.flexfit-bands.com' }).click();
  const dns = page.getByRole('region', { name: 'DNS records of e2e-winter.flexfit-bands.com' });
  await expect(dns.getByRole('row', { name: /CNAME e2e-winter\.flexfit-bands\.com/ })).toBeVisible();
  await dns.getByRole('button', { name: 'Add record' }).click();
  const rec = page.getByRole('dialog', { name: 'Add DNS record to e2e-winter.flexfit-bands.com' });
  await rec.getByRole('button', { name: 'Save' }).click();
  await expect(rec.getByText('Please select a record type')).toBeVisible();
  await rec.getByLabel('Type', { exact: true }).selectOption('A');
  await rec.getByLabel('Name', { exact: true }).fill('www');
  await rec.getByLabel('Content', { exact: true }).fill('203.0.113.77');
  await rec.getByLabel('Proxied (A and CNAME records only)').check();
  await rec.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('DNS record A www.e2e-winter.flexfit-bands.com added')).toBeVisible();
  await expect(rec).toBeHidden();

  // Edit one of the two records: the server is sent (and counts) only that one.
  const aRow = dns.getByRole('row', { name: /A www\.e2e-winter\.flexfit-bands\.com/ });
  await aRow.getByLabel(/^Content of record/).fill('203.0.113.78');
  await expect(dns.getByRole('status')).toHaveText('1 record changed: Save sends only it');
  await dns.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('1 record changed, 0 unchanged')).toBeVisible();

  await page.reload();
  await tab.getByRole('button', { name: 'DNS records of e2e-winter.flexfit-bands.com' }).click();
  await expect(aRow.getByLabel(/^Content of record/)).toHaveValue('203.0.113.78');
  await expect(dns.getByRole('button', { name: 'Save changes' })).toBeDisabled();

  await aRow.getByRole('button', { name: /^Delete record/ }).click();
  const delRec = page.getByRole('alertdialog', { name: 'Delete DNS record' });
  await expect(delRec).toContainText('Are you sure you want to delete the A record www.e2e-winter.flexfit-bands.com?');
  await delRec.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('DNS record A www.e2e-winter.flexfit-bands.com deleted')).toBeVisible();
  await expect(aRow).toHaveCount(0);

  // Delete the subdomain, asked first.
  await tab.getByRole('button', { name: 'Delete e2e-winter.flexfit-bands.com' }).click();
  const del = page.getByRole('alertdialog', { name: 'Delete domain' });
  await expect(del).toContainText('Are you sure you want to delete the subdomain e2e-winter.flexfit-bands.com?');
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Domain e2e-winter.flexfit-bands.com deleted')).toBeVisible();
  await page.reload();
  await expect(tab.getByRole('table', { name: 'Domains' })).toContainText('glowskin-offer.com');
  await expect(tab.getByText('e2e-winter.flexfit-bands.com')).toHaveCount(0);
});

test("domains: a locked funnel's domains are read-only, with the reason said; its DNS records can be read", async ({ page }) => {
  await signIn(page, '/funnels/3/domains');
  const tab = page.getByRole('region', { name: 'Domains' });
  await expect(tab.getByText('The funnel is locked: unlock it to add, edit or delete domains.')).toBeVisible();
  await expect(tab.getByRole('button', { name: 'Add domain' })).toBeDisabled();
  await expect(tab.getByRole('button', { name: 'Edit sommer.flexfit-bands.com' })).toBeDisabled();
  await tab.getByRole('button', { name: 'DNS records of sommer.flexfit-bands.com' }).click();
  const dns = page.getByRole('region', { name: 'DNS records of sommer.flexfit-bands.com' });
  await expect(dns.getByLabel('Content of record 1')).toHaveValue('flexfit-bands.com');
  await expect(dns.getByRole('button', { name: 'Add record' })).toBeDisabled();
});

test('domains: a new domain joins the funnel with its DNS zone; its records open; delete asks first', async ({ page }) => {
  await signIn(page, '/funnels/1/domains');
  const tab = page.getByRole('region', { name: 'Domains' });
  await tab.getByRole('button', { name: 'Add domain' }).click();
  const add = page.getByRole('dialog', { name: 'Add domain' });
  await add.getByRole('radio', { name: 'New domain' }).click();
  await add.getByLabel('Domain name').fill('GlowSkin-E2E.net');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Domain glowskin-e2e.net added')).toBeVisible();
  await page.reload();
  await expect(tab.getByRole('row', { name: /glowskin-e2e\.net Domain In DNS/ })).toBeVisible();
  await tab.getByRole('button', { name: 'DNS records of glowskin-e2e.net' }).click();
  await expect(page.getByRole('region', { name: 'DNS records of glowskin-e2e.net' }).getByText('No DNS records added')).toBeVisible();

  await tab.getByRole('button', { name: 'Delete glowskin-e2e.net' }).click();
  const del = page.getByRole('alertdialog', { name: 'Delete domain' });
  await expect(del).toContainText('Are you sure you want to delete the domain glowskin-e2e.net? Its DNS zone goes too.');
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Domain glowskin-e2e.net deleted')).toBeVisible();
  await expect(page.getByRole('region', { name: 'DNS records of glowskin-e2e.net' })).toHaveCount(0);
  await page.reload();
  await expect(tab.getByText('glowskin-e2e.net')).toHaveCount(0);
});

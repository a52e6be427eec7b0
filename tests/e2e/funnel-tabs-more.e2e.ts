/**
 * The funnel page's Scrubs, Pixels and Block User tabs end to end ("Storybook and
 * tests"): per tab, create, edit and delete through the UI of `npm start`, reload and find
 * the result kept. Demo data: funnel 1 ("GlowSkin Summer") with a global scrub, a scrub for
 * affiliate 1001, three pixels and two blocked users.
 */
import { expect, test } from './fixtures';
import { deleteConfirmed, openDialog, openRequiring, openTab, pressExpecting } from './helpers';

test('scrubs: add for an affiliate (seed messages first), edit the percent, kept after reload, delete with confirmation', async ({ page }) => {
  const tab = await openTab(page, '/funnels/1/scrubs', 'Scrubs', ['Scrubs', 'Traffic Kings']);

  const add = await openRequiring(page, 'Add scrub', ['Missing Scrub Percent'], { in: tab });
  await add.getByLabel('Scrub percent').fill('12');
  await pressExpecting(add, ['Missing Affiliate ID']);
  // One scrub per affiliate: the server refuses a second one for 1001.
  await add.getByLabel('Affiliate ID').fill('1001');
  await pressExpecting(add, ['Scrub for affiliate 1001 already exists'], page);
  await add.getByLabel('Affiliate ID').fill('4242');
  await add.getByLabel('Affiliate name').fill('E2E Media');
  await pressExpecting(add, ['Added the scrub for affiliate 4242'], page);
  await expect(add).toBeHidden();

  await page.reload();
  const edit = await openDialog(page, 'Edit scrub for affiliate 4242', { in: tab });
  await expect(edit.getByLabel('Scrub percent')).toHaveValue('12');
  await edit.getByLabel('Scrub percent').fill('33');
  await pressExpecting(edit, ['Saved the scrub for affiliate 4242'], page);
  await page.reload();
  await expect(tab.getByRole('row', { name: /4242.*E2E Media.*33%/ })).toBeVisible();

  await deleteConfirmed(page, 'Delete scrub for affiliate 4242', 'Delete scrub', { in: tab });
  await expect(page.getByText('Deleted the scrub for affiliate 4242')).toBeVisible();
  await page.reload();
  await expect(tab.getByRole('table', { name: 'Scrubs' })).toContainText('Traffic Kings');
  await expect(tab.getByText('E2E Media')).toHaveCount(0);
});

test('pixels: add on two pages (one row each, code normalised), edit one, kept after reload, delete both', async ({ page }) => {
  const tab = await openTab(page, '/funnels/1/pixels', 'Pixels', ['Pixels', 'Everflow Conversion']);

  const add = await openRequiring(page, 'Add pixel', ['Missing Pixel Name', 'Please select at least one page'], { in: tab });
  await add.getByLabel('Name').fill('E2E Pixel');
  await add.getByLabel('Location').selectOption('body');
  await add.getByLabel('Code').fill('<script>\nwindow.e2e = "yes";\n</script>');
  const boxes = add.getByRole('checkbox');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await pressExpecting(add, ['Pixel E2E Pixel added to 2 pages'], page);

  await page.reload();
  const rows = tab.getByRole('row', { name: /E2E Pixel/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("<script>window.e2e = 'yes';</script>");

  await tab
    .getByRole('button', { name: /^Edit E2E Pixel on / })
    .first()
    .click();
  const edit = page.getByRole('dialog', { name: /^Edit E2E Pixel on / });
  await edit.getByLabel('Name').fill('E2E Pixel renamed');
  await pressExpecting(edit, ['Pixel E2E Pixel renamed saved'], page);
  await page.reload();
  await expect(tab.getByRole('row', { name: /E2E Pixel renamed/ })).toHaveCount(1);
  await expect(tab.getByRole('row', { name: /E2E Pixel/ })).toHaveCount(2);

  for (const name of [/^Delete E2E Pixel renamed on /, /^Delete E2E Pixel on /]) {
    await deleteConfirmed(page, name, 'Delete pixel', { in: tab });
    await expect(page.getByRole('alertdialog')).toBeHidden();
  }
  await page.reload();
  await expect(tab.getByRole('table', { name: 'Pixels' })).toContainText('Everflow Conversion');
  await expect(tab.getByRole('row', { name: /E2E Pixel/ })).toHaveCount(0);
});

test('block user: add an IP (pattern checked first), edit its decline limit, kept after reload, delete with confirmation', async ({ page }) => {
  const tab = await openTab(page, '/funnels/1/blockers', 'Block User', ['Blocked users', '198.51.100.23']);

  const add = await openRequiring(page, 'Block user', ['Please input an IP, a country, an e-mail or a phone'], { in: tab });
  await add.getByLabel('IP address').fill('203.0.113.300');
  await pressExpecting(add, ['Please input a valid IP address']);
  await add.getByLabel('IP address').fill('203.0.113.77');
  await add.getByLabel('Country').fill('FR');
  await pressExpecting(add, ['Added the block of 203.0.113.77'], page);

  await page.reload();
  const edit = await openDialog(page, 'Edit block of 203.0.113.77', { in: tab });
  await expect(edit.getByLabel('Country')).toHaveValue('FR');
  await edit.getByLabel('Order decline limit').fill('4');
  await pressExpecting(edit, ['Saved the block of 203.0.113.77'], page);
  await page.reload();
  await expect(tab.getByRole('row', { name: /203\.0\.113\.77.*FR.*4/ })).toBeVisible();

  await deleteConfirmed(page, 'Delete block of 203.0.113.77', 'Delete block', { in: tab });
  await expect(page.getByText('Deleted the block of 203.0.113.77')).toBeVisible();
  await page.reload();
  await expect(tab.getByRole('table', { name: 'Blocked users' })).toContainText('198.51.100.23');
  await expect(tab.getByText('203.0.113.77')).toHaveCount(0);
});

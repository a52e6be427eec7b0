/**
 * The funnel page's Scrubs, Pixels and Block User tabs end to end ("Storybook and
 * tests"): per tab, create, edit and delete through the UI of `npm start`, reload and find
 * the result kept. Demo data: funnel 1 ("GlowSkin Summer") with a global scrub, a scrub for
 * affiliate 1001, three pixels and two blocked users.
 */
import { expect, test } from './fixtures';
import { signIn } from './helpers';

test('scrubs: add for an affiliate (seed messages first), edit the percent, kept after reload, delete with confirmation', async ({ page }) => {
  await signIn(page, '/funnels/1/scrubs');
  const tab = page.getByRole('region', { name: 'Scrubs' });
  await expect(tab.getByRole('table', { name: 'Scrubs' })).toContainText('Traffic Kings');

  await tab.getByRole('button', { name: 'Add scrub' }).click();
  const add = page.getByRole('dialog', { name: 'Add scrub' });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Missing Scrub Percent')).toBeVisible();
  await add.getByLabel('Scrub percent').fill('12');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Missing Affiliate ID')).toBeVisible();
  // One scrub per affiliate: the server refuses a second one for 1001.
  await add.getByLabel('Affiliate ID').fill('1001');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Scrub for affiliate 1001 already exists')).toBeVisible();
  await add.getByLabel('Affiliate ID').fill('4242');
  await add.getByLabel('Affiliate name').fill('E2E Media');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Added the scrub for affiliate 4242')).toBeVisible();
  await expect(add).toBeHidden();

  await page.reload();
  await tab.getByRole('button', { name: 'Edit scrub for affiliate 4242' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit scrub for affiliate 4242' });
  await expect(edit.getByLabel('Scrub percent')).toHaveValue('12');
  await edit.getByLabel('Scrub percent').fill('33');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved the scrub for affiliate 4242')).toBeVisible();
  await page.reload();
  await expect(tab.getByRole('row', { name: /4242.*E2E Media.*33%/ })).toBeVisible();

  await tab.getByRole('button', { name: 'Delete scrub for affiliate 4242' }).click();
  await page.getByRole('alertdialog', { name: 'Delete scrub' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted the scrub for affiliate 4242')).toBeVisible();
  await page.reload();
  await expect(tab.getByRole('table', { name: 'Scrubs' })).toContainText('Traffic Kings');
  await expect(tab.getByText('E2E Media')).toHaveCount(0);
});

test('pixels: add on two pages (one row each, code normalised), edit one, kept after reload, delete both', async ({ page }) => {
  await signIn(page, '/funnels/1/pixels');
  const tab = page.getByRole('region', { name: 'Pixels' });
  await expect(tab.getByRole('table', { name: 'Pixels' })).toContainText('Everflow Conversion');

  await tab.getByRole('button', { name: 'Add pixel' }).click();
  const add = page.getByRole('dialog', { name: 'Add pixel' });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Missing Pixel Name')).toBeVisible();
  await expect(add.getByText('Please select at least one page')).toBeVisible();
  await add.getByLabel('Name').fill('E2E Pixel');
  await add.getByLabel('Location').selectOption('body');
  await add.getByLabel('Code').fill('<script>\nwindow.e2e = "yes";\n</script>');
  const boxes = add.getByRole('checkbox');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Pixel E2E Pixel added to 2 pages')).toBeVisible();

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
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Pixel E2E Pixel renamed saved')).toBeVisible();
  await page.reload();
  await expect(tab.getByRole('row', { name: /E2E Pixel renamed/ })).toHaveCount(1);
  await expect(tab.getByRole('row', { name: /E2E Pixel/ })).toHaveCount(2);

  for (const name of [/^Delete E2E Pixel renamed on /, /^Delete E2E Pixel on /]) {
    await tab.getByRole('button', { name }).click();
    await page.getByRole('alertdialog', { name: 'Delete pixel' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog')).toBeHidden();
  }
  await page.reload();
  await expect(tab.getByRole('table', { name: 'Pixels' })).toContainText('Everflow Conversion');
  await expect(tab.getByRole('row', { name: /E2E Pixel/ })).toHaveCount(0);
});

test('block user: add an IP (pattern checked first), edit its decline limit, kept after reload, delete with confirmation', async ({ page }) => {
  await signIn(page, '/funnels/1/blockers');
  const tab = page.getByRole('region', { name: 'Block User' });
  await expect(tab.getByRole('table', { name: 'Blocked users' })).toContainText('198.51.100.23');

  await tab.getByRole('button', { name: 'Block user' }).click();
  const add = page.getByRole('dialog', { name: 'Block user' });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Please input an IP, a country, an e-mail or a phone')).toBeVisible();
  await add.getByLabel('IP address').fill('203.0.113.300');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Please input a valid IP address')).toBeVisible();
  await add.getByLabel('IP address').fill('203.0.113.77');
  await add.getByLabel('Country').fill('FR');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Added the block of 203.0.113.77')).toBeVisible();

  await page.reload();
  await tab.getByRole('button', { name: 'Edit block of 203.0.113.77' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit block of 203.0.113.77' });
  await expect(edit.getByLabel('Country')).toHaveValue('FR');
  await edit.getByLabel('Order decline limit').fill('4');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved the block of 203.0.113.77')).toBeVisible();
  await page.reload();
  await expect(tab.getByRole('row', { name: /203\.0\.113\.77.*FR.*4/ })).toBeVisible();

  await tab.getByRole('button', { name: 'Delete block of 203.0.113.77' }).click();
  await page.getByRole('alertdialog', { name: 'Delete block' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted the block of 203.0.113.77')).toBeVisible();
  await page.reload();
  await expect(tab.getByRole('table', { name: 'Blocked users' })).toContainText('198.51.100.23');
  await expect(tab.getByText('203.0.113.77')).toHaveCount(0);
});

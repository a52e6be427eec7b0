/**
 * Releases with rollback end to end: on a copy of demo funnel 2 an operator edits a
 * page text and publishes (the confirmation says what goes live: the first release), edits it
 * again and publishes (the confirmation names the page whose texts changed), opens the Releases
 * tab, rolls back to the first release, and the site serves the first text again.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { cloneDemoFunnel, signIn } from './helpers';

/** Sets the presell's first list item's bold text in the page editor and saves. */
async function setListText(page: Page, text: string) {
  await page.getByRole('tab', { name: 'Lists' }).click();
  const bold = page.getByRole('group', { name: 'List item 1' }).getByLabel('Bold text');
  await bold.fill(text);
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const proof = page.getByRole('dialog', { name: 'Changes saved' });
  await expect(proof).toContainText('/meta/list/0/boldText');
  await proof.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
}

/** Presses Publish, expects `live` in the confirmation's "What goes live", publishes and closes 'Done'. */
async function publishSeeing(page: Page, live: string) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const ask = page.getByRole('alertdialog', { name: 'Publish funnel?' });
  await expect(ask.getByRole('list', { name: 'What goes live' })).toContainText(live);
  await ask.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Done' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Close' }).click();
}

test('edit, publish, edit, publish, roll back to the first release: the old text is served', async ({ page, request, baseURL }) => {
  const { id, pages } = await cloneDemoFunnel(request, baseURL!, 2, 'E2E Releases – PureBrite');
  const presell = pages.find((p) => p.page_type === 'presell');
  if (!presell) throw new Error('the copy has no presell page');
  const siteUrl = `${baseURL}/sites/funnel-${id}.localhost${presell.page_path}`;

  await signIn(page, `/funnels/${id}/pages/${presell.ID}`);
  await setListText(page, 'Release one text');
  await page.goto(`/funnels/${id}/pages`);
  await publishSeeing(page, `First release: ${pages.length} pages`);
  expect(await (await request.get(siteUrl)).text()).toContain('Release one text');

  await page.goto(`/funnels/${id}/pages/${presell.ID}`);
  await setListText(page, 'Release two text');
  await page.goto(`/funnels/${id}/pages`);
  await publishSeeing(page, `Texts changed on ${presell.name}`);
  const second = await (await request.get(siteUrl)).text();
  expect(second).toContain('Release two text');
  expect(second).not.toContain('Release one text');

  await page.getByRole('tab', { name: 'Releases' }).click();
  await expect(page).toHaveURL(new RegExp(`/funnels/${id}/releases$`));
  const table = page.getByRole('table', { name: 'Releases' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Live');
  await expect(rows.nth(1)).toContainText(`Texts changed on ${presell.name}`);
  await expect(rows.nth(2)).toContainText(`First release: ${pages.length} pages`);

  await rows
    .nth(2)
    .getByRole('button', { name: /^Roll back to the release of/ })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Roll back' });
  await confirm.getByRole('button', { name: 'Roll back' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(`Rolled back funnel-${id}.localhost to the release of`);
  await expect(rows.nth(2)).toContainText('Live');
  await expect(rows.nth(1).getByRole('button', { name: /^Roll back to the release of/ })).toBeEnabled();

  const rolledBack = await (await request.get(siteUrl)).text();
  expect(rolledBack).toContain('Release one text');
  expect(rolledBack).not.toContain('Release two text');
  // The visitor's browser sees the same.
  await page.goto(siteUrl);
  await expect(page.getByText('Release one text')).toBeVisible();

  // The rollback is in the Logs tab as a system note.
  await page.goto(`/funnels/${id}/logs`);
  await expect(page.getByRole('listitem', { name: 'Note: Rolled back' })).toContainText(`Rolled back funnel-${id}.localhost to the release of`);
});

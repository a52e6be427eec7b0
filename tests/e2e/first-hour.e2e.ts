/**
 * A new operator's first hour, where the help must be where it is needed: a funnel
 * without a domain is published on this admin under /sites/funnel-<id>.localhost/, and its page
 * editor's "Published page" preview loads that local address and says so; disabled controls
 * say why (the editor bar's Undo and Save before any edit, every Add on a locked funnel).
 */
import { expect, test } from './fixtures';
import { cloneDemoFunnel, publishFunnel, signIn } from './helpers';

test('a funnel without a domain: its published page is previewed at the local address, with the note and a link to the Domains tab', async ({
  page,
  request,
  baseURL,
}) => {
  const { id, pages } = await cloneDemoFunnel(request, baseURL!, 2, 'E2E First hour – no domain');
  const checkout = pages.find((p) => p.page_type === 'checkout');
  if (!checkout) throw new Error('the copy has no checkout page');

  await signIn(page, `/funnels/${id}/pages`);
  await publishFunnel(page);

  await page.goto(`/funnels/${id}/pages/${checkout.ID}`);
  // Nothing edited yet: Undo and Save are disabled and say why.
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toHaveAttribute('title', 'Nothing to undo');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveAttribute('title', 'No unsaved changes to save');

  await page.getByRole('radio', { name: 'Published page' }).click();
  const local = `${baseURL}/sites/funnel-${id}.localhost${checkout.page_path}`;
  await expect(page.getByLabel('Published page URL')).toHaveValue(local);
  const note = page.getByRole('note').filter({ hasText: 'This funnel has no domain yet' });
  await expect(note).toContainText(`/sites/funnel-${id}.localhost/`);
  // The published page itself shows in the frame (fetched by the server from the release on disk).
  const frame = page.frameLocator(`iframe[title="Published ${checkout.name}"]`);
  await expect(frame.locator('body')).toContainText(/\S/, { timeout: 15_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await note.getByRole('link', { name: 'Domains tab' }).click();
  await expect(page).toHaveURL(new RegExp(`/funnels/${id}/domains$`));
});

test('a locked funnel: every disabled Add, Edit and Delete says the funnel is locked', async ({ page }) => {
  // Demo funnel 3 is the locked one. (A locked copy of another demo funnel would lock its
  // campaigns too, and the sticky test's fulfilment upload would then refuse them.)
  const id = 3;
  await signIn(page, `/funnels/${id}/pages`);
  await expect(page.getByRole('button', { name: 'Unlock', exact: true })).toBeVisible();
  for (const tab of ['pages', 'scrubs', 'pixels', 'blockers']) {
    await page.goto(`/funnels/${id}/${tab}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('button').first()).toBeVisible();
    const disabled = main.locator('button:disabled');
    await expect(disabled.first()).toBeVisible();
    // Each disabled button of the tab gives the reason, in the seeds' words.
    for (const b of await disabled.all()) {
      await expect(b, `a disabled button on the ${tab} tab`).toHaveAttribute('title', /.+/);
    }
    await expect(disabled.filter({ hasText: /^(Add page|Add scrub|Add pixel|Block user)$/ })).toHaveAttribute(
      'title',
      'This funnel is locked: unlock it to make changes',
    );
  }
});

/**
 * The template editor end to end (001 §2 "Template editor", §5): opened from a page's
 * Designer action, texts edited in place in the sandboxed frame, the CSS editor refusing invalid
 * code and recording valid code, the parent's history undoing one step, Save with the proof
 * dialog and the last-save marker, the Logs tab's diff, and the edits on the published page;
 * the keyboard doing what the mouse does, and the marker kept by the server for every operator
 *.
 * The frame is shown at the mobile width: at that width it is not scaled, so Playwright's
 * clicks land where a person's would.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { cloneDemoFunnel, publishFunnel, signIn } from './helpers';

/** The editable frame and one of its `data-edit` marks. */
const frame = (page: Page) => page.frameLocator('iframe[title^="Template editor"]');
const mark = (page: Page, path: string) => frame(page).locator(`[data-edit="${path}"]`);

/** Clicks a text in the frame, replaces it by typing, and ends the session with Enter. */
async function editText(page: Page, path: string, text: string) {
  await mark(page, path).click();
  await expect(page.getByRole('status').filter({ hasText: `Editing ${path}` })).toBeVisible();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Click a text to edit it in place' })).toBeVisible();
}

test('Designer → texts edited in the frame, CSS refused then applied, undo one, save with proof and marker, Logs, publish', async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page, '/funnels/1/pages');
  await page.getByRole('link', { name: 'Designer for Thank You', exact: true }).click();
  await expect(page).toHaveURL(/\/template-editor\/5$/);
  await expect(page.getByRole('link', { name: /Back to GlowSkin Serum/ })).toHaveAttribute('href', '/funnels/1/pages');
  // The last save as the server keeps it: the demo page's last save, by whoever made it.
  await expect(page.getByRole('status', { name: 'Last save' })).toHaveText(/^Last saved .+ by /);
  // The thank-you template's meta decides the drawer's tabs: no Products, no Shipping.
  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab', { name: 'Lists' })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Page SEO' })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Products' })).toHaveCount(0);
  await expect(tabs.getByRole('tab', { name: 'Shipping' })).toHaveCount(0);

  await page.getByRole('radio', { name: 'Mobile' }).click();
  await expect(mark(page, 'headline')).toHaveAttribute('data-fe', 'text');
  // Hostile text: tags and a script are typed as text; the plain field keeps only the words.
  await editText(page, 'headline', 'Thanks <b>a lot</b><script>alert(1)</script>!');
  await expect(mark(page, 'headline')).toHaveText('Thanks a lot!');
  await editText(page, 'message', 'Your serum is on its way.');
  await expect(mark(page, 'message')).toHaveText('Your serum is on its way.');
  // Escape cancels a session: nothing is recorded.
  await mark(page, 'orderNote').click();
  await page.keyboard.type(' never kept');
  await page.keyboard.press('Escape');
  await expect(mark(page, 'orderNote')).not.toContainText('never kept');
  await expect(page.getByRole('button', { name: 'Undo Edit text message' })).toBeVisible();

  // CSS: invalid code is refused with the seed's message and records nothing; valid code is one command.
  await tabs.getByRole('tab', { name: 'CSS' }).click();
  const css = page.getByRole('textbox', { name: 'CSS' });
  await css.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText('.thanks color: red; }');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Not valid css code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo Edit text message' })).toBeVisible();
  await css.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText('h1 { letter-spacing: 0.02em; }');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('button', { name: 'Undo Edit CSS' })).toBeVisible();

  // Undo one step in the parent (the frame's Ctrl+Z reaches the same history): the CSS goes, the texts stay.
  await mark(page, 'supportText').focus();
  await page.keyboard.press('Control+z');
  await expect(page.getByRole('button', { name: 'Undo Edit text message' })).toBeVisible();
  await expect(mark(page, 'message')).toHaveText('Your serum is on its way.');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const proof = page.getByRole('dialog', { name: 'Changes saved' });
  await expect(proof).toContainText('/meta/headline');
  await expect(proof).toContainText('/meta/message');
  await expect(proof).not.toContainText('/meta/css');
  await proof.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('status', { name: 'Last save' })).toHaveText(/^Last saved .+ by Oscar Operator$/);

  // Kept: after a reload the frame shows the saved texts, and the marker stays.
  await page.reload();
  await page.getByRole('radio', { name: 'Mobile' }).click();
  await expect(mark(page, 'headline')).toHaveText('Thanks a lot!');
  await expect(page.getByRole('status', { name: 'Last save' })).toHaveText(/^Last saved .+ by Oscar Operator$/);

  await page.goto('/funnels/1/logs');
  // One save, one audit entry naming both commands; the undone CSS is not in it.
  const change = page.getByRole('listitem', { name: 'Change: Edit text headline, Edit text message' }).first();
  await expect(change).toBeVisible();
  await change.getByRole('button', { name: 'Show raw ops' }).click();
  await expect(change.getByRole('table')).toContainText('/meta/message');
  await expect(change.getByRole('table')).toContainText('Your serum is on its way.');
  await expect(change.getByRole('table')).toContainText('Thanks a lot!');
  await expect(change.getByRole('table')).not.toContainText('/meta/css');

  await page.goto('/funnels/1/pages');
  await publishFunnel(page);
  const published = await request.get(`${baseURL}/sites/glowskin-offer.com/thank-you/`);
  expect(published.status()).toBe(200);
  const html = await published.text();
  expect(html).toContain('Thanks a lot!');
  expect(html).toContain('Your serum is on its way.');
  expect(html).not.toContain('alert(1)');
  expect(html).not.toContain('letter-spacing: 0.02em');
});

test("keyboard editing as mouse editing; the last save is the server's, the same for another operator", async ({ page, browser, request, baseURL }) => {
  const { pages } = await cloneDemoFunnel(request, baseURL!, 1, 'E2E Template editor keys');
  const thanks = pages.find((p) => p.page_type === 'thankyou')!;
  await signIn(page, `/template-editor/${thanks.ID}`);
  await page.getByRole('radio', { name: 'Mobile' }).click();
  const marker = page.getByRole('status', { name: 'Last save' });
  const selection = () =>
    frame(page)
      .locator('body')
      .evaluate(() => document.getSelection()?.toString() ?? '');

  // Enter on a focused text starts editing it (it started and ended at once before).
  await mark(page, 'headline').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Editing headline' })).toBeVisible();
  await expect(mark(page, 'headline')).toHaveAttribute('contenteditable', 'true');
  // Ctrl+A inside it selects that text only (not the page), and typing replaces the selection.
  const before = (await mark(page, 'headline').textContent()) ?? '';
  await page.keyboard.press('Control+a');
  expect(await selection()).toBe(before);
  await page.keyboard.type('Thanks from the keyboard');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Click a text to edit it in place' })).toBeVisible();
  await expect(mark(page, 'headline')).toHaveText('Thanks from the keyboard');
  await expect(page.getByRole('button', { name: 'Undo Edit text headline' })).toBeVisible();

  // Ctrl+A on a focused text (no session yet) selects that text in a session too; typing replaces it.
  await mark(page, 'message').focus();
  await page.keyboard.press('Control+a');
  await expect(mark(page, 'message')).toHaveAttribute('contenteditable', 'true');
  expect(await selection()).toBe(await mark(page, 'message').textContent());
  await page.keyboard.type('Typed over with the keyboard.');
  await page.keyboard.press('Enter');
  await expect(mark(page, 'message')).toHaveText('Typed over with the keyboard.');

  // Ctrl+S from the frame saves; the marker is the server's: this operator, now.
  await mark(page, 'supportText').focus();
  await page.keyboard.press('Control+s');
  const proof = page.getByRole('dialog', { name: 'Changes saved' });
  await expect(proof).toContainText('/meta/headline');
  await proof.getByRole('button', { name: 'OK' }).click();
  await expect(marker).toHaveText(/^Last saved .+ by Oscar Operator$/);

  // Another operator, in another browser, sees the same marker (it was kept in one browser before)…
  const other = await browser.newContext();
  const admin = await other.newPage();
  await signIn(admin, `/template-editor/${thanks.ID}`, 'admin');
  const adminMarker = admin.getByRole('status', { name: 'Last save' });
  await expect(adminMarker).toHaveText((await marker.textContent()) ?? '');
  // …and their save moves it for the first operator too, without a reload.
  await admin.getByRole('radio', { name: 'Mobile' }).click();
  await mark(admin, 'orderNote').click();
  await admin.keyboard.press('Control+a');
  await admin.keyboard.type('Saved by the admin.');
  await admin.keyboard.press('Enter');
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await admin.getByRole('dialog', { name: 'Changes saved' }).getByRole('button', { name: 'OK' }).click();
  await expect(adminMarker).toHaveText(/^Last saved .+ by Ada Admin$/);
  await expect(marker).toHaveText(/^Last saved .+ by Ada Admin$/);
  await other.close();
});

test('a locked funnel: the template editor shows the page, starts no edit and says why', async ({ page }) => {
  await signIn(page, '/template-editor/15');
  await expect(page.getByRole('status').filter({ hasText: 'This funnel is locked' }).first()).toBeVisible();
  await page.getByRole('radio', { name: 'Mobile' }).click();
  await expect(mark(page, 'headline')).toHaveAttribute('data-fe', 'text');
  await mark(page, 'headline').click();
  await page.keyboard.type('x');
  await expect(mark(page, 'headline')).not.toHaveAttribute('contenteditable', 'true');
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
});

test('without a page id the template editor redirects to the funnels', async ({ page }) => {
  await signIn(page, '/funnels');
  await page.goto('/template-editor');
  await expect(page).toHaveURL(/\/funnels$/);
  await page.goto('/template-editor/abc');
  await expect(page).toHaveURL(/\/funnels$/);
});

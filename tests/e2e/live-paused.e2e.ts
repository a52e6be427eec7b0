/**
 * The editor bar shows when live updates are paused and when they resume: the
 * funnel's event stream is refused by the network while the page opens, so the tab keeps
 * reconnecting; once the network lets it through, the stream connects and the bar says so.
 */
import { expect, test } from './fixtures';
import { cloneDemoFunnel, signIn } from './helpers';

test('the editor bar says live updates are paused while the stream cannot connect, and resumed once it does', async ({ browser, request, baseURL }) => {
  const { id, pages } = await cloneDemoFunnel(request, baseURL!, 2, `E2E live paused ${Date.now()}`, 'admin');
  const checkout = pages.find((p) => p.page_type === 'checkout');
  if (!checkout) throw new Error('the copy has no checkout page');
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // The live stream cannot get through (a proxy in the way, the server's stream down).
  const events = '**/api/v1/funnels/*/events*';
  await page.route(events, (r) => r.abort('connectionreset'));
  await signIn(page, `/funnels/${id}/pages/${checkout.ID}`, 'admin');
  const bar = page.getByRole('toolbar', { name: 'Editing' });
  await expect(bar.getByText('Live updates paused — reconnecting…')).toBeVisible();
  await expect(bar.getByRole('status')).toHaveText('All changes saved'); // editing goes on

  // The stream gets through again: at its next reconnect the bar says live updates resumed.
  await page.unroute(events);
  await expect(bar.getByText('Live updates resumed')).toBeVisible({ timeout: 20_000 });
  await expect(bar.getByText('Live updates paused — reconnecting…')).toHaveCount(0);
  await context.close();
});

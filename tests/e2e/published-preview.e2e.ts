/**
 * The page editor's "Published page" preview as the buyer's page: right after
 * a domain is added to a published funnel the preview still shows the page (read from the
 * funnel's live release, which stays on this admin until the next publish) instead of "The page
 * could not be fetched"; and at a 1024 px window the desktop page is shown at half size and
 * scrolls sideways, not shrunk to a fifth.
 */
import { expect, test } from './fixtures';
import { cloneDemoFunnel, publishFunnel, signIn } from './helpers';

test('a domain added after the last publish: the published page still shows, readable at 1024 px', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const { id, pages, auth } = await cloneDemoFunnel(request, baseURL!, 1, 'E2E Published preview – new domain');
  const checkout = pages.find((p) => p.page_type === 'checkout');
  if (!checkout) throw new Error('the copy has no checkout page');

  await signIn(page, `/funnels/${id}/pages`);
  await publishFunnel(page);
  // The operator adds a domain (a subdomain of the demo's flexfit-bands.com) and does not publish again.
  const added = await request.post(`${baseURL}/api/v1/domains/`, { headers: auth, data: { name: 'e2e-preview-new', funnel_id: id, domain_id: 2 } });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto(`/funnels/${id}/pages/${checkout.ID}`);
  await page.getByRole('radio', { name: 'Published page' }).click();
  await expect(page.getByLabel('Published page URL')).toHaveValue(`https://e2e-preview-new.flexfit-bands.com${checkout.page_path}`);
  const frame = page.locator(`iframe[title="Published ${checkout.name}"]`);
  await expect(page.frameLocator(`iframe[title="Published ${checkout.name}"]`).locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Readable: the 1200 px desktop page at half size (it was 22 %), the rest a sideways scroll away.
  await expect(frame).toHaveAttribute('data-scale', '0.500');
  const well = page.getByRole('region', { name: `Published ${checkout.name}, scrolls sideways` });
  await expect(well).toBeVisible();
  await expect(page.getByText('50 %', { exact: true })).toBeVisible();
  expect(await well.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
});

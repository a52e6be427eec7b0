/**
 * The Pages tab's flow diagram end to end: on a copy of demo funnel 2 an operator
 * opens the flow, finds the index page's actions inside the canvas, rewires an
 * upsell's skip link by dragging the arrow's end, connects a page by mistake and undoes it with
 * Ctrl+Z, moves a node, saves (the Logs tab names the rewire, not the move), finds the layout
 * kept after a reload, publishes, and the published upsell's "no" link leads where the diagram
 * says. Then a funnel built with the build wizard (its pages not linked yet) is wired in the
 * diagram by dropping a link on a page's body, an arrow dropped loose and brought back
 * with Ctrl+Z, refused by the pre-publish check until its checkout sells a package, and published.
 */
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { getToken } from '../../src/server/auth/headless-login';
import { ACCOUNTS, publishFunnel, signIn } from './helpers';

const node = (page: Page, name: string) => page.locator('.react-flow__node').filter({ hasText: name });
const handle = (n: Locator, id: 'in' | 'next' | 'skip') => n.locator(`.react-flow__handle[data-handleid="${id}"]`);

async function centre(l: Locator): Promise<{ x: number; y: number }> {
  const b = await l.boundingBox();
  if (!b) throw new Error('not visible');
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** A real mouse drag from `from` to `to`, in steps as a hand moves. */
async function drag(page: Page, from: Locator, to: { x: number; y: number }) {
  const a = await centre(from);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

const edgeTo = (page: Page, label: string) => page.locator(`.react-flow__edge[aria-label="${label}"]`);

test('rewire in the flow diagram, undo a rewire, keep the layout, save, publish', async ({ page, request, baseURL }) => {
  const token = await getToken(baseURL!, ACCOUNTS.operator.email, ACCOUNTS.operator.password);
  const clone = await request.post(`${baseURL}/api/v1/funnels/2/clone`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'E2E Flow – PureBrite' },
  });
  expect(clone.status(), await clone.text()).toBe(201);
  const id = ((await clone.json()) as { ID: number }).ID;

  await signIn(page, `/funnels/${id}/pages`);
  await page.getByRole('radio', { name: 'Flow' }).click();
  await expect(page).toHaveURL(/\?view=flow$/);
  await expect(page.locator('.react-flow__node')).toHaveCount(5);
  await expect(page.getByText('No problems found: the funnel is ready to publish')).toBeVisible();
  const refill = node(page, 'Upsell – Refill Pack');
  await expect(edgeTo(page, 'Skip page of Upsell – Refill Pack: Upsell – Toothpaste (skip)')).toHaveCount(1);

  // The index page (at the canvas's top edge): its actions show inside the canvas, reachable without panning.
  await node(page, 'Index').click();
  const actions = page.getByRole('group', { name: /^Actions of / });
  await expect(actions.getByRole('button', { name: 'Settings' })).toBeVisible();
  const canvas = (await page.locator('.react-flow').boundingBox())!;
  const box = (await actions.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(canvas.y);
  expect(box.y + box.height).toBeLessThanOrEqual(canvas.y + canvas.height);
  await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } });
  await expect(actions).toHaveCount(0);

  // Rewire: the refill upsell's "no" (its right handle) goes to the thank-you page instead.
  await drag(page, handle(refill, 'skip'), await centre(handle(node(page, 'Thanks'), 'in')));
  await expect(edgeTo(page, 'Skip page of Upsell – Refill Pack: Thanks (skip)')).toHaveCount(1);
  await expect(edgeTo(page, 'Skip page of Upsell – Refill Pack: Upsell – Toothpaste (skip)')).toHaveCount(0);
  await expect(page.getByRole('toolbar', { name: 'Editing' }).getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();

  // A mistaken rewire (the presell's arrow dragged onto the thank-you page), undone with Ctrl+Z.
  const presellArrow = edgeTo(page, 'Next page of Presell – Story: Order Page');
  await drag(page, presellArrow.locator('.react-flow__edgeupdater-target'), await centre(handle(node(page, 'Thanks'), 'in')));
  await expect(edgeTo(page, 'Next page of Presell – Story: Thanks')).toHaveCount(1);
  await expect(page.getByText(/Order Page \(\/order\/\) cannot be reached/)).toBeVisible();
  await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await expect(edgeTo(page, 'Next page of Presell – Story: Order Page')).toHaveCount(1);
  await expect(edgeTo(page, 'Skip page of Upsell – Refill Pack: Thanks (skip)')).toHaveCount(1);

  // Move a node: one step, kept without an audit entry.
  const before = await refill.boundingBox();
  await drag(page, refill.locator('span').first(), { x: before!.x + before!.width / 2 + 160, y: before!.y + before!.height / 2 + 30 });
  const moved = await refill.evaluate((el) => el.style.transform);

  const bar = page.getByRole('toolbar', { name: 'Editing' });
  await bar.getByRole('button', { name: 'Save', exact: true }).click();
  const proof = page.getByRole('dialog', { name: 'Changes saved' });
  await expect(proof).toContainText('page_alt_id');
  await expect(proof).toContainText('/positions/');
  await proof.getByRole('button', { name: 'OK' }).click();
  await expect(bar.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();

  // Kept after a reload: the link and the node's place.
  await page.reload();
  await expect(page.locator('.react-flow__node')).toHaveCount(5);
  await expect(edgeTo(page, 'Skip page of Upsell – Refill Pack: Thanks (skip)')).toHaveCount(1);
  await expect.poll(() => node(page, 'Upsell – Refill Pack').evaluate((el) => el.style.transform)).toBe(moved);

  // The Logs tab names the rewire; the move is not there.
  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByRole('list', { name: 'Changes of Set skip page of Upsell – Refill Pack to Thanks' })).toContainText('Next page on skip');
  await expect(page.getByRole('list', { name: /^Changes of / }).first()).toBeVisible();
  await expect(page.getByRole('list', { name: /Changes of .*in the flow/ })).toHaveCount(0);
  await expect(page.getByRole('list', { name: /Changes of Set next page of Presell/ })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Pages' }).click();
  await publishFunnel(page);
  const published = await request.get(`${baseURL}/sites/funnel-${id}.localhost/special-offer/`);
  expect(published.status()).toBe(200);
  expect(await published.text()).toMatch(/class="link-decline" href="\.\.\/thanks\/"/);
});

test('a funnel from the build wizard, wired in the diagram, checked, published', async ({ page, request, baseURL }) => {
  const NAME = 'E2E Flow Wizard Funnel';
  await signIn(page, '/funnels/build');
  await page.getByLabel('Funnel name', { exact: true }).fill(NAME);
  await page.getByLabel('Existing offer', { exact: true }).selectOption({ label: 'LumaHair Growth Gummies (20322)' });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Campaign Id', { exact: true }).fill('12304');
  await page.getByLabel('Region', { exact: true }).selectOption('US');
  await page.getByLabel('Fulfillment', { exact: true }).selectOption('Ecomm');
  await page.getByRole('button', { name: 'Add campaign' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  for (const [name, type, path] of [
    ['Flow Checkout', 'checkout', '/flow-wiz/'],
    ['Flow Thanks', 'thankyou', '/flow-wiz/thanks/'],
  ] as const) {
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Page type', { exact: true }).selectOption(type);
    await page.getByLabel('Page path', { exact: true }).fill(path);
    await page.getByRole('button', { name: 'Add page' }).click();
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Parent domain', { exact: true }).selectOption({ label: 'flexfit-bands.com' });
  await page.getByLabel('Subdomain', { exact: true }).fill('e2e-flow-wizard');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/funnels\/\d+\/pages$/);
  const id = Number(/\/funnels\/(\d+)\/pages$/.exec(page.url())![1]);

  // The wizard's pages are not linked yet: the check says so beside the diagram.
  await page.getByRole('radio', { name: 'Flow' }).click();
  await expect(page.locator('.react-flow__node')).toHaveCount(2);
  const check = page.getByRole('complementary', { name: 'Pre-publish check' });
  await expect(check).toContainText('Flow Checkout (/flow-wiz/) has no products');
  await expect(check).toContainText('Flow Thanks (/flow-wiz/thanks/) cannot be reached');
  // A wizard funnel has no brand name or support line yet (000 §5): the check names them.
  for (const m of ['Please input the offer name', 'Please input the support number', 'Please input the support email']) await expect(check).toContainText(m);
  const checkout = node(page, 'Flow Checkout');
  await expect(checkout).toHaveAccessibleName('Flow Checkout, checkout page, /flow-wiz/, index page, has an error');

  // Wire checkout → thanks, dropped on the page's body (not its handle); drop the arrow
  // loose by mistake (cleared), Ctrl+Z brings it back.
  await drag(page, handle(checkout, 'next'), await centre(node(page, 'Flow Thanks')));
  const arrow = edgeTo(page, 'Next page of Flow Checkout: Flow Thanks');
  await expect(arrow).toHaveCount(1);
  await expect(check).not.toContainText('cannot be reached');
  const pane = (await page.locator('.react-flow__pane').boundingBox())!;
  await drag(page, arrow.locator('.react-flow__edgeupdater-target'), { x: pane.x + 30, y: pane.y + pane.height - 30 });
  await expect(arrow).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(arrow).toHaveCount(1);

  // Publish refuses while the checkout sells nothing, before anything is sent.
  const bar = page.getByRole('toolbar', { name: 'Editing' });
  await bar.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('dialog', { name: 'Changes saved' }).getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const refused = page.getByRole('alertdialog', { name: 'Publishing is not possible' });
  await expect(refused).toContainText('Flow Checkout (/flow-wiz/) has no products');
  await refused.getByRole('link', { name: 'Open page' }).click();

  // The checkout's editor (the refusal's link): one package, saved.
  await expect(page).toHaveURL(new RegExp(`/funnels/${id}/pages/\\d+$`));
  await page.getByLabel('Offer product', { exact: true }).selectOption({ index: 1 });
  await page.getByRole('combobox', { name: 'Package', exact: true }).first().selectOption({ index: 1 });
  await page.getByRole('button', { name: '+ Add product' }).click();
  await bar.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('dialog', { name: 'Changes saved' }).getByRole('button', { name: 'OK' }).click();

  // The funnel details a published funnel shows: offer name, support number and e-mail.
  await page.goto(`/funnels/${id}/details`);
  const details = page.getByRole('region', { name: 'Funnel details' });
  await details.getByLabel('Support number', { exact: true }).fill('+1 555 0142');
  await details.getByLabel('Support email', { exact: true }).fill('help@e2e-flow.example');
  await details.getByLabel('Offer name (dl_offer_name)', { exact: true }).fill('LumaHair Growth Gummies');
  await bar.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('dialog', { name: 'Changes saved' }).getByRole('button', { name: 'OK' }).click();

  await page.goto(`/funnels/${id}/pages?view=flow`);
  await expect(page.getByRole('complementary', { name: 'Pre-publish check' })).toContainText('No problems found');
  await publishFunnel(page);
  const published = await request.get(`${baseURL}/sites/e2e-flow-wizard.flexfit-bands.com/flow-wiz/`);
  expect(published.status()).toBe(200);
  expect(await published.text()).toMatch(/<form class="co" method="get" action="\.\.\/flow-wiz\/thanks\/"/);
});

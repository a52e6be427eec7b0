/**
 * The order platform end to end ("Playwright": ORDER_PLATFORM=sticky, then 29next,
 * pointed at the fakes): for each, a second server, its own process, talks to the
 * schema-checking fake (tests/fakes/sticky.ts, tests/fakes/29next.ts) started by this test. In
 * the browser an admin creates an offer, adds a product to it (created at the platform first:
 * the fake holds it under its SKU) and creates the offer's campaigns (at Sticky.io one campaign
 * per region; 29next's API cannot create campaigns — README "29next mapping" — so nothing is
 * sent there), then adds a shipping method from the store, changes it, and syncs it back (read
 * from the platform). At the end the fake saw no request its schema refuses.
 */
import { type Browser, type Page } from '@playwright/test';
import { type ServerProcess } from '../scripts/server-process';
import { expect, serverWithFake, test } from './fixtures';
import { startFakeSticky } from '../fakes/sticky';
import { startFakeNext } from '../fakes/29next';
import { createCampaignsFromOffer, openSignedIn, writesSince } from './helpers';

const SUFFIX = Date.now().toString(36).toUpperCase();

/**
 * The operator's journey on a fresh server: offer, product, campaigns from the offer, shipping
 * method added, edited and synced. Answers the product's SKU.
 */
async function journey(page: Page, o: { offerId: string; name: string; platform: 'sticky' | '29next'; store: '1' | '2' }): Promise<{ sku: string }> {
  const sku = `E2E-${o.platform.toUpperCase()}-${SUFFIX}`;
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await page.getByRole('button', { name: 'Add offer' }).click();
  const add = page.getByRole('dialog', { name: 'Add offer' });
  await add.getByLabel('Offer ID', { exact: true }).fill(o.offerId);
  await add.getByLabel('Offer name').fill(o.name);
  await add.getByLabel('Platform').selectOption(o.platform);
  await add.getByLabel('Store').selectOption(o.store);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  const row = page.getByRole('table', { name: 'Offers' }).getByRole('row').filter({ hasText: o.name });
  await expect(row).toContainText(o.offerId);

  // A product of the offer: created at the platform first.
  await row.getByRole('link', { name: o.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: o.name })).toBeVisible();
  await page.getByRole('tab', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'Add product' }).click();
  const prod = page.getByRole('dialog', { name: 'Add product' });
  // The form may still move focus while it loads the platform's choices: fill until every field holds its value.
  const fields: [string, string][] = [
    ['Product name', `${o.name} Kit`],
    ['Description', 'Made in the browser'],
    ['SKU', sku],
    ['Cost of goods', '2'],
    ['Price', '24.5'],
    ['Shipping weight', '0.4'],
  ];
  await expect(async () => {
    for (const [label, value] of fields) await prod.getByLabel(label, { exact: true }).fill(value);
    for (const [label, value] of fields) expect(await prod.getByLabel(label, { exact: true }).inputValue()).toBe(value);
  }).toPass();
  await prod.getByRole('button', { name: 'Save' }).click();
  await expect(prod).toBeHidden();
  await expect(page.getByRole('table', { name: 'Products of the offer' })).toContainText(`${o.name} Kit`);

  // The offer's campaigns, one per region.
  await page.getByRole('tab', { name: 'Campaign' }).click();
  await page.getByRole('button', { name: 'Create campaigns from offer' }).click();
  const from = page.getByRole('dialog', { name: 'Create campaigns from offer' });
  await createCampaignsFromOffer(from, ['CA', 'DE']);
  await expect(from).toBeHidden();
  await expect(page.getByRole('table', { name: 'Campaigns of the offer' }).getByRole('row').filter({ hasText: 'Klaviyo' })).toHaveCount(2);
  return { sku };
}

/** Edits the product's price on /products: sent to the platform first (the price a buyer is charged is the one set here). */
async function editPrice(page: Page, product: string, price: string): Promise<void> {
  await page.goto('/products');
  const row = page.getByRole('row').filter({ hasText: product });
  await row.getByRole('button', { name: `Edit ${product}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${product}` });
  await edit.getByLabel('Price', { exact: true }).fill(price);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: product })).toContainText(`$${Number(price).toFixed(2)}`);
}

/**
 * The admin's {@link journey} on the server with the fake `at`, then the product's price edited
 * to 26: the page, the fake's request index before it began, and the product's SKU.
 */
async function journeyThenPrice(
  browser: Browser,
  at: { fake: { requests: string[] }; server: ServerProcess },
  o: Parameters<typeof journey>[1],
): Promise<{ page: Page; before: number; sku: string }> {
  const page = await openSignedIn(browser, at.server.url, '/offers', 'admin');
  const before = at.fake.requests.length;
  const { sku } = await journey(page, o);
  await editPrice(page, `${o.name} Kit`, '26');
  return { page, before, sku };
}

/**
 * Adds the store's shipping method 6, renames it here, and syncs it back from the platform: the
 * fake answered `read` (method 6) for the add and the sync, and was sent no write.
 */
async function syncShipping(page: Page, fake: { requests: string[] }, read: string): Promise<void> {
  const synced = fake.requests.length;
  await page.goto('/shipping');
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Shipping methods' });
  const rowOf = (text: string) => table.getByRole('row').filter({ hasText: text });
  await page.getByRole('button', { name: 'Add shipping method' }).click();
  const add = page.getByRole('dialog', { name: 'Add shipping method' });
  await add.getByLabel('Shipping ID').fill('6');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(rowOf('Economy')).toContainText('$3.95');
  await rowOf('Economy').getByRole('button', { name: 'Edit Economy' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Economy' });
  await edit.getByLabel('Name').fill('Economy Here');
  await edit.getByLabel('Price').fill('2.5');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(rowOf('Economy Here')).toContainText('$2.50');
  await rowOf('Economy Here').getByRole('button', { name: 'Sync Economy Here from the store' }).click();
  await expect(rowOf('Economy')).toContainText('$3.95');
  await expect(rowOf('Economy Here')).toHaveCount(0);
  expect(fake.requests.slice(synced).filter((r) => r === read).length).toBeGreaterThanOrEqual(2);
  expect(writesSince(fake, synced)).toEqual([]);
}

test.describe('ORDER_PLATFORM=sticky', () => {
  const USER = 'e2e-sticky-user';
  const PASSWORD = 'E2e-Sticky-Password_0123456789';
  const at = serverWithFake(
    () => startFakeSticky({ username: USER, password: PASSWORD }),
    (fake) => ({ ORDER_PLATFORM: 'sticky', STICKY_API_URL: fake.url, STICKY_API_USERNAME: USER, STICKY_API_PASSWORD: PASSWORD }),
  );

  test('Sticky.io: an offer with a product and campaigns made there first, a shipping method synced from it; every request schema-valid', async ({
    browser,
  }) => {
    const { fake } = at;
    const name = `Sticky E2E ${SUFFIX}`;
    const { page, before, sku } = await journeyThenPrice(browser, at, { offerId: String(40000 + (Date.now() % 50000)), name, platform: 'sticky', store: '1' });
    const product = fake.products().find((p) => p.sku === sku);
    expect(product).toMatchObject({ name: `${name} Kit`, price: '26.00' });
    const campaigns = fake.campaigns().filter((c) => String(c.name).startsWith(name));
    expect(campaigns.map((c) => c.countries)).toEqual(expect.arrayContaining([[{ iso_2: 'CA' }], [{ iso_2: 'DE' }]]));
    expect(campaigns).toHaveLength(2);
    expect(writesSince(fake, before)).toEqual([
      'POST /api/v2/products',
      'POST /api/v2/campaigns',
      'POST /api/v2/campaigns',
      `PUT /api/v2/products/${String(product?.id)}`,
    ]);

    await syncShipping(page, fake, 'GET /api/v2/shipping/6');

    // Every request the server sent matched the schema, and so did every answer.
    expect(fake.invalid).toEqual([]);
    await page.context().close();
  });
});

test.describe('ORDER_PLATFORM=29next', () => {
  const TOKEN = 'E2e-29next-Token_0123456789abcdef';
  const at = serverWithFake(
    () => startFakeNext({ token: TOKEN }),
    (fake) => ({ ORDER_PLATFORM: '29next', NEXT_API_URL: fake.url, NEXT_API_TOKEN: TOKEN }),
  );

  test('29next: an offer with a product made there first and campaigns (ids ours), a shipping method synced from it; every request schema-valid', async ({
    browser,
  }) => {
    const { fake } = at;
    const name = `Next E2E ${SUFFIX}`;
    const { page, before, sku } = await journeyThenPrice(browser, at, {
      offerId: String(40000 + ((Date.now() + 7) % 50000)),
      name,
      platform: '29next',
      store: '2',
    });
    const product = fake.products().find((p) => (p.variants as { sku: string }[])[0]?.sku === sku);
    expect(product).toMatchObject({
      title: `${name} Kit`,
      variants: [expect.objectContaining({ prices: [{ currency: 'USD', price: '26.00' }], unit_cost: '2.00' })],
    });
    // Only the product is sent (created, then its price edited): 29next's Campaigns API cannot create campaigns.
    expect(writesSince(fake, before)).toEqual(['POST /api/admin/products/', `PATCH /api/admin/products/${String(product?.id)}/`]);

    await syncShipping(page, fake, 'GET /api/admin/shipping-methods/6/');

    expect(fake.invalid).toEqual([]);
    await page.context().close();
  });
});

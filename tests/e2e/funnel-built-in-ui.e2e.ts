/**
 * A funnel built entirely in the UI publishes and its pages show every panel setting (
 * "Storybook and tests"). As the operator, through the UI of `npm start` only (no API calls):
 * create a funnel from the list, give it a subdomain, a campaign, a product of its offer and a
 * gallery image, add a checkout and a thank-you page (the checkout leads to the thank-you page),
 * fill the Details the editor bar asks for (EUR, index page, support, offer name), switch on and
 * fill the checkout's panels (packages, warranty in a frame, sizes, an addon with a product, the
 * VIP offer, Skip Page, a review, the image slider with the uploaded image), publish, and find
 * every setting on the published checkout under `/sites/<subdomain>/checkout/`, its prices in
 * euros, and the thank-you page reached from the checkout's order form and its skip link.
 *
 * The checkout is read in a browser context without JavaScript, as a visitor whose browser
 * does not run Skip Page's redirect script sees it (the skip link stays); a normal browser is
 * sent on to the skip path at once, which is checked last. Demo data: offer LumaHair Growth
 * Gummies (20322, products 5201–5204), root domain flexfit-bands.com, campaign 12301 of the
 * demo platform (LumaHair US VIP). Names and the subdomain are unique to this file.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { packageGroup, PNG, publishFunnel, signIn, fillLabelled } from './helpers';

const FUNNEL = 'E2E Built-in-UI Hair Funnel';
const OFFER = 'LumaHair Growth Gummies (20322)';
const SUBDOMAIN = 'e2e-built-ui';
const SITE = `${SUBDOMAIN}.flexfit-bands.com`;
const PRODUCT = 'E2E Built Hair Mask';
const IMAGE = 'e2e-built-slide.png';
const CHECKOUT = 'E2E Built Checkout';
const THANKS = 'E2E Built Thank You';
const WARRANTY_TEXT = 'E2E: replacement or refund for two whole years';
const ADDON = 'E2E Travel Pouch';
const ADDON_PRODUCT = 'E2E Silk Pouch';
const VIP = 'E2E VIP Hair Club';
const REVIEWER = 'Hanna E2E, Berlin';

/** Set by the first step: the new funnel's id (from the address it opens at). */
let funnelId = 0;
/** Set by the pages step: the checkout page's id. */
let checkoutId = 0;

const editing = (page: Page) => page.getByRole('toolbar', { name: 'Editing' });
const previewOf = (page: Page) => page.frameLocator('iframe[title^="Preview of"]');

/** Saves with the editor bar, checks the 'Changes saved' proof names `keys`, and closes it with OK. */
async function save(page: Page, keys: string[]) {
  const bar = editing(page);
  await expect(bar.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  await expect(bar.locator('#unsaved-errors')).toHaveCount(0);
  await bar.getByRole('button', { name: 'Save', exact: true }).click();
  const proof = page.getByRole('dialog', { name: 'Changes saved' });
  for (const k of keys) await expect(proof).toContainText(k);
  await proof.getByRole('button', { name: 'OK' }).click();
  await expect(bar.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
}

/** A toast of the notifications region saying `text`. */
const toast = (page: Page, text: string) => page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });

test.describe.serial('a funnel built entirely in the UI', () => {
  test('create the funnel from the list; add a subdomain, a campaign by id, a product of its offer and a gallery image', async ({ page }) => {
    await signIn(page, '/funnels');
    await page.getByRole('button', { name: 'Add funnel', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Add funnel' });
    await add.getByLabel('Name', { exact: true }).fill(FUNNEL);
    await add.getByLabel('Offer', { exact: true }).selectOption({ label: OFFER });
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `Funnel ${FUNNEL} created`)).toBeVisible();
    await expect(page).toHaveURL(/\/funnels\/\d+\/details$/);
    funnelId = Number(/\/funnels\/(\d+)\//.exec(page.url())?.[1]);
    expect(funnelId).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 1, name: FUNNEL })).toBeVisible();

    // Domains: a subdomain under one of our domains.
    await page.getByRole('tab', { name: 'Domains', exact: true }).click();
    const domains = page.getByRole('region', { name: 'Domains' });
    await expect(domains.getByText('No Domains added')).toBeVisible();
    await domains.getByRole('button', { name: 'Add domain' }).click();
    const domain = page.getByRole('dialog', { name: 'Add domain' });
    await domain.getByLabel('Subdomain', { exact: true }).fill(SUBDOMAIN);
    await domain.getByLabel('Parent domain').selectOption({ label: 'flexfit-bands.com' });
    await expect(domain.getByText(`Full name: ${SITE}`)).toBeVisible();
    await domain.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `Domain ${SITE} added`)).toBeVisible();
    await expect(domains.getByRole('row', { name: new RegExp(`${SITE.replace(/\./g, '\\.')} Subdomain of flexfit-bands\\.com`) })).toBeVisible();

    // Campaigns: one the demo platform has (LumaHair US VIP), added by its id.
    await page.getByRole('tab', { name: 'Campaigns', exact: true }).click();
    await expect(page.getByText('No Campaigns added')).toBeVisible();
    await page.getByRole('button', { name: 'Add campaign by id' }).click();
    const campaign = page.getByRole('dialog', { name: 'Add campaign by id' });
    await fillLabelled(campaign, { 'Campaign Id': '12301', 'Campaign name': 'E2E Built VIP US', 'Country code': 'us' });
    await campaign.getByLabel('US', { exact: true }).check();
    await campaign.getByLabel('Fulfillment').selectOption('Ecomm');
    await campaign.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Added campaign 12301')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Campaigns' }).getByRole('row', { name: /12301.*E2E Built VIP US.*US/ })).toBeVisible();

    // Products: the offer's products are listed; one more is added through the form.
    await page.getByRole('tab', { name: 'Products', exact: true }).click();
    const products = page.getByRole('table', { name: 'Products' });
    for (const name of ['LumaHair Gummies 60ct', 'LumaHair Scalp Serum', 'LumaHair Silk Pillowcase', 'LumaHair Subscribe & Save']) {
      await expect(products.getByText(name, { exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Add product' }).click();
    const product = page.getByRole('dialog', { name: 'Add product' });
    await fillLabelled(product, {
      'Product name': PRODUCT,
      Description: 'A nourishing hair mask',
      SKU: 'E2E-BUILT-MASK',
      'Cost of goods': '2.1',
      Price: '12.5',
      'Shipping weight': '0.2',
    });
    await product.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `Product ${PRODUCT} added`)).toBeVisible();
    await expect(product).toBeHidden();
    await expect(products.getByRole('row', { name: new RegExp(`${PRODUCT}.*E2E-BUILT-MASK`) })).toBeVisible();

    // Gallery: an image uploaded with the Upload images button's file chooser.
    await page.getByRole('tab', { name: 'Gallery', exact: true }).click();
    const gallery = page.getByRole('region', { name: 'Gallery' });
    await expect(gallery.getByText('No Images added')).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await gallery.getByRole('button', { name: 'Upload images' }).click();
    await (await chooser).setFiles({ name: IMAGE, mimeType: 'image/png', buffer: PNG });
    await expect(gallery.getByRole('button', { name: `Preview ${IMAGE}` })).toBeVisible();
  });

  test('pages: add a checkout and a thank-you page, lead the checkout to the thank-you page; Details: what the editor bar asks for, in EUR', async ({
    page,
  }) => {
    await signIn(page, `/funnels/${funnelId}/pages`);
    const pagesTab = page.getByRole('region', { name: 'Pages' });
    const table = pagesTab.getByRole('table', { name: 'Pages' });
    await expect(pagesTab.getByText('No Pages added')).toBeVisible();

    for (const [name, type, path, template] of [
      [CHECKOUT, 'checkout', '/checkout/', 'Classic Checkout'],
      [THANKS, 'thankyou', '/thank-you/', 'Order Confirmation'],
    ] as const) {
      await pagesTab.getByRole('button', { name: 'Add page' }).click();
      const add = page.getByRole('dialog', { name: 'Add page' });
      await add.getByLabel('Name', { exact: true }).fill(name);
      await add.getByLabel('Page type').selectOption(type);
      await add.getByLabel('Page path').fill(path);
      await add.getByLabel('Template').selectOption({ label: template });
      await add.getByRole('button', { name: 'Save' }).click();
      await expect(add).toBeHidden();
      await expect(table.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(3)).toHaveText(path);
    }
    const checkoutRow = table.getByRole('row').filter({ hasText: CHECKOUT });
    checkoutId = Number(await checkoutRow.getByRole('cell').first().textContent());
    expect(checkoutId).toBeGreaterThan(0);

    await pagesTab.getByRole('button', { name: `Settings of ${CHECKOUT}`, exact: true }).click();
    const settings = page.getByRole('dialog', { name: `Page settings: ${CHECKOUT}` });
    await settings.getByLabel('Next page', { exact: true }).selectOption({ label: `${THANKS} (thankyou) /thank-you/` });
    await settings.getByRole('button', { name: 'Done' }).click();
    await expect(settings).toBeHidden();
    // Cells: ID, Name, Type, Path, Next, Skip, Actions.
    await expect(checkoutRow.getByRole('cell').nth(4)).toHaveText('/thank-you/');
    await save(page, [`Page ${CHECKOUT}`, '/page_id']);
    await page.reload();
    await expect(table.getByRole('row').filter({ hasText: CHECKOUT }).getByRole('cell').nth(4)).toHaveText('/thank-you/');

    // Details, General: the first edit makes the funnel a document to save, and the editor bar
    // lists what the new funnel still lacks.
    await page.getByRole('tab', { name: 'Details', exact: true }).click();
    const details = page.getByRole('region', { name: 'Funnel details' });
    await details.getByLabel('Currency', { exact: true }).selectOption('EUR');
    const bar = editing(page);
    await expect(bar.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    const problems = bar.locator('#unsaved-errors');
    await expect(problems).toContainText('Fix these 4 fields to save:');
    await expect(problems.getByRole('listitem')).toHaveText(
      [
        `Funnel ${FUNNEL}: Please select the index page`,
        `Funnel ${FUNNEL}: Please input the support number`,
        `Funnel ${FUNNEL}: Please input the support email`,
        `Funnel ${FUNNEL}: Please input the offer name`,
      ],
      { useInnerText: true },
    );
    await details.getByLabel('Index page', { exact: true }).selectOption({ label: `${CHECKOUT} (checkout) /checkout/` });
    await details.getByLabel('Support number', { exact: true }).fill('+49 30 5550 4242');
    await details.getByLabel('Support email', { exact: true }).fill('help@e2e-built.example');
    await details.getByLabel('Offer name (dl_offer_name)', { exact: true }).fill('LumaHair Growth Gummies');
    await details.getByRole('checkbox', { name: 'DE', exact: true }).check();
    await expect(problems).toHaveCount(0);
    await save(page, [`Funnel ${FUNNEL}`, '/currency', '/page_id', '/cs_number', '/cs_email', '/details/dl_offer_name', '/countries']);

    await page.reload();
    await expect(details.getByLabel('Currency', { exact: true })).toHaveValue('EUR');
    await expect(details.getByLabel('Index page', { exact: true })).toHaveValue(String(checkoutId));
    await expect(details.getByRole('definition').filter({ hasText: '/checkout/' })).toBeVisible();
    // Prices of the offer's products now read in the funnel's currency.
    await page.getByRole('tab', { name: 'Products', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Products' }).getByRole('row', { name: new RegExp(`${PRODUCT}.*E2E-BUILT-MASK.*€12\\.50`) })).toBeVisible();
  });

  test('the checkout page editor: packages, warranty, sizes, an addon, the VIP offer, Skip Page, a review and the slider image; saved', async ({ page }) => {
    await signIn(page, `/funnels/${funnelId}/pages`);
    await page.getByRole('link', { name: `Edit ${CHECKOUT}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/funnels/${funnelId}/pages/${checkoutId}$`));
    const preview = previewOf(page);
    await expect(page.getByText('No Products added')).toBeVisible();

    // Products: packages of the offer's products, priced in euros.
    const offerProduct = page.getByLabel('Offer product', { exact: true });
    // The add form comes first: its Package select is the first one (each package has its own).
    const pkg = page.getByRole('combobox', { name: 'Package', exact: true }).first();
    const addPackage = async (productLabel: string, pkgLabel: string) => {
      await offerProduct.selectOption({ label: productLabel });
      await pkg.selectOption({ label: pkgLabel });
      await page.getByRole('button', { name: '+ Add product' }).click();
    };
    await addPackage('LumaHair Gummies 60ct — €29.99', 'Single (1) — 50% off');
    await expect(packageGroup(page, 'Single').getByLabel('Price', { exact: true })).toHaveValue('29.99');
    await addPackage('LumaHair Gummies 60ct — €29.99', 'Multi (3) — 60% off');
    await packageGroup(page, 'Multi').getByLabel('Price', { exact: true }).fill('69.99');
    await addPackage(`${PRODUCT} — €12.50`, 'Studio (2) — 55% off');
    await expect(packageGroup(page, 'Studio')).toHaveAccessibleName(`Studio — ${PRODUCT}`);
    await expect(preview.locator('[data-edit="products.0._price"]')).toHaveText('€29.99');
    await expect(preview.locator('[data-edit="products.1._price"]')).toHaveText('€69.99');
    await expect(preview.locator('[data-edit="products.2._price"]')).toHaveText('€25.00');

    await page.getByRole('tab', { name: 'Warranty', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Warranty', exact: true }).check();
    await page.getByRole('radio', { name: 'Frame 2' }).check();
    await page.getByLabel('Warranty text', { exact: true }).fill(WARRANTY_TEXT);
    await expect(preview.locator('[data-edit="warrantyText"]')).toHaveText(WARRANTY_TEXT);

    await page.getByRole('tab', { name: 'Size', exact: true }).click();
    for (const size of ['Small', 'Large']) {
      await page.getByLabel('New size').fill(size);
      await page.getByRole('button', { name: '+ Add size' }).click();
      await expect(page.getByLabel(`Size ${size === 'Small' ? 1 : 2}`, { exact: true })).toHaveValue(size);
    }
    await page.getByRole('checkbox', { name: 'Product Size', exact: true }).check();

    await page.getByRole('tab', { name: 'Product addons', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Product Extra', exact: true }).check();
    await page.getByLabel('Addon name').fill(ADDON);
    await page.getByRole('button', { name: '+ Add addon' }).click();
    const addon = page.getByRole('group', { name: ADDON, exact: true });
    await expect(addon.getByText('No added Products')).toBeVisible();
    await addon.getByRole('button', { name: `Add product to addon ${ADDON}` }).click();
    await addon.getByLabel('Product ID', { exact: true }).fill('5203');
    await addon.getByLabel('Product name', { exact: true }).fill(ADDON_PRODUCT);
    await addon.getByLabel('Price', { exact: true }).fill('4.99');
    await expect(addon.getByText('No added Products')).toHaveCount(0);
    await expect(preview.locator('[data-edit="productAddons.0.products.0.data_price"]')).toHaveText('€4.99');

    await page.getByRole('tab', { name: 'Extras', exact: true }).click();
    await page.getByRole('checkbox', { name: 'VIP Product (recurring)', exact: true }).check();
    await page.getByLabel('Recurring offer ID', { exact: true }).fill('20322');
    await page.getByLabel('Recurring product ID', { exact: true }).fill('5204');
    await page.getByLabel('Recurring product name', { exact: true }).fill(VIP);
    await page.getByLabel('Recurring product price', { exact: true }).fill('9.99');
    const recurring = page.getByRole('form', { name: 'Add a recurring campaign' });
    await recurring.getByLabel('Campaign ID', { exact: true }).fill('12301');
    await recurring.getByLabel('Country', { exact: true }).selectOption('US');
    await recurring.getByRole('button', { name: '+ Add campaign' }).click();
    await expect(page.getByRole('button', { name: 'Remove recurring campaign 12301' })).toBeVisible();
    await page.getByRole('button', { name: 'Activate Skip Page' }).click();
    await expect(page.getByRole('button', { name: 'Deactivate Skip Page' })).toBeVisible();
    await page.getByLabel('Skip page path', { exact: true }).fill('/thank-you/');
    await expect(preview.locator('[data-edit="recurring_product_price"]')).toHaveText('€9.99');

    await page.getByRole('tab', { name: 'Reviews', exact: true }).click();
    await page.getByLabel('Reviewer name').fill(REVIEWER);
    await page.getByRole('button', { name: '+ Add review' }).click();
    const review = page.getByRole('group', { name: `Review by ${REVIEWER}` });
    await review.getByLabel('Review title').fill('Thicker hair in six weeks');
    await review.getByRole('textbox', { name: 'Review', exact: true }).click();
    await page.keyboard.type('My hair grows back fuller and shinier.');
    await expect(preview.locator('[data-edit="reviews.0.review"]')).toHaveText('My hair grows back fuller and shinier.');

    await page.getByRole('tab', { name: 'Image slider', exact: true }).click();
    await expect(page.getByText('No Images added')).toBeVisible();
    await page.getByRole('button', { name: `Add ${IMAGE} to the slider` }).click();
    await expect(page.getByRole('button', { name: `Added: ${IMAGE} is in the slider` })).toBeDisabled();
    await expect(preview.locator('[data-edit="imgSlider.0.img"]')).toHaveAttribute('src', new RegExp(`/uploads/${funnelId}/${IMAGE.replace('.', '\\.')}$`));

    await save(page, [
      `Page ${CHECKOUT}`,
      '/meta/products',
      '/meta/warranty',
      '/meta/warrantyFrame',
      '/meta/warrantyText',
      '/meta/productSizes',
      '/meta/productSizeActive',
      '/meta/productAddonsActive',
      '/meta/productAddons',
      '/meta/recurring',
      '/meta/recurring_product_name',
      '/meta/recurring_campaigns',
      '/meta/skipPage',
      '/meta/skipPagePath',
      '/meta/reviews',
      '/meta/imgSlider',
    ]);
    await page.reload();
    await expect(packageGroup(page, 'Multi').getByLabel('Price', { exact: true })).toHaveValue('69.99');
    await page.getByRole('tab', { name: 'Extras', exact: true }).click();
    await expect(page.getByLabel('Recurring product name', { exact: true })).toHaveValue(VIP);
    await expect(page.getByLabel('Skip page path', { exact: true })).toHaveValue('/thank-you/');
  });

  test('publish; the published checkout shows every setting in euros, and leads to the thank-you page', async ({ page, browser, baseURL }) => {
    await signIn(page, `/funnels/${funnelId}/pages`);
    await publishFunnel(page);

    const checkoutUrl = `/sites/${SITE}/checkout/`;
    // A visitor whose browser runs no scripts: Skip Page's redirect does not run, its link remains.
    const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const buyer = await visitor.newPage();
      const res = await buyer.goto(checkoutUrl);
      expect(res?.status()).toBe(200);
      await expect(buyer.getByRole('heading', { level: 1 })).toHaveText('Choose your package');

      // Packages with their prices in the funnel's currency (EUR), none in dollars.
      const packages = buyer.locator('label.pkg');
      await expect(packages).toHaveCount(3);
      await expect(packages.nth(0)).toContainText('Single');
      await expect(packages.nth(0)).toContainText('LumaHair Gummies 60ct');
      await expect(packages.nth(0).locator('.price strong')).toHaveText('€29.99');
      await expect(packages.nth(1)).toContainText('Multi');
      await expect(packages.nth(1).locator('.price strong')).toHaveText('€69.99');
      await expect(packages.nth(1)).toContainText('€23.33 each');
      await expect(packages.nth(2)).toContainText('Studio');
      await expect(packages.nth(2)).toContainText(PRODUCT);
      await expect(packages.nth(2).locator('.price strong')).toHaveText('€25.00');
      await expect(buyer.locator('body')).not.toContainText('$');

      // The warranty in frame 2 with its text and the package's warranty price.
      const warranty = buyer.getByRole('region', { name: 'Protect your order' });
      await expect(warranty).toHaveAttribute('data-frame', 'warranty2');
      await expect(warranty).toContainText(WARRANTY_TEXT);
      await expect(warranty).toContainText('€6.00');

      // The size choice.
      const sizes = buyer.getByRole('group', { name: 'Choose your size' });
      await expect(sizes.getByRole('radio')).toHaveCount(2);
      await expect(sizes.getByRole('radio', { name: 'Small' })).toBeChecked();
      await expect(sizes.getByRole('radio', { name: 'Large' })).toBeVisible();

      // The addon with its product and price.
      const addon = buyer.getByRole('group', { name: ADDON, exact: true });
      await expect(addon.getByRole('checkbox', { name: new RegExp(`${ADDON_PRODUCT}.*€4\\.99`) })).toBeVisible();

      // The VIP offer with its product, price and campaign.
      const vip = buyer.getByRole('region', { name: VIP });
      await expect(vip.getByRole('checkbox', { name: new RegExp(`Yes, add ${VIP} for €9\\.99`) })).toHaveAttribute('value', '5204');
      await expect(vip).toHaveAttribute('data-campaigns', 'US:12301');

      // The review and the slider image from the gallery.
      const reviews = buyer.getByRole('region', { name: 'What our customers say' });
      await expect(reviews.getByRole('article')).toHaveCount(1);
      await expect(reviews).toContainText('Thicker hair in six weeks');
      await expect(reviews).toContainText('My hair grows back fuller and shinier.');
      await expect(reviews).toContainText(REVIEWER);
      const slider = buyer.getByRole('group', { name: 'Product images' });
      await expect(slider.getByRole('img')).toHaveCount(1);
      await expect(slider.getByRole('img')).toHaveAttribute('src', new RegExp(`/uploads/${funnelId}/${IMAGE.replace('.', '\\.')}$`));

      // Skip Page: the skip link to the skip path.
      const skip = buyer.getByRole('link', { name: 'Skip to the next page' });
      await expect(skip).toHaveAttribute('href', '../thank-you/');

      // The order form leads to the next page: the thank-you page.
      await fillLabelled(buyer, {
        'First name': 'Erika',
        'Last name': 'Muster',
        'E-mail': 'erika@example.com',
        Address: 'Hauptstr. 1',
        City: 'Berlin',
        'ZIP / Postcode': '10115',
      });
      await buyer.getByRole('button', { name: 'Complete my order' }).click();
      await expect(buyer).toHaveURL(new RegExp(`/sites/${SITE.replace(/\./g, '\\.')}/thank-you/\\?`));
      await expect(buyer.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
      await expect(buyer.getByRole('main').getByRole('link', { name: 'help@e2e-built.example' })).toBeVisible();

      // And so does the skip link.
      await buyer.goto(checkoutUrl);
      await buyer.getByRole('link', { name: 'Skip to the next page' }).click();
      await expect(buyer).toHaveURL(`${baseURL}/sites/${SITE}/thank-you/`);
      await expect(buyer.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
    } finally {
      await visitor.close();
    }

    // A browser that runs the page's script is sent on to the skip path at once, query kept.
    await page.goto(`${checkoutUrl}?aff=7`);
    await expect(page).toHaveURL(`${baseURL}/sites/${SITE}/thank-you/?aff=7`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  });
});

/**
 * The funnel wizards from nothing (000 §2 build wizard, §4 build sequence; 001 §2
 * quick wizard), as the operator against `npm start`, real server, no mocks:
 * - the build wizard, opened from the Add funnel dialog's link, with a new offer, 2 campaigns,
 *   3 pages and a subdomain; the funnel then has exactly those, the first page as index page;
 * - the build wizard with an existing offer, where the subdomain is taken by someone else
 *   between filling the step and Finish: the sequence stops at "Create domain" with the
 *   server's 'Domain [name] already added'; once the name is free again, Resume finishes it
 *   and nothing was created twice;
 * - the quick wizard from "Add Funnel Beta" with a new offer, surviving a reload in the middle
 *   of its steps and one after Build (its draft is in IndexedDB, with the ids created), an
 *   FAQ question on its Faq step, and Done: /funnels/{id}/domains, 'Processing complete!',
 *   and the funnel has its currency, language, support contact, pages, domain, campaigns and FAQ.
 * What was created is read back through the API with the signed-in user's own token.
 * Demo data: offer LumaHair Growth Gummies (20322), root domain flexfit-bands.com (ID 2).
 * Names, ids and subdomains are unique to this file.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

/** Calls the API in the page with the signed-in user's access token (as the SPA does). */
async function api<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
      const token = key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token : undefined;
      const res = await fetch(path, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: { Authorization: `Bearer ${token ?? ''}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as never };
    },
    { method, path, body },
  );
}

interface Row {
  ID: number;
  name: string;
}

/** The funnel called `name` with its pages, domains and campaigns, as the API answers them (one funnel of that name expected). */
async function funnelNamed(page: Page, name: string) {
  const list = (await api<(Row & { offer: number; page_id: number | null })[]>(page, 'GET', '/api/v1/funnels')).body.filter((f) => f.name === name);
  expect(list).toHaveLength(1);
  const f = list[0] as Row & { offer: number; page_id: number | null };
  const pages = (await api<(Row & { page_type: string; page_path: string })[]>(page, 'GET', `/api/v1/funnels/${f.ID}/pages`)).body;
  const domains = (await api<Row[]>(page, 'GET', `/api/v1/funnels/${f.ID}/domains`)).body;
  const campaigns = (await api<{ campaign_id: number }[]>(page, 'GET', `/api/v1/funnels/${f.ID}/campaigns`)).body;
  return { funnel: f, pages, domains, campaigns };
}

/** Fills the pages step with checkout, upsell and thank-you pages (paths under `prefix`). */
async function addPages(page: Page, prefix: string) {
  for (const [name, type, path] of [
    ['Checkout', 'checkout', `/${prefix}/`],
    ['Upsell', 'upsell1', `/${prefix}/up/`],
    ['Thank you', 'thankyou', `/${prefix}/thanks/`],
  ] as const) {
    await page.getByLabel('Name', { exact: true }).fill(`${prefix} ${name}`);
    await page.getByLabel('Page type', { exact: true }).selectOption(type);
    await page.getByLabel('Page path', { exact: true }).fill(path);
    await page.getByRole('button', { name: 'Add page' }).click();
  }
  await expect(page.getByRole('table', { name: 'Pages to create' }).getByRole('row')).toHaveCount(4);
}

/** Adds campaign ids on the campaigns step. */
async function addCampaigns(page: Page, ids: string[]) {
  // 001 §5: each campaign with a region and a fulfillment (the choices stay for the next id).
  await page.getByLabel('Region', { exact: true }).selectOption('US');
  await page.getByLabel('Fulfillment', { exact: true }).selectOption('Ecomm');
  for (const id of ids) {
    await page.getByLabel('Campaign Id', { exact: true }).fill(id);
    await page.getByRole('button', { name: 'Add campaign' }).click();
  }
  await expect(page.getByRole('list', { name: 'Campaigns to add' }).getByRole('listitem')).toHaveCount(ids.length);
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

/**
 * Fills the build wizard's steps up to Finish (not pressed): the funnel `name` and its offer
 * (`offer` fills that part of the step), the `campaigns`, the three pages of {@link addPages}
 * under `pagesUnder`, and subdomain `sub` of flexfit-bands.com.
 */
async function fillBuildWizard(page: Page, o: { name: string; offer: () => Promise<unknown>; campaigns: string[]; pagesUnder: string; sub: string }) {
  await page.getByLabel('Funnel name', { exact: true }).fill(o.name);
  await o.offer();
  await next(page);
  await addCampaigns(page, o.campaigns);
  await next(page);
  await addPages(page, o.pagesUnder);
  await next(page);
  await page.getByLabel('Parent domain', { exact: true }).selectOption({ label: 'flexfit-bands.com' });
  await page.getByLabel('Subdomain', { exact: true }).fill(o.sub);
}

test.describe.serial('funnel wizards', () => {
  test('build wizard from the Add funnel dialog: new offer, 2 campaigns, 3 pages, a subdomain', async ({ page }) => {
    const NAME = 'E2E Wizard Build Funnel';
    await signIn(page, '/funnels');
    await page.getByRole('button', { name: 'Add funnel', exact: true }).click();
    await page.getByRole('dialog', { name: 'Add funnel' }).getByRole('link', { name: 'Use the build wizard' }).click();
    await expect(page).toHaveURL(/\/funnels\/build$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Funnel build wizard' })).toBeVisible();

    await fillBuildWizard(page, {
      name: NAME,
      offer: async () => {
        await page.getByLabel('Create a new offer', { exact: true }).check();
        await page.getByLabel('Offer ID', { exact: true }).fill('40871');
        await page.getByLabel('Offer name', { exact: true }).fill('E2E Wizard Offer');
      },
      campaigns: ['12301', '12302'],
      pagesUnder: 'e2e-wiz',
      sub: 'e2e-wizard-build',
    });
    await page.getByRole('button', { name: 'Finish' }).click();

    await expect(page).toHaveURL(/\/funnels\/\d+\/pages$/);
    await expect(page.getByRole('region', { name: 'Notifications' }).getByText(`Funnel ${NAME} created`)).toBeVisible();
    const { funnel, pages, domains, campaigns } = await funnelNamed(page, NAME);
    expect(funnel.offer).toBe(40871);
    const offers = (await api<{ offer_id: number; name: string }[]>(page, 'GET', '/api/v1/offers')).body.filter((o) => o.offer_id === 40871);
    expect(offers).toEqual([expect.objectContaining({ name: 'E2E Wizard Offer' })]);
    expect(pages.map((p) => [p.name, p.page_type, p.page_path]).sort()).toEqual([
      ['e2e-wiz Checkout', 'checkout', '/e2e-wiz/'],
      ['e2e-wiz Thank you', 'thankyou', '/e2e-wiz/thanks/'],
      ['e2e-wiz Upsell', 'upsell1', '/e2e-wiz/up/'],
    ]);
    expect(funnel.page_id).toBe(pages.find((p) => p.name === 'e2e-wiz Checkout')?.ID);
    expect(domains.map((d) => d.name)).toEqual(['e2e-wizard-build.flexfit-bands.com']);
    expect(campaigns.map((c) => c.campaign_id).sort()).toEqual([12301, 12302]);
    // The funnel page shows them too.
    await expect(page.getByRole('link', { name: 'Edit e2e-wiz Upsell' })).toBeVisible();
  });

  test('build wizard with an existing offer: the domain is refused by the server, Resume finishes without duplicates', async ({ page }) => {
    const NAME = 'E2E Wizard Resume Funnel';
    const SUB = 'e2e-wizard-resume';
    await signIn(page, '/funnels/build');
    await fillBuildWizard(page, {
      name: NAME,
      offer: () => page.getByLabel('Existing offer', { exact: true }).selectOption({ label: 'LumaHair Growth Gummies (20322)' }),
      campaigns: ['12301', '12303'],
      pagesUnder: 'e2e-res',
      sub: SUB,
    });
    await expect(page.getByText(`${SUB}.flexfit-bands.com`, { exact: true })).toBeVisible();

    // Meanwhile someone else adds that name as a domain of its own.
    const taken = await api<Row>(page, 'POST', '/api/v1/domains/?sync=false', { name: `${SUB}.flexfit-bands.com` });
    expect(taken.status).toBe(201);
    await page.getByRole('button', { name: 'Finish' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'The build stopped' });
    await expect(dialog.getByRole('alert')).toHaveText(`Create domain failed: Domain ${SUB}.flexfit-bands.com already added`);
    await expect(dialog.getByRole('listitem', { name: 'Create offer: skipped' })).toBeVisible();
    await expect(dialog.getByRole('listitem', { name: 'Create funnel: done' })).toBeVisible();
    await expect(dialog.getByRole('listitem', { name: 'Create campaigns: waiting' })).toBeVisible();
    const half = await funnelNamed(page, NAME);
    expect(half.pages).toEqual([]);
    expect(half.domains).toEqual([]);

    // The name is freed; Resume goes on from the domain.
    expect((await api(page, 'DELETE', `/api/v1/domains/${taken.body.ID}`)).status).toBe(200);
    await dialog.getByRole('button', { name: 'Resume' }).click();
    await expect(page).toHaveURL(new RegExp(`/funnels/${half.funnel.ID}/pages$`));
    const { funnel, pages, domains, campaigns } = await funnelNamed(page, NAME);
    expect(funnel.offer).toBe(20322);
    expect(pages).toHaveLength(3);
    expect(funnel.page_id).toBe(pages.find((p) => p.page_type === 'checkout')?.ID);
    expect(domains.map((d) => d.name)).toEqual([`${SUB}.flexfit-bands.com`]);
    expect(campaigns.map((c) => c.campaign_id).sort()).toEqual([12301, 12303]);
  });

  test('quick wizard from Add Funnel Beta: survives reloads mid-way and after Build, Done saves and opens the domains', async ({ page }) => {
    const NAME = 'E2E Quick Wizard Funnel';
    const SUB = 'e2e-wizard-quick';
    await signIn(page, '/funnels');
    await page.getByRole('button', { name: 'Add Funnel Beta' }).click();
    await expect(page).toHaveURL(/\/funnels\/quick$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Quick funnel wizard' })).toBeVisible();
    const step = (name: string) => expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

    // Offer: Next checks it first (ERROR box), then a new offer.
    await next(page);
    const box = page.getByRole('alert').filter({ hasText: 'ERROR' });
    await expect(box).toContainText('Please select an offer');
    await box.getByRole('button', { name: 'Close error' }).click();
    await expect(box).toHaveCount(0);
    await page.getByLabel('Create a new offer', { exact: true }).check();
    await page.getByLabel('Offer ID', { exact: true }).fill('40872');
    await page.getByLabel('Offer name', { exact: true }).fill('E2E Quick Offer');
    await next(page);
    await step('Funnel');
    await page.getByLabel('Funnel name', { exact: true }).fill(NAME);
    await page.getByLabel('Currency', { exact: true }).selectOption('EUR');
    await page.getByLabel('Language', { exact: true }).selectOption('de');
    await next(page);
    await step('Domain');
    await page.getByLabel('Parent domain', { exact: true }).selectOption({ label: 'flexfit-bands.com' });
    await page.getByLabel('Subdomain', { exact: true }).fill(SUB);
    await next(page);
    await step('Campaigns');
    await addCampaigns(page, ['12301', '12302']);

    // A reload in the middle: the draft comes back on the same step with everything typed.
    await page.reload();
    await step('Campaigns');
    await expect(page.getByRole('list', { name: 'Campaigns to add' }).getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Previous' }).click();
    await step('Domain');
    await expect(page.getByLabel('Subdomain', { exact: true })).toHaveValue(SUB);
    await next(page);
    await next(page);
    await step('Pages');
    await addPages(page, 'e2e-quick');
    await next(page);
    await step('General');
    await next(page);
    await expect(box).toContainText('Please input the support number');
    await page.getByLabel('Support number', { exact: true }).fill('+1 555 0100');
    await page.getByLabel('Support email', { exact: true }).fill('help@e2e-quick.example');
    await page.getByLabel('Offer name (dl_offer_name)', { exact: true }).fill('E2E Quick Gummies');
    await next(page);
    await step('Build');
    await next(page);
    await expect(box).toContainText('Build the funnel first');
    await page.getByRole('button', { name: 'Build', exact: true }).click();
    await expect(page.getByRole('progressbar', { name: 'Build progress' })).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByRole('listitem', { name: 'Set the first page as index page: done' })).toBeVisible();

    // A reload after Build: the ids are kept, nothing is built again.
    await page.reload();
    await step('Build');
    await expect(page.getByRole('listitem', { name: 'Create pages: done' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Build', exact: true })).toBeDisabled();
    await next(page);
    await step('Faq');
    await page.getByRole('button', { name: '+ Add question' }).first().click();
    await page.getByLabel('Question 1', { exact: true }).fill('Is it vegan?');
    await next(page);
    await step('Manual');
    await next(page);
    await step('Design');
    await expect(page.getByRole('table', { name: 'Pages to design' }).getByRole('row')).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Designer for e2e-quick Checkout' })).toBeVisible();
    await page.getByRole('button', { name: 'Done' }).click();

    await expect(page).toHaveURL(/\/funnels\/\d+\/domains$/);
    await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Processing complete!')).toBeVisible();
    const { funnel, pages, domains, campaigns } = await funnelNamed(page, NAME);
    const full = (
      await api<{
        currency: string;
        language: string;
        cs_email: string;
        cs_number: string;
        details: { dl_offer_name: string; faq: { faq_question: string }[] };
      }>(page, 'GET', `/api/v1/funnels/${funnel.ID}`)
    ).body;
    expect(full).toMatchObject({ currency: 'EUR', language: 'de', cs_email: 'help@e2e-quick.example', cs_number: '+1 555 0100' });
    expect(full.details.dl_offer_name).toBe('E2E Quick Gummies');
    expect(full.details.faq.map((q) => q.faq_question)).toEqual(['Is it vegan?']);
    expect(funnel.offer).toBe(40872);
    expect(pages).toHaveLength(3);
    expect(funnel.page_id).toBe(pages.find((p) => p.page_type === 'checkout')?.ID);
    expect(domains.map((d) => d.name)).toEqual([`${SUB}.flexfit-bands.com`]);
    expect(campaigns.map((c) => c.campaign_id).sort()).toEqual([12301, 12302]);
    // The draft was forgotten: the wizard starts anew.
    await page.goto('/funnels/quick');
    await step('Offer');
    await expect(page.getByLabel('Use an existing offer', { exact: true })).toBeChecked();
  });
});

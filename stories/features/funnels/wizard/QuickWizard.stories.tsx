import preview from '../../../../.storybook/preview';
import type { StoryContext } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { QuickWizard, type QuickWizardProps } from '../../../../src/features/funnels/wizard/QuickWizard';
import { newDraft, newGeneral, type WizardDraft } from '../../../../src/features/funnels/wizard/draft';
import { emptyBuildState } from '../../../../src/features/funnels/wizard/sequence';
import { buildApi } from '../../../../src/features/funnels/wizard/wizard-api';
import * as fx from '../../../../tests/fixtures/demo';
import { filledQuickDraft, stores, wizardDomains, wizardHandlers, type WizardCalls } from './fixtures';
import { retype, typeFields } from '../../../dialog-steps';

type Args = Omit<QuickWizardProps, 'draft' | 'update'> & { initial: WizardDraft };

/** Holds the draft as the screen does (without IndexedDB). */
function Harness({ initial, ...props }: Args) {
  const [draft, setDraft] = useState(initial);
  return <QuickWizard {...props} draft={draft} update={(f) => setDraft(f)} />;
}

const base = (): WizardDraft => ({ ...newDraft('quick-story'), general: newGeneral() });
/** The draft filled up to `step` (see {@link filledQuickDraft}) with the support contact and the offer name for the legal pages. */
const filled = (step: number): WizardDraft =>
  filledQuickDraft('quick-story', step, {
    cs_number: '+1 555 0100',
    cs_email: 'help@glow.example',
    details: { ...newGeneral().details, dl_offer_name: 'Glow' },
  });

/** The quick funnel wizard (001 §2): ten steps, each checked before Next; failures in the closable ERROR box. */
const meta = preview.meta({
  title: 'Funnels/Wizard/QuickWizard',
  component: Harness,
  subcomponents: { QuickWizard },
  args: {
    offers: fx.offers,
    stores,
    domains: wizardDomains,
    templates: fx.templates,
    api: buildApi,
    initial: base(),
    onDone: fn(),
    onDiscard: fn(),
  },
});

const box = (canvas: ReturnType<typeof within>) => canvas.getByRole('alert', { name: 'ERROR' });

/** The ERROR box says each of `messages`. */
async function boxSays(canvas: ReturnType<typeof within>, messages: string[]) {
  for (const m of messages) await expect(box(canvas)).toHaveTextContent(m);
}

/** In the Pages step, types the page's name, page type and path and presses Add page. */
async function addPage(canvas: ReturnType<typeof within>, userEvent: StoryContext['userEvent'], page: { name: string; type: string; path: string }) {
  await userEvent.type(canvas.getByLabelText('Name'), page.name);
  await userEvent.selectOptions(canvas.getByLabelText('Page type'), page.type);
  await retype(userEvent, canvas.getByLabelText('Page path'), page.path);
  await userEvent.click(canvas.getByRole('button', { name: 'Add page' }));
}

/** Offer and Funnel: Next shows the seeds' messages in the ERROR box, which closes; valid steps move on. */
export const OfferAndFunnel = meta.story({
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    await step('The ten steps are listed', async () => {
      await expect(canvas.getByRole('list', { name: 'Steps' })).toHaveTextContent(
        '1. Offer2. Funnel3. Domain4. Campaigns5. Pages6. General7. Build8. Faq9. Manual10. Design',
      );
    });
    await step('Next without an offer: the ERROR box says so, and closes', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await expect(box(canvas)).toHaveTextContent('Please select an offer');
      await userEvent.click(canvas.getByRole('button', { name: 'Close error' }));
      await expect(canvas.queryByRole('alert', { name: 'ERROR' })).toBeNull();
    });
    await step('A taken offer id is refused', async () => {
      await userEvent.click(canvas.getByLabelText('Create a new offer'));
      await userEvent.type(canvas.getByLabelText('Offer ID'), '10234');
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await expect(box(canvas)).toHaveTextContent('Offer 10234 already exists');
    });
    await step('29next needs a store', async () => {
      await userEvent.clear(canvas.getByLabelText('Offer ID'));
      await typeFields(userEvent, canvasElement, { 'Offer ID': '20600', 'Offer name': 'Quick Serum' });
      await userEvent.selectOptions(canvas.getByLabelText('Platform'), '29next');
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await expect(box(canvas)).toHaveTextContent('You have to select store');
    });
    await step('Pick a store: Next goes on to Funnel', async () => {
      await userEvent.selectOptions(canvas.getByLabelText('Store'), '2');
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await expect(canvas.getByRole('heading', { level: 2, name: 'Funnel' })).toBeVisible();
    });
    await step('Funnel: name and at least one country are required', async () => {
      // Funnel: name and at least one country (defaults US, CA; currency USD).
      await expect(canvas.getByLabelText('Currency')).toHaveValue('USD');
      await userEvent.click(canvas.getByLabelText('US'));
      await userEvent.click(canvas.getByLabelText('CA'));
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await boxSays(canvas, ['Please input Funnel name', 'Please select at least on country']);
    });
    await step('Name it, pick a country: Next goes on to Domain', async () => {
      await userEvent.type(canvas.getByLabelText('Funnel name'), 'Quick Glow');
      await userEvent.click(canvas.getByLabelText('DE'));
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await expect(canvas.getByRole('heading', { level: 2, name: 'Domain' })).toBeVisible();
    });
    await step('Previous keeps what was filled', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
      await expect(canvas.getByLabelText('Funnel name')).toHaveValue('Quick Glow');
    });
    await step('Discard the draft', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Discard draft' }));
      await expect(args.onDiscard).toHaveBeenCalled();
    });
  },
});

/** Domain, Campaigns and Pages: their messages also in the ERROR box ('Domain [name] already added', 'Campaign [id] already added', 'Page path already exists'). */
export const DomainCampaignsPages = meta.story({
  args: { initial: { ...filled(2), domain: { mode: 'subdomain', name: '', domain_id: null }, campaigns: [], pages: [] } },
  play: async ({ canvas, userEvent, step }) => {
    await step('Domain: Next with nothing picked', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await boxSays(canvas, ['Please select a domain', 'Please Domain URL']);
    });
    await step('A taken subdomain is refused, then a free one', async () => {
      await userEvent.selectOptions(canvas.getByLabelText('Parent domain'), '2');
      await userEvent.type(canvas.getByLabelText('Subdomain'), 'sommer');
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await expect(box(canvas)).toHaveTextContent('Domain sommer.flexfit-bands.com already added');
      await retype(userEvent, canvas.getByLabelText('Subdomain'), 'quick');
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    });
    await step('Campaigns: empty and letters are refused', async () => {
      // Campaigns.
      await userEvent.click(await canvas.findByRole('button', { name: 'Add campaign' }));
      await expect(box(canvas)).toHaveTextContent('Missing Campaign Id');
      await userEvent.type(canvas.getByLabelText('Campaign Id'), '1a{Enter}');
      await expect(box(canvas)).toHaveTextContent('Input only numbers');
      await userEvent.clear(canvas.getByLabelText('Campaign Id'));
    });
    await step('Add a campaign, then the same one again', async () => {
      await userEvent.type(canvas.getByLabelText('Campaign Id'), '12301{Enter}');
      await boxSays(canvas, ['Please select at least one region', 'Please select fulfillment']);
      await userEvent.selectOptions(canvas.getByLabelText('Region'), 'US');
      await userEvent.selectOptions(canvas.getByLabelText('Fulfillment'), 'Ecomm');
      await userEvent.type(canvas.getByLabelText('Campaign Id'), '{Enter}');
      await expect(canvas.queryByRole('alert', { name: 'ERROR' })).toBeNull();
      await userEvent.type(canvas.getByLabelText('Campaign Id'), '12301{Enter}');
      await expect(box(canvas)).toHaveTextContent('Campaign 12301 already added');
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    });
    await step('Pages: Next with no pages', async () => {
      // Pages.
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await expect(box(canvas)).toHaveTextContent('No Pages added');
    });
    await step('Add page with nothing filled: name and type are required', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Add page' }));
      await boxSays(canvas, ['Missing Name', 'Missing Page Type']);
    });
    await step('A path without the closing slash is refused, then added', async () => {
      await addPage(canvas, userEvent, { name: 'Checkout', type: 'checkout', path: '/checkout' });
      await expect(box(canvas)).toHaveTextContent('Please input valid page path, it must start and end with slash.');
      await userEvent.type(canvas.getByLabelText('Page path'), '/');
      await userEvent.click(canvas.getByRole('button', { name: 'Add page' }));
    });
    await step('A taken page path is refused', async () => {
      await addPage(canvas, userEvent, { name: 'Checkout B', type: 'checkout', path: '/checkout/' });
      await expect(box(canvas)).toHaveTextContent('Page path already exists');
    });
    await step('Next goes on to General', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await expect(canvas.getByRole('heading', { level: 2, name: 'General' })).toBeVisible();
    });
  },
});

/** General: support number and email, the offer name, GTM/OPT/UA formats. */
export const General = meta.story({
  args: { initial: { ...filled(5), general: newGeneral() } },
  play: async ({ canvas, canvasElement, userEvent, step }) => {
    await step("Next with nothing filled: the seeds' messages", async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await boxSays(canvas, ['Please input the support number', 'Please input the support email', 'Please input the offer name']);
    });
    await step('A bad email and GTM id are refused', async () => {
      await typeFields(userEvent, canvasElement, {
        'Support number': '+1 555 0100',
        'Support email': 'not-an-email',
        'Offer name (dl_offer_name)': 'Glow',
        'Google Tag Manager id (GTM)': 'GTM-12345',
      });
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await boxSays(canvas, ['Email format is not valid', 'GTM must be letters and digits, at most 8']);
    });
    await step('Fix them: Next goes on to Build', async () => {
      await retype(userEvent, canvas.getByLabelText('Support email'), 'help@glow.example');
      await retype(userEvent, canvas.getByLabelText('Google Tag Manager id (GTM)'), 'GTM12345');
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await expect(canvas.getByRole('heading', { level: 2, name: 'Build' })).toBeVisible();
    });
  },
});

const buildCalls: WizardCalls = { creates: [] };
/** Build (msw as the server): Next waits for it; the sequence runs; Faq edits the new funnel; Design lists the pages; Done saves the funnel. */
export const BuildFaqDesignDone = meta.story({
  args: { initial: filled(6) },
  parameters: { msw: { handlers: wizardHandlers({}, buildCalls) } },
  play: async ({ canvas, userEvent, args, step }) => {
    buildCalls.creates.length = 0;
    await step('Next before building: Build the funnel first', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await expect(box(canvas)).toHaveTextContent('Build the funnel first');
    });
    await step('Build runs the sequence; the offer is skipped', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Build' }));
      await waitFor(() => expect(canvas.getByRole('progressbar', { name: 'Build progress' })).toHaveAttribute('aria-valuenow', '100'));
      await expect(canvas.getByRole('listitem', { name: 'Create offer: skipped' })).toBeVisible();
      await expect(canvas.getByRole('button', { name: 'Build' })).toBeDisabled();
    });
    await step('The funnel is created with the general settings', async () => {
      const funnelCall = buildCalls.creates.find((c) => c.path === '/api/v1/funnels');
      await expect(funnelCall?.body).toEqual({
        name: 'Quick Glow',
        offer: 10234,
        currency: 'USD',
        language: 'en',
        countries: ['US', 'CA'],
        cs_number: '+1 555 0100',
        cs_email: 'help@glow.example',
        details: { ...newGeneral().details, cf_secret_key: undefined, dl_offer_name: 'Glow' },
      });
    });
    await step('Faq: add a question', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await expect(canvas.getByRole('heading', { level: 2, name: 'Faq' })).toBeVisible();
      const add = await canvas.findAllByRole('button', { name: '+ Add question' }, { timeout: 5000 });
      await userEvent.click(add[0] as HTMLElement);
      await userEvent.type(canvas.getByLabelText('Question 1'), 'Is it vegan?');
    });
    await step('Manual, then Design lists the pages', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await expect(canvas.getByRole('heading', { level: 2, name: 'Manual' })).toBeVisible();
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      const table = canvas.getByRole('table', { name: 'Pages to design' });
      await expect(within(table).getAllByRole('row')).toHaveLength(3);
    });
    await step('Done saves the funnel with the question', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(args.onDone).toHaveBeenCalledWith(expect.any(Number)));
      const patches = buildCalls.creates.filter((c) => c.path.startsWith('PATCH'));
      // The index page, then Done's save with the FAQ question.
      await expect(patches).toHaveLength(2);
      await expect(JSON.stringify(patches[1]?.body)).toContain('Is it vegan?');
    });
  },
});

const failCalls: WizardCalls = { creates: [] };
/** Build fails at the domain (the server's message in the ERROR box and the list); Resume finishes without creating the funnel twice. */
export const BuildFailsAndResumes = meta.story({
  args: { initial: filled(6) },
  parameters: { msw: { handlers: wizardHandlers({ failDomainOnce: true }, failCalls) } },
  play: async ({ canvas, userEvent, step }) => {
    failCalls.creates.length = 0;
    await step("Build fails at the domain: the server's message", async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Build' }));
      await waitFor(() => expect(box(canvas)).toHaveTextContent('Domain quick.flexfit-bands.com already added'));
      await expect(canvas.getByRole('listitem', { name: 'Create domain: failed' })).toBeVisible();
    });
    await step('Resume finishes without creating the funnel twice', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Resume' }));
      await waitFor(() => expect(canvas.getByRole('progressbar', { name: 'Build progress' })).toHaveAttribute('aria-valuenow', '100'));
      await expect(failCalls.creates.filter((c) => c.path === '/api/v1/funnels')).toHaveLength(1);
      await expect(failCalls.creates.filter((c) => c.path === '/api/v1/pages')).toHaveLength(2);
    });
  },
});

/** Design: a page the build has no id for gives 'Missing Page ID' in the ERROR box (001 §8). */
export const DesignMissingPageId = meta.story({
  args: { initial: { ...filled(9), build: { ...emptyBuildState(), funnelId: 1, domainId: 2, campaigns: { c1: 3 }, pages: { p1: 11 }, indexSet: true } } },
  play: async ({ canvas, userEvent, step }) => {
    await step('A page without an id: Missing Page ID', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Designer for Thanks' }));
      await expect(box(canvas)).toHaveTextContent('Missing Page ID');
    });
    await step('Close the error', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Close error' }));
      await expect(canvas.queryByRole('alert', { name: 'ERROR' })).toBeNull();
    });
  },
});

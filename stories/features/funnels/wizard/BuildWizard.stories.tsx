import preview from '../../../../.storybook/preview';
import type { StoryContext } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { BuildWizard } from '../../../../src/features/funnels/wizard/BuildWizard';
import { BuildWizardScreen } from '../../../../src/features/funnels/wizard/BuildWizardScreen';
import { newDraft } from '../../../../src/features/funnels/wizard/draft';
import type { BuildApi } from '../../../../src/features/funnels/wizard/sequence';
import { StepList } from '../../../../src/features/funnels/wizard/WizardSteps';
import * as fx from '../../../../tests/fixtures/demo';
import { routeStory } from '../../../screens';
import { stores, wizardDomains, wizardHandlers, type WizardCalls } from './fixtures';
import { itemTexts } from '../../../helpers';
import { saveExpecting } from '../../../dialog-steps';

/** A fake sequence API: every create answers the next id. */
const fakeApi = (): BuildApi => {
  let id = 100;
  return {
    createOffer: fn((o: { offer_id: number }) => Promise.resolve({ offer_id: o.offer_id })),
    createFunnel: fn(() => Promise.resolve({ ID: id++ })),
    createDomain: fn(() => Promise.resolve({ ID: id++ })),
    createCampaign: fn(() => Promise.resolve({ ID: id++ })),
    createPage: fn(() => Promise.resolve({ ID: id++ })),
    setIndexPage: fn(() => Promise.resolve()),
  };
};

const at = (step: number) => ({ ...newDraft('story-draft'), step });
const checkout = { key: 'p1', name: 'Checkout', page_type: 'checkout', page_path: '/checkout/', template_id: 2 };

/** The build wizard (000 §2): offer, campaigns, pages and domain, each checked before Next with the seeds' messages. */
const meta = preview.meta({
  title: 'Funnels/Wizard/BuildWizard',
  component: BuildWizard,
  subcomponents: { BuildWizardScreen, StepList },
  args: {
    offers: fx.offers,
    stores,
    domains: wizardDomains,
    templates: fx.templates,
    api: fakeApi(),
    onDone: fn(),
    onCancel: fn(),
  },
});

/** Offer step: funnel name and an offer are required; a new offer's ids are digits ≤ 5, a taken id and 29next without a store are refused. */
export const OfferStep = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    await step('Next with nothing filled: funnel name and offer are required', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await expect(await canvas.findByText('Please input Funnel name')).toBeVisible();
      await expect(canvas.getByText('Please select an offer')).toBeVisible();
    });
    await step('A new offer with letters and too many digits: Input only numbers', async () => {
      await userEvent.type(canvas.getByLabelText('Funnel name'), 'Winter Glow');
      await userEvent.click(canvas.getByLabelText('Create a new offer'));
      await userEvent.type(canvas.getByLabelText('Offer ID'), '12a');
      await userEvent.type(canvas.getByLabelText('Everflow offer ID'), '1234567');
      await userEvent.type(canvas.getByLabelText('Offer name'), 'Winter Serum');
      const errs = await canvas.findAllByText('Input only numbers');
      await expect(errs).toHaveLength(2);
    });
    await step('A taken offer id is refused', async () => {
      await userEvent.clear(canvas.getByLabelText('Offer ID'));
      await userEvent.type(canvas.getByLabelText('Offer ID'), '10234');
      await expect(await canvas.findByText('Offer 10234 already exists')).toBeVisible();
    });
    await step('29next needs a store', async () => {
      await userEvent.clear(canvas.getByLabelText('Offer ID'));
      await userEvent.type(canvas.getByLabelText('Offer ID'), '20500');
      await userEvent.clear(canvas.getByLabelText('Everflow offer ID'));
      await userEvent.selectOptions(canvas.getByLabelText('Platform'), '29next');
      await expect(await canvas.findByText('You have to select store')).toBeVisible();
      await userEvent.selectOptions(canvas.getByLabelText('Store'), '2');
      await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
    });
    await step('Next goes on to Campaigns', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await expect(await canvas.findByRole('heading', { level: 2, name: 'Campaigns' })).toBeVisible();
    });
  },
});

/** Campaigns step: 'Missing Campaign Id', 'Input only numbers', at most 5 digits, a duplicate is the info 'Campaign [id] already added'. */
export const CampaignsStep = meta.story({
  args: { initialDraft: at(1) },
  play: async ({ canvas, userEvent, step }) => {
    const id = canvas.getByLabelText('Campaign Id');
    let list!: HTMLElement;
    await step('Campaign Id takes at most 5 digits; empty and letters are refused', async () => {
      await expect(id).toHaveAttribute('maxLength', '5');
      await userEvent.click(canvas.getByRole('button', { name: 'Add campaign' }));
      await expect(await canvas.findByText('Missing Campaign Id')).toBeVisible();
      await userEvent.type(id, '12x');
      await userEvent.click(canvas.getByRole('button', { name: 'Add campaign' }));
      await expect(await canvas.findByText('Input only numbers')).toBeVisible();
    });
    await step('Add two campaigns, each with its region and fulfillment (001 §5)', async () => {
      await userEvent.clear(id);
      await userEvent.selectOptions(canvas.getByLabelText('Region'), 'US');
      await userEvent.selectOptions(canvas.getByLabelText('Fulfillment'), 'Ecomm');
      await userEvent.type(id, '12301{Enter}');
      await userEvent.type(id, '12302{Enter}');
      list = canvas.getByRole('list', { name: 'Campaigns to add' });
      await expect(itemTexts(list)).toEqual([expect.stringContaining('Campaign 12301'), expect.stringContaining('Campaign 12302')]);
    });
    await step('Adding one twice says it is already added', async () => {
      await userEvent.type(id, '12301{Enter}');
      // Said by the field and raised as an info notification (000 §8).
      await waitFor(() => expect(id).toHaveAccessibleDescription(expect.stringContaining('Campaign 12301 already added')));
      await waitFor(() => expect(canvas.getAllByText('Campaign 12301 already added').length).toBeGreaterThanOrEqual(2));
      await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    });
    await step('Remove a campaign', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Remove campaign 12302' }));
      await expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    });
  },
});

/** Pages step: 'Missing Name', 'Missing Page Type', the path rule, 'Page path already exists', 'No Pages added', and the index page's type. */
export const PagesStep = meta.story({
  args: { initialDraft: at(2) },
  play: async ({ canvas, canvasElement, userEvent, step }) => {
    let table!: HTMLElement;
    await step('Next with no pages: No Pages added', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await expect(await canvas.findByRole('alert')).toHaveTextContent('No Pages added');
    });
    await step('Add page with nothing filled: name and type are required', () =>
      saveExpecting(userEvent, canvasElement, ['Missing Name', 'Missing Page Type'], 'Add page'),
    );
    await step('A path without slashes is refused', async () => {
      await userEvent.type(canvas.getByLabelText('Name'), 'Thanks');
      await userEvent.selectOptions(canvas.getByLabelText('Page type'), 'thankyou');
      await userEvent.clear(canvas.getByLabelText('Page path'));
      await userEvent.type(canvas.getByLabelText('Page path'), 'thanks');
      await userEvent.click(canvas.getByRole('button', { name: 'Add page' }));
      await expect(await canvas.findByText('Please input valid page path, it must start and end with slash.')).toBeVisible();
    });
    await step('Add a thank-you page', async () => {
      await userEvent.clear(canvas.getByLabelText('Page path'));
      await userEvent.type(canvas.getByLabelText('Page path'), '/thanks/');
      await userEvent.click(canvas.getByRole('button', { name: 'Add page' }));
      table = await canvas.findByRole('table', { name: 'Pages to create' });
      await expect(within(table).getAllByRole('row')).toHaveLength(2);
    });
    await step('A thank-you page cannot be the index page', async () => {
      // The first page becomes the index page: a thank-you page cannot be one.
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await expect(await canvas.findByText('The index page must be of type checkout, interstitial or presell')).toBeVisible();
    });
    await step('A taken page path is refused', async () => {
      await userEvent.type(canvas.getByLabelText('Name'), 'Checkout');
      await userEvent.selectOptions(canvas.getByLabelText('Page type'), 'checkout');
      await userEvent.clear(canvas.getByLabelText('Page path'));
      await userEvent.type(canvas.getByLabelText('Page path'), '/thanks/');
      await userEvent.selectOptions(canvas.getByLabelText('Template'), '2');
      await userEvent.click(canvas.getByRole('button', { name: 'Add page' }));
      await waitFor(() => expect(canvas.getByLabelText('Page path')).toHaveAccessibleDescription(expect.stringContaining('Page path already exists')));
    });
    await step('Add a checkout page and move it up: it becomes the index page', async () => {
      await userEvent.clear(canvas.getByLabelText('Page path'));
      await userEvent.type(canvas.getByLabelText('Page path'), '/checkout/');
      await userEvent.click(canvas.getByRole('button', { name: 'Add page' }));
      await userEvent.click(canvas.getByRole('button', { name: 'Move Checkout up' }));
      await expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Checkout index page');
    });
    await step('Next goes on to Domain', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await expect(await canvas.findByRole('heading', { level: 2, name: 'Domain' })).toBeVisible();
    });
  },
});

/** Domain step: a subdomain under a root domain or a new domain; the seeds' messages and 'Domain [name] already added'. */
export const DomainStep = meta.story({
  args: { initialDraft: { ...at(3), funnel: { ...newDraft().funnel, name: 'Winter' }, offer: { ...newDraft().offer, existing: 10234 }, pages: [checkout] } },
  play: async ({ canvas, userEvent, args, step }) => {
    await step("Finish with nothing picked: the seeds' messages", async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Finish' }));
      await expect(await canvas.findByText('Please select a domain')).toBeVisible();
      await expect(canvas.getByText('Please Domain URL')).toBeVisible();
    });
    await step('Parent domains are root domains only', async () => {
      await expect(canvas.getByLabelText('Parent domain')).toHaveTextContent('flexfit-bands.com');
      await expect(within(canvas.getByLabelText('Parent domain')).queryByText('sommer.flexfit-bands.com')).toBeNull();
    });
    await step('A bad subdomain and a taken one are refused', async () => {
      await userEvent.selectOptions(canvas.getByLabelText('Parent domain'), '2');
      await userEvent.type(canvas.getByLabelText('Subdomain'), 'eu.shop');
      await expect(await canvas.findByText('Please enter a valid subdomain')).toBeVisible();
      await userEvent.clear(canvas.getByLabelText('Subdomain'));
      await userEvent.type(canvas.getByLabelText('Subdomain'), 'sommer');
      await expect(await canvas.findByText('Domain sommer.flexfit-bands.com already added')).toBeVisible();
    });
    await step('A new domain without a dot is refused, then a good one', async () => {
      await userEvent.click(canvas.getByLabelText('A new domain'));
      await userEvent.clear(canvas.getByLabelText('Domain name'));
      await userEvent.type(canvas.getByLabelText('Domain name'), 'nodot');
      await expect(await canvas.findByText('Please enter a valid domain')).toBeVisible();
      await userEvent.clear(canvas.getByLabelText('Domain name'));
      await userEvent.type(canvas.getByLabelText('Domain name'), 'winter-glow.com');
      await expect(canvas.getByText('winter-glow.com')).toBeVisible();
    });
    await step('Finish builds with the existing offer and the new domain', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Finish' }));
      await waitFor(() => expect(args.onDone).toHaveBeenCalledWith(expect.any(Number), 'Winter'));
      await expect(args.api.createOffer).not.toHaveBeenCalled();
      await expect(args.api.createDomain).toHaveBeenCalledWith({ kind: 'domain', name: 'winter-glow.com' }, expect.any(Number), 'wizard:story-draft:domain');
      await expect(args.api.setIndexPage).toHaveBeenCalled();
    });
  },
});

const screenCalls: WizardCalls = { creates: [] };
const failingCalls: WizardCalls = { creates: [] };

type PlayCtx = StoryContext;

/** Walks the wizard on the screen: a new offer, 2 campaigns, 3 pages, a subdomain, then Finish. */
async function fillAll({ canvas, userEvent, step }: PlayCtx) {
  await step('Name the funnel and create a new offer', async () => {
    await userEvent.type(await canvas.findByLabelText('Funnel name', {}, { timeout: 5000 }), 'Spring Launch');
    await userEvent.click(canvas.getByLabelText('Create a new offer'));
    await userEvent.type(canvas.getByLabelText('Offer ID'), '20501');
    await userEvent.type(canvas.getByLabelText('Offer name'), 'Spring Serum');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
  });
  await step('Add two campaigns', async () => {
    const id = await canvas.findByLabelText('Campaign Id');
    await userEvent.selectOptions(canvas.getByLabelText('Region'), 'US');
    await userEvent.selectOptions(canvas.getByLabelText('Fulfillment'), 'Ecomm');
    await userEvent.type(id, '12301{Enter}');
    await userEvent.type(id, '12302{Enter}');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
  });
  await step('Add three pages', async () => {
    for (const [name, type, path] of [
      ['Checkout', 'checkout', '/checkout/'],
      ['Upsell', 'upsell1', '/upsell/'],
      ['Thanks', 'thankyou', '/thanks/'],
    ] as const) {
      await userEvent.type(await canvas.findByLabelText('Name'), name);
      await userEvent.selectOptions(canvas.getByLabelText('Page type'), type);
      await userEvent.clear(canvas.getByLabelText('Page path'));
      await userEvent.type(canvas.getByLabelText('Page path'), path);
      await userEvent.click(canvas.getByRole('button', { name: 'Add page' }));
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
  });
  await step('Pick a subdomain and Finish', async () => {
    await userEvent.selectOptions(await canvas.findByLabelText('Parent domain'), '2');
    await userEvent.type(canvas.getByLabelText('Subdomain'), 'spring');
    await userEvent.click(canvas.getByRole('button', { name: 'Finish' }));
  });
}

/** /funnels/build against the API (msw): the sequence runs in order and opens the new funnel with a success toast. */
export const BuildsAFunnel = meta.story({
  ...routeStory('/funnels/build', <BuildWizardScreen />, wizardHandlers({}, screenCalls)),
  play: async (ctx) => {
    const { canvas, step } = ctx;
    screenCalls.creates.length = 0;
    await fillAll(ctx);
    await step('The new funnel opens with a success toast', async () => {
      await expect(await canvas.findByText(/Navigated to \/funnels\/\d+\/pages/, {}, { timeout: 5000 })).toBeVisible();
      await expect(await screen.findByText('Funnel Spring Launch created')).toBeVisible();
    });
    await step('The sequence ran in order, each call with its own key', async () => {
      await expect(screenCalls.creates.map((c) => c.path)).toEqual([
        '/api/v1/offers/create/',
        '/api/v1/funnels',
        '/api/v1/domains/',
        '/api/v1/campaigns',
        '/api/v1/campaigns',
        '/api/v1/pages',
        '/api/v1/pages',
        '/api/v1/pages',
        expect.stringMatching(/^PATCH \/api\/v1\/funnels\/\d+$/),
      ]);
      await expect(new Set(screenCalls.creates.map((c) => c.key)).size).toBe(9);
    });
  },
});

/** The server refuses the domain: the progress modal names the step and the message; Resume goes on from it, creating nothing twice. */
export const FailureAndResume = meta.story({
  ...routeStory('/funnels/build', <BuildWizardScreen />, wizardHandlers({ failDomainOnce: true }, failingCalls)),
  play: async (ctx) => {
    const { canvas, userEvent, step } = ctx;
    failingCalls.creates.length = 0;
    await fillAll(ctx);
    let dialog!: HTMLElement;
    await step('The progress modal names the failed step and the message', async () => {
      dialog = await screen.findByRole('alertdialog', { name: 'The build stopped' }, { timeout: 5000 });
      await expect(within(dialog).getByRole('alert')).toHaveTextContent('Create domain failed: Domain spring.flexfit-bands.com already added');
      await expect(within(dialog).getByRole('listitem', { name: 'Create offer: done' })).toBeVisible();
      await expect(within(dialog).getByRole('listitem', { name: 'Create funnel: done' })).toBeVisible();
      await expect(within(dialog).getByRole('listitem', { name: 'Create domain: failed' })).toBeVisible();
      await expect(within(dialog).getByRole('listitem', { name: 'Create pages: waiting' })).toBeVisible();
      await expect(within(dialog).getByRole('progressbar', { name: 'Build progress' })).toHaveAttribute('aria-valuenow', '22');
    });
    await step('Resume goes on and opens the new funnel', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Resume' }));
      await expect(await canvas.findByText(/Navigated to \/funnels\/\d+\/pages/, {}, { timeout: 5000 })).toBeVisible();
    });
    await step('Nothing was created twice; the domain was retried with the same key', async () => {
      const paths = failingCalls.creates.map((c) => c.path);
      await expect(paths.filter((p) => p === '/api/v1/offers/create/')).toHaveLength(1);
      await expect(paths.filter((p) => p === '/api/v1/funnels')).toHaveLength(1);
      await expect(paths.filter((p) => p === '/api/v1/pages')).toHaveLength(3);
      // The refused domain and its retry carry the same key.
      const domainKeys = failingCalls.creates.filter((c) => c.path.startsWith('/api/v1/domains/')).map((c) => c.key);
      await expect(domainKeys).toHaveLength(2);
      await expect(domainKeys[0]).toBe(domainKeys[1]);
    });
  },
});

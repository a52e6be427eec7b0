/**
 * The steps the two funnel wizards share (000 §2 "Funnel build wizard with the steps offer,
 * campaigns, pages, domain"; 001 §2 Quick funnel wizard), each on its own in a harness that
 * holds its value and, on "Check step", shows the step's errors as the wizard computes them
 * (draft.ts, the seeds' messages): the offer step (existing offer or a new one with the offer
 * form's rules), the campaigns step (required, digits, duplicates as info), the pages step
 * (row rules, first row the index page, Up and Remove) and the domain step (subdomain or a new
 * domain, the served address, duplicates). `onChange` is a `fn()` arg told every new value.
 */
import preview from '../../../../.storybook/preview';
import { useState } from 'react';
import type { StoryContext } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { toasts } from '../../../helpers';
import { CampaignsStep, DomainStep, HeadRow, OfferStep, PagesStep } from '../../../../src/features/funnels/wizard/WizardSteps';
import { domainErrors, newDraft, NO_PAGES, offerErrors, pagesErrors, type StepErrors, type WizardDraft } from '../../../../src/features/funnels/wizard/draft';
import { MSG, RMSG } from '../../../../src/model';
import * as fx from '../../../../tests/fixtures/demo';
import { stores, wizardDomains } from './fixtures';
import { retype, typeFields } from '../../../dialog-steps';

type Canvas = StoryContext['canvas'];
type User = StoryContext['userEvent'];

/** Presses the harness's Check step: the step's errors show. */
const checkStep = (canvas: Canvas, userEvent: User) => userEvent.click(canvas.getByRole('button', { name: 'Check step' }));

/** Presses Check step, and the step's message `message` shows. */
async function checkRefused(canvas: Canvas, userEvent: User, message: string) {
  await checkStep(canvas, userEvent);
  await expect(canvas.getByText(message)).toBeVisible();
}

type StepName = 'offer' | 'campaigns' | 'pages' | 'domain';
interface HarnessProps {
  step: StepName;
  initial?: Partial<WizardDraft>;
  onChange: (v: unknown) => void;
  onErrors: (messages: string[]) => void;
}

/** One step with its value held and a "Check step" button that shows the wizard's errors for it. */
function Harness({ step, initial, onChange, onErrors }: HarnessProps) {
  const [draft, setDraft] = useState<WizardDraft>({ ...newDraft('steps-story'), ...initial });
  const [errors, setErrors] = useState<StepErrors>({});
  const set =
    <K extends StepName>(k: K) =>
    (v: WizardDraft[K]) => {
      onChange(v);
      setDraft((d) => ({ ...d, [k]: v }));
    };
  const check = () =>
    setErrors(
      step === 'offer'
        ? offerErrors(draft.offer, fx.offers)
        : step === 'pages'
          ? pagesErrors(draft.pages)
          : step === 'domain'
            ? domainErrors(draft.domain, wizardDomains)
            : {},
    );
  return (
    <div style={{ maxWidth: 720 }}>
      {step === 'offer' && <OfferStep value={draft.offer} onChange={set('offer')} offers={fx.offers} stores={stores} errors={errors} />}
      {step === 'campaigns' && <CampaignsStep value={draft.campaigns} onChange={set('campaigns')} errors={errors} onErrors={onErrors} created={{ kept: 1 }} />}
      {step === 'pages' && <PagesStep value={draft.pages} onChange={set('pages')} templates={fx.templates} errors={errors} onErrors={onErrors} />}
      {step === 'domain' && <DomainStep value={draft.domain} onChange={set('domain')} domains={wizardDomains} errors={errors} />}
      <button type="button" onClick={check}>
        Check step
      </button>
    </div>
  );
}

const meta = preview.meta({
  title: 'Funnels/Wizard/WizardSteps',
  component: Harness,
  subcomponents: { OfferStep, CampaignsStep, PagesStep, DomainStep, HeadRow },
  args: { step: 'offer' as const, onChange: fn(), onErrors: fn() },
});

/** Offer, existing: none chosen is 'Please select an offer'; a choice is reported as the offer's id. */
export const OfferExisting = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('An existing offer is the default; none picked is refused', async () => {
      await expect(canvas.getByLabelText('Use an existing offer')).toBeChecked();
      await checkRefused(canvas, userEvent, MSG.offerRequired);
    });
    await step('Pick an offer: the step passes', async () => {
      const offer = fx.offers[0]!;
      await userEvent.selectOptions(canvas.getByLabelText('Existing offer'), `${offer.name} (${offer.offer_id})`);
      await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ mode: 'existing', existing: offer.offer_id }));
      await checkStep(canvas, userEvent);
      await expect(canvas.queryByText(MSG.offerRequired)).toBeNull();
    });
  },
});

/** Offer, new: the offer form's messages (an id the platform has, letters, a 29next offer without a store), then valid. */
export const OfferNew = meta.story({
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    await step('A new offer with nothing filled: id and name are required', async () => {
      await userEvent.click(canvas.getByLabelText('Create a new offer'));
      await checkRefused(canvas, userEvent, RMSG.offerId);
      await expect(canvas.getByText(RMSG.offerName)).toBeVisible();
    });
    await step('An id the platform has is refused', async () => {
      await userEvent.type(canvas.getByLabelText('Offer ID'), String(fx.offers[0]!.offer_id));
      await checkRefused(canvas, userEvent, MSG.offerExists(fx.offers[0]!.offer_id));
    });
    await step('Letters are refused', async () => {
      await retype(userEvent, canvas.getByLabelText('Offer ID'), '2a');
      await checkRefused(canvas, userEvent, MSG.onlyNumbers);
    });
    await step('29next needs a store', async () => {
      await userEvent.clear(canvas.getByLabelText('Offer ID'));
      await typeFields(userEvent, canvasElement, { 'Offer ID': '20600', 'Offer name': 'Quick Serum' });
      await userEvent.selectOptions(canvas.getByLabelText('Platform'), '29next');
      await checkRefused(canvas, userEvent, MSG.selectStore);
    });
    await step('Pick a store: the step passes with the new offer', async () => {
      await userEvent.selectOptions(canvas.getByLabelText('Store'), '29next store');
      await checkStep(canvas, userEvent);
      await expect(canvas.queryByText(MSG.selectStore)).toBeNull();
      await expect(args.onChange).toHaveBeenLastCalledWith({
        mode: 'new',
        existing: null,
        offer_id: '20600',
        ef_offer_id: '',
        name: 'Quick Serum',
        platform: '29next',
        store_id: 2,
      });
    });
  },
});

/** Campaigns: empty is 'Missing Campaign Id', letters 'Input only numbers' (told to onErrors too); an id is added; the same id again is the info 'Campaign [id] already added'; Remove. */
export const Campaigns = meta.story({
  args: { step: 'campaigns' },
  play: async ({ canvas, userEvent, args, step }) => {
    let field!: HTMLElement;
    await step('No campaigns yet; empty and letters are refused', async () => {
      await expect(canvas.getByText(/No campaigns added yet/)).toBeVisible();
      field = canvas.getByLabelText('Campaign Id');
      await userEvent.click(canvas.getByRole('button', { name: 'Add campaign' }));
      await expect(canvas.getByText(MSG.campaignId)).toBeVisible();
      await expect(args.onErrors).toHaveBeenLastCalledWith([MSG.campaignId, RMSG.regions, RMSG.fulfillment]);
      await userEvent.type(field, '12a{Enter}');
      await expect(canvas.getByText(MSG.onlyNumbers)).toBeVisible();
    });
    await step('Add a campaign: a region and a fulfillment are required (001 §5)', async () => {
      await userEvent.clear(field);
      await userEvent.selectOptions(canvas.getByLabelText('Region'), 'PP');
      await userEvent.selectOptions(canvas.getByLabelText('Fulfillment'), 'SRLC');
    });
    await step('The same id again: already added, said and raised', async () => {
      await userEvent.type(field, '12301{Enter}');
      await expect(args.onChange).toHaveBeenLastCalledWith([{ key: expect.any(String), campaign_id: 12301, region: 'PP', fulfillment: 'SRLC' }]);
      await expect(args.onErrors).toHaveBeenLastCalledWith([]);
      await expect(field).toHaveValue('');
      const list = canvas.getByRole('list', { name: 'Campaigns to add' });
      await expect(list).toHaveTextContent('Campaign 12301');
      await userEvent.type(field, '12301{Enter}');
      await expect(within(canvas.getByRole('form', { name: 'Add campaign' })).getByText(MSG.campaignAdded(12301))).toBeVisible();
      await expect(await toasts().findByText(MSG.campaignAdded(12301))).toBeVisible();
      await expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    });
    await step('Remove the campaign', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Remove campaign 12301' }));
      await expect(args.onChange).toHaveBeenLastCalledWith([]);
      await expect(canvas.queryByRole('list', { name: 'Campaigns to add' })).toBeNull();
    });
  },
});

/** A campaign the build already created is marked and cannot be removed. */
export const CampaignCreated = meta.story({
  args: {
    step: 'campaigns',
    initial: {
      campaigns: [
        { key: 'kept', campaign_id: 12001 },
        { key: 'new', campaign_id: 12002 },
      ],
    },
  },
  play: async ({ canvas, step }) => {
    const list = canvas.getByRole('list', { name: 'Campaigns to add' });
    const [kept, fresh] = within(list).getAllByRole('listitem');
    await step('The created campaign is marked and cannot be removed', async () => {
      await expect(kept).toHaveTextContent('Campaign 12001created');
      await expect(within(kept!).queryByRole('button')).toBeNull();
    });
    await step('The new one can be removed', async () => {
      await expect(within(fresh!).getByRole('button', { name: 'Remove campaign 12002' })).toBeVisible();
    });
  },
});

/**
 * Pages: no page is 'No Pages added'; a row's messages ('Missing Name', 'Missing Page Type',
 * the page-path rule); valid rows added (the first marked index page, templates of its type);
 * a path taken is 'Page path already exists'; a thank-you page first is refused; Up and Remove.
 */
export const Pages = meta.story({
  args: { step: 'pages' },
  play: async ({ canvas, userEvent, args, step }) => {
    let path!: HTMLElement;
    let table!: HTMLElement;
    await step('No pages: No Pages added', async () => {
      await expect(canvas.getByText(NO_PAGES)).toBeVisible();
      await checkStep(canvas, userEvent);
      await expect(canvas.getByRole('alert')).toHaveTextContent(NO_PAGES);
    });
    await step("Add page with a bad row: the seed's messages", async () => {
      path = canvas.getByLabelText('Page path');
      await retype(userEvent, path, 'thanks');
      await userEvent.click(canvas.getByRole('button', { name: 'Add page' }));
      await expect(canvas.getByText(MSG.pageName)).toBeVisible();
      await expect(canvas.getByText(MSG.pageType)).toBeVisible();
      await expect(canvas.getByText(MSG.pagePath)).toBeVisible();
      await expect(args.onErrors).toHaveBeenLastCalledWith(expect.arrayContaining([MSG.pageName, MSG.pageType, MSG.pagePath]));
    });
    await step('Add a thank-you page with a template of its type', async () => {
      await userEvent.type(canvas.getByLabelText('Name'), 'Thanks');
      await userEvent.selectOptions(canvas.getByLabelText('Page type'), 'thankyou');
      await expect(
        within(canvas.getByLabelText('Template'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['No template', 'Thank you']);
      await userEvent.selectOptions(canvas.getByLabelText('Template'), 'Thank you');
      await retype(userEvent, path, '/thanks/');
      await userEvent.click(canvas.getByRole('button', { name: 'Add page' }));
      await expect(args.onChange).toHaveBeenLastCalledWith([
        { key: expect.any(String), name: 'Thanks', page_type: 'thankyou', page_path: '/thanks/', template_id: 4 },
      ]);
    });
    await step('A thank-you page cannot be the index page', async () => {
      await checkStep(canvas, userEvent);
      await expect(canvas.getByRole('alert')).toHaveTextContent(MSG.indexPageType);
    });
    await step('A taken page path is refused, said and raised', async () => {
      // A second page on the same path is refused; on its own path it is added and moved up to be the index page.
      await userEvent.type(canvas.getByLabelText('Name'), 'Checkout');
      await userEvent.selectOptions(canvas.getByLabelText('Page type'), 'checkout');
    });
    await step('Add a checkout page and move it up: it is the index page', async () => {
      await retype(userEvent, path, '/thanks/');
      await userEvent.click(canvas.getByRole('button', { name: 'Add page' }));
      await expect(within(canvas.getByRole('form', { name: 'Add page' })).getByText(MSG.pagePathExists)).toBeVisible();
      await expect(await toasts().findByText(MSG.pagePathExists)).toBeVisible();
      await retype(userEvent, path, '/checkout/');
      await userEvent.click(canvas.getByRole('button', { name: 'Add page' }));
      table = canvas.getByRole('table', { name: 'Pages to create' });
      await userEvent.click(within(table).getByRole('button', { name: 'Move Checkout up' }));
      const firstCells = () => [...within(table).getAllByRole('row')].slice(1).map((r) => r.querySelector('td')?.textContent);
      await expect(firstCells()).toEqual(['Checkout index page', 'Thanks']);
    });
    await step('The step passes', async () => {
      await checkStep(canvas, userEvent);
      await expect(canvas.queryByRole('alert')).toBeNull();
    });
    await step('Remove a page', async () => {
      await userEvent.click(within(table).getByRole('button', { name: 'Remove Thanks' }));
      await expect(args.onChange).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'Checkout', page_path: '/checkout/' })]);
    });
  },
});

/** Domain, subdomain: 'Please Domain URL' and a parent to choose; the served address shown; a name already there is 'Domain [name] already added'. */
export const DomainSubdomain = meta.story({
  args: { step: 'domain' },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('A subdomain is the default; parents are root domains; none picked is refused', async () => {
      await expect(canvas.getByLabelText('A subdomain of an existing domain')).toBeChecked();
      await expect(
        within(canvas.getByLabelText('Parent domain'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Select a domain', 'glowskin-offer.com', 'flexfit-bands.com']);
      await checkRefused(canvas, userEvent, MSG.domainRequired);
    });
    await step('A subdomain already there is refused; the served address is shown', async () => {
      await userEvent.selectOptions(canvas.getByLabelText('Parent domain'), 'flexfit-bands.com');
      await userEvent.type(canvas.getByLabelText('Subdomain'), 'sommer');
      await expect(canvas.getByText('sommer.flexfit-bands.com')).toBeVisible();
      await checkRefused(canvas, userEvent, MSG.domainAdded('sommer.flexfit-bands.com'));
    });
    await step('A free subdomain passes', async () => {
      await retype(userEvent, canvas.getByLabelText('Subdomain'), 'winter');
      await checkStep(canvas, userEvent);
      await expect(canvas.queryByText(MSG.domainAdded('sommer.flexfit-bands.com'))).toBeNull();
      await expect(canvas.queryByText(MSG.domainAdded('winter.flexfit-bands.com'))).toBeNull();
      await expect(args.onChange).toHaveBeenLastCalledWith({ mode: 'subdomain', name: 'winter', domain_id: 2 });
    });
  },
});

/** Domain, new: a name without a TLD is 'Please enter a valid domain'; a valid one is the served address. */
export const DomainNew = meta.story({
  args: { step: 'domain' },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('A name without a TLD is refused', async () => {
      await userEvent.click(canvas.getByLabelText('A new domain'));
      await userEvent.type(canvas.getByLabelText('Domain name'), 'glowskin');
      await checkRefused(canvas, userEvent, MSG.domainInvalid);
    });
    await step('A valid name passes and is the served address', async () => {
      await userEvent.type(canvas.getByLabelText('Domain name'), '.shop');
      await checkStep(canvas, userEvent);
      await waitFor(() => expect(canvas.queryByText(MSG.domainInvalid)).toBeNull());
      await expect(canvas.getByText('glowskin.shop')).toBeVisible();
      await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ mode: 'domain', name: 'glowskin.shop' }));
    });
  },
});

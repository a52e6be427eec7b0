import preview from '../../../../.storybook/preview';
import { expect, fn, screen, within } from 'storybook/test';
import { BuildProgressList, BuildProgressModal } from '../../../../src/features/funnels/wizard/BuildProgress';
import { emptyBuildState, type BuildPlan } from '../../../../src/features/funnels/wizard/sequence';

const plan: BuildPlan = {
  draftId: 'story',
  offer: { kind: 'new', offer_id: 20501, ef_offer_id: null, name: 'Spring Serum', platform: 'sticky', store_id: null },
  funnel: { name: 'Spring Launch' },
  domain: { kind: 'subdomain', name: 'spring', domain_id: 2 },
  campaigns: [
    { key: 'c1', campaign_id: 12301, region: 'US' as const, fulfillment: 'Ecomm' as const },
    { key: 'c2', campaign_id: 12302, region: 'US' as const, fulfillment: 'Ecomm' as const },
  ],
  pages: [
    { key: 'p1', name: 'Checkout', page_type: 'checkout', page_path: '/checkout/', template_id: null },
    { key: 'p2', name: 'Thanks', page_type: 'thankyou', page_path: '/thanks/', template_id: null },
  ],
};

/** The progress modal of the build sequence (000 §2, §4): each step's state and the percentage; a failure offers Resume. */
const meta = preview.meta({
  title: 'Funnels/Wizard/BuildProgress',
  component: BuildProgressModal,
  subcomponents: { BuildProgressList },
  args: { isOpen: true, plan, state: emptyBuildState(), onResume: fn(), onClose: fn() },
});

/** Running: the offer and the funnel are done, the domain runs; no buttons while it runs. */
export const Running = meta.story({
  args: { state: { ...emptyBuildState(), offerId: 20501, funnelId: 9, running: 'domain' } },
  play: async ({ step }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Building the funnel' });
    await step('Each step says done, running or waiting', async () => {
      await expect(within(dialog).getByRole('listitem', { name: 'Create offer: done' })).toBeVisible();
      await expect(within(dialog).getByRole('listitem', { name: 'Create domain: running' })).toBeVisible();
      await expect(within(dialog).getByRole('listitem', { name: 'Create pages: waiting' })).toHaveTextContent('(0/2)');
    });
    await step('The progress is a quarter; no button while it runs', async () => {
      await expect(within(dialog).getByRole('progressbar', { name: 'Build progress' })).toHaveAttribute('aria-valuenow', '25');
      await expect(within(dialog).queryByRole('button')).toBeNull();
    });
  },
});

/** Failed at the second campaign: the step and the server's message; Resume and Close. */
export const FailedWithResume = meta.story({
  args: {
    state: {
      ...emptyBuildState(),
      offerId: 20501,
      funnelId: 9,
      domainId: 40,
      campaigns: { c1: 70 },
      failed: { step: 'campaigns', message: 'Campaign 12302 already added' },
    },
  },
  play: async ({ args, userEvent, step }) => {
    const dialog = await screen.findByRole('alertdialog', { name: 'The build stopped' });
    await step("The failed step and the server's message are said", async () => {
      await expect(within(dialog).getByRole('alert')).toHaveTextContent('Create campaigns failed: Campaign 12302 already added');
      await expect(within(dialog).getByRole('listitem', { name: 'Create campaigns: failed' })).toHaveTextContent('(1/2)');
    });
    await step('Resume resumes the build', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Resume' }));
      await expect(args.onResume).toHaveBeenCalled();
    });
    await step('Close closes it', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await expect(args.onClose).toHaveBeenCalled();
    });
  },
});

/** Everything created; an existing offer's step shows as skipped. */
export const Done = meta.story({
  args: {
    plan: { ...plan, offer: { kind: 'existing', offer_id: 20322 } },
    state: { ...emptyBuildState(), funnelId: 9, domainId: 40, campaigns: { c1: 70, c2: 71 }, pages: { p1: 80, p2: 81 }, indexSet: true },
  },
  play: async ({ step }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Building the funnel' });
    await step("The existing offer's step is skipped, the rest done", async () => {
      await expect(within(dialog).getByRole('listitem', { name: 'Create offer: skipped' })).toBeVisible();
      await expect(within(dialog).getByRole('listitem', { name: 'Set the first page as index page: done' })).toBeVisible();
    });
    await step('The progress is full', async () => {
      await expect(within(dialog).getByRole('progressbar', { name: 'Build progress' })).toHaveAttribute('aria-valuenow', '100');
    });
  },
});

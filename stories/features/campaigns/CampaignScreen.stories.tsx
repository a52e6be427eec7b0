/**
 * /campaigns/{id} (000 §2 campaign detail, §5, §8; 001 §2): the table of the selected
 * campaign with '+ Add Campaign' — a campaign of the same owner, the form's messages ('Missing
 * Campaign Id', 'Input only numbers', 'Campaign [id] already added') before anything is sent,
 * then the new campaign shown; Edit with the existing campaign form (body asserted); Delete after
 * the confirmation back to the owner; an offer's own campaign linking to its offer; an unknown
 * campaign; a role that may not write campaigns.
 */
import preview from '../../../.storybook/preview';
import { expect, screen, waitFor, within } from 'storybook/test';
import { expectToast } from '../../helpers';
import { MSG } from '../../../src/model';
import { CampaignScreen } from '../../../src/features/campaigns/screens/CampaignScreen';
import { CAMPAIGNS_READ_ONLY, CampaignDetail, CampaignNotFound, campaignNotFound } from '../../../src/features/campaigns/components/CampaignDetail';
import { funnel } from '../../../tests/fixtures/demo';
import { deleteAndLeaveStory, renderAt, recordingStory } from '../../screens';
import { campaign, catalogHandlers, storyCampaigns } from '../offers/fixtures';
import { openDialog, retype, saveExpecting, stepRules, stepValue } from '../../dialog-steps';

const at = (url: string) => renderAt('/campaigns/:id', <CampaignScreen />, url);
const meta = preview.meta({
  title: 'Campaigns/CampaignScreen',
  component: CampaignScreen,
  subcomponents: { CampaignDetail, CampaignNotFound },
  render: at('/campaigns/1'),
  parameters: { msw: { handlers: catalogHandlers() } },
});

/** The funnel's campaigns: 12001 (shown) and 12005 (a sibling). */
const withSibling = [...storyCampaigns, campaign(3, 12005, { funnel_id: 1, campaign_name: 'GlowSkin PP', name: 'GlowSkin PP', payment_method: 'paypal' })];

/** Filled: the selected campaign in the table, the link back to its funnel's campaigns, the actions. */
export const Filled = meta.story({
  play: async ({ canvas, step }) => {
    let table!: HTMLElement;
    await step("The heading and the campaign's row", async () => {
      await expect(await canvas.findByRole('heading', { level: 1, name: 'Campaign 12001' }, { timeout: 5000 })).toBeVisible();
      table = canvas.getByRole('table', { name: 'Campaign' });
      const rows = within(table).getAllByRole('row');
      await expect(rows).toHaveLength(2);
      await expect(rows[1]).toHaveTextContent('GlowSkin US');
      await expect(rows[1]).toHaveTextContent('Ecomm');
    });
    await step("The link to its funnel's campaigns", async () => {
      await expect(await canvas.findByRole('link', { name: `${funnel.name}: Campaigns` }, { timeout: 5000 })).toHaveAttribute('href', '/funnels/1/campaigns');
    });
    await step('Add and Edit are offered', async () => {
      const add = await canvas.findByRole('button', { name: '+ Add Campaign' });
      await waitFor(() => expect(add).toBeEnabled());
      await expect(within(table).getByRole('button', { name: 'Edit campaign 12001' })).toBeEnabled();
    });
  },
});

/** '+ Add Campaign': each message first (a sibling's id too), nothing sent; then 12009 added to the same funnel and shown. */
export const AddCampaign = meta.story(
  recordingStory(
    (sent) => catalogHandlers({ campaigns: withSibling, sent }),
    async ({ canvas, userEvent, step }, sent) => {
      const dialog = await stepValue(step, '+ Add Campaign opens the form', async () => {
        const add = await canvas.findByRole('button', { name: '+ Add Campaign' }, { timeout: 5000 });
        await waitFor(() => expect(add).toBeEnabled());
        await userEvent.click(add);
        return screen.findByRole('dialog', { name: 'Add campaign' });
      });
      const id = within(dialog).getByLabelText('Campaign Id');
      const save = within(dialog).getByRole('button', { name: 'Save' });
      await stepRules(step, userEvent, dialog, [
        ["Save it empty: the seed's message", null, [MSG.campaignId]],
        ['An id with letters: only numbers', () => userEvent.type(id, '12a'), [MSG.onlyNumbers]],
      ]);
      await step("An id already added: the seed's message; nothing sent", async () => {
        // Region and fulfillment first (required on every write, 001 §5), so the id is what is refused.
        await userEvent.click(within(dialog).getByLabelText('DE'));
        await userEvent.selectOptions(within(dialog).getByLabelText('Fulfillment'), 'Ecomm');
        await retype(userEvent, id, '12005');
        await saveExpecting(userEvent, dialog, [MSG.campaignAdded(12005)]);
        await expect(sent).toEqual([]);
      });
      await step('Fill in 12009 with a name (region DE and fulfillment Ecomm chosen above), then save', async () => {
        await retype(userEvent, id, '12009');
        await userEvent.type(within(dialog).getByLabelText('Campaign name'), 'GlowSkin DE');
        await userEvent.click(save);
      });
      await step("The new campaign's page, the request and the toast", async () => {
        await expect(await canvas.findByRole('heading', { level: 1, name: 'Campaign 12009' }, { timeout: 5000 })).toBeVisible();
        await expect(sent).toHaveLength(1);
        await expect(sent[0]).toMatchObject({
          method: 'POST',
          path: '/api/v1/campaigns',
          body: { campaign_id: 12009, campaign_name: 'GlowSkin DE', regions: ['DE'], fulfillment: 'Ecomm', funnel_id: 1, offer_id: 10231 },
        });
        await expectToast('Added campaign 12009');
      });
    },
  ),
);

/** Edit: the campaign's values in the form; a sibling's id refused; a new name and fulfillment saved. */
export const Edit = meta.story(
  recordingStory(
    (sent) => catalogHandlers({ campaigns: withSibling, sent }),
    async ({ canvas, userEvent, step }, sent) => {
      await step('The campaign loads', async () => {
        await canvas.findByRole('heading', { level: 1, name: 'Campaign 12001' }, { timeout: 5000 });
        await waitFor(() => expect(canvas.getByRole('button', { name: '+ Add Campaign' })).toBeEnabled());
      });
      const dialog = await stepValue(step, 'Edit opens the form with the stored values', async () => {
        const opened = await openDialog(canvas, userEvent, 'Edit campaign 12001');
        await expect(within(opened).getByLabelText('Campaign Id')).toHaveValue('12001');
        await expect(within(opened).getByLabelText('Fulfillment')).toHaveValue('Ecomm');
        return opened;
      });
      const id = within(dialog).getByLabelText('Campaign Id');
      await stepRules(step, userEvent, dialog, [["An id already added: the seed's message", () => retype(userEvent, id, '12005'), [MSG.campaignAdded(12005)]]]);
      await step('Back to its own id, a new name and fulfillment, then save', async () => {
        await retype(userEvent, id, '12001');
        await retype(userEvent, within(dialog).getByLabelText('Campaign name'), 'GlowSkin USA');
        await userEvent.selectOptions(within(dialog).getByLabelText('Fulfillment'), 'New Jersey');
        await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      });
      await step('The request and the updated row', async () => {
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        await expect(sent).toHaveLength(1);
        await expect(sent[0]).toMatchObject({
          method: 'PUT',
          path: '/api/v1/campaigns/1',
          body: { campaign_id: 12001, campaign_name: 'GlowSkin USA', fulfillment: 'New Jersey', funnel_id: 1, offer_id: 10231 },
        });
        await waitFor(() => expect(canvas.getByRole('table', { name: 'Campaign' })).toHaveTextContent('New Jersey'));
      });
    },
  ),
);

/** Delete: Cancel sends nothing; Delete removes it and returns to the funnel's campaigns. */
export const Delete = meta.story(
  deleteAndLeaveStory(
    (sent) => catalogHandlers({ sent }),
    { button: 'Delete campaign 12001', dialog: 'Delete campaign', question: 'Are you sure you want to delete campaign 12001 (GlowSkin US)?' },
    { to: '/funnels/1/campaigns', path: '/api/v1/campaigns/1' },
  ),
);

/** An offer's own campaign (no funnel): the link back goes to the offer's campaign tab. */
export const OfferCampaign = meta.story({
  render: at('/campaigns/2'),
  play: async ({ canvas, step }) => {
    await step('The heading', async () => {
      await expect(await canvas.findByRole('heading', { level: 1, name: 'Campaign 12002' }, { timeout: 5000 })).toBeVisible();
    });
    await step('The link back to its offer', async () => {
      await expect(await canvas.findByRole('link', { name: 'GlowSkin Vitamin C Serum: Campaign' }, { timeout: 5000 })).toHaveAttribute(
        'href',
        '/offers/1/campaign',
      );
    });
  },
});

/** An unknown campaign: 'Campaign 99 not found'; a non-numeric id likewise. */
export const UnknownCampaign = meta.story({
  render: at('/campaigns/99'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: campaignNotFound('99') }, { timeout: 5000 })).toBeVisible();
  },
});

/** Not a number: said at once, nothing read. */
export const NotAnId = meta.story({
  render: at('/campaigns/abc'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: campaignNotFound('abc') }, { timeout: 5000 })).toBeVisible();
  },
});

/** A role without campaigns.write (the sticky account): the table, no '+ Add Campaign', Edit or Delete, and the reason. */
export const Forbidden = meta.story({
  parameters: { msw: { handlers: catalogHandlers({ role: 'sticky' }) } },
  play: async ({ canvas, step }) => {
    let table!: HTMLElement;
    await step('The read-only notice and the campaign', async () => {
      await expect(await canvas.findByText(CAMPAIGNS_READ_ONLY, {}, { timeout: 5000 })).toBeVisible();
      table = canvas.getByRole('table', { name: 'Campaign' });
      await expect(table).toHaveTextContent('12001');
    });
    await step('No Add and no row buttons', async () => {
      await expect(canvas.queryByRole('button', { name: '+ Add Campaign' })).toBeNull();
      await expect(within(table).queryAllByRole('button')).toEqual([]);
    });
  },
});

import preview from '../../../.storybook/preview';
import { expect, fn, within } from 'storybook/test';
import { CampaignsTab } from '../../../src/features/funnels/components/CampaignsTab';
import type { Campaign } from '../../../src/model';
import { DEMO_CAMPAIGN } from '../../../src/model/demo-records';
import { emptyTabStory, lockedTabStory } from './locked-tab';
import { fileNamed, stepOpenUpload, stepRefusedBeforeSending, uploadRefusedStory } from './upload-file';
import {
  addStory,
  deleteAfterAsking,
  editPrefilled,
  expectNoDialog,
  listsRows,
  openDialog,
  pressIn,
  retype,
  refusedKeepsDialogStory,
  saveAndClose,
  saveExpecting,
  stepValue,
  typeFields,
} from '../../dialog-steps';
import { calledForRow, resolvingSpies } from '../../spies';

/** The demo's US campaign (000 §3 and 001 §3 names) as campaign `campaign_id` of `region`, named `name`. */
const campaign = (ID: number, campaign_id: number, name: string, region: 'US' | 'CA' | 'PP', over: Partial<Campaign> = {}): Campaign => ({
  ...DEMO_CAMPAIGN,
  ID,
  campaign_id,
  campaign_name: name,
  name,
  country_code: region === 'PP' ? 'US' : region,
  country: region === 'PP' ? 'US' : region,
  regions: [region],
  payment_method: region === 'PP' ? 'paypal' : 'card',
  ...over,
});

/** The demo funnel's campaigns. */
const campaigns: Campaign[] = [
  campaign(1, 12001, 'GlowSkin US Network', 'US'),
  campaign(2, 12002, 'GlowSkin CA Network', 'CA'),
  campaign(3, 12003, 'GlowSkin PayPal', 'PP', { scrub: true, is_scrub: true }),
];

/** A file named `name` holding `text`. */
const csvFile = (name: string, text = 'campaign_id,fulfillment\n12001,Ecomm\n') => fileNamed(name, text);

const meta = preview.meta({
  title: 'Funnels/CampaignsTab',
  component: CampaignsTab,
  args: {
    funnelId: 1,
    campaigns,
    offerId: 10231,
    offerName: 'GlowSkin Vitamin C Serum',
    ...resolvingSpies('onCreate', 'onUpdate', 'onDelete', 'onCreateFromOffer', 'onUploadFulfillment'),
  },
});

/** The list, each campaign linking to its detail view; edit (prefilled) changes the fulfilment; delete asks first. */
export const Filled = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('The campaigns are listed, each linking to its page', () =>
      listsRows(canvas.getByRole('table', { name: 'Campaigns' }), {
        rows: [/12003.*GlowSkin PayPal.*US.*PP.*paypal.*New Jersey.*Network.*Scrub/],
        also: (table) => expect(within(table).getByRole('link', { name: 'Open campaign 12003' })).toHaveAttribute('href', '/campaigns/3'),
      }),
    );
    await step('Edit a campaign: change its fulfillment', () =>
      editPrefilled(
        canvas,
        userEvent,
        'Edit campaign 12002',
        { 'Campaign Id': '12002', 'Campaign name': 'GlowSkin CA Network' },
        async (dialog) => {
          await expect(within(dialog).getByLabelText('CA')).toBeChecked();
          await userEvent.selectOptions(within(dialog).getByLabelText('Fulfillment'), 'SRLC');
        },
        calledForRow(args.onUpdate, 2, {
          campaign_id: 12002,
          campaign_name: 'GlowSkin CA Network',
          country_code: 'CA',
          scrub: false,
          funnel_id: 1,
          offer_id: 10231,
          description: '',
          sufix: 'Network',
          regions: ['CA'],
          payment_method: 'card',
          shipping_id: 1,
          fulfillment: 'SRLC',
        }),
      ),
    );
    await step('Delete a campaign, after asking', () =>
      deleteAfterAsking(canvas, userEvent, {
        button: 'Delete campaign 12003',
        dialog: 'Delete campaign',
        question: 'Are you sure you want to delete campaign 12003 (GlowSkin PayPal) from this funnel?',
        deleted: calledForRow(args.onDelete, 3),
      }),
    );
  },
});

/** Add campaign by id: the caret starts in Campaign Id; the country is upper-cased. */
export const AddById = meta.story(
  addStory('Add campaign by id', 'Campaign Id', 'Add a campaign by id', {
    type: { 'Campaign Id': '12009', 'Campaign name': 'GlowSkin DE', 'Country code': 'de' },
    then: async (dialog, userEvent) => {
      await userEvent.click(within(dialog).getByLabelText('DE'));
      await userEvent.selectOptions(within(dialog).getByLabelText('Suffix'), 'Klaviyo');
      await userEvent.selectOptions(within(dialog).getByLabelText('Fulfillment'), 'SRLC');
    },
    created: {
      campaign_id: 12009,
      campaign_name: 'GlowSkin DE',
      country_code: 'DE',
      scrub: false,
      funnel_id: 1,
      offer_id: null,
      description: '',
      sufix: 'Klaviyo',
      regions: ['DE'],
      payment_method: '',
      shipping_id: null,
      fulfillment: 'SRLC',
    },
  }),
);

/** The seed's messages (000 §5, §8): 'Missing Campaign Id', 'Input only numbers', at most 5 digits, 'Campaign [id] already added'; nothing is sent. */
export const Invalid = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    let dialog!: HTMLElement;
    let id!: HTMLElement;
    await step('Open Add campaign by id', async () => {
      dialog = await openDialog(canvas, userEvent, 'Add campaign by id');
      id = within(dialog).getByLabelText('Campaign Id');
    });
    await step('Save it empty: Missing Campaign Id, and a region and a fulfillment are required (001 §5)', async () => {
      await saveExpecting(userEvent, dialog, ['Missing Campaign Id', 'Please select at least one region', 'Please select fulfillment']);
      await userEvent.click(within(dialog).getByLabelText('US'));
      await userEvent.selectOptions(within(dialog).getByLabelText('Fulfillment'), 'Ecomm');
    });
    await step('Letters are refused; at most 5 digits', async () => {
      await userEvent.type(id, '12a');
      await saveExpecting(userEvent, dialog, ['Input only numbers']);
      await expect(id).toHaveAttribute('maxLength', '5');
    });
    await step('An id already added is refused; nothing saved', async () => {
      await retype(userEvent, id, '12001');
      await saveExpecting(userEvent, dialog, ['Campaign 12001 already added']);
      await expect(id).toHaveAttribute('aria-invalid', 'true');
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
  },
});

/** The server refuses (e.g. 'Campaign [id] already added' from another tab): the dialog stays open with what was typed. */
export const ServerRefuses = meta.story(
  refusedKeepsDialogStory('onCreate', 'Campaign 12010 already added', {
    open: ['Open Add campaign by id', 'Add campaign by id'],
    fill: [
      'Add a campaign the server refuses',
      async (dialog, userEvent) => {
        await typeFields(userEvent, dialog, { 'Campaign Id': '12010' });
        await userEvent.click(within(dialog).getByLabelText('US'));
        await userEvent.selectOptions(within(dialog).getByLabelText('Fulfillment'), 'Ecomm');
      },
    ],
    kept: ['The form stays open with what was typed', 'Campaign Id', '12010'],
  }),
);

/** Create from the offer: regions and fulfilment required (001 §5), then one call with the choices. */
export const CreateFromOffer = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const dialog = await stepValue(step, 'Open Create campaigns from offer', () =>
      openDialog(canvas, userEvent, 'Create campaigns from offer', 'Create campaigns from offer GlowSkin Vitamin C Serum'),
    );
    await step('Create with nothing picked: region and fulfillment are required', async () => {
      await saveExpecting(userEvent, dialog, ['Please select at least one region', 'Please select fulfillment'], 'Create');
    });
    await step('The regions, fulfillments and suffixes offered', async () => {
      await expect(
        within(dialog)
          .getAllByRole('checkbox')
          .map((b) => b.getAttribute('value')),
      ).toEqual(['US', 'CA', 'PP', 'DE', 'UK']);
      await expect(
        within(within(dialog).getByLabelText('Fulfillment'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Select fulfillment', 'New Jersey', 'Ecomm', 'SRLC']);
      await expect(
        within(within(dialog).getByLabelText('Suffix'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Network', 'Network2', 'Reship', 'VIP Upsell1', 'Klaviyo', 'Default']);
    });
    await step('Create US and PayPal campaigns', async () => {
      await userEvent.click(within(dialog).getByLabelText('US'));
      await userEvent.click(within(dialog).getByLabelText('PP (PayPal)'));
      await userEvent.selectOptions(within(dialog).getByLabelText('Fulfillment'), 'Ecomm');
      await userEvent.selectOptions(within(dialog).getByLabelText('Suffix'), 'VIP Upsell1');
      await saveAndClose(
        userEvent,
        dialog,
        () =>
          expect(args.onCreateFromOffer).toHaveBeenCalledWith({
            offer_id: 10231,
            funnel_id: 1,
            regions: ['US', 'PP'],
            fulfillment: 'Ecomm',
            sufix: 'VIP Upsell1',
            description: '',
          }),
        'Create',
      );
    });
  },
});

/** The fulfilment CSV: a wrong type is refused before sending; a CSV is sent with a progress bar. */
export const UploadFulfillment = meta.story({
  args: {
    onUploadFulfillment: fn(async (_file: File, onProgress: (f: number) => void) => {
      onProgress(0.5);
      await new Promise((r) => setTimeout(r, 300));
      onProgress(1);
    }),
  },
  play: async ({ canvas, userEvent, args, step }) => {
    const { dialog, input } = await stepOpenUpload(
      step,
      canvas,
      userEvent,
      'Open the upload: the columns are said',
      'Upload fulfillment CSV',
      /Columns campaign_id and fulfillment \(New Jersey, Ecomm, SRLC\)/,
    );
    await step('Upload with no file: Please choose a CSV file', () => saveExpecting(userEvent, dialog, ['Please choose a CSV file'], 'Upload'));
    await stepRefusedBeforeSending(
      step,
      userEvent,
      dialog,
      csvFile('fulfil.xlsx'),
      'fulfil.xlsx file upload failed. Only CSV files are accepted',
      args.onUploadFulfillment,
    );
    await step('Upload a CSV: progress, then the dialog closes', async () => {
      await userEvent.upload(input, csvFile('fulfil.csv'));
      await pressIn(userEvent, dialog, 'Upload');
      await expect(await within(dialog).findByRole('progressbar', { name: 'Uploading: 50%' })).toBeVisible();
      await expect(within(dialog).getByRole('button', { name: 'Saving…' })).toBeDisabled();
      await expectNoDialog();
      await expect(args.onUploadFulfillment).toHaveBeenCalledWith(expect.objectContaining({ name: 'fulfil.csv' }), expect.any(Function));
    });
  },
});

/** A refused upload keeps the dialog open with the seed's failure text, the reason and every bad row. */
export const UploadRefused = meta.story(
  uploadRefusedStory('onUploadFulfillment', 'Upload fulfillment CSV', csvFile('bad.csv'), {
    reason: '2 invalid rows',
    lines: [
      { line: 3, message: 'Input only numbers' },
      { line: 4, message: 'Campaign 99997 not found' },
    ],
    said: 'The reason and the bad lines are listed; Upload can be tried again',
    also: (dialog) => expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled(),
  }),
);

/** No campaigns: the empty state; Add is there. */
export const Empty = meta.story(
  emptyTabStory({ campaigns: [] }, 'No Campaigns added', {
    step: 'Add campaign by id is still there',
    buttons: ['Add campaign by id'],
  }),
);

/** A funnel without an offer: campaigns cannot be created from it, and the reason is said. */
export const NoOffer = meta.story({
  args: { offerId: null, offerName: undefined },
  play: async ({ canvas, step }) => {
    await step('Create from offer is disabled, and why', async () => {
      const create = canvas.getByRole('button', { name: 'Create campaigns from offer' });
      await expect(create).toBeDisabled();
      await expect(create).toHaveAccessibleDescription('The funnel has no offer: choose one in the Details tab to create campaigns from it.');
    });
    await step('Add campaign by id is still there', async () => {
      await expect(canvas.getByRole('button', { name: 'Add campaign by id' })).toBeEnabled();
    });
  },
});

/** Locked funnel: no add, create, upload, edit or delete, and the reason is said. */
export const Locked = meta.story(
  lockedTabStory(
    ['Add campaign by id', 'Create campaigns from offer', 'Upload fulfillment CSV', 'Edit campaign 12001', 'Delete campaign 12002'],
    'The funnel is locked: unlock it to add, edit or delete campaigns.',
    { also: async (canvas) => expect(canvas.getByRole('link', { name: 'Open campaign 12001' })).toBeVisible() },
  ),
);

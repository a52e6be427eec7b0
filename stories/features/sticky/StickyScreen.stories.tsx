/**
 * /sticky (001 §2 "Sticky page", §5, §7, §8; 000 §2, §7, §8) as the sticky account
 * uses it: nothing uploaded yet; a fulfilment CSV by the picker (progress while held, then
 * the seed's message and the result row); a products CSV once a funnel is picked (created and
 * updated by SKU); a file that is not .csv, dropped on each zone (the seed's / server's words,
 * nothing sent); a file the server refuses row by row (each line listed); and a role the
 * server refuses (its 403 message said). Each play asserts what the API received.
 */
import preview from '../../../.storybook/preview';
import type { StoryContext } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { MSG, RMSG, forbiddenMessage } from '../../../src/model';
import { StickyScreen } from '../../../src/features/sticky/screens/StickyScreen';
import { NO_UPLOADS, UploadResults } from '../../../src/features/sticky/components/UploadResults';
import { routeStory, recordingStory } from '../../screens';
import { gate, stickyHandlers, type SentUpload } from './fixtures';
import { stepHeading } from '../../helpers';

const meta = preview.meta({
  title: 'Sticky/StickyScreen',
  component: StickyScreen,
  subcomponents: { UploadResults },
  ...routeStory('/sticky', <StickyScreen />, stickyHandlers()),
});

const FULFIL_PATH = '/api/v1/csv_upload/sticky/campaigns_fulfillment';
const csv = (name: string, text: string) => new File([text], name, { type: name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream' });

/**
 * Drops `file` on `target` as the browser does: dragover, then drop, each a real DragEvent
 * carrying a DataTransfer (Testing Library's fireEvent would copy it into an empty one).
 */
function dropFile(target: Element, file: File) {
  const dataTransfer = new DataTransfer();
  dataTransfer.items.add(file);
  for (const type of ['dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }));
}

type Queries = { findByRole: (role: string, o: object, w?: object) => Promise<HTMLElement> };
/** The two upload cards (regions named by their headings). */
const cards = async (canvas: Queries) => ({
  fulfil: await canvas.findByRole('region', { name: 'Campaign fulfilment CSV upload' }, { timeout: 5000 }),
  products: await canvas.findByRole('region', { name: 'Products CSV upload' }, { timeout: 5000 }),
});
/** The cells of the uploads table's rows, newest first. */
const uploadRows = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));

/** Nothing uploaded yet: both uploads offered (products only once a funnel is picked), the empty uploads list; the drop zone's input is the first tab stop. */
export const Empty = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    await stepHeading(step, canvas, 'Sticky');
    const { fulfil, products } = await cards(canvas);
    await step('The fulfilment card is ready; the products card waits for a funnel', async () => {
      await expect(within(fulfil).getByLabelText(/^Campaign fulfilment CSV file/)).toBeEnabled();
      await expect(within(fulfil).getByText(/Columns campaign_id and fulfillment \(New Jersey, Ecomm, SRLC\)/)).toBeVisible();
      await waitFor(() => expect(within(products).getByRole('combobox', { name: 'Funnel' })).toBeEnabled());
      await expect(within(products).getByLabelText(/^Products CSV file/)).toBeDisabled();
      await expect(within(products).getByText('Pick a funnel first')).toBeVisible();
      await expect(canvas.getByText(NO_UPLOADS)).toBeVisible();
    });
    await step('Tab reaches the file, then the funnel; no uploads yet', async () => {
      await userEvent.tab();
      await expect(within(fulfil).getByLabelText(/^Campaign fulfilment CSV file/)).toHaveFocus();
      await userEvent.tab();
      await expect(within(products).getByRole('combobox', { name: 'Funnel' })).toHaveFocus();
      await expect(canvas.queryByRole('table')).toBeNull();
    });
  },
});

/** A story whose uploads and writes the Sticky handlers log (see {@link recordingStory}). */
const uploadStory = (play: (ctx: StoryContext, sent: SentUpload[]) => Promise<void>) => recordingStory<SentUpload>((sent) => stickyHandlers({ sent }), play);

const fulfilGate = gate();
/** A valid fulfilment CSV by the picker: the progress while it is held, then the seed's message and the result row. */
export const FulfilmentUploaded = meta.story(
  recordingStory<SentUpload>(
    (sent) => stickyHandlers({ sent, hold: fulfilGate }),
    async ({ canvas, userEvent, step }, sent) => {
      const { fulfil } = await cards(canvas);
      await step('Choose a fulfilment CSV: the progress bar, the input disabled, the file sent', async () => {
        const text = 'campaign_id,fulfillment\n12001,Ecomm\n12101,SRLC\n';
        await userEvent.upload(within(fulfil).getByLabelText(/^Campaign fulfilment CSV file/), csv('fulfil.csv', text));
        const bar = await within(fulfil).findByRole('progressbar', { name: /^Uploading fulfil\.csv: \d+%$/ });
        await expect(bar).toBeVisible();
        await expect(within(fulfil).getByLabelText(/^Campaign fulfilment CSV file/)).toBeDisabled();
        await waitFor(() => expect(sent).toEqual([{ path: FULFIL_PATH, file: 'fulfil.csv', text }]));
      });
      await step("The upload ends: the success message and the session's row", async () => {
        fulfilGate.open();
        await expect(await within(fulfil).findByRole('status')).toHaveTextContent(MSG.uploadOk('fulfil.csv'));
        await expect(within(fulfil).queryByRole('progressbar')).toBeNull();
        const table = canvas.getByRole('table', { name: 'Uploads this session' });
        await expect(uploadRows(table)).toEqual([['fulfil.csv', 'Campaign fulfilment', 'Uploaded', '2', '—', '—', MSG.uploadOk('fulfil.csv')]]);
        await expect(within(fulfil).getByLabelText(/^Campaign fulfilment CSV file/)).toBeEnabled();
      });
    },
  ),
);

/** Products: the zone waits for a funnel; with GlowSkin picked the file goes to its offer (one SKU it has updated, one created). */
export const ProductsUploaded = meta.story(
  uploadStory(async ({ canvas, userEvent, step }, sent) => {
    const { products } = await cards(canvas);
    let text!: string;
    await step('The funnels are offered; pick one', async () => {
      const select = within(products).getByRole('combobox', { name: 'Funnel' });
      await waitFor(() => expect(select).toBeEnabled());
      await expect(within(products).getByRole('option', { name: '2 PureBrite Smile — PureBrite Whitening Kit (locked)' })).toBeInTheDocument();
      await userEvent.selectOptions(select, '1 GlowSkin Summer — GlowSkin Serum');
    });
    await step('Choose a products CSV', async () => {
      const input = within(products).getByLabelText(/^Products CSV file/);
      await expect(input).toBeEnabled();
      text =
        'name,description,sku,cost_of_goods,product_price,shipping_weight\nGlow Mask,Sheet mask,GS-MASK,1.10,9.99,0.1\nSerum,Vitamin C,GS-VC-30,6.2,41.95,0.12\n';
      await userEvent.upload(input, csv('products.csv', text));
    });
    await step("The success message, the request and the session's row", async () => {
      await expect(await within(products).findByRole('status')).toHaveTextContent(MSG.uploadOk('products.csv'));
      await expect(sent).toEqual([{ path: '/api/v1/csv_upload/sticky/products_create/1', file: 'products.csv', text }]);
      await expect(uploadRows(canvas.getByRole('table', { name: 'Uploads this session' }))).toEqual([
        ['products.csv', 'Products for funnel 1 GlowSkin Summer', 'Uploaded', '2', '1', '1', MSG.uploadOk('products.csv')],
      ]);
    });
  }),
);

/** Files that are not .csv, dropped on the zones: the products upload says 001 §5's words, fulfilment the server's; nothing is sent. */
export const RefusedFile = meta.story(
  uploadStory(async ({ canvas, userEvent, step }, sent) => {
    const { fulfil, products } = await cards(canvas);
    await step('Pick a funnel', async () => {
      const select = within(products).getByRole('combobox', { name: 'Funnel' });
      await waitFor(() => expect(select).toBeEnabled());
      await userEvent.selectOptions(select, '1 GlowSkin Summer — GlowSkin Serum');
    });
    await step("Drop a spreadsheet on the products card: the seed's message", async () => {
      const zone = within(products)
        .getByLabelText(/^Products CSV file/)
        .closest('label');
      if (!zone) throw new Error('no products drop zone');
      dropFile(zone, csv('products.xlsx', 'name,description\nMask,Sheet\n'));
      await expect(await within(products).findByRole('alert')).toHaveTextContent('products.xlsx file upload failed. Uploads of product lists accept only csv');
    });
    await step("Drop a text file on the fulfilment card: the seed's message", async () => {
      const fulfilZone = within(fulfil)
        .getByLabelText(/^Campaign fulfilment CSV file/)
        .closest('label');
      if (!fulfilZone) throw new Error('no fulfilment drop zone');
      dropFile(fulfilZone, csv('notes.txt', 'campaign_id,fulfillment\n12001,Ecomm\n'));
      await expect(await within(fulfil).findByRole('alert')).toHaveTextContent('notes.txt file upload failed. Only CSV files are accepted');
    });
    await step('Both are listed as not sent; nothing sent', async () => {
      await expect(uploadRows(canvas.getByRole('table', { name: 'Uploads this session' }))).toEqual([
        ['notes.txt', 'Campaign fulfilment', 'Not sent', '—', '—', '—', 'notes.txt file upload failed. Only CSV files are accepted'],
        [
          'products.xlsx',
          'Products for funnel 1 GlowSkin Summer',
          'Not sent',
          '—',
          '—',
          '—',
          'products.xlsx file upload failed. Uploads of product lists accept only csv',
        ],
      ]);
      await expect(sent).toEqual([]);
    });
  }),
);

/** A fulfilment CSV the server refuses row by row: the seed's failure with the reason, and each refused line in its own table. */
export const ServerRefusedRows = meta.story(
  uploadStory(async ({ canvas, userEvent, step }, sent) => {
    const { fulfil } = await cards(canvas);
    let text!: string;
    await step('Choose a fulfilment CSV with bad rows', async () => {
      text = 'campaign_id,fulfillment\n12001,Ecomm\n12a,Ecomm\n12002,Moon\n99997,SRLC\n';
      await userEvent.upload(within(fulfil).getByLabelText(/^Campaign fulfilment CSV file/), csv('bad.csv', text));
      await expect(await within(fulfil).findByRole('alert')).toHaveTextContent('bad.csv file upload failed. 3 invalid rows');
    });
    await step("The refused rows and the session's row", async () => {
      await expect(sent).toEqual([{ path: FULFIL_PATH, file: 'bad.csv', text }]);
      const refused = canvas.getByRole('table', { name: 'Rows refused in bad.csv' });
      await expect(uploadRows(refused)).toEqual([
        ['3', MSG.onlyNumbers],
        ['4', RMSG.fulfillment],
        ['5', 'Campaign 99997 not found'],
      ]);
      await expect(uploadRows(canvas.getByRole('table', { name: 'Uploads this session' }))).toEqual([
        ['bad.csv', 'Campaign fulfilment', 'Refused', '—', '—', '—', 'bad.csv file upload failed. 3 invalid rows'],
      ]);
    });
  }),
);

/**
 * A role the server refuses `csv.upload` (today's policy gives it to every role, so this is
 * the server's 403 as any refused role gets it): the policy's message is said, no result.
 */
export const ForbiddenRole = meta.story(
  recordingStory<SentUpload>(
    (sent) => stickyHandlers({ role: 'operator', forbidden: true, sent }),
    async ({ canvas, userEvent, step }, sent) => {
      const { fulfil } = await cards(canvas);
      await step('Choose a fulfilment CSV', async () => {
        await userEvent.upload(within(fulfil).getByLabelText(/^Campaign fulfilment CSV file/), csv('fulfil.csv', 'campaign_id,fulfillment\n12001,Ecomm\n'));
      });
      await step("The role's refusal, the request and the session's row", async () => {
        const message = forbiddenMessage('operator', 'csv.upload');
        await expect(message).toBe('Your role (operator) may not upload CSV files to the order platform');
        await expect(await within(fulfil).findByRole('alert')).toHaveTextContent(message);
        await expect(sent.map((s) => s.path)).toEqual([FULFIL_PATH]);
        await expect(uploadRows(canvas.getByRole('table', { name: 'Uploads this session' }))).toEqual([
          ['fulfil.csv', 'Campaign fulfilment', 'Refused', '—', '—', '—', message],
        ]);
        await expect(canvas.queryByRole('table', { name: /^Rows refused/ })).toBeNull();
      });
    },
  ),
);

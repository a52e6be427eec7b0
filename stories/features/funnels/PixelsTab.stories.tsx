import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { PixelForm, PixelsTab } from '../../../src/features/funnels/components/PixelsTab';
import type { Pixel } from '../../../src/model';
import { pages } from '../../../tests/fixtures/demo';
import { lockedTabStory } from './locked-tab';

const fbCode = "<script>fbq('init','1234567890');fbq('track','PageView');</script>";
/** The demo funnel's pixels (001 §3): one row per pixel and page. */
const pixels: Pixel[] = [
  { ID: 1, funnel_id: 1, name: 'Facebook Pixel', aff_id: '', page: 10, location: 'head', code: fbCode, pageIds: [10] },
  { ID: 2, funnel_id: 1, name: 'Facebook Pixel', aff_id: '', page: 11, location: 'head', code: fbCode, pageIds: [11] },
  {
    ID: 3,
    funnel_id: 1,
    name: 'Everflow Conversion',
    aff_id: '1001',
    page: 13,
    location: 'body',
    code: "<img src='https://track.example.com/conv?oid=512' width='1' height='1'>",
    pageIds: [13],
  },
];

const meta = {
  title: 'Funnels/PixelsTab',
  component: PixelsTab,
  subcomponents: { PixelForm },
  args: { pixels, pages, onCreate: fn(() => Promise.resolve()), onUpdate: fn(() => Promise.resolve()), onDelete: fn(() => Promise.resolve()) },
} satisfies Meta<typeof PixelsTab>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The list names each pixel's page by its path; edit moves a pixel; delete asks first, then deletes. */
export const Filled: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    await step('The pixels are listed with their pages', async () => {
      const table = canvas.getByRole('table', { name: 'Pixels' });
      await expect(within(table).getAllByText('Facebook Pixel')).toHaveLength(2);
      await expect(within(table).getByText('/thank-you/')).toBeVisible();
    });
    await step('Edit a pixel: rename it', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Edit Everflow Conversion on /thank-you/' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Everflow Conversion on /thank-you/' });
      await expect(within(dialog).getByRole('checkbox', { name: 'Thank you /thank-you/' })).toBeChecked();
      await expect(within(dialog).getByLabelText('Location')).toHaveValue('body');
      const name = within(dialog).getByLabelText('Name');
      await userEvent.clear(name);
      await userEvent.type(name, 'Everflow Sale');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(args.onUpdate).toHaveBeenCalledWith(
          expect.objectContaining({ ID: 3 }),
          expect.objectContaining({ name: 'Everflow Sale', aff_id: '1001', location: 'body', pageIds: [13] }),
        ),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
    await step('Delete a pixel, after asking', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Delete Facebook Pixel on /checkout/' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete pixel' });
      await expect(confirm).toHaveTextContent('Are you sure you want to delete Facebook Pixel on /checkout/?');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith(expect.objectContaining({ ID: 2 })));
    });
  },
};

/** Add on two pages: the code is saved normalised (001 §5: double quotes → single, no line breaks). */
export const AddOnTwoPages: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    let dialog!: HTMLElement;
    await step('Add pixel opens the form, the caret in Name', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Add pixel' }));
      dialog = await screen.findByRole('dialog', { name: 'Add pixel' });
      await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
    });
    await step('Add a pixel on two pages: the code is saved normalised', async () => {
      await userEvent.keyboard('TikTok');
      await userEvent.selectOptions(within(dialog).getByLabelText('Location'), 'body');
      await userEvent.type(within(dialog).getByLabelText('Code'), '<script>ttq.load("C123");{Enter}ttq.page();</script>');
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Checkout /checkout/' }));
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Thank you /thank-you/' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(args.onCreate).toHaveBeenCalledWith({
          name: 'TikTok',
          aff_id: '',
          location: 'body',
          code: "<script>ttq.load('C123');ttq.page();</script>",
          pageIds: [11, 13],
        }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  },
};

/** The seed's messages (001 §5): name, location, code and at least one page; nothing is saved. */
export const Invalid: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    let dialog!: HTMLElement;
    await step('Add pixel opens the form', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Add pixel' }));
      dialog = await screen.findByRole('dialog', { name: 'Add pixel' });
    });
    await step("Save it empty: the seed's messages, nothing saved", async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await expect(await within(dialog).findByText('Missing Pixel Name')).toBeVisible();
      await expect(within(dialog).getByText('Please select location')).toBeVisible();
      await expect(within(dialog).getByText('Missing Pixel Code')).toBeVisible();
      await expect(within(dialog).getByText('Please select at least one page')).toBeVisible();
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
  },
};

/** No pixels: the empty state. */
export const Empty: Story = {
  args: { pixels: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('No Pixels added');
  },
};

/** Locked funnel: no add, edit or delete, and the reason is said. */
export const Locked: Story = lockedTabStory(
  ['Add pixel', 'Edit Facebook Pixel on /', 'Delete Everflow Conversion on /thank-you/'],
  'The funnel is locked: unlock it to add, edit or delete pixels.',
);

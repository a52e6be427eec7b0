import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { PixelForm, PixelsTab } from '../../../src/features/funnels/components/PixelsTab';
import type { Pixel } from '../../../src/model';
import { pages } from '../../../tests/fixtures/demo';
import { emptyTabStory, lockedTabStory } from './locked-tab';
import { addStory, deleteAfterAsking, openDialog, retype, saveAndClose, saveExpecting, stepOpen } from '../../dialog-steps';
import { calledForRow, resolvingSpies } from '../../spies';

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

const meta = preview.meta({
  title: 'Funnels/PixelsTab',
  component: PixelsTab,
  subcomponents: { PixelForm },
  args: { pixels, pages, ...resolvingSpies('onCreate', 'onUpdate', 'onDelete') },
});

/** The list names each pixel's page by its path; edit moves a pixel; delete asks first, then deletes. */
export const Filled = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('The pixels are listed with their pages', async () => {
      const table = canvas.getByRole('table', { name: 'Pixels' });
      await expect(within(table).getAllByText('Facebook Pixel')).toHaveLength(2);
      await expect(within(table).getByText('/thank-you/')).toBeVisible();
    });
    await step('Edit a pixel: rename it', async () => {
      const dialog = await openDialog(canvas, userEvent, 'Edit Everflow Conversion on /thank-you/');
      await expect(within(dialog).getByRole('checkbox', { name: 'Thank you /thank-you/' })).toBeChecked();
      await expect(within(dialog).getByLabelText('Location')).toHaveValue('body');
      await retype(userEvent, within(dialog).getByLabelText('Name'), 'Everflow Sale');
      await saveAndClose(
        userEvent,
        dialog,
        calledForRow(args.onUpdate, 3, expect.objectContaining({ name: 'Everflow Sale', aff_id: '1001', location: 'body', pageIds: [13] })),
      );
    });
    await step('Delete a pixel, after asking', () =>
      deleteAfterAsking(canvas, userEvent, {
        button: 'Delete Facebook Pixel on /checkout/',
        dialog: 'Delete pixel',
        question: 'Are you sure you want to delete Facebook Pixel on /checkout/?',
        deleted: calledForRow(args.onDelete, 2),
        waitClosed: false,
      }),
    );
  },
});

/** Add on two pages: the code is saved normalised (001 §5: double quotes → single, no line breaks). */
export const AddOnTwoPages = meta.story(
  addStory('Add pixel', 'Name', 'Add a pixel on two pages: the code is saved normalised', {
    then: async (dialog, userEvent) => {
      await userEvent.keyboard('TikTok');
      await userEvent.selectOptions(within(dialog).getByLabelText('Location'), 'body');
      await userEvent.type(within(dialog).getByLabelText('Code'), '<script>ttq.load("C123");{Enter}ttq.page();</script>');
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Checkout /checkout/' }));
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Thank you /thank-you/' }));
    },
    created: {
      name: 'TikTok',
      aff_id: '',
      location: 'body',
      code: "<script>ttq.load('C123');ttq.page();</script>",
      pageIds: [11, 13],
    },
  }),
);

/** The seed's messages (001 §5): name, location, code and at least one page; nothing is saved. */
export const Invalid = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const dialog = await stepOpen(step, canvas, userEvent, 'Add pixel');
    await step("Save it empty: the seed's messages, nothing saved", async () => {
      await saveExpecting(userEvent, dialog, ['Missing Pixel Name', 'Please select location', 'Missing Pixel Code', 'Please select at least one page']);
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
  },
});

/** No pixels: the empty state. */
export const Empty = meta.story(emptyTabStory({ pixels: [] }, 'No Pixels added'));

/** Locked funnel: no add, edit or delete, and the reason is said. */
export const Locked = meta.story(
  lockedTabStory(
    ['Add pixel', 'Edit Facebook Pixel on /', 'Delete Everflow Conversion on /thank-you/'],
    'The funnel is locked: unlock it to add, edit or delete pixels.',
  ),
);

import preview from '../../../.storybook/preview';
import { expect, waitFor, within } from 'storybook/test';
import { ScrubsTab } from '../../../src/features/funnels/components/ScrubsTab';
import type { Scrub } from '../../../src/model';
import { emptyTabStory, lockedTabStory } from './locked-tab';
import { addStory, deleteAfterAsking, editPrefilled, listsRows, pressIn, retype, saveExpecting, stepOpen, stepSaveEmpty, typeFields } from '../../dialog-steps';
import { calledForRow, resolvingSpies } from '../../spies';

/** The demo funnel's scrubs: one global, one per affiliate (001 §3). */
const scrubs: Scrub[] = [
  { ID: 1, funnel_id: 1, affiliate_id: '', affiliate_name: 'All affiliates', scrub_pct: 10, global: true },
  { ID: 2, funnel_id: 1, affiliate_id: '1001', affiliate_name: 'Traffic Kings', scrub_pct: 25, global: false },
];

const meta = preview.meta({
  title: 'Funnels/ScrubsTab',
  component: ScrubsTab,
  args: { scrubs, ...resolvingSpies('onCreate', 'onUpdate', 'onDelete') },
});

/** The list; edit changes the percent; delete asks first, then deletes. */
export const Filled = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('The scrubs are listed', () => listsRows(canvas.getByRole('table', { name: 'Scrubs' }), { texts: ['Global', 'Traffic Kings', '25%'] }));
    await step('Edit a scrub: change its percent', () =>
      editPrefilled(
        canvas,
        userEvent,
        'Edit scrub for affiliate 1001',
        { 'Scrub percent': '25' },
        (dialog) => retype(userEvent, within(dialog).getByLabelText('Scrub percent'), '30'),
        calledForRow(args.onUpdate, 2, { affiliate_id: '1001', affiliate_name: 'Traffic Kings', scrub_pct: 30, global: false }),
      ),
    );
    await step('Delete the global scrub, after asking', () =>
      deleteAfterAsking(canvas, userEvent, {
        button: 'Delete global scrub',
        dialog: 'Delete scrub',
        question: 'Are you sure you want to delete the global scrub?',
        deleted: calledForRow(args.onDelete, 1),
      }),
    );
  },
});

/** Add: a scrub for one affiliate; the caret starts in Affiliate ID. */
export const Add = meta.story(
  addStory('Add scrub', 'Affiliate ID', 'Add a scrub for an affiliate: saved', {
    type: { 'Affiliate ID': '1002', 'Affiliate name': 'Media Bros', 'Scrub percent': '15' },
    created: { affiliate_id: '1002', affiliate_name: 'Media Bros', scrub_pct: 15, global: false },
  }),
);

/** Add a global scrub: no affiliate id needed. */
export const AddGlobal = meta.story({
  args: { scrubs: [] },
  play: async ({ canvas, userEvent, args, step }) => {
    const dialog = await stepOpen(step, canvas, userEvent, 'Add scrub');
    await step('Add a global scrub: saved', async () => {
      await userEvent.click(within(dialog).getByLabelText('Global: applies to every affiliate'));
      await typeFields(userEvent, dialog, { 'Scrub percent': '5' });
      await pressIn(userEvent, dialog);
      await waitFor(() => expect(args.onCreate).toHaveBeenCalledWith({ affiliate_id: '', affiliate_name: '', scrub_pct: 5, global: true }));
    });
  },
});

/** The seed's messages (001 §5): 'Missing Affiliate ID', 'Missing Scrub Percent', digits only, percent 0–100; nothing is saved. */
export const Invalid = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const dialog = await stepSaveEmpty(step, canvas, userEvent, 'Save empty: the percent is missing', 'Add scrub', ['Missing Scrub Percent']);
    await step('Save with a percent only: the affiliate is missing', async () => {
      // 'Missing Affiliate ID' is the form-wide rule (unless global), checked once the fields are valid.
      await typeFields(userEvent, dialog, { 'Scrub percent': '20' });
      await saveExpecting(userEvent, dialog, ['Missing Affiliate ID']);
    });
    await step("Save bad values: each field's message, nothing saved", async () => {
      await userEvent.clear(within(dialog).getByLabelText('Scrub percent'));
      await typeFields(userEvent, dialog, { 'Affiliate ID': '10a', 'Scrub percent': '150' });
      await saveExpecting(userEvent, dialog, ['Input only numbers', 'Scrub percent must be a whole number from 0 to 100']);
      // The seed's max lengths (affiliate id 4, percent 3) hold at the keyboard.
      await expect(within(dialog).getByLabelText('Affiliate ID')).toHaveAttribute('maxLength', '4');
      await expect(within(dialog).getByLabelText('Scrub percent')).toHaveAttribute('maxLength', '3');
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
  },
});

/** No scrubs: the empty state. */
export const Empty = meta.story(emptyTabStory({ scrubs: [] }, 'No Scrubs added'));

/** Locked funnel: no add, edit or delete, and the reason is said. */
export const Locked = meta.story(
  lockedTabStory(['Add scrub', 'Edit global scrub', 'Delete scrub for affiliate 1001'], 'The funnel is locked: unlock it to add, edit or delete scrubs.'),
);

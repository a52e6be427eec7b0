import preview from '../../../.storybook/preview';
import { expect } from 'storybook/test';
import { BlockerForm, BlockersTab } from '../../../src/features/funnels/components/BlockersTab';
import type { Blocker } from '../../../src/model';
import { DEMO_BLOCKERS } from '../../../src/model/demo-records';
import { emptyTabStory, lockedTabStory } from './locked-tab';
import { addStory, deleteAfterAsking, editPrefilled, listsRows, saveExpecting, stepSaveEmpty, typeFields } from '../../dialog-steps';
import { calledForRow, resolvingSpies } from '../../spies';

/** The demo funnel's blocked users (001 §3), updated on two days. */
const blockers: Blocker[] = [
  { ...DEMO_BLOCKERS[0], UpdatedAt: '2026-05-01T10:00:00.000Z' },
  { ...DEMO_BLOCKERS[1], UpdatedAt: '2026-05-02T10:00:00.000Z' },
];

/** A block's fields, all empty: what the form sends for a field left blank. */
const noBlock = { user_ip: '', user_country: '', user_email: '', user_phone: '', order_decline_limit: null };

const meta = preview.meta({
  title: 'Funnels/BlockersTab',
  component: BlockersTab,
  subcomponents: { BlockerForm },
  args: { blockers, ...resolvingSpies('onCreate', 'onUpdate', 'onDelete') },
});

/** The list; edit sets a decline limit; delete asks first, then deletes. */
export const Filled = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('The blocked users are listed', () =>
      listsRows(canvas.getByRole('table', { name: 'Blocked users' }), { texts: ['198.51.100.23', 'chargeback@example.net'] }),
    );
    await step('Edit a block: add a decline limit', () =>
      editPrefilled(
        canvas,
        userEvent,
        'Edit block of 198.51.100.23',
        { 'IP address': '198.51.100.23' },
        (dialog) => typeFields(userEvent, dialog, { 'Order decline limit': '2' }),
        calledForRow(args.onUpdate, 1, { ...noBlock, user_ip: '198.51.100.23', order_decline_limit: 2 }),
      ),
    );
    await step('Delete a block, after asking', () =>
      deleteAfterAsking(canvas, userEvent, {
        button: 'Delete block of chargeback@example.net',
        dialog: 'Delete block',
        question: 'Are you sure you want to delete the block of chargeback@example.net?',
        deleted: calledForRow(args.onDelete, 2),
        waitClosed: false,
      }),
    );
  },
});

/** Block an IPv6 address, a country and a phone; the caret starts in IP address; an empty decline limit is sent as none. */
export const Add = meta.story(
  addStory('Block user', 'IP address', 'Block an IPv6 address, a country and a phone: saved, no decline limit', {
    type: { 'IP address': '2001:db8::1', Country: 'NG', Phone: '+1 (555) 010-9999' },
    created: { ...noBlock, user_ip: '2001:db8::1', user_country: 'NG', user_phone: '+1 (555) 010-9999' },
  }),
);

/** The rules (000 §5): nothing to block, the IP pattern, country, e-mail, phone and decline limit; nothing is saved. */
export const Invalid = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const dialog = await stepSaveEmpty(step, canvas, userEvent, 'Save an empty block: something to block is asked for', 'Block user', [
      'Please input an IP, a country, an e-mail or a phone',
    ]);
    await step("Save bad values: each field's message, nothing saved", async () => {
      await typeFields(userEvent, dialog, {
        'IP address': '300.1.2.3',
        Country: 'us',
        'E-mail': 'not-an-email',
        Phone: 'call me',
        'Order decline limit': '1001',
      });
      await saveExpecting(userEvent, dialog, [
        'Please input a valid IP address',
        'Country is two capital letters',
        'Email format is not valid',
        'Phone may contain digits, spaces and + ( ) -, at most 20',
        'Order decline limit must be a whole number from 0 to 1000',
      ]);
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
  },
});

/** No blocked users: the empty state. */
export const Empty = meta.story(emptyTabStory({ blockers: [] }, 'No blocked users added'));

/** Locked funnel: no add, edit or delete, and the reason is said. */
export const Locked = meta.story(
  lockedTabStory(
    ['Block user', 'Edit block of 198.51.100.23', 'Delete block of chargeback@example.net'],
    'The funnel is locked: unlock it to add, edit or delete blocked users.',
  ),
);

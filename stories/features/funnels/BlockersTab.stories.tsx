import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { BlockerForm, BlockersTab } from '../../../src/features/funnels/components/BlockersTab';
import type { Blocker } from '../../../src/model';
import { lockedTabStory } from './locked-tab';

/** The demo funnel's blocked users (001 §3): an IP, and an e-mail with a decline limit. */
const blockers: Blocker[] = [
  {
    ID: 1,
    funnel_id: 1,
    user_ip: '198.51.100.23',
    user_country: '',
    user_email: '',
    user_phone: '',
    order_decline_limit: null,
    UpdatedAt: '2026-05-01T10:00:00.000Z',
  },
  {
    ID: 2,
    funnel_id: 1,
    user_ip: '',
    user_country: '',
    user_email: 'chargeback@example.net',
    user_phone: '',
    order_decline_limit: 3,
    UpdatedAt: '2026-05-02T10:00:00.000Z',
  },
];

const meta = {
  title: 'Funnels/BlockersTab',
  component: BlockersTab,
  subcomponents: { BlockerForm },
  args: { blockers, onCreate: fn(() => Promise.resolve()), onUpdate: fn(() => Promise.resolve()), onDelete: fn(() => Promise.resolve()) },
} satisfies Meta<typeof BlockersTab>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The list; edit sets a decline limit; delete asks first, then deletes. */
export const Filled: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    await step('The blocked users are listed', async () => {
      const table = canvas.getByRole('table', { name: 'Blocked users' });
      await expect(within(table).getByText('198.51.100.23')).toBeVisible();
      await expect(within(table).getByText('chargeback@example.net')).toBeVisible();
    });
    await step('Edit a block: add a decline limit', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Edit block of 198.51.100.23' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit block of 198.51.100.23' });
      await expect(within(dialog).getByLabelText('IP address')).toHaveValue('198.51.100.23');
      await userEvent.type(within(dialog).getByLabelText('Order decline limit'), '2');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(args.onUpdate).toHaveBeenCalledWith(expect.objectContaining({ ID: 1 }), {
          user_ip: '198.51.100.23',
          user_country: '',
          user_email: '',
          user_phone: '',
          order_decline_limit: 2,
        }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
    await step('Delete a block, after asking', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Delete block of chargeback@example.net' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete block' });
      await expect(confirm).toHaveTextContent('Are you sure you want to delete the block of chargeback@example.net?');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith(expect.objectContaining({ ID: 2 })));
    });
  },
};

/** Block an IPv6 address, a country and a phone; the caret starts in IP address; an empty decline limit is sent as none. */
export const Add: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    let dialog!: HTMLElement;
    await step('Block user opens the form, the caret in IP address', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Block user' }));
      dialog = await screen.findByRole('dialog', { name: 'Block user' });
      await waitFor(() => expect(within(dialog).getByLabelText('IP address')).toHaveFocus());
    });
    await step('Block an IPv6 address, a country and a phone: saved, no decline limit', async () => {
      await userEvent.type(within(dialog).getByLabelText('IP address'), '2001:db8::1');
      await userEvent.type(within(dialog).getByLabelText('Country'), 'NG');
      await userEvent.type(within(dialog).getByLabelText('Phone'), '+1 (555) 010-9999');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(args.onCreate).toHaveBeenCalledWith({
          user_ip: '2001:db8::1',
          user_country: 'NG',
          user_email: '',
          user_phone: '+1 (555) 010-9999',
          order_decline_limit: null,
        }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  },
};

/** The rules (000 §5): nothing to block, the IP pattern, country, e-mail, phone and decline limit; nothing is saved. */
export const Invalid: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    let dialog!: HTMLElement;
    await step('Save an empty block: something to block is asked for', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Block user' }));
      dialog = await screen.findByRole('dialog', { name: 'Block user' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await expect(await within(dialog).findByText('Please input an IP, a country, an e-mail or a phone')).toBeVisible();
    });
    await step("Save bad values: each field's message, nothing saved", async () => {
      await userEvent.type(within(dialog).getByLabelText('IP address'), '300.1.2.3');
      await userEvent.type(within(dialog).getByLabelText('Country'), 'us');
      await userEvent.type(within(dialog).getByLabelText('E-mail'), 'not-an-email');
      await userEvent.type(within(dialog).getByLabelText('Phone'), 'call me');
      await userEvent.type(within(dialog).getByLabelText('Order decline limit'), '1001');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await expect(await within(dialog).findByText('Please input a valid IP address')).toBeVisible();
      await expect(within(dialog).getByText('Country is two capital letters')).toBeVisible();
      await expect(within(dialog).getByText('Email format is not valid')).toBeVisible();
      await expect(within(dialog).getByText('Phone may contain digits, spaces and + ( ) -, at most 20')).toBeVisible();
      await expect(within(dialog).getByText('Order decline limit must be a whole number from 0 to 1000')).toBeVisible();
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
  },
};

/** No blocked users: the empty state. */
export const Empty: Story = {
  args: { blockers: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('No blocked users added');
  },
};

/** Locked funnel: no add, edit or delete, and the reason is said. */
export const Locked: Story = lockedTabStory(
  ['Block user', 'Edit block of 198.51.100.23', 'Delete block of chargeback@example.net'],
  'The funnel is locked: unlock it to add, edit or delete blocked users.',
);

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { ScrubsTab } from '../../../src/features/funnels/components/ScrubsTab';
import type { Scrub } from '../../../src/model';
import { lockedTabStory } from './locked-tab';

/** The demo funnel's scrubs: one global, one per affiliate (001 §3). */
const scrubs: Scrub[] = [
  { ID: 1, funnel_id: 1, affiliate_id: '', affiliate_name: 'All affiliates', scrub_pct: 10, global: true },
  { ID: 2, funnel_id: 1, affiliate_id: '1001', affiliate_name: 'Traffic Kings', scrub_pct: 25, global: false },
];

const meta = {
  title: 'Funnels/ScrubsTab',
  component: ScrubsTab,
  args: { scrubs, onCreate: fn(() => Promise.resolve()), onUpdate: fn(() => Promise.resolve()), onDelete: fn(() => Promise.resolve()) },
} satisfies Meta<typeof ScrubsTab>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The list; edit changes the percent; delete asks first, then deletes. */
export const Filled: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    await step('The scrubs are listed', async () => {
      const table = canvas.getByRole('table', { name: 'Scrubs' });
      await expect(within(table).getByText('Global')).toBeVisible();
      await expect(within(table).getByText('Traffic Kings')).toBeVisible();
      await expect(within(table).getByText('25%')).toBeVisible();
    });

    await step('Edit a scrub: change its percent', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Edit scrub for affiliate 1001' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit scrub for affiliate 1001' });
      const pct = within(dialog).getByLabelText('Scrub percent');
      await expect(pct).toHaveValue('25');
      await userEvent.clear(pct);
      await userEvent.type(pct, '30');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(args.onUpdate).toHaveBeenCalledWith(expect.objectContaining({ ID: 2 }), {
          affiliate_id: '1001',
          affiliate_name: 'Traffic Kings',
          scrub_pct: 30,
          global: false,
        }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    await step('Delete the global scrub, after asking', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Delete global scrub' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete scrub' });
      await expect(confirm).toHaveTextContent('Are you sure you want to delete the global scrub?');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith(expect.objectContaining({ ID: 1 })));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    });
  },
};

/** Add: a scrub for one affiliate; the caret starts in Affiliate ID. */
export const Add: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    let dialog!: HTMLElement;
    await step('Add scrub opens the form, the caret in Affiliate ID', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Add scrub' }));
      dialog = await screen.findByRole('dialog', { name: 'Add scrub' });
      // The caret starts in Affiliate ID.
      await waitFor(() => expect(within(dialog).getByLabelText('Affiliate ID')).toHaveFocus());
    });
    await step('Add a scrub for an affiliate: saved', async () => {
      await userEvent.type(within(dialog).getByLabelText('Affiliate ID'), '1002');
      await userEvent.type(within(dialog).getByLabelText('Affiliate name'), 'Media Bros');
      await userEvent.type(within(dialog).getByLabelText('Scrub percent'), '15');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(args.onCreate).toHaveBeenCalledWith({ affiliate_id: '1002', affiliate_name: 'Media Bros', scrub_pct: 15, global: false }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  },
};

/** Add a global scrub: no affiliate id needed. */
export const AddGlobal: Story = {
  args: { scrubs: [] },
  play: async ({ canvas, userEvent, args, step }) => {
    let dialog!: HTMLElement;
    await step('Add scrub opens the form', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Add scrub' }));
      dialog = await screen.findByRole('dialog', { name: 'Add scrub' });
    });
    await step('Add a global scrub: saved', async () => {
      await userEvent.click(within(dialog).getByLabelText('Global: applies to every affiliate'));
      await userEvent.type(within(dialog).getByLabelText('Scrub percent'), '5');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(args.onCreate).toHaveBeenCalledWith({ affiliate_id: '', affiliate_name: '', scrub_pct: 5, global: true }));
    });
  },
};

/** The seed's messages (001 §5): 'Missing Affiliate ID', 'Missing Scrub Percent', digits only, percent 0–100; nothing is saved. */
export const Invalid: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    let dialog!: HTMLElement;
    await step('Save empty: the percent is missing', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Add scrub' }));
      dialog = await screen.findByRole('dialog', { name: 'Add scrub' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await expect(await within(dialog).findByText('Missing Scrub Percent')).toBeVisible();
    });
    await step('Save with a percent only: the affiliate is missing', async () => {
      // 'Missing Affiliate ID' is the form-wide rule (unless global), checked once the fields are valid.
      await userEvent.type(within(dialog).getByLabelText('Scrub percent'), '20');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await expect(await within(dialog).findByText('Missing Affiliate ID')).toBeVisible();
    });
    await step("Save bad values: each field's message, nothing saved", async () => {
      await userEvent.clear(within(dialog).getByLabelText('Scrub percent'));
      await userEvent.type(within(dialog).getByLabelText('Affiliate ID'), '10a');
      await userEvent.type(within(dialog).getByLabelText('Scrub percent'), '150');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await expect(await within(dialog).findByText('Input only numbers')).toBeVisible();
      await expect(within(dialog).getByText('Scrub percent must be a whole number from 0 to 100')).toBeVisible();
      // The seed's max lengths (affiliate id 4, percent 3) hold at the keyboard.
      await expect(within(dialog).getByLabelText('Affiliate ID')).toHaveAttribute('maxLength', '4');
      await expect(within(dialog).getByLabelText('Scrub percent')).toHaveAttribute('maxLength', '3');
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
  },
};

/** No scrubs: the empty state. */
export const Empty: Story = {
  args: { scrubs: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('No Scrubs added');
  },
};

/** Locked funnel: no add, edit or delete, and the reason is said. */
export const Locked: Story = lockedTabStory(
  ['Add scrub', 'Edit global scrub', 'Delete scrub for affiliate 1001'],
  'The funnel is locked: unlock it to add, edit or delete scrubs.',
);

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { expectEmptyStateAction } from '../../helpers';
import { FunnelList } from '../../../src/features/funnels/components/FunnelList';
import { CloneFunnelForm, NewFunnelForm } from '../../../src/features/funnels/components/NewFunnelForm';
import { http, HttpResponse } from 'msw';
import { funnelView } from '../../../src/model';
import { funnelRow, offers, pages } from '../../../tests/fixtures/demo';
import { resolvingSpies } from '../../spies';
import { openDialog, saveExpecting } from '../../dialog-steps';

const meta = {
  title: 'Funnels/FunnelList',
  component: FunnelList,
  subcomponents: { NewFunnelForm, CloneFunnelForm },
  args: {
    funnels: [
      funnelRow,
      {
        ...funnelRow,
        ID: 2,
        name: 'FlexFit Launch',
        locked: true,
        publish_status: 'released',
        offer_name: 'FlexFit Bands',
        platform: '29next',
        ef_offer_id: 530,
      },
    ],
    offers,
    ...resolvingSpies('onCreate', 'onClone', 'onDelete'),
    onStatusChange: fn(),
  },
} satisfies Meta<typeof FunnelList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The seed's columns, lock icon and status select. */
export const Filled: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    await step('The funnels are listed; a locked one is marked', async () => {
      const table = await canvas.findByRole('table', { name: 'Funnels' }, { timeout: 5000 });
      await expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['ID', 'Name', 'Offer', 'Platform', 'Everflow OID', 'Domain', 'Status', 'Actions']);
      await expect(canvas.getByRole('img', { name: 'Locked' })).toBeVisible();
    });
    await step("Change a funnel's status", async () => {
      await userEvent.selectOptions(canvas.getByLabelText('Status of GlowSkin Summer'), 'qc');
      await expect(args.onStatusChange).toHaveBeenCalledWith(expect.objectContaining({ ID: 1 }), 'qc');
    });
    await step("A locked funnel's status cannot change", async () => {
      await expect(canvas.getByLabelText('Status of FlexFit Launch')).toBeDisabled();
    });
  },
};

/** Add funnel: name and offer are required with the seed's messages; a valid form saves. */
export const AddFunnel: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    await step("Add funnel: Save it empty shows the seed's messages", async () => {
      const dialog = await openDialog(canvas, userEvent, 'Add funnel');
      await saveExpecting(userEvent, dialog, ['Please input Funnel Name', 'Offer ID required']);
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
    await step('Name it, pick an offer: Save creates it', async () => {
      await userEvent.type(screen.getByLabelText('Name'), 'Winter Glow');
      await userEvent.selectOptions(screen.getByLabelText('Offer'), '10234');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(args.onCreate).toHaveBeenCalledWith({ name: 'Winter Glow', offer: 10234 }));
    });
  },
};

/** Clone asks for a name (required); Delete asks for confirmation. */
export const CloneAndDelete: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    await canvas.findByRole('table', { name: 'Funnels' }, { timeout: 5000 });
    let name!: HTMLElement;
    await step('Clone without a name is refused', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Clone GlowSkin Summer' }));
      name = await screen.findByLabelText('Clone name');
      await userEvent.clear(name);
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await expect(await screen.findByText('Please input a name for the clone')).toBeVisible();
    });
    await step('Clone with a name', async () => {
      await userEvent.type(name, 'Glow B');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(args.onClone).toHaveBeenCalledWith(1, 'Glow B'));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
    await step('Delete a funnel', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Delete GlowSkin Summer' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith(1));
    });
  },
};

/** No funnels yet. */
export const Empty: Story = {
  args: { funnels: [] },
  // The one Add funnel control sits next to the message and opens the same dialog.
  play: async ({ canvasElement, userEvent, step }) => {
    await step('The empty state offers Add funnel, which opens the dialog', () =>
      expectEmptyStateAction(canvasElement, userEvent, 'There are no funnels yet. Use Add funnel to create one.', 'Add funnel'),
    );
  },
};

/** The archived list: its own title, the Archived link marked current, and Restore on each row. */
export const Archived: Story = {
  args: { archived: true, funnels: [{ ...funnelRow, archived: true }], onRestore: fn(() => Promise.resolve()) },
  play: async ({ canvas, userEvent, args, step }) => {
    await canvas.findByRole('table', { name: 'Funnels' }, { timeout: 5000 });
    await step('The archived list is the current view', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Archived funnels' })).toBeVisible();
      await expect(canvas.getByRole('link', { name: 'Archived' })).toHaveAttribute('aria-current', 'page');
      await expect(canvas.getByRole('link', { name: 'Active' })).not.toHaveAttribute('aria-current');
    });
    await step('Restore a funnel', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Restore GlowSkin Summer' }));
      await waitFor(() => expect(args.onRestore).toHaveBeenCalledWith(expect.objectContaining({ ID: 1 })));
    });
  },
};

/** No archived funnels: says where archiving happens. */
export const ArchivedEmpty: Story = {
  args: { archived: true, funnels: [] },
  play: async ({ canvas, step }) => {
    await step('The empty state, without an action', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('No archived funnels. Archive a funnel from its page to find it here.');
      await expect(within(canvas.getByRole('status')).queryByRole('button')).toBeNull();
    });
  },
};

/** The forms on their own, submitted by id as the modal host's Save does: the seeds' messages first, then the typed values. */
export const Forms: StoryObj<{ onNew: (v: unknown) => void; onClone: (v: unknown) => void }> = {
  args: { onNew: fn(), onClone: fn() },
  render: (a) => (
    <>
      <NewFunnelForm id="a" offers={offers} onSave={a.onNew} />
      <button type="submit" form="a">
        Save new funnel
      </button>
      <CloneFunnelForm id="b" defaultName="GlowSkin Summer (copy)" onSave={a.onClone} />
      <button type="submit" form="b">
        Save clone
      </button>
    </>
  ),
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    let clone!: HTMLElement;
    await step("New funnel: Save it empty shows the seed's messages", () =>
      saveExpecting(userEvent, canvasElement, ['Please input Funnel Name', 'Offer ID required'], 'Save new funnel'),
    );
    await step('Name it, pick an offer: saved', async () => {
      await userEvent.type(canvas.getByLabelText('Name'), 'Spring Glow');
      await userEvent.selectOptions(canvas.getByLabelText('Offer'), '10234');
      await userEvent.click(canvas.getByRole('button', { name: 'Save new funnel' }));
      await waitFor(() => expect(args.onNew).toHaveBeenCalledWith({ name: 'Spring Glow', offer: 10234 }));
    });
    await step('Clone: the name is proposed; empty is refused', async () => {
      clone = canvas.getByLabelText('Clone name');
      await expect(clone).toHaveValue('GlowSkin Summer (copy)');
      await userEvent.clear(clone);
      await userEvent.click(canvas.getByRole('button', { name: 'Save clone' }));
      await expect(await canvas.findByText('Please input a name for the clone')).toBeVisible();
      await expect(args.onClone).not.toHaveBeenCalled();
    });
    await step('Clone with a name', async () => {
      await userEvent.type(clone, 'Glow C');
      await userEvent.click(canvas.getByRole('button', { name: 'Save clone' }));
      await waitFor(() => expect(args.onClone).toHaveBeenCalledWith({ name: 'Glow C' }));
    });
  },
};

/** Add Funnel Beta opens the quick funnel wizard (001 §2); without a handler it is disabled. */
export const AddFunnelBeta: Story = {
  args: { onAddBeta: fn() },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Add Funnel Beta opens the quick wizard', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Add Funnel Beta' }));
      await expect(args.onAddBeta).toHaveBeenCalledTimes(1);
    });
  },
};

/** The Add funnel dialog links to the build wizard (000 §1 "either through a single form or through a build wizard"). */
export const BuildWizardLink: Story = {
  play: async ({ canvas, userEvent, step }) => {
    await step('Without a handler Add Funnel Beta is disabled', async () => {
      await expect(canvas.getByRole('button', { name: 'Add Funnel Beta' })).toBeDisabled();
    });
    await step('Add funnel links to the build wizard', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Add funnel' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add funnel' });
      await expect(within(dialog).getByRole('link', { name: 'Use the build wizard' })).toHaveAttribute('href', '/funnels/build');
    });
  },
};

/**
 * The details drawer (001 §2 "details drawer"): the funnel's state and the Details tab's
 * summary with the captcha keys masked and the root page's path; Escape closes it and focus
 * goes back to the Details button.
 */
export const DetailsDrawer: Story = {
  args: { funnels: [funnelView(funnelRow)] },
  parameters: { msw: { handlers: [http.get('/api/v1/funnels/:id/pages', () => HttpResponse.json(pages))] } },
  play: async ({ canvas, userEvent, step }) => {
    await canvas.findByRole('table', { name: 'Funnels' }, { timeout: 5000 });
    const open = canvas.getByRole('button', { name: 'Details of GlowSkin Summer' });
    let drawer!: HTMLElement;
    let value!: (term: string) => string | null | undefined;
    await step("Open a funnel's details", async () => {
      await userEvent.click(open);
      drawer = await screen.findByRole('dialog', { name: 'GlowSkin Summer' }, { timeout: 5000 });
      value = (term: string) => within(drawer).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
      await expect(value('Everflow ID')).toBe('512');
      await expect(value('Offer')).toBe(`GlowSkin Serum (${funnelRow.offer})`);
      await expect(value('Support e-mail')).toBe(funnelRow.cs_email || '—');
      await expect(value('Status')).toBe(funnelRow.publish_status);
      await waitFor(() => expect(value('Root page')).toBe('/checkout/'));
    });
    await step('The captcha keys are masked; Edit details links to the form', async () => {
      // The secret key is never shown: its hint only; the site key masked.
      await expect(value('Captcha secret key')).toBe('••••cret');
      await expect(value('Captcha site key')).toMatch(/^•+8nzY$/);
      await expect(drawer).not.toHaveTextContent('nzYsecret');
      await expect(within(drawer).getByRole('link', { name: 'Edit details' })).toHaveAttribute('href', `/funnels/${funnelRow.ID}/details`);
    });
    await step('Escape closes the drawer, the focus back on its button', async () => {
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(open).toHaveFocus());
    });
  },
};

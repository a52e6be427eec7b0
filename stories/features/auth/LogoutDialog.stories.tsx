import preview from '../../../.storybook/preview';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { LogoutDialog } from '../../../src/features/auth/components/LogoutDialog';

const meta = preview.meta({
  title: 'Auth/LogoutDialog',
  component: LogoutDialog,
  args: { isOpen: true, unsaved: 3, onKeep: fn(), onDiscard: fn(), onCancel: fn() },
});

/** Says how many changes are unsaved; keeping them is the default (focused) answer. */
export const KeepIsDefault = meta.story({
  play: async ({ userEvent, args, step }) => {
    await step('The dialog counts the unsaved changes; Keep has the focus', async () => {
      const dialog = await screen.findByRole('alertdialog', { name: 'Keep your unsaved changes?' });
      await expect(dialog).toHaveTextContent('You have 3 unsaved changes');
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep and log out' })).toHaveFocus());
    });
    await step('Enter keeps them and logs out', async () => {
      await userEvent.keyboard('{Enter}');
      await expect(args.onKeep).toHaveBeenCalledOnce();
      await expect(args.onDiscard).not.toHaveBeenCalled();
    });
  },
});

/** Discarding is a separate, deliberate click; Escape cancels without logging out. */
export const DiscardOrCancel = meta.story({
  args: { unsaved: 1 },
  play: async ({ userEvent, args, step }) => {
    let dialog!: HTMLElement;
    await step('The dialog counts the one unsaved change', async () => {
      dialog = await screen.findByRole('alertdialog', { name: 'Keep your unsaved changes?' });
      await expect(dialog).toHaveTextContent('You have 1 unsaved change.');
    });
    await step('Discard and log out', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Discard and log out' }));
      await expect(args.onDiscard).toHaveBeenCalledOnce();
    });
    await step('Escape cancels', async () => {
      await userEvent.keyboard('{Escape}');
      await expect(args.onCancel).toHaveBeenCalled();
      await expect(args.onKeep).not.toHaveBeenCalled();
    });
  },
});

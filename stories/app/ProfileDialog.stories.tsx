import preview from '../../.storybook/preview';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ProfileDialog } from '../../src/app/ProfileDialog';

const meta = preview.meta({
  title: 'App/ProfileDialog',
  component: ProfileDialog,
  args: { me: { name: 'Ada Admin', email: 'admin@example.com', role: 'admin' as const }, onClose: fn() },
});

/** The account menu's Profile: name, e-mail and role, and one button, Close. */
export const SignedInUser = meta.story({
  play: async ({ args, step }) => {
    const dialog = within(document.body).getByRole('dialog', { name: 'Profile' });
    await step("The user's name, e-mail and role", async () => {
      await expect(within(dialog).getByText('Ada Admin')).toBeVisible();
      await expect(within(dialog).getByText('admin@example.com')).toBeVisible();
    });
    await step('One button, Close, which closes it', async () => {
      await expect(
        within(dialog)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Close']);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await expect(args.onClose).toHaveBeenCalledTimes(1);
    });
  },
});

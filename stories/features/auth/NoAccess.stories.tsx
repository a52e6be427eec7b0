import preview from '../../../.storybook/preview';
import { expect } from 'storybook/test';
import { NO_ACCESS, NoAccess } from '../../../src/features/auth/components/NoAccess';

const meta = preview.meta({ title: 'Auth/NoAccess', component: NoAccess, args: { home: { to: '/', label: 'Dashboard' } } });

/** A staff role on a page it may not open: the plain screen, with a link back to the dashboard. */
export const Staff = meta.story({
  play: async ({ canvas, step }) => {
    await step('The no-access heading', async () => {
      await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(NO_ACCESS);
    });
    await step('A link to the dashboard', async () => {
      await expect(canvas.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
    });
  },
});

/** The sticky account is sent back to the Sticky page, its only page. */
export const StickyAccount = meta.story({
  args: { home: { to: '/sticky', label: 'Sticky' } },
  play: async ({ canvas, step }) => {
    await step('The no-access heading', async () => {
      await expect(canvas.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    });
    await step("A link to the user's home, Sticky", async () => {
      await expect(canvas.getByRole('link', { name: 'Go to Sticky' })).toHaveAttribute('href', '/sticky');
    });
  },
});

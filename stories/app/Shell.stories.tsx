import preview from '../../.storybook/preview';
import { expect, fn, waitFor, within } from 'storybook/test';
import { ShellFrame } from '../../src/app/Shell';
import { itemTexts } from '../helpers';

const meta = preview.meta({
  title: 'App/Shell',
  component: ShellFrame,
  args: { role: 'admin' as const, userName: 'Ada Admin', onAccountAction: fn(), children: <p>Page content</p> },
  parameters: { layout: 'fullscreen' },
});

const SEED_MENU = ['Dashboard', 'Funnels', 'Domains', 'Templates', 'Categories', 'Offers', 'Orders', 'Shipping', 'Status', 'Users'];
const menuOf = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('navigation', { name: 'Main' }));
const labels = (canvasElement: HTMLElement) =>
  menuOf(canvasElement)
    .queryAllByRole('link')
    .map((a) => a.textContent);

/** The admin sees the side menu of 001 §2 "Menus and frame", in its order; the footer links the API docs and the Storybook. */
export const Admin = meta.story({
  play: async ({ canvas, canvasElement, step }) => {
    await step("The seed's menu, with Users", async () => {
      await expect(labels(canvasElement)).toEqual(SEED_MENU);
      await expect(menuOf(canvasElement).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
    });
    await step('API docs and Storybook links', async () => {
      await expect(canvas.getByRole('link', { name: 'API docs' })).toHaveAttribute('href', '/api/docs');
      await expect(within(canvas.getByRole('contentinfo')).getByRole('link', { name: 'Storybook' })).toHaveAttribute('href', '/storybook/');
    });
    await step('The page content shows', async () => {
      await expect(canvas.getByText('Page content')).toBeVisible();
    });
  },
});

/** The operator does not manage users: no Users entry, everything else as the seed lists it. */
export const Operator = meta.story({
  args: { role: 'operator', userName: 'Oscar Operator' },
  play: async ({ canvasElement, step }) => {
    await step('The menu without Users', async () => {
      await expect(labels(canvasElement)).toEqual(SEED_MENU.filter((l) => l !== 'Users'));
    });
    await step('No Users link', async () => {
      await expect(menuOf(canvasElement).queryByRole('link', { name: 'Users' })).toBeNull();
    });
  },
});

/** "One specific user sees only the Sticky entry" (001 §2, §6). */
export const StickyAccount = meta.story({
  args: { role: 'sticky', userName: 'Sticky Uploader' },
  play: async ({ canvasElement, step }) => {
    await step('Only Sticky in the menu', async () => {
      await expect(labels(canvasElement)).toEqual(['Sticky']);
      await expect(menuOf(canvasElement).getByRole('link', { name: 'Sticky' })).toHaveAttribute('href', '/sticky');
    });
    await step('No other links', async () => {
      for (const l of SEED_MENU) await expect(menuOf(canvasElement).queryByRole('link', { name: l })).toBeNull();
    });
  },
});

/** While the role loads the side menu shows nothing a role might not have. */
export const RoleLoading = meta.story({
  args: { role: null, userName: 'Account' },
  play: async ({ canvasElement, step }) => {
    await step('No menu yet', async () => {
      await expect(labels(canvasElement)).toEqual([]);
    });
    await step('The navigation is busy', async () => {
      await expect(within(canvasElement).getByRole('navigation', { name: 'Main' })).toHaveAttribute('aria-busy', 'true');
    });
  },
});

/** The account menu offers Profile, Status and Logout and reports the choice (the first, Profile, taken with Enter). */
export const AccountMenu = meta.story({
  play: async ({ canvas, args, userEvent, step }) => {
    // Opened from the keyboard (react-aria opens menus on press start; keyboard is the steadiest in the runner).
    await step('Open the account menu by keyboard', async () => {
      canvas.getByRole('button', { name: 'Ada Admin: account menu' }).focus();
      await userEvent.keyboard('{Enter}');
    });
    // react-aria names the menu after its trigger.
    await step('Its items', async () => {
      const menu = await within(document.body).findByRole('menu', { name: 'Ada Admin: account menu' });
      await expect(itemTexts(menu, 'menuitem')).toEqual(['Profile', 'Status', 'Logout']);
    });
    await step('Enter picks Profile', async () => {
      await userEvent.keyboard('{Enter}');
      await expect(args.onAccountAction).toHaveBeenCalledWith('profile');
    });
  },
});

/**
 * Opened with the mouse: the menu opens on the first click (react-aria's menu loads on
 * pointer over, or on the click itself), Escape closes it and gives the focus back to the
 * button, and choosing Logout reports it.
 */
export const AccountMenuByPointer = meta.story({
  play: async ({ canvas, args, userEvent, step }) => {
    let button!: HTMLElement;
    let menu!: HTMLElement;
    let trigger!: HTMLElement;
    await step('The account menu button is closed', async () => {
      button = canvas.getByRole('button', { name: 'Ada Admin: account menu' });
      await expect(button).toHaveAttribute('aria-haspopup', 'true');
      await expect(button).toHaveAttribute('aria-expanded', 'false');
    });
    await step('Click it: its items', async () => {
      await userEvent.click(button);
      menu = await within(document.body).findByRole('menu', { name: 'Ada Admin: account menu' });
      await expect(itemTexts(menu, 'menuitem')).toEqual(['Profile', 'Status', 'Logout']);
    });
    await step('Escape closes it; the focus goes back', async () => {
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(within(document.body).queryByRole('menu')).toBeNull());
      trigger = canvas.getByRole('button', { name: 'Ada Admin: account menu' });
      await waitFor(() => expect(trigger).toHaveFocus());
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    });
    await step('Open it again and pick Logout', async () => {
      await userEvent.click(trigger);
      await userEvent.click(await within(document.body).findByRole('menuitem', { name: 'Logout' }));
      await expect(args.onAccountAction).toHaveBeenCalledWith('logout');
    });
  },
});

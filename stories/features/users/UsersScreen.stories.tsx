/**
 * /users (001 §2 "Users: Role tabs plus All; Add, Edit and Delete", §5, §6, §7) as an
 * admin uses it: empty, filled, the role tabs (from the server's roles), create with the seed's
 * messages first, a taken e-mail, edit (the password kept when left empty), delete with a
 * confirmation, the last admin kept, each write asserted as the API received it; and a role the
 * server refuses (no rows, no Add); and the list searched, sorted and paged on the server.
 */
import preview from '../../../.storybook/preview';
import { recordingStory } from '../../screens';
import { expect, screen, waitFor, within } from 'storybook/test';
import { MSG, RMSG } from '../../../src/model';
import { UsersScreen, deleteQuestion } from '../../../src/features/users/screens/UsersScreen';
import { UserList, noUsers } from '../../../src/features/users/components/UserList';
import { cedarRows } from '../../list-play';
import { columnOf, listScreen } from '../../list-screen';
import { manyUsers, storyUsers, usersHandlers } from './fixtures';
import { openDialog, retype } from '../../dialog-steps';
import { playEmptyScreen } from '../../helpers';

const users = listScreen({ path: '/users', noun: 'user', table: 'Users' }, UsersScreen);

const meta = preview.meta({ title: 'Users/UsersScreen', component: UsersScreen, subcomponents: { UserList }, ...users.meta(usersHandlers()) });

/** The table once the users and the role (which decides the Actions column) have loaded. */
const tableOf = users.findTable;
const emailsIn = (table: HTMLElement) => columnOf(table, 3);

/** No users in the list: the empty state. */
export const Empty = meta.story({
  parameters: { msw: { handlers: usersHandlers({ users: [] }) } },
  play: playEmptyScreen('Users', noUsers('all')),
});

/** Filled: every user with name, nickname, e-mail, role and active or inactive; tabs All and the server's roles. */
export const Filled = meta.story({
  play: async ({ canvas, step }) => {
    let table!: HTMLElement;
    await step('The users and the role tabs', async () => {
      table = await tableOf(canvas);
      await expect(emailsIn(table)).toEqual(storyUsers.map((u) => u.email));
      const tabs = await canvas.findByRole('tablist', { name: 'Roles' });
      await expect(
        within(tabs)
          .getAllByRole('tab')
          .map((t) => t.textContent),
      ).toEqual(['All', 'Admin', 'Operator', 'Sticky']);
    });
    await step('A row shows role, status, Edit and Delete', async () => {
      const olga = within(table).getByRole('row', { name: /Olga Ops/ });
      await expect(olga).toHaveTextContent('Operator');
      await expect(olga).toHaveTextContent('Inactive');
      await expect(within(table).getByRole('row', { name: /Ada Admin/ })).toHaveTextContent('Active');
      for (const a of ['Edit Olga Ops', 'Delete Olga Ops']) await expect(within(olga).getByRole('button', { name: a })).toBeEnabled();
    });
  },
});

/** The role tabs: each lists its role's users (asked of the server with `?role=`); an empty role says so. */
export const RoleTabs = meta.story({
  parameters: { msw: { handlers: usersHandlers({ users: storyUsers.filter((u) => u.role !== 'sticky') }) } },
  play: async ({ canvas, userEvent, step }) => {
    await step('The Operator tab lists the operators', async () => {
      await tableOf(canvas);
      await userEvent.click(await canvas.findByRole('tab', { name: 'Operator' }));
      await waitFor(async () => expect(emailsIn(await canvas.findByRole('table', { name: 'Users' }))).toEqual(['operator@example.com', 'olga@example.com']));
    });
    await step('The Admin tab lists the admins', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'Admin' }));
      await waitFor(async () => expect(emailsIn(await canvas.findByRole('table', { name: 'Users' }))).toEqual(['admin@example.com']));
    });
    await step('The Sticky tab has none', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'Sticky' }));
      await expect(await canvas.findByText(noUsers('sticky'))).toBeVisible();
    });
    await step('All lists everyone again', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'All' }));
      await waitFor(async () => expect(emailsIn(await canvas.findByRole('table', { name: 'Users' }))).toHaveLength(3));
    });
  },
});

/** Create from the Operator tab (its role preselected): the seed's messages first with nothing sent, then the user added. */
export const Create = meta.story(
  recordingStory(
    (sent) => usersHandlers({ sent }),
    async ({ canvas, userEvent, step }, sent) => {
      let dialog!: HTMLElement;
      let d!: ReturnType<typeof within>;
      await step('On the Operator tab', async () => {
        await tableOf(canvas);
        await userEvent.click(await canvas.findByRole('tab', { name: 'Operator' }));
        await waitFor(async () => expect(emailsIn(await canvas.findByRole('table', { name: 'Users' }))).toHaveLength(2));
      });
      await step("Add user opens the form with the tab's role", async () => {
        dialog = await openDialog(canvas, userEvent, 'Add user');
        d = within(dialog);
        await expect(d.getByLabelText('Role')).toHaveDisplayValue('Operator');
      });
      await step("Save it empty: the seed's messages", async () => {
        await userEvent.click(d.getByRole('button', { name: 'Save' }));
        await expect(await d.findByText(RMSG.userName)).toBeVisible();
        await expect(d.getByText(MSG.email)).toBeVisible();
        await expect(d.getByText(MSG.password)).toBeVisible();
      });
      await step('Fill in the form and save', async () => {
        await userEvent.type(d.getByLabelText('Name', { exact: true }), 'Nina New');
        await userEvent.type(d.getByLabelText('E-mail'), 'Nina.New@Example.com');
        await userEvent.type(d.getByLabelText('Password'), 'Welcome!2345');
        await userEvent.click(d.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add user' })).toBeNull());
      });
      await step('The request, the new row and the toast', async () => {
        await expect(sent).toEqual([
          {
            method: 'POST',
            path: '/api/v1/users',
            body: { name: 'Nina New', nickname: '', email: 'nina.new@example.com', password: 'Welcome!2345', role_id: 2, email_verified: true },
          },
        ]);
        const table = await canvas.findByRole('table', { name: 'Users' });
        await waitFor(() => expect(emailsIn(table)).toContain('nina.new@example.com'));
        await expect(await screen.findByText('User Nina New added')).toBeVisible();
      });
    },
  ),
);

/** Create refused by the server (the e-mail is taken): the message stays at the e-mail, the dialog open. */
export const CreateEmailTaken = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    let d!: ReturnType<typeof within>;
    await step('Add user opens the form', async () => {
      await tableOf(canvas);
      await userEvent.click(canvas.getByRole('button', { name: 'Add user' }));
      d = within(await screen.findByRole('dialog', { name: 'Add user' }));
    });
    await step('Fill in an e-mail another user has and save', async () => {
      await userEvent.type(d.getByLabelText('Name', { exact: true }), 'Oscar Again');
      await userEvent.type(d.getByLabelText('E-mail'), 'operator@example.com');
      await userEvent.type(d.getByLabelText('Password'), 'Welcome!2345');
      await userEvent.selectOptions(d.getByLabelText('Role'), 'Operator');
      await userEvent.click(d.getByRole('button', { name: 'Save' }));
    });
    await step('The duplicate message on the e-mail', async () => {
      await expect(await d.findByText('User operator@example.com already exists')).toBeVisible();
      await expect(d.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    });
  },
});

/** Edit: a short new password refused with the seed's message; left empty it is kept (not sent); name, role and active sent. */
export const Edit = meta.story(
  recordingStory(
    (sent) => usersHandlers({ sent }),
    async ({ canvas, userEvent, step }, sent) => {
      let table!: HTMLElement;
      let dialog!: HTMLElement;
      let d!: ReturnType<typeof within>;
      await step('Edit Olga Ops: the form holds her values', async () => {
        ({ table, dialog } = await users.open(canvas, userEvent, 'Edit Olga Ops'));
        d = within(dialog);
        await expect(d.getByLabelText('E-mail')).toHaveValue('olga@example.com');
        await expect(d.getByLabelText('New password')).toHaveValue('');
      });
      await step("A short password: the seed's message; nothing sent", async () => {
        await userEvent.type(d.getByLabelText('New password'), 'short');
        await userEvent.click(d.getByRole('button', { name: 'Save' }));
        await expect(await d.findByText(MSG.password)).toBeVisible();
        await expect(sent).toEqual([]);
      });
      await step('Rename her, make her an active admin, and save', async () => {
        await userEvent.clear(d.getByLabelText('New password'));
        await retype(userEvent, d.getByLabelText('Name', { exact: true }), 'Olga Admin');
        await userEvent.selectOptions(d.getByLabelText('Role'), 'Admin');
        await userEvent.click(d.getByLabelText('Active (e-mail verified)'));
        await userEvent.click(d.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Olga Ops' })).toBeNull());
      });
      await step('The request and the updated row', async () => {
        await expect(sent).toEqual([
          { method: 'PATCH', path: '/api/v1/users/4', body: { name: 'Olga Admin', nickname: '', email: 'olga@example.com', role_id: 1, email_verified: true } },
        ]);
        const row = await within(table).findByRole('row', { name: /Olga Admin/ });
        await expect(row).toHaveTextContent('Admin');
        await expect(row).toHaveTextContent('Active');
      });
    },
  ),
);

/** Delete: Cancel keeps the user and sends nothing; Delete in the confirmation removes them. */
export const Delete = meta.story(
  users.deleteStory((sent) => usersHandlers({ sent }), {
    row: 'Olga Ops',
    question: deleteQuestion({ name: 'Olga Ops', email: 'olga@example.com' }),
    path: '/api/v1/users/4',
    gone: (table) => expect(emailsIn(table)).not.toContain('olga@example.com'),
    toast: 'User Olga Ops deleted',
  }),
);

/** The last admin: the server's refusal is said, the confirmation stays open, the admin stays. */
export const LastAdmin = meta.story(
  users.deleteRefusedStory('Delete the last admin and confirm', 'Ada Admin', {
    said: async () => expect(await screen.findByText('The last admin cannot be deleted or demoted')).toBeVisible(),
    kept: async (table) => expect(emailsIn(table)).toContain('admin@example.com'),
  }),
);

/** A role without `users.read` (an operator; the menu does not offer it Users): the server's refusal is said, no rows and no Add. */
export const ForbiddenRole = meta.story(users.forbidden(usersHandlers({ role: 'operator' }), 'Your role (operator) may not read users'));

/** Searched, sorted and paged on the server, the state in the address (see stories/list-play.ts). */
export const SearchSortAndPage = meta.story(
  users.searchSortPageStory(usersHandlers({ users: [...storyUsers, ...manyUsers(60)] }), {
    total: 64,
    column: 1,
    ...cedarRows('Operator'),
  }),
);

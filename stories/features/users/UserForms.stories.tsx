/**
 * The Add user and Edit user forms (001 §5 "User: name required; e-mail required in standard
 * format; password minimum 8 characters with one lower-case, one upper-case, one digit and one
 * special character. Message: User Password must be at least 8 characters long 1 capital letter
 * and at least 1 special sign."): each message of the model's schemas (the ones the server
 * answers), nothing saved while invalid, the values a valid form saves (Edit without a new
 * password keeps it), and a taken e-mail shown at the field.
 */
import preview from '../../../.storybook/preview';

import type { StoryContext } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { ApiError } from '../../../src/api';
import { MSG, RMSG } from '../../../src/model';
import { UserCreateForm, UserEditForm } from '../../../src/features/users/components/UserForms';
import { SaveFor, saveSends } from '../../form-story';
import { storyRoles, storyUsers } from './fixtures';
import { retype, saveExpecting } from '../../dialog-steps';

/** A form with a submit button, as FormModal's Save submits it. */
function Host({ edit, onSave }: { edit: boolean; onSave: (v: unknown) => Promise<unknown> }) {
  return (
    <>
      {edit ? <UserEditForm id="f" user={storyUsers[3]!} roles={storyRoles} onSave={onSave} /> : <UserCreateForm id="f" roles={storyRoles} onSave={onSave} />}
      <SaveFor form="f" />
    </>
  );
}

const meta = preview.meta({
  title: 'Users/UserForms',
  component: Host,
  subcomponents: { UserCreateForm, UserEditForm },
  args: { edit: false, onSave: fn(async () => {}) },
});

/** Types a new user's name, e-mail and password into the Add user form and picks the role. */
async function fillNewUser(
  user: StoryContext['userEvent'],
  canvas: StoryContext['canvas'],
  u: { name: string; email: string; password: string; role: string },
) {
  await user.type(canvas.getByLabelText('Name', { exact: true }), u.name);
  await user.type(canvas.getByLabelText('E-mail', { exact: true }), u.email);
  await user.type(canvas.getByLabelText('Password'), u.password);
  await user.selectOptions(canvas.getByLabelText('Role'), u.role);
}

/** Add user, empty: every required field says so; nothing saved. */
export const CreateEmpty = meta.story({
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    await step('A new user is active by default', async () => {
      await expect(canvas.getByLabelText('Active (e-mail verified)')).toBeChecked();
    });
    await step("Save the empty form: the seed's messages; nothing saved", async () => {
      await saveExpecting(userEvent, canvasElement, [RMSG.userName, MSG.email, MSG.password, RMSG.role]);
      await expect(args.onSave).not.toHaveBeenCalled();
    });
  },
});

/** The password policy: each missing kind of character gives the seed's message; a malformed e-mail its own. */
export const CreateInvalid = meta.story({
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    let password!: HTMLElement;
    await step("A bad e-mail: the seed's message", async () => {
      await userEvent.type(canvas.getByLabelText('Name', { exact: true }), 'Nina');
      await userEvent.selectOptions(canvas.getByLabelText('Role'), 'Operator');
      await userEvent.type(canvas.getByLabelText('E-mail', { exact: true }), 'nina@');
      password = canvas.getByLabelText('Password');
      await saveExpecting(userEvent, canvasElement, [MSG.email]);
    });
    await step('Passwords without a capital, small letter, digit or sign, or too short: refused', async () => {
      for (const bad of ['Sh0rt!', 'welcome!2345', 'WELCOME!2345', 'Welcome!abcd', 'Welcome12345']) {
        await retype(userEvent, password, bad);
        await saveExpecting(userEvent, canvasElement, [MSG.password]);
      }
      await expect(args.onSave).not.toHaveBeenCalled();
    });
  },
});

/** Add user, valid: the values as the model outputs them (e-mail lower-cased, nickname '' when empty). */
export const CreateFilled = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Fill in the form and save', async () => {
      await fillNewUser(userEvent, canvas, { name: '  Nina New ', email: 'Nina@Example.COM', password: 'Welcome!2345', role: 'Sticky' });
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    });
    await step("Trimmed name, lower-case e-mail, the role's id", async () => {
      await waitFor(() =>
        expect(args.onSave).toHaveBeenCalledWith({
          name: 'Nina New',
          nickname: '',
          email: 'nina@example.com',
          password: 'Welcome!2345',
          role_id: 3,
          email_verified: true,
        }),
      );
    });
  },
});

/** A taken e-mail (the server's 409): shown at the e-mail field. */
export const CreateEmailTaken = meta.story({
  args: { onSave: fn(() => Promise.reject(new ApiError(409, 'User nina@example.com already exists', null))) },
  play: async ({ canvas, userEvent, step }) => {
    await step('Fill in an e-mail another user has and save', async () => {
      await fillNewUser(userEvent, canvas, { name: 'Nina', email: 'nina@example.com', password: 'Welcome!2345', role: 'Operator' });
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    });
    await step('The duplicate message on the e-mail', async () => {
      await expect(await canvas.findByText('User nina@example.com already exists')).toBeVisible();
      await expect(canvas.getByLabelText('E-mail', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    });
  },
});

/** Edit: filled from the user (never a password); cleared name and e-mail refused; a valid edit without a new password does not send one. */
export const Edit = meta.story({
  args: { edit: true },
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    await step('The form holds the stored values, no password', async () => {
      await expect(canvas.getByLabelText('Name', { exact: true })).toHaveValue('Olga Ops');
      await expect(canvas.getByLabelText('Role')).toHaveDisplayValue('Operator');
      await expect(canvas.getByLabelText('Active (e-mail verified)')).not.toBeChecked();
      await expect(canvas.getByLabelText('New password')).toHaveValue('');
    });
    await step("Clear name and e-mail, a weak password: the seed's messages; nothing saved", async () => {
      await userEvent.clear(canvas.getByLabelText('Name', { exact: true }));
      await userEvent.clear(canvas.getByLabelText('E-mail', { exact: true }));
      await userEvent.type(canvas.getByLabelText('New password'), 'weak');
      await saveExpecting(userEvent, canvasElement, [RMSG.userName, MSG.email, MSG.password]);
      await expect(args.onSave).not.toHaveBeenCalled();
    });
    await step('Fix them, no new password, and save', async () => {
      await userEvent.type(canvas.getByLabelText('Name', { exact: true }), 'Olga O.');
      await userEvent.type(canvas.getByLabelText('E-mail', { exact: true }), 'olga@example.com');
      await userEvent.clear(canvas.getByLabelText('New password'));
      await saveSends(userEvent, canvas, args.onSave, { name: 'Olga O.', nickname: '', email: 'olga@example.com', role_id: 2, email_verified: false });
    });
  },
});

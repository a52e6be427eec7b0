/**
 * The Add user and Edit user forms (001 §3 User, §5 "User: name required; e-mail required in
 * standard format; password minimum 8 characters with one lower-case, one upper-case, one digit
 * and one special character. Message: User Password must be at least 8 characters long 1
 * capital letter and at least 1 special sign."). Validated with the model's schemas — the very
 * ones the server validates with — so the client refuses with the messages the server answers:
 * 'Missing Name', 'Email format is not valid', the password message, 'Please select a role'.
 * Edit keeps the password unless a new one is typed. A taken e-mail (the server's 409 'User …
 * already exists') is shown at the e-mail. Each form is rendered inside FormModal, whose Save
 * submits it by `id`: nothing is sent while a field is invalid.
 */
import type { DefaultValues, UseFormRegister } from 'react-hook-form';
import { DialogForm, useDialogForm, type DialogField } from '../../../ui/DialogForm';
import { z } from 'zod';
import { MSG, PasswordSchema, UserFormSchema, UserUpdateSchema, type Role, type UserOut } from '../../../model';
import { CheckboxField, SelectField, TextField, styles as s } from '../../../ui';
import type { NewUser, UserChanges } from '../api';
import { isEmailTaken, roleLabel } from './user-names';

/**
 * The Edit form's schema: the model's update schema with the form's fields present (the rules
 * of Add user for name, e-mail and role), an empty password meaning "keep it".
 */
export const UserEditSchema = UserUpdateSchema.extend({
  name: UserFormSchema.shape.name,
  email: UserFormSchema.shape.email,
  role_id: UserFormSchema.shape.role_id,
  password: z
    .string({ error: MSG.password })
    .max(200, MSG.password)
    .transform((v) => (v === '' ? undefined : v))
    .pipe(PasswordSchema.optional()),
});

export { isEmailTaken, roleLabel } from './user-names';

type FormInput = z.input<typeof UserFormSchema>;

/** The fields both forms share. */
function Fields({
  register,
  field,
  roles,
  editing,
}: {
  register: UseFormRegister<FormInput>;
  field: DialogField<FormInput>;
  roles: readonly Role[];
  editing: boolean;
}) {
  return (
    <>
      <TextField label="Name" autoComplete="off" {...field('name')} />
      <TextField label="Nickname" autoComplete="off" {...field('nickname')} />
      <TextField label="E-mail" type="email" autoComplete="off" {...field('email')} />
      <TextField
        label={editing ? 'New password' : 'Password'}
        type="password"
        autoComplete="new-password"
        help={
          editing ? 'Leave empty to keep the current password.' : 'At least 8 characters with a lower-case and a capital letter, a digit and a special sign.'
        }
        {...field('password')}
      />
      <SelectField
        label="Role"
        placeholder="Select a role"
        options={roles.map((r) => ({ value: r.id, label: roleLabel(r.name) }))}
        {...field('role_id', { setValueAs: (v: string | number) => (v === '' || v === undefined ? undefined : Number(v)) })}
      />
      <CheckboxField label="Active (e-mail verified)" {...register('email_verified')} />
    </>
  );
}

/**
 * A user form's state: `schema` validates and shapes what `onSave` gets, `defaults` fill it,
 * Name has the focus; an e-mail the server says is taken is shown at the e-mail field.
 */
function useUserForm<Out>(schema: z.ZodType<Out, FormInput>, defaults: DefaultValues<FormInput>, onSave: (v: Out) => Promise<unknown>) {
  const { register, handleSubmit, setError, field } = useDialogForm<FormInput, Out>(schema, 'name', defaults);
  const submit = handleSubmit(async (v) => {
    try {
      await onSave(v);
    } catch (e) {
      if (isEmailTaken(e)) setError('email', { message: (e as Error).message });
    }
  });
  return { register, field, submit };
}

/** Props of {@link UserCreateForm}. */
export interface UserCreateFormProps {
  /** The form element's id (the modal's Save submits it). */
  id: string;
  roles: readonly Role[];
  /** The role of the tab the form was opened from, preselected (none on All). */
  roleId?: number;
  /** Creates the user. @throws the server's refusal: a taken e-mail is shown at the e-mail; others were shown by the screen. */
  onSave: (v: NewUser) => Promise<unknown>;
}

/** Add user: name, nickname, e-mail, password, role, active. */
export function UserCreateForm({ id, roles, roleId, onSave }: UserCreateFormProps) {
  const { register, field, submit } = useUserForm(
    UserFormSchema,
    { name: '', nickname: '', email: '', password: '', role_id: roleId, email_verified: true },
    onSave,
  );
  return (
    <DialogForm id={id} onSubmit={submit}>
      <Fields register={register} field={field} roles={roles} editing={false} />
    </DialogForm>
  );
}

/** Props of {@link UserEditForm}. */
export interface UserEditFormProps {
  id: string;
  /** The user edited: their values fill the form (never a password). */
  user: UserOut;
  roles: readonly Role[];
  /** Saves the changes. @throws as {@link UserCreateFormProps.onSave}. */
  onSave: (v: UserChanges) => Promise<unknown>;
}

/** Edit user: the same fields; the password only when a new one is typed. */
export function UserEditForm({ id, user, roles, onSave }: UserEditFormProps) {
  const { register, field, submit } = useUserForm(
    UserEditSchema,
    { name: user.name, nickname: user.nickname, email: user.email, password: '', role_id: user.role_id, email_verified: user.email_verified },
    onSave,
  );
  return (
    <DialogForm id={id} onSubmit={submit}>
      <p className={s.helpText}>
        User ID {user.user_id}
        {user.connection !== 'embedded' ? ` (signs in through ${user.connection})` : ''}.
      </p>
      <Fields register={register} field={field} roles={roles} editing />
    </DialogForm>
  );
}

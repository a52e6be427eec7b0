/**
 * Users and roles (seed sections 001 §3, §5, §6): the roles, the password policy, the user and
 * the signed-in user, the user as the API answers it and the Add/Edit user forms.
 */
import { z } from 'zod';
import { bool, optionalText, refId, requiredText, RMSG } from './fields';
import { MSG } from './messages';
import { ROLES } from './constants';

/** Roles of the product; `sticky` is the account that sees only the Sticky menu entry (001 §6). */
export const RoleSchema = z.object({ id: z.number().int(), name: z.enum(ROLES) }).meta({ id: 'Role' });
export type Role = z.infer<typeof RoleSchema>;

/** Password policy (001 §5): ≥ 8 characters, a lower-case, an upper-case, a digit and a special character. */
export const PasswordSchema = z
  .string()
  .min(8, MSG.password)
  .regex(/[a-z]/, MSG.password)
  .regex(/[A-Z]/, MSG.password)
  .regex(/\d/, MSG.password)
  .regex(/[^A-Za-z0-9]/, MSG.password);

export const UserSchema = z.object({
  user_id: z.number().int(),
  name: z.string().trim().min(1, 'Missing Name'),
  nickname: z.string().default(''),
  email: z.email(MSG.email),
  role: z.enum(ROLES),
  role_id: z.number().int(),
  email_verified: z.boolean(),
  connection: z.string().default('embedded'),
});
export type User = z.infer<typeof UserSchema>;

/** The signed-in user as the API sees it on each request (`GET /api/v1/me`, 001 §6). */
export const SessionUserSchema = z.object({ user_id: z.number().int(), email: z.string(), name: z.string(), role: z.enum(ROLES) }).meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof SessionUserSchema>;

// ---- Users and roles (001 §3, §5, §6) ----------------------------------------------------

/** A user as the API answers it (never the password). */
export const UserOutSchema = z
  .object({
    user_id: z.number().int(),
    name: z.string(),
    nickname: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    role_id: z.number().int(),
    email_verified: z.boolean(),
    connection: z.string(),
  })
  .meta({ id: 'User' });
export type UserOut = z.infer<typeof UserOutSchema>;

const userEmail = z.string({ error: MSG.email }).trim().toLowerCase().max(254, MSG.email).pipe(z.email(MSG.email));

/** The Add user form (001 §5): name required, e-mail format, the password policy, a role. */
export const UserFormSchema = z.object({
  name: requiredText(RMSG.userName, 255),
  nickname: optionalText(255),
  email: userEmail,
  password: z.string({ error: MSG.password }).max(200, MSG.password).pipe(PasswordSchema),
  role_id: refId(RMSG.role),
  email_verified: bool('Email verified must be true or false').default(true),
});
export type UserForm = z.input<typeof UserFormSchema>;

/** The Edit user form (`PATCH /api/v1/users/{id}`): every field optional; a new password follows the policy. */
export const UserUpdateSchema = z.object({
  name: requiredText(RMSG.userName, 255).optional(),
  nickname: optionalText(255).optional(),
  email: userEmail.optional(),
  password: z.string({ error: MSG.password }).max(200, MSG.password).pipe(PasswordSchema).optional(),
  role_id: refId(RMSG.role).optional(),
  email_verified: bool('Email verified must be true or false').optional(),
});

/**
 * Users and roles (001 §3, §5, §6).
 */
import { z } from 'zod';
import { MSG } from './messages';

/** Roles of the product; `sticky` is the account that sees only the Sticky menu entry (001 §6). */
export const ROLES = ['admin', 'operator', 'sticky'] as const;
export type RoleName = (typeof ROLES)[number];
export const RoleSchema = z.object({ id: z.number().int(), name: z.enum(ROLES) });
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

/** The signed-in user as the API sees it on each request. */
export interface SessionUser {
  user_id: number;
  email: string;
  name: string;
  role: RoleName;
}

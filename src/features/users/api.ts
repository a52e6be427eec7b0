/**
 * The users slice's calls (001 §7 "GET /api/v1/roles", "GET /api/v1/users?role={role}", "POST
 * /api/v1/users", "PATCH /api/v1/users/{id}", "DELETE /api/v1/users/{id}"): the roles, the
 * users of a role (or all), create, change and delete. Answers are parsed with the model's
 * {@link RoleSchema} and {@link UserOutSchema}. Writes are not notified by the client: the
 * forms show a refusal at its field (a taken e-mail) and the screen toasts the others (the
 * last admin cannot be deleted or demoted).
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { call, useWrite, withId } from '../../api';
import { notify } from '../../ui';
import { useListPage } from '../../api/list';
import { listQueryOf, type ListState } from '../../ui/list/list-state';
import { USER_ROUTES, type RoleName, type UserFormSchema, type UserOut, type UserUpdateSchema } from '../../model';
import { isEmailTaken } from './components/user-names';

/** Query keys: the roles, every user list, one role's list ('all' for every user). */
export const userKeys = {
  roles: ['roles'] as const,
  all: ['users'] as const,
  list: (role: RoleName | 'all') => ['users', role] as const,
};

/** What Add user sends (001 §5: name, e-mail, password, role). */
export type NewUser = z.output<typeof UserFormSchema>;
/** What Edit user sends (every field optional; a password only when a new one was typed). */
export type UserChanges = z.output<typeof UserUpdateSchema>;

/**
 * The calls as plain functions (the hooks wrap them).
 * @throws ApiError on a non-2xx status (409 'User {email} already exists' or 'The last admin
 * cannot be deleted or demoted', 422 with the field's message, 403 for a role other than
 * admin); AnswerShapeError when an answer does not match the model.
 */
export const userCalls = {
  /** The roles. */
  roles: () => call(USER_ROUTES.roles, { notify: false }),
  /** The users of `role` (no parameter for all), by user id. Not notified: the screen says why where the table would be. */
  list: (role: RoleName | 'all') => call(USER_ROUTES.list, { query: role === 'all' ? {} : { role }, notify: false }),
  /** Add user: 201 with the user, who can sign in at once. */
  create: (body: NewUser) => call(USER_ROUTES.create, { body, notify: false }),
  /** Edit user: the fields to change. */
  update: (id: number, body: UserChanges) => call(USER_ROUTES.update, { params: { id }, body, notify: false }),
  /** Deletes the user. */
  remove: (id: number) => call(USER_ROUTES.remove, { params: { id }, notify: false }),
};

/** The roles (001 §6 "Roles come from the server"). */
export const useRoles = () => useQuery({ queryKey: userKeys.roles, queryFn: userCalls.roles, staleTime: 5 * 60_000 });

/** The users of `role` ('all': every user). */
export const useUsers = (role: RoleName | 'all') => useQuery({ queryKey: userKeys.list(role), queryFn: () => userCalls.list(role) });
/** One page of the users of `role` as `state` asks for it (searched, sorted and paged on the server; see src/api/list.ts). */
export const useUserPage = (role: RoleName | 'all', state: ListState) =>
  useListPage(userKeys.list(role), USER_ROUTES.list, { ...listQueryOf(state), role: role === 'all' ? undefined : role });

/**
 * Create, change and delete; each refreshes every user list (a role change moves a user between
 * tabs) and says so. A refusal is toasted, except a taken e-mail: the form shows it at its field.
 */
export function useUserMutations() {
  const o = { refresh: [{ queryKey: userKeys.all }], toasts: notify, shown: true, quiet: isEmailTaken };
  return {
    create: useWrite(userCalls.create, { ...o, success: (u) => `User ${u.name} added` }),
    update: useWrite(withId(userCalls.update), { ...o, success: (u) => `User ${u.name} saved` }),
    remove: useWrite((u: Pick<UserOut, 'user_id' | 'name'>) => userCalls.remove(u.user_id), { ...o, success: (_, u) => `User ${u.name} deleted` }),
  };
}

/**
 * The users slice's calls (001 §7 "GET /api/v1/roles", "GET /api/v1/users?role={role}", "POST
 * /api/v1/users", "PATCH /api/v1/users/{id}", "DELETE /api/v1/users/{id}"): the roles, the
 * users of a role (or all), create, change and delete. Answers are parsed with the model's
 * {@link RoleSchema} and {@link UserOutSchema}. Writes are not notified by the client: the
 * forms show a refusal at its field (a taken e-mail) and the screen toasts the others (the
 * last admin cannot be deleted or demoted).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { requestParsed } from '../../api';
import { RoleSchema, UserOutSchema, type RoleName, type UserFormSchema, type UserUpdateSchema } from '../../model';

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

const Deleted = z.object({ message: z.string(), ID: z.number().int() });

/**
 * The calls as plain functions (the hooks wrap them).
 * @throws ApiError on a non-2xx status (409 'User {email} already exists' or 'The last admin
 * cannot be deleted or demoted', 422 with the field's message, 403 for a role other than
 * admin); AnswerShapeError when an answer does not match the model.
 */
export const userCalls = {
  /** `GET /api/v1/roles`. */
  roles: () => requestParsed(z.array(RoleSchema), 'GET', '/api/v1/roles', { notify: false }),
  /** `GET /api/v1/users?role={role}` (no parameter for all), by user id. Not notified: the screen says why where the table would be. */
  list: (role: RoleName | 'all') =>
    requestParsed(z.array(UserOutSchema), 'GET', role === 'all' ? '/api/v1/users' : `/api/v1/users?role=${role}`, { notify: false }),
  /** `POST /api/v1/users`: 201 with the user, who can sign in at once. */
  create: (body: NewUser) => requestParsed(UserOutSchema, 'POST', '/api/v1/users', { body, notify: false }),
  /** `PATCH /api/v1/users/{id}` with the fields to change. */
  update: (id: number, body: UserChanges) => requestParsed(UserOutSchema, 'PATCH', `/api/v1/users/${id}`, { body, notify: false }),
  /** `DELETE /api/v1/users/{id}`. */
  remove: (id: number) => requestParsed(Deleted, 'DELETE', `/api/v1/users/${id}`, { notify: false }),
};

/** The roles (001 §6 "Roles come from the server"). */
export const useRoles = () => useQuery({ queryKey: userKeys.roles, queryFn: userCalls.roles, staleTime: 5 * 60_000 });

/** The users of `role` ('all': every user). */
export const useUsers = (role: RoleName | 'all') => useQuery({ queryKey: userKeys.list(role), queryFn: () => userCalls.list(role) });

/** Create, change and delete; each refreshes every user list (a role change moves a user between tabs). */
export function useUserMutations() {
  const qc = useQueryClient();
  const onSuccess = () => {
    void qc.invalidateQueries({ queryKey: userKeys.all });
  };
  return {
    create: useMutation({ mutationFn: userCalls.create, onSuccess }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: UserChanges }) => userCalls.update(id, body), onSuccess }),
    remove: useMutation({ mutationFn: userCalls.remove, onSuccess }),
  };
}

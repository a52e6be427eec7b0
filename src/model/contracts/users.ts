/** The user routes (001 §6 "Users", admin only): the roles, the users of a role, create, update and delete. */
import { z } from 'zod';
import { contract, DeletedSchema } from '../contract';
import { listQuerySchema } from '../list-query';
import { ROLES } from '../constants';
import { RoleSchema, UserFormSchema, UserOutSchema, UserUpdateSchema } from '../users';

/** The user list's sort columns (the columns /users shows, 001 §2). */
export const USER_SORTS = ['id', 'name', 'nickname', 'email', 'role', 'status'] as const;

/** The user routes; `{id}` is the user's id. */
export const USER_ROUTES = {
  /** The roles (001 §6 "Roles come from the server"). */
  roles: contract({ method: 'get', path: '/api/v1/roles', answer: z.array(RoleSchema) }),
  /** The users, of one role or all, by user id; searched, sorted and paged with the list query (without page and per_page: every user). */
  list: contract({
    method: 'get',
    path: '/api/v1/users',
    query: listQuerySchema(USER_SORTS).extend({ role: z.enum([...ROLES, 'all']).optional() }),
    answer: z.array(UserOutSchema),
  }),
  /** The list's query (page and per_page ignored: every match) as `text/csv`, streamed; never a password or secret. */
  export: contract({
    method: 'get',
    path: '/api/v1/users.csv',
    query: listQuerySchema(USER_SORTS).extend({ role: z.enum([...ROLES, 'all']).optional() }),
    answer: z.string(),
  }),
  /** Add user: 201 with the user, who can sign in at once. */
  create: contract({ method: 'post', path: '/api/v1/users', body: UserFormSchema, answer: UserOutSchema, status: 201 }),
  /** Edit user: the fields to change. */
  update: contract({ method: 'patch', path: '/api/v1/users/{id}', body: UserUpdateSchema, answer: UserOutSchema }),
  /** Deletes the user (409 for the last admin). */
  remove: contract({ method: 'delete', path: '/api/v1/users/{id}', answer: DeletedSchema }),
};

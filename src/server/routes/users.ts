/**
 * Users and roles (001 §3, §5, §6, §7), admin-only by the policy table. Users are the
 * embedded issuer's accounts: one created here signs in at once (bcrypt hash, made in a worker
 * thread: auth/passwords.ts; the login page checks the same table); a deleted or demoted user loses access on the next request
 * (the token check reloads the user and role every time). The last admin cannot be deleted
 * or demoted.
 */
import { USER_ROUTES, USER_SORTS } from '../../model/contracts/users.ts';
import { createRoute, z } from '@hono/zod-openapi';
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { RMSG } from '../../model/fields.ts';
import { ROLES } from '../../model/constants.ts';
import type { UserOut } from '../../model/users.ts';
import { hashPassword } from '../auth/passwords.ts';
import { oneRow, type Tx } from '../db/index.ts';
import { roles, users } from '../db/schema.ts';
import { pgCode } from '../documents/errors.ts';
import { ApiError, errors, notFound } from '../http.ts';
import type { Q } from '../repo.ts';
import { bearer, json, on, onDelete, createRouteOf, replaceRouteOf, routes } from './common.ts';
import { listErrors, listQueryDoc, type ListSpec, lowered, onList, parseListQuery } from './list-query.ts';
import { csvRoute, listCsv, listRead, type CsvColumn, fieldColumns } from './csv-export.ts';

const tags = ['Users'];

const RoleQuery = z.object({
  role: z
    .enum([...ROLES, 'all', ''], { error: 'Unknown role' })
    .optional()
    .openapi({ param: { name: 'role', in: 'query' }, description: 'admin, operator, sticky (or all)' }),
});

/** The user list's search and sort (001 §2 Users: ID, name, nickname, e-mail, role, status). */
export const USER_LIST: ListSpec<(typeof USER_SORTS)[number]> = {
  noun: 'users',
  sorts: {
    id: users.user_id,
    name: lowered(users.name),
    nickname: lowered(users.nickname),
    email: lowered(users.email),
    role: roles.name,
    status: users.email_verified,
  },
  id: users.user_id,
  text: [users.name, users.email],
  searchHelp: "part of the user's name or e-mail, or their user ID (a whole number)",
};

const userColumns = {
  user_id: users.user_id,
  name: users.name,
  nickname: users.nickname,
  email: users.email,
  role: roles.name,
  role_id: users.role_id,
  email_verified: users.email_verified,
  connection: users.connection,
};

/** Rows of {@link userColumns} as the API's users (a role's name is one of the ROLES the roles table holds). */
const asUsers = (rows: { role: string }[]) => rows as UserOut[];

/** The export's columns: the list's (what the API answers of a user; no password or secret is read). */
const USER_CSV: CsvColumn<UserOut>[] = [
  ...fieldColumns({ 'User ID': 'user_id', Name: 'name', Nickname: 'nickname', 'E-mail': 'email', Role: 'role' }),
  { header: 'Status', cell: (u) => (u.email_verified ? 'verified' : 'unverified') },
];

async function usersWhere(q: Q, where?: SQL): Promise<UserOut[]> {
  return asUsers(await q.select(userColumns).from(users).innerJoin(roles, eq(roles.id, users.role_id)).where(where).orderBy(asc(users.user_id)));
}

async function roleName(tx: Tx, roleId: number): Promise<string> {
  const [r] = await tx.select({ name: roles.name }).from(roles).where(eq(roles.id, roleId));
  if (!r) throw new ApiError(422, RMSG.role);
  return r.name;
}

async function assertEmailFree(tx: Tx, email: string, exceptId?: number): Promise<void> {
  const rows = await tx
    .select({ user_id: users.user_id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (rows.some((r) => r.user_id !== exceptId)) throw new ApiError(409, `User ${email} already exists`);
}

/** `write`, with a unique violation it meets (the same e-mail written meanwhile) answered as {@link assertEmailFree} answers: 409. */
async function orEmailTaken<T>(email: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (pgCode(e).code === '23505') throw new ApiError(409, `User ${email} already exists`);
    throw e;
  }
}

/** 409 when removing admin rights from `userId` would leave no admin. */
async function assertOtherAdmin(tx: Tx, userId: number): Promise<void> {
  // Serialise admin removals so two concurrent ones cannot both pass the count.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('users:last-admin'))`);
  const { n } = oneRow(
    await tx
      .select({ n: count() })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.role_id))
      .where(sql`${roles.name} = 'admin' and ${users.user_id} <> ${userId}`),
    'count(admins)',
  );
  if (n === 0) throw new ApiError(409, 'The last admin cannot be deleted or demoted');
}

/** User and role routes. */
export const userRoutes = routes((app, db, deps) => {
  /**
   * The list's read of a request, of `role` (or all): the JSON list and its CSV export page
   * through the same, and only {@link userColumns} (never a password hash).
   */
  const list = (role: string | undefined) => {
    const ofRole = role && role !== 'all' ? eq(roles.name, role) : undefined;
    return listRead(
      USER_LIST,
      (where, order) =>
        db
          .select(userColumns)
          .from(users)
          .innerJoin(roles, eq(roles.id, users.role_id))
          .where(and(ofRole, where))
          .orderBy(...order)
          .$dynamic(),
      (where) => db.select({ n: count() }).from(users).innerJoin(roles, eq(roles.id, users.role_id)).where(and(ofRole, where)),
      asUsers,
    );
  };
  const one = async (q: Q, id: number) => {
    const [u] = await usersWhere(q, eq(users.user_id, id));
    if (!u) throw notFound('User');
    return u;
  };

  on(
    app,
    'roles.read',
    createRoute({
      method: USER_ROUTES.roles.method,
      path: USER_ROUTES.roles.path,
      operationId: 'listRoles',
      tags,
      security: bearer,
      summary: 'Roles (admin, operator, sticky)',
      responses: { 200: json(USER_ROUTES.roles.answer, 'Roles') },
    }),
    // Role names are the model's enum (a CHECK in the database); parsed so the answer's type says so.
    async (c) => c.json(USER_ROUTES.roles.answer.parse(await db.select().from(roles).orderBy(asc(roles.id))), 200),
  );

  onList(
    app,
    'users.read',
    {
      contract: USER_ROUTES.list,
      operationId: 'listUsers',
      tags,
      summary: 'Users, optionally of one role (`?role=`), searched, sorted and paged on the server',
      description:
        'The users (of `role`, or all) matching `q`, sorted by `sort` (default: by user ID). With `page` or `per_page` the answer is one page; without them every matching user. The answer stays a JSON array; `X-Total-Count` says how many users match in all.',
      spec: USER_LIST,
      query: RoleQuery.extend(listQueryDoc(USER_LIST)),
      answered: 'The users (of the page)',
      errors: errors(422),
    },
    (req, query) => list(query.role)(req),
  );

  on(
    app,
    'users.read',
    csvRoute({
      path: USER_ROUTES.export.path,
      operationId: 'exportUsers',
      tags,
      noun: USER_LIST.noun,
      columns: USER_CSV,
      query: RoleQuery.extend(listQueryDoc(USER_LIST)),
      errors: { ...errors(422), ...listErrors(USER_LIST) },
    }),
    (c) => listCsv('users', USER_CSV, parseListQuery(c.req.query(), USER_LIST), (req) => list(c.req.query('role'))(req).rows()),
  );

  on(
    app,
    'users.write',
    createRouteOf({
      contract: USER_ROUTES.create,
      operationId: 'createUser',
      tags,
      summary: 'Create a user who can sign in at once (password policy of 001 §5)',
      answered: 'The user',
      errors: errors(409, 422),
    }),
    async (c) => {
      const { password, ...body } = c.req.valid('json');
      const hash = await hashPassword(password);
      const id = await db.transaction(async (tx) => {
        await roleName(tx, body.role_id);
        await assertEmailFree(tx, body.email);
        return orEmailTaken(
          body.email,
          async () =>
            oneRow(
              await tx
                .insert(users)
                .values({ ...body, password: hash, connection: 'embedded' })
                .returning({ user_id: users.user_id }),
              'users: returning',
            ).user_id,
        );
      });
      deps.sessions?.clear();
      return c.json(await one(db, id), 201);
    },
  );

  on(
    app,
    'users.write',
    replaceRouteOf({
      contract: USER_ROUTES.update,
      operationId: 'updateUser',
      tags,
      summary: 'Change a user (a new role or deletion applies on their next request)',
      answered: 'The user',
      errors: errors(404, 409, 422),
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      const { password, ...body } = c.req.valid('json');
      const hash = password !== undefined ? await hashPassword(password) : undefined;
      await db.transaction(async (tx) => {
        const cur = await one(tx, id);
        if (body.role_id !== undefined && body.role_id !== cur.role_id) {
          const next = await roleName(tx, body.role_id);
          if (cur.role === 'admin' && next !== 'admin') await assertOtherAdmin(tx, id);
        }
        if (body.email !== undefined) await assertEmailFree(tx, body.email, id);
        const set = { ...body, ...(hash ? { password: hash } : {}) };
        if (Object.keys(set).length) {
          await orEmailTaken(body.email, async () => {
            await tx.update(users).set(set).where(eq(users.user_id, id));
          });
        }
      });
      deps.sessions?.clear();
      return c.json(await one(db, id), 200);
    },
  );

  onDelete(
    app,
    'users.write',
    {
      contract: USER_ROUTES.remove,
      operationId: 'deleteUser',
      tags,
      summary: 'Delete a user (their tokens stop working on the next request)',
      errors: errors(404, 409, 422),
    },
    'User',
    async (id) => {
      await db.transaction(async (tx) => {
        const cur = await one(tx, id);
        if (cur.role === 'admin') await assertOtherAdmin(tx, id);
        await tx.delete(users).where(eq(users.user_id, id));
      });
      deps.sessions?.clear();
    },
  );
});

/**
 * The users stories' data and API (msw; network mocks live only in stories): the roles and an
 * in-memory list of users served as the real routes serve them (src/server/routes/users.ts:
 * `?role=`, a taken e-mail 409, the last admin kept with 409), and a log of the write requests
 * so plays can assert bodies.
 */
import { http, HttpResponse } from 'msw';
import type { Role, RoleName, UserOut } from '../../../src/model';
import { DEMO_USER_RECORDS } from '../../../src/model/demo-records';
import { loggedDelete, storyUser, type Sent } from '../../screens';
import { fieldSorts, mockListAnswer, type MockList } from '../../list-mock';

export const storyRoles: Role[] = [
  { id: 1, name: 'admin' },
  { id: 2, name: 'operator' },
  { id: 3, name: 'sticky' },
];

/** The demo's users (as the seed has them) and two more. */
export const storyUsers: UserOut[] = [
  ...DEMO_USER_RECORDS,
  { user_id: 4, name: 'Olga Ops', nickname: '', email: 'olga@example.com', role: 'operator', role_id: 2, email_verified: false, connection: 'embedded' },
];

/** The user list's search and sort as the server has them (src/server/routes/users.ts). */
const USER_MOCK_LIST: MockList<UserOut> = {
  sorts: fieldSorts<UserOut>({ id: 'user_id', name: 'name', nickname: 'nickname', email: 'email', role: 'role', status: 'email_verified' }),
  id: (u) => u.user_id,
  text: (u) => [u.name, u.email],
};

/** `n` more operators (IDs from 101, names "… Operator 001"), for the paged list. */
export const manyUsers = (n: number): UserOut[] =>
  Array.from({ length: n }, (_, i) => {
    const name = `${['Aurora', 'Blossom', 'Cedar', 'Dune'][i % 4]} Operator ${String(i + 1).padStart(3, '0')}`;
    return {
      user_id: 101 + i,
      name,
      nickname: '',
      email: `op${i + 1}@example.com`,
      role: 'operator',
      role_id: 2,
      email_verified: i % 2 === 0,
      connection: 'embedded',
    };
  });

/** The API as /users reads it, signed in as `role`; `sent` collects every write. */
export function usersHandlers(o: { role?: RoleName; users?: UserOut[]; sent?: Sent[] } = {}) {
  const { role = 'admin', sent = [] } = o;
  const rows = new Map((o.users ?? storyUsers).map((u) => [u.user_id, { ...u }]));
  let nextId = 10;
  const forbidden = () => (role !== 'admin' ? HttpResponse.json({ message: `Your role (${role}) may not read users` }, { status: 403 }) : null);
  const bodyOf = async (r: Request) => {
    try {
      return (await r.json()) as Record<string, unknown>;
    } catch {
      return {};
    }
  };
  const taken = (email: unknown, except?: number) => [...rows.values()].some((u) => u.email === email && u.user_id !== except);
  const admins = (except: number) => [...rows.values()].filter((u) => u.role === 'admin' && u.user_id !== except).length;
  const roleOf = (id: unknown) => storyRoles.find((r) => r.id === id);
  return [
    http.get('/api/v1/me', () => HttpResponse.json({ ...storyUser, role, name: role === 'admin' ? storyUser.name : 'Otto Operator' })),
    http.get('/api/v1/roles', () => forbidden() ?? HttpResponse.json(storyRoles)),
    http.get('/api/v1/users', ({ request }) => {
      const refused = forbidden();
      if (refused) return refused;
      const r = new URL(request.url).searchParams.get('role');
      return mockListAnswer(
        request,
        [...rows.values()].filter((u) => !r || u.role === r).sort((a, b) => a.user_id - b.user_id),
        USER_MOCK_LIST,
      );
    }),
    http.post('/api/v1/users', async ({ request }) => {
      const body = await bodyOf(request);
      sent.push({ method: 'POST', path: '/api/v1/users', body });
      if (taken(body.email)) return HttpResponse.json({ message: `User ${String(body.email)} already exists` }, { status: 409 });
      const r = roleOf(body.role_id) ?? storyRoles[1]!;
      const u: UserOut = {
        user_id: nextId++,
        name: String(body.name),
        nickname: typeof body.nickname === 'string' ? body.nickname : '',
        email: String(body.email),
        role: r.name,
        role_id: r.id,
        email_verified: body.email_verified !== false,
        connection: 'embedded',
      };
      rows.set(u.user_id, u);
      return HttpResponse.json(u, { status: 201 });
    }),
    http.patch('/api/v1/users/:id', async ({ params, request }) => {
      const id = Number(params.id);
      const body = await bodyOf(request);
      sent.push({ method: 'PATCH', path: `/api/v1/users/${id}`, body });
      const cur = rows.get(id);
      if (!cur) return HttpResponse.json({ message: 'User not found' }, { status: 404 });
      if (taken(body.email, id)) return HttpResponse.json({ message: `User ${String(body.email)} already exists` }, { status: 409 });
      const r = roleOf(body.role_id) ?? storyRoles.find((x) => x.id === cur.role_id)!;
      if (cur.role === 'admin' && r.name !== 'admin' && admins(id) === 0)
        return HttpResponse.json({ message: 'The last admin cannot be deleted or demoted' }, { status: 409 });
      const { password: _password, ...rest } = body;
      const u: UserOut = { ...cur, ...(rest as Partial<UserOut>), role: r.name, role_id: r.id };
      rows.set(id, u);
      return HttpResponse.json(u);
    }),
    loggedDelete('users', sent, (id) => {
      const cur = rows.get(id);
      if (cur?.role === 'admin' && admins(id) === 0) return HttpResponse.json({ message: 'The last admin cannot be deleted or demoted' }, { status: 409 });
      rows.delete(id);
      return HttpResponse.json({ message: 'User deleted', ID: id });
    }),
  ];
}

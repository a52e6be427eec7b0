/**
 * The roles policy and the route registry: every /api/v1 route declares an action of the
 * policy table, the OpenAPI document lists exactly the registered routes, every route
 * answers 401 without a token and 403 `{message}` to each role the table does not allow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type RoleName } from '../../src/model/constants.ts';
import { ACTIONS, can, forbiddenMessage, POLICY, type Action } from '../../src/server/auth/policy.ts';
import { ROUTE_ACTIONS } from '../../src/server/routes/common.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
const tokens = {} as Record<RoleName, string>;
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 100 });
  for (const r of ROLES) tokens[r] = await t.tokenOf(r);
});
afterAll(async () => {
  await t?.close();
});

/** A concrete URL for an OpenAPI path (ids 1, names x.png). */
const concrete = (p: string) => p.replace(/\{id\}|\{funnelId\}/g, '1').replace('{name}', 'x.png');
const apiRoutes = () => [...ROUTE_ACTIONS.values()].filter((r) => r.path.startsWith('/api/v1/'));

describe('route registry and OpenAPI', () => {
  it('every /api/v1 route declares an action of the policy table', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(80);
    for (const r of routes) {
      expect(r.action, `${r.method} ${r.path}`).not.toBe('public');
      expect(Object.keys(POLICY), `${r.method} ${r.path}`).toContain(r.action);
    }
    // Every action of the table is used by some route (no dead rows).
    const used = new Set(routes.map((r) => r.action));
    expect(Object.keys(ACTIONS).filter((a) => !used.has(a as Action))).toEqual([]);
  });

  it('the OpenAPI document has exactly the registered routes, each with its action and a 401/403 answer', async () => {
    const doc = (await t.api('GET', '/api/openapi.json', { token: null })).body;
    const documented = new Set<string>();
    for (const [p, ops] of Object.entries(doc.paths as Record<string, Record<string, { description?: string; responses: Record<string, unknown> }>>)) {
      for (const [method, op] of Object.entries(ops)) {
        documented.add(`${method.toUpperCase()} ${p}`);
        const entry = ROUTE_ACTIONS.get(`${method.toUpperCase()} ${p}`);
        expect(entry, `${method} ${p} is registered`).toBeDefined();
        if (p.startsWith('/api/v1/')) {
          expect(op.description, `${method} ${p}`).toContain(`Action \`${entry!.action}\``);
          expect(Object.keys(op.responses), `${method} ${p}`).toEqual(expect.arrayContaining(['401', '403']));
        }
      }
    }
    expect([...ROUTE_ACTIONS.keys()].filter((k) => !documented.has(k))).toEqual([]);
    // The seeds' odd paths are there exactly as written.
    for (const k of [
      'POST /api/v1/categories/create',
      'PUT /api/v1/categories/update/{id}',
      'POST /api/v1/offers/create/{id}',
      'POST /api/v1/offers/create/',
      'GET /api/v1/domains/',
      'POST /api/v1/domains/',
      'POST /api/v1/cloud_flare/domains/patch',
      'DELETE /api/v1/cloud_flare/domains/delete',
      'GET /api/v1/cloud_flare/domains/list/{id}',
      'POST /api/v1/cloud_flare/domains/create/{id}',
      'PUT /api/v1/cloud_flare/domains/{id}',
      'POST /api/v1/cloud_flare/domains',
      'POST /api/v1/csv_upload/sticky/campaigns_fulfillment',
      'POST /api/v1/csv_upload/sticky/products_create/{funnelId}',
      'GET /api/v1/orders/',
      'PATCH /api/v1/templates',
      'GET /api/v1/templates/layouts',
      'POST /api/v1/shippings/sync/{id}',
      'POST /api/v1/campaigns/camps',
      'POST /api/v1/campaigns/fulfillment',
      'GET /api/v1/images/{funnelId}',
      'POST /api/v1/images/{funnelId}',
      'DELETE /api/v1/images/{funnelId}/{name}',
    ])
      expect(documented, k).toContain(k);
  });
});

describe('the policy table', () => {
  it('users and roles are admin-only; the sticky account has only what the Sticky page needs', () => {
    for (const a of ['users.read', 'users.write', 'roles.read'] as Action[]) expect(POLICY[a]).toEqual(['admin']);
    const sticky = (Object.keys(POLICY) as Action[]).filter((a) => can('sticky', a)).sort();
    expect(sticky).toEqual(['campaigns.fulfillment', 'campaigns.read', 'csv.upload', 'funnels.read', 'me.read']);
    expect((Object.keys(POLICY) as Action[]).every((a) => can('admin', a))).toBe(true);
  });

  it('every route answers 401 without a token', async () => {
    for (const r of apiRoutes()) {
      const res = await t.api(r.method, concrete(r.path), { token: null, body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
      expect(res.body, `${r.method} ${r.path}`).toEqual({ message: 'Missing bearer token' });
    }
    const garbage = await t.api('GET', '/api/v1/funnels', { token: 'not.a.jwt' });
    expect(garbage.status).toBe(401);
  });

  it('every route answers 403 {message} to each role the table does not allow, before reading the input', async () => {
    let checked = 0;
    for (const r of apiRoutes()) {
      const action = r.action as Action;
      for (const role of ROLES) {
        if (can(role, action)) continue;
        const res = await t.api(r.method, concrete(r.path), {
          token: tokens[role],
          body: r.method === 'GET' || r.method === 'DELETE' ? undefined : { nonsense: true },
        });
        expect(res.status, `${role} ${r.method} ${r.path}`).toBe(403);
        expect(res.body, `${role} ${r.method} ${r.path}`).toEqual({ message: forbiddenMessage(role, action) });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('roles the table allows get past the policy (no 403)', async () => {
    for (const [role, method, p] of [
      ['sticky', 'GET', '/api/v1/me'],
      ['sticky', 'GET', '/api/v1/funnels'],
      ['sticky', 'GET', '/api/v1/funnels/1/campaigns'],
      ['operator', 'GET', '/api/v1/dashboard'],
      ['operator', 'GET', '/api/v1/orders/'],
      ['admin', 'GET', '/api/v1/users'],
      ['admin', 'GET', '/api/v1/roles'],
    ] as const) {
      const res = await t.api(method, p, { token: tokens[role] });
      expect(res.status, `${role} ${p}`).toBe(200);
    }
    const me = await t.api('GET', '/api/v1/me', { token: tokens.sticky });
    expect(me.body.role).toBe('sticky');
  });
});

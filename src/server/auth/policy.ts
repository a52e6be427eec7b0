/**
 * The roles policy: ONE table of role × action. Every `/api/v1` route declares its action
 * when it is registered (`on(app, action, route, handler)` in routes/common.ts) and the
 * {@link authorize} middleware answers 403 `{message}` before any input is read.
 *
 * Roles (001 §6): `admin` may do everything; `operator` builds and runs funnels but does not
 * manage users and roles, the shipping catalogue, categories or the template library's
 * delete/sync; `sticky` is the account that sees only the Sticky page (its CSV uploads to
 * the order platform and what that page lists).
 */
import type { MiddlewareHandler } from 'hono';
import { ROLES, type RoleName, type SessionUser } from '../../model/users.ts';
import { ApiError } from '../http.ts';

/** Every action a route can declare, with the words of its 403 message ("may not …"). */
export const ACTIONS = {
  'me.read': 'read the signed-in account',
  'dashboard.read': 'read the dashboard',
  'funnels.read': 'read funnels',
  'funnels.write': 'create or change funnels',
  'funnels.delete': 'delete funnels',
  'funnels.publish': 'publish funnels',
  'pages.read': 'read pages',
  'pages.write': 'create, change or delete pages',
  'templates.read': 'read templates',
  'templates.write': 'create or change templates',
  'templates.delete': 'delete templates',
  'templates.sync': 'sync templates',
  'offers.read': 'read offers',
  'offers.write': 'create, change or delete offers',
  'products.read': 'read products',
  'products.write': 'create, change or delete products',
  'campaigns.read': 'read campaigns',
  'campaigns.write': 'create, change or delete campaigns',
  'campaigns.fulfillment': 'set the fulfillment of campaigns',
  'categories.read': 'read categories',
  'categories.write': 'create, change, import or delete categories',
  'domains.read': 'read domains',
  'domains.write': 'create, change or delete domains',
  'dns.read': 'read DNS records',
  'dns.write': 'change DNS zones and records',
  'stores.read': 'read stores',
  'shippings.read': 'read shipping methods',
  'shippings.write': 'create, change, sync or delete shipping methods',
  'roles.read': 'read roles',
  'users.read': 'read users',
  'users.write': 'create, change or delete users',
  'audit.read': 'read the audit log',
  'audit.write': 'add or delete notes',
  'blockers.read': 'read blocked users',
  'blockers.write': 'create, change or delete blocked users',
  'pixels.read': 'read pixels',
  'pixels.write': 'create, change or delete pixels',
  'scrubs.read': 'read scrubs',
  'scrubs.write': 'create, change or delete scrubs',
  'orders.read': 'read orders',
  'images.read': 'read the image gallery',
  'images.write': 'upload or delete images',
  'csv.upload': 'upload CSV files to the order platform',
} as const;

/** An action a route declares. */
export type Action = keyof typeof ACTIONS;

const ALL = ROLES;
const STAFF = ['admin', 'operator'] as const satisfies readonly RoleName[];
const ADMIN = ['admin'] as const satisfies readonly RoleName[];

/** The policy table: which roles may perform each action. */
export const POLICY: Readonly<Record<Action, readonly RoleName[]>> = {
  'me.read': ALL,
  'dashboard.read': STAFF,
  'funnels.read': ALL,
  'funnels.write': STAFF,
  'funnels.delete': STAFF,
  'funnels.publish': STAFF,
  'pages.read': STAFF,
  'pages.write': STAFF,
  'templates.read': STAFF,
  'templates.write': STAFF,
  'templates.delete': ADMIN,
  'templates.sync': ADMIN,
  'offers.read': STAFF,
  'offers.write': STAFF,
  'products.read': STAFF,
  'products.write': STAFF,
  'campaigns.read': ALL,
  'campaigns.write': STAFF,
  'campaigns.fulfillment': ALL,
  'categories.read': STAFF,
  'categories.write': ADMIN,
  'domains.read': STAFF,
  'domains.write': STAFF,
  'dns.read': STAFF,
  'dns.write': STAFF,
  'stores.read': STAFF,
  'shippings.read': STAFF,
  'shippings.write': ADMIN,
  'roles.read': ADMIN,
  'users.read': ADMIN,
  'users.write': ADMIN,
  'audit.read': STAFF,
  'audit.write': STAFF,
  'blockers.read': STAFF,
  'blockers.write': STAFF,
  'pixels.read': STAFF,
  'pixels.write': STAFF,
  'scrubs.read': STAFF,
  'scrubs.write': STAFF,
  'orders.read': STAFF,
  'images.read': STAFF,
  'images.write': STAFF,
  'csv.upload': ALL,
};

/** True when `role` may perform `action` according to {@link POLICY}. */
export function can(role: RoleName, action: Action): boolean {
  return POLICY[action].includes(role);
}

/** The 403 message for a role refused an action, e.g. "Your role (operator) may not create, change or delete users". */
export function forbiddenMessage(role: RoleName, action: Action): string {
  return `Your role (${role}) may not ${ACTIONS[action]}`;
}

/**
 * Route middleware: 403 `{message}` unless the signed-in user's role may perform `action`.
 * Runs after the bearer-token check (which set `c.var.user` from the database on this very
 * request, so a demoted user is refused at once) and before input validation.
 */
export function authorize(action: Action): MiddlewareHandler<{ Variables: { user: SessionUser } }> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user) throw new ApiError(401, 'Missing bearer token', { 'WWW-Authenticate': 'Bearer' });
    if (!can(user.role, action)) throw new ApiError(403, forbiddenMessage(user.role, action));
    await next();
  };
}

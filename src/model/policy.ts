/**
 * The roles policy, shared by the API and the SPA: ONE table of role × action.
 *
 * - The server: every `/api/v1` route declares its action when it is registered and the
 *   `authorize` middleware (server/auth/policy.ts) answers 403 `{message}` before any input is read.
 * - The SPA: every route names the actions its screen needs ({@link SCREENS}); the side menu
 *   ({@link sideMenuFor}), the routes and the buttons a role may not use are not shown, and a
 *   route opened by URL without the right shows "You do not have access to this page".
 *
 * Roles (001 §6): `admin` may do everything; `operator` builds and runs funnels but does not
 * manage users and roles, the shipping catalogue, categories or the template library's
 * delete/sync; `sticky` is the account that sees only the Sticky page (its CSV uploads to
 * the order platform and what that page lists).
 *
 * Pure data and functions: no framework imports (README.md "Architecture": model imports nothing of ours).
 */
import { ROLES, type RoleName } from './constants';

/** Every action a route can declare, with the words of its 403 message ("may not …"). */
export const ACTIONS = {
  'me.read': 'read the signed-in account',
  'dashboard.read': 'read the dashboard',
  'dashboard.write': 'reorder own dashboard cards',
  'funnels.read': 'read funnels',
  'funnels.write': 'create or change funnels',
  'funnels.delete': 'delete funnels',
  'funnels.publish': 'publish funnels',
  'funnels.analytics': "read a funnel's analytics",
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
  'audit.deleted': 'read deleted funnels and their logs',
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
  'system.test': 'test the connections of integrations',
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
  'dashboard.write': STAFF,
  'funnels.read': ALL,
  'funnels.write': STAFF,
  'funnels.delete': STAFF,
  'funnels.publish': STAFF,
  'funnels.analytics': STAFF,
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
  'audit.deleted': ADMIN,
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
  'system.test': ADMIN,
};

/** True when `role` may perform `action` according to {@link POLICY}. */
export function can(role: RoleName, action: Action): boolean {
  return POLICY[action].includes(role);
}

/** True when `role` may perform every one of `actions`. */
export function canAll(role: RoleName, actions: readonly Action[]): boolean {
  return actions.every((a) => can(role, a));
}

/** The 403 message for a role refused an action, e.g. "Your role (operator) may not create, change or delete users". */
export function forbiddenMessage(role: RoleName, action: Action): string {
  return `Your role (${role}) may not ${ACTIONS[action]}`;
}

/**
 * The SPA's routes (001 §2 "Routes", the router's patterns without the leading slash, `''`
 * for `/`) and the actions their screen needs: the API reads the screen makes (e.g. the
 * funnel list also lists offers), so a role that may open a screen is never refused its data.
 * The funnel screens need `pages.read` / `offers.read`: the sticky account reads funnels only
 * for the Sticky page's uploads, never the funnel screens.
 */
export const SCREENS = {
  '': ['dashboard.read'],
  funnels: ['funnels.read', 'offers.read'],
  'funnels/deleted': ['audit.deleted'],
  'funnels/:id': ['funnels.read', 'pages.read'],
  // The funnel wizards (000 §2 build wizard; 001 §2 quick wizard) create all of these.
  'funnels/build': ['funnels.write', 'offers.read', 'stores.read', 'domains.write', 'campaigns.write', 'pages.write', 'templates.read'],
  'funnels/quick/:id?': ['funnels.write', 'offers.read', 'stores.read', 'domains.write', 'campaigns.write', 'pages.write', 'templates.read'],
  'funnels/:id/pages/:pageId': ['funnels.read', 'pages.read'],
  offers: ['offers.read'],
  'offers/:id': ['offers.read'],
  domains: ['domains.read'],
  'template-editor': ['templates.read'],
  'template-editor/:id': ['templates.read'],
  'campaigns/:id': ['campaigns.read', 'shippings.read'],
  'scrubs/:id': ['scrubs.read'],
  products: ['products.read'],
  'products/:id': ['products.read'],
  templates: ['templates.read'],
  users: ['users.read', 'roles.read'],
  categories: ['categories.read'],
  orders: ['orders.read'],
  shipping: ['shippings.read'],
  sticky: ['csv.upload', 'funnels.read'],
  status: ['me.read'],
} as const satisfies Record<string, readonly Action[]>;

/** A route pattern of {@link SCREENS}. */
export type ScreenPattern = keyof typeof SCREENS;

/** One entry of the side menu. */
export interface MenuEntry {
  /** Absolute path the entry links to. */
  to: string;
  /** The seed's label. */
  label: string;
  /** The route pattern whose {@link SCREENS} actions decide whether the entry shows. */
  screen: ScreenPattern;
}

/** The side menu of 001 §2 "Menus and frame", in the seed's order. */
export const SIDE_MENU: readonly MenuEntry[] = [
  { to: '/', label: 'Dashboard', screen: '' },
  { to: '/funnels', label: 'Funnels', screen: 'funnels' },
  { to: '/domains', label: 'Domains', screen: 'domains' },
  { to: '/templates', label: 'Templates', screen: 'templates' },
  { to: '/categories', label: 'Categories', screen: 'categories' },
  { to: '/offers', label: 'Offers', screen: 'offers' },
  { to: '/orders', label: 'Orders', screen: 'orders' },
  { to: '/shipping', label: 'Shipping', screen: 'shipping' },
  { to: '/status', label: 'Status', screen: 'status' },
  { to: '/users', label: 'Users', screen: 'users' },
];

/** The entry the sticky account sees instead of the side menu (001 §2, §6). */
export const STICKY_MENU_ENTRY: MenuEntry = { to: '/sticky', label: 'Sticky', screen: 'sticky' };

/** True when `role` may open the screen of route `pattern`. */
export function canOpenScreen(role: RoleName, pattern: ScreenPattern): boolean {
  return canAll(role, SCREENS[pattern]);
}

/**
 * The side menu `role` sees: the seed's entries whose screens the role may open. "One
 * specific user sees only the Sticky entry" (001 §2, §6): a role that may not read the
 * dashboard (the staff's home) gets the Sticky entry alone, when it may open it.
 */
export function sideMenuFor(role: RoleName): MenuEntry[] {
  if (!can(role, 'dashboard.read')) return canOpenScreen(role, STICKY_MENU_ENTRY.screen) ? [STICKY_MENU_ENTRY] : [];
  return SIDE_MENU.filter((e) => canOpenScreen(role, e.screen));
}

/**
 * The first page `role` may open: where it lands after sign-in and when it opens `/` without
 * the dashboard (the sticky account lands on /sticky), and where "You do not have access to
 * this page" links back to. `/status` when the menu is empty.
 */
export function homePathFor(role: RoleName): string {
  return sideMenuFor(role)[0]?.to ?? '/status';
}

/**
 * The dashboard (001 §2, §3, §7): cards `{name, active, total}` computed from the data in
 * one query; the SPA shows active/total in percent with 2 decimals (001 §9).
 *
 * What "active" means per card: funnels released; pages that have a template; templates
 * not archived; offers used by a funnel; domains attached to a funnel; campaigns attached
 * to a funnel; orders completed; users verified.
 *
 * Each user's card order is a row of
 * `dashboard_orders`; `GET` answers the cards in it, `PUT /api/v1/dashboard/order` replaces it
 * (an upsert, so the same request twice leaves the same row).
 */
import { createRoute } from '@hono/zod-openapi';
import { eq, sql } from 'drizzle-orm';
import { DASHBOARD_CARDS, orderDashboard, type DashboardItem } from '../../model/dashboard.ts';
import { bodyOf } from '../../model/contract.ts';
import { SYSTEM_ROUTES } from '../../model/contracts/system.ts';
import { rowsOf, type Db } from '../db/index.ts';
import { dashboardOrders } from '../db/schema.ts';
import { errors } from '../http.ts';
import { bearer, json, jsonBody, on, routes } from './common.ts';

/** Card name → [active condition, table], in {@link DASHBOARD_CARDS}' order. */
const CARDS: [(typeof DASHBOARD_CARDS)[number], string, string][] = [
  ['Funnels', `"publish_status" = 'released'`, 'funnels'],
  ['Pages', '"template_id" IS NOT NULL', 'pages'],
  ['Templates', 'NOT "archived"', 'templates'],
  ['Offers', 'EXISTS (SELECT 1 FROM "funnels" f WHERE f."offer" = t."offer_id")', 'offers'],
  ['Domains', '"funnel_id" IS NOT NULL', 'domains'],
  ['Campaigns', '"funnel_id" IS NOT NULL', 'campaigns'],
  ['Orders', '"is_done"', 'orders'],
  ['Users', '"email_verified"', 'users'],
];

/** Dashboard route. */
export const dashboardRoutes = routes((app, db) => {
  on(
    app,
    'dashboard.read',
    createRoute({
      method: SYSTEM_ROUTES.dashboard.method,
      path: SYSTEM_ROUTES.dashboard.path,
      operationId: 'getDashboard',
      tags: ['Dashboard'],
      security: bearer,
      summary: 'Dashboard cards: name, active and total per item',
      responses: { 200: json(SYSTEM_ROUTES.dashboard.answer, 'Cards') },
    }),
    async (c) => {
      const query = CARDS.map(
        ([name, active, table]) => `SELECT '${name}' AS name, count(*) FILTER (WHERE ${active})::int AS active, count(*)::int AS total FROM "${table}" t`,
      ).join(' UNION ALL ');
      const rows = rowsOf<DashboardItem>(await db.execute(sql.raw(query)));
      const cards = orderDashboard(
        DASHBOARD_CARDS.map((n) => rows.find((r) => r.name === n)).filter((r) => r !== undefined),
        await savedOrder(db, c.get('user').user_id),
      );
      return c.json(
        cards.map((r) => ({ name: r.name, active: Number(r.active), total: Number(r.total) })),
        200,
      );
    },
  );
  on(
    app,
    'dashboard.write',
    createRoute({
      method: SYSTEM_ROUTES.dashboardOrder.method,
      path: SYSTEM_ROUTES.dashboardOrder.path,
      operationId: 'putDashboardOrder',
      tags: ['Dashboard'],
      security: bearer,
      summary: "Replace the signed-in user's card order (card names, first first; a card left out follows in the default order)",
      request: { body: jsonBody(bodyOf(SYSTEM_ROUTES.dashboardOrder)) },
      responses: { 200: json(SYSTEM_ROUTES.dashboardOrder.answer, 'The order kept'), ...errors(400, 422) },
    }),
    async (c) => {
      const { names } = c.req.valid('json');
      const user_id = c.get('user').user_id;
      await db
        .insert(dashboardOrders)
        .values({ user_id, names })
        .onConflictDoUpdate({ target: dashboardOrders.user_id, set: { names, UpdatedAt: new Date() } });
      return c.json({ names }, 200);
    },
  );
});

/** The user's saved card order, [] when they never reordered. */
async function savedOrder(db: Db, userId: number): Promise<string[]> {
  const [row] = await db.select({ names: dashboardOrders.names }).from(dashboardOrders).where(eq(dashboardOrders.user_id, userId));
  return row?.names ?? [];
}

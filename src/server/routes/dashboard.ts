/**
 * The dashboard (001 §2, §3, §7): cards `{name, active, total}` computed from the data in
 * one query; the SPA shows active/total in percent with 2 decimals (001 §9).
 *
 * What "active" means per card: funnels released; pages that have a template; templates
 * not archived; offers used by a funnel; domains attached to a funnel; campaigns attached
 * to a funnel; orders completed; users verified.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { DashboardItemSchema, type DashboardItem } from '../../model/dashboard.ts';
import { rowsOf } from '../db/index.ts';
import { bearer, json, on, router, type Deps } from './common.ts';

const DashboardItemDoc = DashboardItemSchema.extend({}).openapi('DashboardItem');

/** Card name → [active condition, table]. */
const CARDS: [string, string, string][] = [
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
export function dashboardRoutes(deps: Deps) {
  const app = router();
  on(app, 'dashboard.read', createRoute({
    method: 'get', path: '/api/v1/dashboard', operationId: 'getDashboard', tags: ['Dashboard'], security: bearer, summary: 'Dashboard cards: name, active and total per item',
    responses: { 200: json(z.array(DashboardItemDoc), 'Cards') },
  }), async (c) => {
    const query = CARDS.map(([name, active, table]) =>
      `SELECT '${name}' AS name, count(*) FILTER (WHERE ${active})::int AS active, count(*)::int AS total FROM "${table}" t`).join(' UNION ALL ');
    const rows = rowsOf<DashboardItem>(await deps.db.execute(sql.raw(query)));
    const order = new Map(CARDS.map(([n], i) => [n, i]));
    rows.sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0));
    return c.json(rows.map((r) => ({ name: r.name, active: Number(r.active), total: Number(r.total) })), 200);
  });
  return app;
}

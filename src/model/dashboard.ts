/**
 * Dashboard (seed sections 001 §2, §3, "Dashboard, stores, roles"): a dashboard card and its
 * percentage. Stores are in `catalog.ts`, roles in `users.ts`.
 */
import { z } from 'zod';

/** A dashboard card (001 §3): shown as active/total in percent with 2 decimals (001 §9). */
export const DashboardItemSchema = z.object({ name: z.string(), active: z.number().int(), total: z.number().int() }).meta({ id: 'DashboardItem' });
export type DashboardItem = z.infer<typeof DashboardItemSchema>;

/** The card's percentage with 2 decimals (001 §9); '0.00' when total is 0. */
export function dashboardPercent(item: DashboardItem): string {
  return (item.total > 0 ? (100 * item.active) / item.total : 0).toFixed(2);
}

/** The cards the server computes, in its default order (what `GET /api/v1/dashboard` answers). */
export const DASHBOARD_CARDS = ['Funnels', 'Pages', 'Templates', 'Offers', 'Domains', 'Campaigns', 'Orders', 'Users'] as const;
/** A dashboard card's name. */
export type DashboardCardName = (typeof DASHBOARD_CARDS)[number];

/**
 * `PUT /api/v1/dashboard/order` (the order is kept per user on the server): the
 * signed-in user's card order, each known card at most once (a missing one follows in the
 * default order).
 */
export const DashboardOrderSchema = z
  .strictObject({
    names: z
      .array(z.enum(DASHBOARD_CARDS, { error: 'Unknown dashboard card' }))
      .max(DASHBOARD_CARDS.length)
      .refine((n) => new Set(n).size === n.length, 'Each card may appear once')
      .describe(`Card names, first card first, each at most once: ${DASHBOARD_CARDS.join(', ')}`),
  })
  .meta({ id: 'DashboardOrder' });
export type DashboardOrder = z.infer<typeof DashboardOrderSchema>;

/**
 * The items in the user's order: those named in `names` first, in that order, then the rest
 * in their given order. Unknown names in `names` are skipped. Pure; does not mutate `items`.
 */
export function orderDashboard<T extends { name: string }>(items: readonly T[], names: readonly string[]): T[] {
  const rank = new Map(names.map((n, i) => [n, i]));
  const at = (x: T, i: number) => rank.get(x.name) ?? names.length + i;
  return items
    .map((x, i) => [x, at(x, i)] as const)
    .sort((a, b) => a[1] - b[1])
    .map(([x]) => x);
}

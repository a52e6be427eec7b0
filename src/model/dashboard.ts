/**
 * Dashboard (seed sections 001 §2, §3, "Dashboard, stores, roles"): a dashboard card and its
 * percentage. Stores are in `catalog.ts`, roles in `users.ts`.
 */
import { z } from 'zod';

/** A dashboard card (001 §3): shown as active/total in percent with 2 decimals (001 §9). */
export const DashboardItemSchema = z.object({ name: z.string(), active: z.number().int(), total: z.number().int() });
export type DashboardItem = z.infer<typeof DashboardItemSchema>;

/** The card's percentage with 2 decimals (001 §9); '0.00' when total is 0. */
export function dashboardPercent(item: DashboardItem): string {
  return (item.total > 0 ? (100 * item.active) / item.total : 0).toFixed(2);
}

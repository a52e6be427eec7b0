/**
 * The signed-in user's own routes (001 §2, §7): the dashboard and its card order, the command
 * palette's search, and the integrations' status with Test connection (who they are: session.ts).
 */
import { z } from 'zod';
import { contract } from '../contract';
import { DashboardItemSchema, DashboardOrderSchema } from '../dashboard';
import { SearchResultSchema } from '../search';
import { IntegrationStatusSchema, SystemStatusSchema } from '../system';

/** The routes; `{key}` is an integration's key (`platform`, `dns`, …). */
export const SYSTEM_ROUTES = {
  /** The dashboard cards `{name, active, total}`, in the user's order. */
  dashboard: contract({ method: 'get', path: '/api/v1/dashboard', answer: z.array(DashboardItemSchema) }),
  /** Keeps the user's card order (every card's name, first card first). */
  dashboardOrder: contract({ method: 'put', path: '/api/v1/dashboard/order', body: DashboardOrderSchema, answer: DashboardOrderSchema }),
  /** Funnels, offers, templates, domains and pages by name, best first; only what the role may open. */
  search: contract({
    method: 'get',
    path: '/api/v1/search',
    query: z.object({ q: z.string(), limit: z.number().int().optional() }),
    answer: SearchResultSchema,
  }),
  /** One row per integration (each refresh runs the server's checks). */
  status: contract({ method: 'get', path: '/api/v1/system/status', answer: SystemStatusSchema }),
  /** Runs one integration's check now (admins). */
  test: contract({ method: 'post', path: '/api/v1/system/status/{key}/test', answer: IntegrationStatusSchema }),
};

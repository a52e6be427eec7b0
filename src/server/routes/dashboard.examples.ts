/**
 * OpenAPI examples, error messages and field descriptions of the dashboard routes (routes/dashboard.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import type { RouteFileDocs } from './examples.ts';

const DASHBOARD = [
  { name: 'Funnels', active: 1, total: 3 },
  { name: 'Pages', active: 15, total: 15 },
  { name: 'Templates', active: 5, total: 5 },
  { name: 'Offers', active: 3, total: 4 },
  { name: 'Domains', active: 2, total: 4 },
  { name: 'Campaigns', active: 6, total: 7 },
  { name: 'Orders', active: 1722, total: 2000 },
  { name: 'Users', active: 3, total: 3 },
];

/** What routes/dashboard.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'Dashboard', description: "The dashboard's cards: active and total per item" }],
  examples: {
    getDashboard: { response: DASHBOARD },
    putDashboardOrder: { request: { names: ['Orders', 'Funnels', 'Users'] }, response: { names: ['Orders', 'Funnels', 'Users'] } },
  },
  fields: {
    'DashboardItemSchema.name': 'What is counted (Funnels, Pages, …)',
  },
};

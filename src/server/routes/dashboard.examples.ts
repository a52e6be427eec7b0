/**
 * OpenAPI examples, error messages and field descriptions of the dashboard routes (routes/dashboard.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { DEMO_DASHBOARD_CARDS } from '../../model/demo-records.ts';
import type { RouteFileDocs } from './examples.ts';

/** What routes/dashboard.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'Dashboard', description: "The dashboard's cards: active and total per item" }],
  examples: {
    getDashboard: { response: DEMO_DASHBOARD_CARDS },
    putDashboardOrder: { request: { names: ['Orders', 'Funnels', 'Users'] }, response: { names: ['Orders', 'Funnels', 'Users'] } },
  },
  fields: {
    'DashboardItemSchema.name': 'What is counted (Funnels, Pages, …)',
  },
};

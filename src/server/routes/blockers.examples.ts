/**
 * OpenAPI examples, error messages and field descriptions of the blocker routes (routes/blockers.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { DEMO_BLOCKERS } from '../../model/demo-records.ts';
import { deleted, FUNNEL_404, LOCKED } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

const BLOCKERS = DEMO_BLOCKERS;

/** What routes/blockers.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'Blockers', description: "Users blocked from a funnel's checkout (IP, country, e-mail, phone) and order-decline limits" }],
  examples: {
    listFunnelBlockers: { response: BLOCKERS },
    createBlocker: { request: { user_ip: '198.51.100.23', funnel_id: 1 }, response: BLOCKERS[0] },
    updateBlocker: { request: { order_decline_limit: 5 }, response: { ...BLOCKERS[1], order_decline_limit: 5 } },
    deleteBlocker: { response: deleted('Blocker', 2) },
  },
  errors: {
    listFunnelBlockers: FUNNEL_404,
    createBlocker: { ...FUNNEL_404, ...LOCKED },
    updateBlocker: { 404: ['Blocker not found'], ...LOCKED },
    deleteBlocker: { 404: ['Blocker not found'], ...LOCKED },
  },
};

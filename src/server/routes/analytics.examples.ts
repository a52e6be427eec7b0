/**
 * OpenAPI examples, error messages and field descriptions of the analytics route
 * (routes/analytics.ts), kept beside it and merged by examples.ts's route list.
 */
import { ANALYTICS_QUERY_MSG } from '../../model/contracts/analytics.ts';
import type { RouteFileDocs } from './examples.ts';

const counts = (view: number, cta = 0, checkout_submit = 0) => ({ view, cta, checkout_submit, upsell_accept: 0, upsell_skip: 0 });
/** The example's visitors per step, the same on its one day and for its one release. */
const STEP_VISITORS = [
  { page_id: 31, visitors: 400 },
  { page_id: 32, visitors: 200 },
  { page_id: 33, visitors: 120 },
];

/** Examples and errors of routes/analytics.ts. */
export const DOCS: RouteFileDocs = {
  tags: [
    {
      name: 'Analytics',
      description:
        "A funnel's first-party analytics: what its published pages' own events (POST /e on the site) say about its steps, split tests and checkouts, beside the platform's orders",
    },
  ],
  examples: {
    getFunnelAnalytics: {
      response: {
        funnel_id: 7,
        from: '2026-11-01',
        to: '2026-11-28',
        steps: [
          { page_id: 31, name: 'Split', page_type: 'split', visitors: 400, events: counts(400), conversion: 1, drop_off: 0 },
          { page_id: 32, name: 'Presell A', page_type: 'presell', visitors: 200, events: counts(200, 120), conversion: 0.6, drop_off: 0.4 },
          { page_id: 33, name: 'Checkout', page_type: 'checkout', visitors: 120, events: counts(120, 0, 80), conversion: null, drop_off: null },
        ],
        days: [
          {
            day: '2026-11-28',
            steps: STEP_VISITORS,
          },
        ],
        releases: [
          {
            release_id: 12,
            steps: STEP_VISITORS,
          },
        ],
        splits: [
          {
            page_id: 31,
            name: 'Split',
            goal: 'checkout_submit',
            branches: [
              { branch: 'next', target_page_id: 32, visitors: 200, conversions: 20, rate: 0.1, revenue_per_visitor: null },
              { branch: 'skip', target_page_id: 34, visitors: 200, conversions: 60, rate: 0.3, revenue_per_visitor: null },
            ],
            comparison: { difference: 0.2, low: 0.1228, high: 0.2737, p_value: 0.0000004 },
            verdict: { kind: 'winner', branch: 'skip', message: 'The skip page converts better: 12.3 points to 27.4 points more (95 % interval)' },
          },
        ],
        orders: {
          checkout_submits: 80,
          orders: 74,
          gap: 6,
          message: '6 checkout submits have no order on the platform (declined payments, test or repeated submits, or orders not synced yet)',
        },
      },
    },
  },
  errors: {
    getFunnelAnalytics: { 404: ['Funnel not found'], 422: [ANALYTICS_QUERY_MSG.day, ANALYTICS_QUERY_MSG.order, ANALYTICS_QUERY_MSG.release] },
  },
  fields: {
    'AnalyticsStepSchema.visitors': 'Visitors who viewed the page: distinct visitor ids per day plus each view without one (Do Not Track)',
    'AnalyticsStepSchema.conversion': 'Visitors of the next step over the visitors of this one (0–1), null for the last step or none',
    'AnalyticsStepSchema.drop_off': 'One minus the conversion, null with it',
    'SplitBranchResultSchema.conversions': 'Visitors of this branch who submitted the checkout',
    'SplitBranchResultSchema.revenue_per_visitor': "Always null: the platform's orders carry a campaign, not a visitor or a branch",
    'SplitResultSchema.comparison':
      "Rate of the skip branch minus the next branch's, Newcombe's hybrid score 95 % interval and the pooled z-test's p-value; null until both have visitors",
    'SplitResultSchema.verdict': 'too_few below 100 visitors per branch or 10 conversions in all; winner when the interval excludes 0; else no_difference',
  },
};

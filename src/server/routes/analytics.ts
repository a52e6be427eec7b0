/**
 * A funnel's analytics (GET /api/v1/funnels/{id}/analytics; src/server/analytics/report.ts):
 * its steps in flow order with visitors, conversion and drop-off by day and by release, its
 * split tests with Newcombe's interval and the verdict, and page events beside the platform's
 * orders. Starts the analytics upkeep of the admin process (partitions, retention, rollups).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { AnalyticsQuerySchema, ANALYTICS_QUERY_MSG } from '../../model/index.ts';
import { ANALYTICS_ROUTES } from '../../model/contracts/analytics.ts';
import { analyticsOf } from '../analytics/index.ts';
import { addDays, dayOf } from '../analytics/maintenance.ts';
import { funnelAnalytics } from '../analytics/report.ts';
import { firstIssue } from '../documents/errors.ts';
import { ApiError, errors } from '../http.ts';
import { funnelPages, getFunnel } from '../repo.ts';
import { bearer, IdParams, json, on, queryParam, routes } from './common.ts';

const Query = z.object({
  from: queryParam('from', 'First day (UTC, YYYY-MM-DD); default 29 days before `to`', '2026-11-01'),
  to: queryParam('to', 'Last day (UTC, YYYY-MM-DD); default today', '2026-11-28'),
  release: queryParam('release', "Only the events of this release (its ID, from the funnel's releases)", '12'),
  affiliate: queryParam('affiliate', 'Only visitors who came with this affiliate id (`affid` in the address)', '1001'),
  campaign: queryParam('campaign', 'Only visitors who came with this campaign (`utm_campaign` in the address)', 'spring'),
});

/** Longest span of one query, in days. */
const MAX_SPAN_DAYS = 400;

/** The analytics routes (under the bearer-token guard). */
export const analyticsRoutes = routes((app, db, deps) => {
  // The admin process keeps the events' partitions, retention and rollups (never the sites server).
  analyticsOf(db, { behindProxy: deps.config.publicUrl.startsWith('https://') }).startMaintenance();

  on(
    app,
    'funnels.analytics',
    createRoute({
      method: ANALYTICS_ROUTES.funnel.method,
      path: ANALYTICS_ROUTES.funnel.path,
      operationId: 'getFunnelAnalytics',
      tags: ['Analytics'],
      security: bearer,
      summary:
        "A funnel's analytics from its pages' own events: steps with visitors, conversion and drop-off by day and by release, split tests with their 95 % interval and verdict, checkout submits beside the platform's orders",
      request: { params: IdParams, query: Query },
      responses: { 200: json(ANALYTICS_ROUTES.funnel.answer, 'The analytics'), ...errors(404, 422) },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const q = AnalyticsQuerySchema.safeParse(c.req.query());
      if (!q.success) throw firstIssue(q.error);
      const to = q.data.to ?? dayOf(Date.now());
      const from = q.data.from ?? addDays(to, -29);
      if (from > to) throw new ApiError(422, ANALYTICS_QUERY_MSG.order);
      if (addDays(from, MAX_SPAN_DAYS) < to) throw new ApiError(422, ANALYTICS_QUERY_MSG.span);
      const funnel = await getFunnel(db, id);
      const pages = await funnelPages(db, id);
      const answer = await funnelAnalytics(db, id, pages, funnel.page_id ?? null, {
        from,
        to,
        release: q.data.release,
        affiliate: q.data.affiliate,
        campaign: q.data.campaign,
      });
      return c.json(answer, 200);
    },
  );
});

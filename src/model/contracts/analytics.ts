/**
 * The analytics route (issue "Which page loses buyers"): a funnel's steps with visitors,
 * conversion and drop-off by day and by release, its split tests with their interval and
 * verdict, and the page events beside the platform's orders.
 */
import { z } from 'zod';
import { contract } from '../contract';

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The sentences of a refused analytics query. */
export const ANALYTICS_QUERY_MSG = {
  day: 'From and to must be days written YYYY-MM-DD',
  order: 'From must not be after to',
  span: 'From and to may be at most 400 days apart',
  release: 'Release must be the ID of a release (a positive whole number)',
  tag: 'Affiliate and campaign must be 1 to 64 characters',
} as const;

const day = z
  .string()
  .regex(DAY_RE, ANALYTICS_QUERY_MSG.day)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), ANALYTICS_QUERY_MSG.day);

/** The query: `from`/`to` (UTC days, default the last 30 days to today), and the filters. */
export const AnalyticsQuerySchema = z.object({
  from: day.optional(),
  to: day.optional(),
  release: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, ANALYTICS_QUERY_MSG.release)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, ANALYTICS_QUERY_MSG.release))
    .optional(),
  affiliate: z.string().min(1, ANALYTICS_QUERY_MSG.tag).max(64, ANALYTICS_QUERY_MSG.tag).optional(),
  campaign: z.string().min(1, ANALYTICS_QUERY_MSG.tag).max(64, ANALYTICS_QUERY_MSG.tag).optional(),
});

const int = () => z.number().int();
const counts = z.object({ view: int(), cta: int(), checkout_submit: int(), upsell_accept: int(), upsell_skip: int() });
const stepVisitors = z.array(z.object({ page_id: z.number().int(), visitors: z.number().int() }));

/** One step of the funnel: a page in flow order. */
export const AnalyticsStepSchema = z.object({
  page_id: z.number().int(),
  name: z.string(),
  page_type: z.string(),
  visitors: z.number().int(),
  events: counts,
  conversion: z.number().nullable(),
  drop_off: z.number().nullable(),
});

/** One branch of a split test. */
export const SplitBranchResultSchema = z.object({
  branch: z.enum(['next', 'skip', 'match']),
  target_page_id: z.number().int().nullable(),
  visitors: z.number().int(),
  conversions: z.number().int(),
  rate: z.number().nullable(),
  revenue_per_visitor: z.number().nullable(),
});

/** A split page's test: the chance branches compared (next = A, skip = B). */
export const SplitResultSchema = z.object({
  page_id: z.number().int(),
  name: z.string(),
  goal: z.literal('checkout_submit'),
  branches: z.array(SplitBranchResultSchema),
  comparison: z.object({ difference: z.number(), low: z.number(), high: z.number(), p_value: z.number() }).nullable(),
  verdict: z.object({ kind: z.enum(['too_few', 'no_difference', 'winner']), branch: z.enum(['next', 'skip']).nullable(), message: z.string() }),
});

/** The analytics of a funnel. */
export const FunnelAnalyticsSchema = z.object({
  funnel_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  steps: z.array(AnalyticsStepSchema),
  days: z.array(z.object({ day: z.string(), steps: stepVisitors })),
  releases: z.array(z.object({ release_id: z.number().int(), steps: stepVisitors })),
  splits: z.array(SplitResultSchema),
  orders: z.object({ checkout_submits: z.number().int(), orders: z.number().int(), gap: z.number().int(), message: z.string() }),
});
/** The analytics of a funnel. */
export type FunnelAnalytics = z.infer<typeof FunnelAnalyticsSchema>;

/** The routes. */
export const ANALYTICS_ROUTES = {
  /** A funnel's analytics over `from`–`to`, filtered by release, affiliate and campaign. */
  funnel: contract({ method: 'get', path: '/api/v1/funnels/{id}/analytics', query: AnalyticsQuerySchema, answer: FunnelAnalyticsSchema }),
};

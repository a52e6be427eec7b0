/**
 * The Analytics tab's read (issue "Which page loses buyers"): a funnel's analytics through
 * `GET /api/v1/funnels/{id}/analytics`, and the tab's filters as URL search params, so a view
 * is a shareable link and Back returns to the previous one (like the lists' state).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api';
import { ANALYTICS_ROUTES } from '../../model/contracts/analytics';

/** The tab's filters: UTC days `YYYY-MM-DD`, a release ID as digits, affiliate and campaign ('' for any). */
export interface AnalyticsFilters {
  from: string;
  to: string;
  release: string;
  affiliate: string;
  campaign: string;
}

/** Days shown without a date range in the address: the last 14, today included. */
export const DEFAULT_ANALYTICS_DAYS = 14;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (d: string | null): d is string => d !== null && DAY.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`));

/** The UTC day `YYYY-MM-DD` of `ms` (epoch milliseconds) moved by `days`. */
export function utcDay(ms: number, days = 0): string {
  return new Date(ms + days * 86_400_000).toISOString().slice(0, 10);
}

/** The filters without parameters: the last {@link DEFAULT_ANALYTICS_DAYS} days to `now`'s UTC day, nothing else. */
export function defaultAnalyticsFilters(now: number = Date.now()): AnalyticsFilters {
  return { from: utcDay(now, -(DEFAULT_ANALYTICS_DAYS - 1)), to: utcDay(now), release: '', affiliate: '', campaign: '' };
}

/** Reads the filters from the address; a malformed value falls back to its default. */
export function readAnalyticsFilters(p: URLSearchParams, now: number = Date.now()): AnalyticsFilters {
  const d = defaultAnalyticsFilters(now);
  const tag = (v: string | null) => (v ?? '').trim().slice(0, 64);
  const release = p.get('release') ?? '';
  const from = p.get('from');
  const to = p.get('to');
  return {
    from: isDay(from) ? from : d.from,
    to: isDay(to) ? to : d.to,
    release: /^[1-9]\d{0,9}$/.test(release) ? release : '',
    affiliate: tag(p.get('affiliate')),
    campaign: tag(p.get('campaign')),
  };
}

/**
 * Writes `f` into a copy of `prev` (other parameters kept); defaults are left out, so the tab
 * without filters is its bare address.
 */
export function writeAnalyticsFilters(prev: URLSearchParams, f: AnalyticsFilters, now: number = Date.now()): URLSearchParams {
  const d = defaultAnalyticsFilters(now);
  const p = new URLSearchParams(prev);
  const put = (k: keyof AnalyticsFilters, v: string, dflt: string) => (v && v !== dflt ? p.set(k, v) : p.delete(k));
  put('from', f.from, d.from);
  put('to', f.to, d.to);
  put('release', f.release, '');
  put('affiliate', f.affiliate.trim(), '');
  put('campaign', f.campaign.trim(), '');
  return p;
}

/** True when `f` narrows anything beyond the default date range. */
export const isFiltered = (f: AnalyticsFilters, now: number = Date.now()) => {
  const d = defaultAnalyticsFilters(now);
  return f.from !== d.from || f.to !== d.to || f.release !== '' || f.affiliate !== '' || f.campaign !== '';
};

/** The query key of a funnel's analytics under `f` (under the funnel's key: a funnel write refreshes it). */
export const analyticsKey = (funnelId: number, f: AnalyticsFilters) =>
  ['funnels', funnelId, 'analytics', f.from, f.to, f.release, f.affiliate, f.campaign] as const;

/**
 * The read of a funnel's analytics under `f` (shared by the hook and a route loader's prefetch).
 * @throws (as the query's error) ApiError on a refused query, AnswerShapeError on a malformed answer.
 */
export const analyticsQuery = (funnelId: number, f: AnalyticsFilters) =>
  queryOptions({
    queryKey: analyticsKey(funnelId, f),
    queryFn: ({ signal }) =>
      call(ANALYTICS_ROUTES.funnel, {
        params: { id: funnelId },
        query: { from: f.from, to: f.to, release: f.release || undefined, affiliate: f.affiliate || undefined, campaign: f.campaign || undefined },
        signal,
        notify: false,
      }),
  });

/** A funnel's analytics under `f` ({@link analyticsQuery}); the previous answer stays shown while a changed filter loads. */
export const useFunnelAnalytics = (funnelId: number, f: AnalyticsFilters) => useQuery({ ...analyticsQuery(funnelId, f), placeholderData: keepPreviousData });

/** The Analytics tab: the funnel's steps, days, releases, split tests and orders from its pages' own events. */
import { analyticsQuery, readAnalyticsFilters } from '../analytics-api';
import { AnalyticsTabScreen } from '../screens/AnalyticsTabScreen';
import { funnelQueries } from '../tab-queries';
import { tabLoader, useFunnelTab } from './context';

export const loader = tabLoader((qc, id, url) => {
  void qc.prefetchQuery(analyticsQuery(id, readAnalyticsFilters(url.searchParams)));
  void qc.prefetchQuery(funnelQueries.releases(id));
  void qc.prefetchQuery(funnelQueries.pages(id));
});

/** /funnels/{id}/analytics. */
export function Component() {
  const { funnelId } = useFunnelTab();
  return <AnalyticsTabScreen funnelId={funnelId} />;
}

/** The Analytics tab: the funnel's steps, days, releases, split tests and orders from its pages' own events. */
import { AnalyticsTabScreen } from '../screens/AnalyticsTabScreen';
import { funnelQueries } from '../tab-queries';
import { tabLoader, useFunnelTab } from './context';

export const loader = tabLoader((qc, id) => {
  void qc.prefetchQuery(funnelQueries.releases(id));
  void qc.prefetchQuery(funnelQueries.pages(id));
});

/** /funnels/{id}/analytics. */
export function Component() {
  const { funnelId } = useFunnelTab();
  return <AnalyticsTabScreen funnelId={funnelId} />;
}

/** The Logs tab (001 §2, §3 audit log): notes and recorded changes, filtered as the address says. */
import { logFilterOf, LogsTabScreen } from '../screens/LogsTabScreen';
import { funnelQueries } from '../tab-queries';
import { auditLogQuery } from '../tabs-api';
import { tabLoader, useFunnelTab } from './context';

export const loader = tabLoader((qc, id, url) => {
  void qc.prefetchInfiniteQuery(auditLogQuery(id, logFilterOf(url.searchParams)));
  void qc.prefetchQuery(funnelQueries.pages(id));
});

/** /funnels/{id}/logs. */
export function Component() {
  const { funnelId } = useFunnelTab();
  return <LogsTabScreen funnelId={funnelId} />;
}

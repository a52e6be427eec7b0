/** The Releases tab: the funnel's published releases, rollback. */
import { ReleasesTabScreen } from '../screens/ReleasesTabScreen';
import { funnelQueries } from '../tab-queries';
import { tabLoader, useFunnelTab } from './context';

export const loader = tabLoader((qc, id) => void qc.prefetchQuery(funnelQueries.releases(id)));

/** /funnels/{id}/releases. */
export function Component() {
  const { funnelId, locked } = useFunnelTab();
  return <ReleasesTabScreen funnelId={funnelId} locked={locked} />;
}

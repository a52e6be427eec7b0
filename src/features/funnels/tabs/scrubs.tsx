/** The Scrubs tab (001 §3 scrubs, §7). */
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '../../../ui';
import { scrubName } from '../../../ui/catalog/ScrubForm';
import { ScrubsTab } from '../components/ScrubsTab';
import { funnelQueries } from '../tab-queries';
import { useScrubMutations } from '../tabs-api';
import { recordHandlers, tabLoader, useFunnelTab } from './context';

export const loader = tabLoader((qc, id) => void qc.prefetchQuery(funnelQueries.scrubs(id)));

/** /funnels/{id}/scrubs. */
export function Component() {
  const { funnelId, locked } = useFunnelTab();
  const scrubsQ = useQuery(funnelQueries.scrubs(funnelId));
  const scrubM = useScrubMutations(funnelId);
  if (!scrubsQ.data) return <Skeleton label="Loading scrubs…" />;
  return <ScrubsTab scrubs={scrubsQ.data} locked={locked} {...recordHandlers(scrubM, scrubName)} />;
}

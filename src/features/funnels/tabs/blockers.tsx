/** The Block User tab (001 §3 blockers, §7; 000 §3 Block form). */
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '../../../ui';
import { BlockersTab, blockerName } from '../components/BlockersTab';
import { funnelQueries } from '../tab-queries';
import { useBlockerMutations } from '../tabs-api';
import { recordHandlers, tabLoader, useFunnelTab } from './context';

export const loader = tabLoader((qc, id) => void qc.prefetchQuery(funnelQueries.blockers(id)));

/** /funnels/{id}/blockers. */
export function Component() {
  const { funnelId, locked } = useFunnelTab();
  const blockersQ = useQuery(funnelQueries.blockers(funnelId));
  const blockerM = useBlockerMutations(funnelId);
  if (!blockersQ.data) return <Skeleton label="Loading blocked users…" />;
  return <BlockersTab blockers={blockersQ.data} locked={locked} {...recordHandlers(blockerM, blockerName)} />;
}

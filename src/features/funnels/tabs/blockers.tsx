/** The Block User tab (001 §3 blockers, §7; 000 §3 Block form). */
import { useQuery } from '@tanstack/react-query';
import { notify, Skeleton } from '../../../ui';
import { BlockersTab, blockerName } from '../components/BlockersTab';
import { funnelQueries } from '../tab-queries';
import { useBlockerMutations } from '../tabs-api';
import { tabLoader, useFunnelTab } from './context';

export const loader = tabLoader((qc, id) => void qc.prefetchQuery(funnelQueries.blockers(id)));

/** /funnels/{id}/blockers. */
export function Component() {
  const { funnelId, locked } = useFunnelTab();
  const blockersQ = useQuery(funnelQueries.blockers(funnelId));
  const blockerM = useBlockerMutations(funnelId);
  if (!blockersQ.data) return <Skeleton label="Loading blocked users…" />;
  return (
    <BlockersTab
      blockers={blockersQ.data}
      locked={locked}
      onCreate={async (v) => {
        const c = await blockerM.create.mutateAsync(v);
        notify.success(`Added the ${blockerName(c)}`);
      }}
      onUpdate={async (b, form) => {
        const u = await blockerM.update.mutateAsync({ id: b.ID, form });
        notify.success(`Saved the ${blockerName(u)}`);
      }}
      onDelete={async (b) => {
        await blockerM.remove.mutateAsync(b.ID);
        notify.success(`Deleted the ${blockerName(b)}`);
      }}
    />
  );
}

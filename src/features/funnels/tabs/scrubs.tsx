/** The Scrubs tab (001 §3 scrubs, §7). */
import { useQuery } from '@tanstack/react-query';
import { notify, Skeleton } from '../../../ui';
import { scrubName } from '../../../ui/catalog/ScrubForm';
import { ScrubsTab } from '../components/ScrubsTab';
import { funnelQueries } from '../tab-queries';
import { useScrubMutations } from '../tabs-api';
import { tabLoader, useFunnelTab } from './context';

export const loader = tabLoader((qc, id) => void qc.prefetchQuery(funnelQueries.scrubs(id)));

/** /funnels/{id}/scrubs. */
export function Component() {
  const { funnelId, locked } = useFunnelTab();
  const scrubsQ = useQuery(funnelQueries.scrubs(funnelId));
  const scrubM = useScrubMutations(funnelId);
  if (!scrubsQ.data) return <Skeleton label="Loading scrubs…" />;
  return (
    <ScrubsTab
      scrubs={scrubsQ.data}
      locked={locked}
      onCreate={async (v) => {
        const c = await scrubM.create.mutateAsync(v);
        notify.success(`Added the ${scrubName(c)}`);
      }}
      onUpdate={async (sc, form) => {
        const u = await scrubM.update.mutateAsync({ id: sc.ID, form });
        notify.success(`Saved the ${scrubName(u)}`);
      }}
      onDelete={async (sc) => {
        await scrubM.remove.mutateAsync(sc.ID);
        notify.success(`Deleted the ${scrubName(sc)}`);
      }}
    />
  );
}

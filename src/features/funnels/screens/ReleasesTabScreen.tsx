/**
 * The Releases tab's container: reads the funnel's releases while the tab is open,
 * rolls back through {@link useRollback} (the answer replaces the list) and says a success in
 * a toast; a refusal (locked, pruned, another domain) is said by the API client.
 */
import { useCan } from '../../../api';
import { notify, Skeleton } from '../../../ui';
import { releaseWhen, ReleasesTab } from '../components/ReleasesTab';
import { useReleases, useRollback } from '../tabs-api';
import { LoadFailed } from '../load-failed';

/** The Releases tab of funnel `funnelId`; `locked`: Roll back is disabled, with the reason shown. */
export function ReleasesTabScreen({ funnelId, locked }: { funnelId: number; locked: boolean }) {
  const q = useReleases(funnelId);
  const rollback = useRollback(funnelId);
  const mayPublish = useCan('funnels.publish');
  if (q.isError) return <LoadFailed message="The releases could not be loaded." onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton label="Loading releases…" />;
  return (
    <ReleasesTab
      releases={q.data}
      locked={locked}
      mayPublish={mayPublish}
      onRollback={async (r) => {
        await rollback.mutateAsync(r.ID);
        notify.success(`Rolled back ${r.site} to the release of ${releaseWhen(r)}`);
      }}
    />
  );
}

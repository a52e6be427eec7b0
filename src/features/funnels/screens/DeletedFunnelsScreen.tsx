/**
 * /funnels/deleted: the deleted funnels and, for the one named by `?funnel=<id>` in
 * the address (shareable; Back closes it), its audit log. Admin only: the route's screen needs
 * the `audit.deleted` action, and the API refuses everyone else.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Skeleton, useDocumentTitle } from '../../../ui';
import { DeletedFunnels } from '../components/DeletedFunnels';
import { useDeletedFunnelLog, useDeletedFunnels } from '../deleted-api';
import { LoadFailed } from '../load-failed';

/** See the module comment. */
export function DeletedFunnelsScreen() {
  useDocumentTitle(['Deleted funnels']);
  const [params, setParams] = useSearchParams();
  const picked = Number(params.get('funnel'));
  const selected = Number.isInteger(picked) && picked > 0 ? picked : null;
  const list = useDeletedFunnels();
  const log = useDeletedFunnelLog(selected);
  const onSelect = useCallback((id: number | null) => setParams(id === null ? {} : { funnel: String(id) }), [setParams]);
  if (list.isError) return <LoadFailed message={`The deleted funnels could not be loaded: ${list.error.message}`} onRetry={() => void list.refetch()} />;
  if (!list.data) return <Skeleton label="Loading deleted funnels…" />;
  return (
    <DeletedFunnels
      funnels={list.data.pages.flat()}
      selected={selected}
      onSelect={onSelect}
      entries={log.data ? log.data.pages.flat() : null}
      onLoadMore={list.hasNextPage ? () => void list.fetchNextPage() : undefined}
      onLoadOlder={log.hasNextPage ? () => void log.fetchNextPage() : undefined}
    />
  );
}

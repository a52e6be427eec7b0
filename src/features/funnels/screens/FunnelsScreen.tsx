import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { keys, useCan, useOffers } from '../../../api';
import type { FunnelListItem } from '../../../model';
import type { FunnelBulkChange } from '../../../model/contracts/funnel-list-actions';
import { notify, useDocumentTitle, Skeleton } from '../../../ui';
import { setPublishStatus, useFunnelMutations } from '../api';
import { FunnelList } from '../components/FunnelList';
import { useFunnelListPage } from '../list-api';
import { readListState, writeListState, type FunnelListState } from '../list-state';

/**
 * /funnels (001 §2): the funnel list with New funnel, Add Funnel Beta (the quick wizard at
 * /funnels/quick), Clone, Delete and the status select;
 * `/funnels?archived=true` lists the archived funnels with Restore (the address is shareable).
 * Searched, filtered, sorted and paged on the server; that state is the URL's (`list-state.ts`),
 * each change a history entry, so a link is shareable and Back restores the previous list.
 * Selected rows take bulk changes (status, lock, archive; an operator's or admin's), and Export CSV
 * downloads every row the search and filters match, in the list's sort.
 */
export function FunnelsScreen() {
  useDocumentTitle(['Funnels']);
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const state = useMemo(() => readListState(new URLSearchParams(search)), [search]);
  const archived = state.archived;
  const funnels = useFunnelListPage(state);
  const go = useCallback((next: FunnelListState) => setParams(writeListState(next)), [setParams]);
  const offers = useOffers();
  const m = useFunnelMutations();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const showDeleted = useCan('audit.deleted');
  const canWrite = useCan('funnels.write');
  // Stable handlers: the table's cells are rebuilt when its row actions change, and a cell
  // rebuilt between pointer down and up (a refetch on focus re-renders this screen) loses the click.
  const onStatusChange = useCallback(
    (f: FunnelListItem, status: FunnelListItem['publish_status']) => {
      void (async () => {
        try {
          await setPublishStatus(f, status);
        } catch (e) {
          notify.error((e as Error).message);
        }
        void qc.invalidateQueries({ queryKey: keys.funnels });
      })();
    },
    [qc],
  );
  const archive = m.archive.mutateAsync;
  const onRestore = useCallback(
    async (f: FunnelListItem) => {
      await archive({ id: f.ID, archived: false });
      notify.success(`Funnel ${f.name} restored`);
    },
    [archive],
  );
  const onBulk = useCallback(
    async (changes: FunnelBulkChange[], dryRun: boolean) => {
      const { bulkChange } = await import('../list-actions-api');
      const answer = await bulkChange(changes, dryRun);
      if (!dryRun) void qc.invalidateQueries({ queryKey: keys.funnels });
      return answer;
    },
    [qc],
  );
  const onExport = useCallback(async () => {
    try {
      const { downloadFunnelCsv } = await import('../list-actions-api');
      notify.success(`Downloaded ${await downloadFunnelCsv(state)}`);
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    }
  }, [state]);
  if (funnels.isLoading) return <Skeleton label="Loading funnels…" />;
  if (funnels.isError) throw funnels.error;
  return (
    <FunnelList
      funnels={funnels.data?.rows ?? []}
      list={{ state, total: funnels.data?.total ?? 0, loading: funnels.isPlaceholderData && funnels.isFetching, onChange: go }}
      offers={offers.data ?? []}
      onCreate={async (v) => {
        const f = await m.create.mutateAsync(v);
        notify.success(`Funnel ${f.name} created`);
        void navigate(`/funnels/${f.ID}/details`);
      }}
      onClone={async (id, name) => {
        await m.clone.mutateAsync({ id, name });
        notify.success(`Funnel ${name} created`);
      }}
      onDelete={(id) => m.remove.mutateAsync(id)}
      onStatusChange={onStatusChange}
      onAddBeta={() => void navigate('/funnels/quick')}
      archived={archived}
      onRestore={onRestore}
      showDeleted={showDeleted}
      onBulk={canWrite ? onBulk : undefined}
      onExport={onExport}
    />
  );
}

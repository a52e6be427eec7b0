/**
 * The funnel page's Analytics tab, connected (issue "Which page loses buyers"): reads the
 * funnel's analytics under the filters kept in the address (shareable; Back returns to the
 * previous filters), and promotes a split test's winner as one command of the command log on
 * the split page's document (001 §3 page `split`): one undo step restores the split exactly,
 * and Save in the editor bar sends it like any other edit (audited; the Logs tab shows it).
 * The chart library loads with this tab's route module only (src/features/funnels/tabs/).
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCan, useFunnel } from '../../../api';
import { loadIfNewer, useEditor, useEditorStore, useEditorStoreApi, type DocId } from '../../../editor';
import { z } from 'zod';
import { MSG, SplitConditionSchema, type Page } from '../../../model';
import { notify, Skeleton } from '../../../ui';
import { defaultAnalyticsFilters, isFiltered, readAnalyticsFilters, useFunnelAnalytics, writeAnalyticsFilters, type AnalyticsFilters } from '../analytics-api';
import { useReleases, usePages } from '../tabs-api';
import { promoteSplit, sendsEveryoneTo } from '../components/analytics/promote';
import { AnalyticsTab } from '../components/analytics/AnalyticsTab';
import type { SplitResult } from '../components/analytics/SplitResultCard';
import { LoadFailed } from '../load-failed';

const SPLIT = z.array(SplitConditionSchema);

/** The Analytics tab of funnel `funnelId`. */
export function AnalyticsTabScreen({ funnelId }: { funnelId: number }) {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const filters = useMemo(() => readAnalyticsFilters(new URLSearchParams(search)), [search]);
  const go = useCallback((next: AnalyticsFilters) => setParams((prev) => writeAnalyticsFilters(prev, next)), [setParams]);
  const q = useFunnelAnalytics(funnelId, filters);
  const releasesQ = useReleases(funnelId);
  const funnelQ = useFunnel(funnelId);
  const mayEditPages = useCan('pages.write');
  const pagesQ = usePages(funnelId);
  const editor = useEditor();
  const store = useEditorStoreApi();
  const docs = useEditorStore((st) => st.docs);
  const docOf = (id: number) => docs[`page:${id}` satisfies DocId<'page'>];

  // The split as the editor holds it (unsaved edits included), else as listed.
  const splitOf = (id: number): { split: Page['split'] | undefined; dirty: boolean } => {
    const d = docOf(id);
    const held = d && typeof d.value === 'object' && d.value !== null && 'split' in d.value ? SPLIT.safeParse(d.value.split) : undefined;
    return { split: held?.success ? held.data : pagesQ.data?.find((p) => p.ID === id)?.split, dirty: d?.dirty ?? false };
  };
  const promote = (sp: SplitResult) => {
    const winner = sp.verdict.branch;
    const listed = pagesQ.data?.find((p) => p.ID === sp.page_id);
    if (!winner || !listed) return;
    const doc: DocId<'page'> = `page:${listed.ID}`;
    loadIfNewer(store, doc, listed);
    if (editor.edit(doc, `Promote the winner of ${sp.name}`, (d) => promoteSplit(d.split, winner))) {
      notify.success(`${sp.name} now sends every visitor to its ${winner === 'next' ? 'next' : 'skip'} page. Save to keep it.`);
    }
  };

  if (q.isError && !q.data) return <LoadFailed message={`The analytics could not be loaded: ${q.error.message}`} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton label="Loading analytics…" />;
  return (
    <AnalyticsTab
      data={q.data}
      filters={filters}
      releases={(releasesQ.data ?? []).map((r) => r.ID)}
      filtered={isFiltered(filters)}
      updating={q.isPlaceholderData && q.isFetching}
      onFilters={go}
      onClear={() => go(defaultAnalyticsFilters())}
      promote={
        mayEditPages
          ? {
              onPromote: promote,
              promotedOf: (sp) => {
                const { split, dirty } = splitOf(sp.page_id);
                if (!split || !sp.verdict.branch || !sendsEveryoneTo(split, sp.verdict.branch)) return false;
                return dirty ? 'unsaved' : 'saved';
              },
              disabledReason: funnelQ.data?.locked ? MSG.locked : undefined,
            }
          : undefined
      }
    />
  );
}

/** The Pages tab (001 §2 "Funnel page"): the flow diagram and the pages table, with the pre-publish check beside them. */
import { useQuery } from '@tanstack/react-query';
import { notify, Skeleton } from '../../../ui';
import { PagesTab } from '../components/PagesTab';
import { funnelQueries } from '../tab-queries';
import { usePageMutations } from '../tabs-api';
import { useFlowProblems } from '../use-flow-problems';
import { LoadFailed } from '../load-failed';
import { tabLoader, useFunnelTab } from './context';

export const loader = tabLoader((qc, id) => {
  void qc.prefetchQuery(funnelQueries.pages(id));
  void qc.prefetchQuery(funnelQueries.templates());
  void qc.prefetchQuery(funnelQueries.layout(id));
});

/** /funnels/{id}/pages. */
export function Component() {
  const { funnelId, funnel, locked } = useFunnelTab();
  const pagesQ = useQuery(funnelQueries.pages(funnelId));
  const offers = useQuery(funnelQueries.offers());
  const templates = useQuery(funnelQueries.templates());
  const pageM = usePageMutations(funnelId);
  const problems = useFlowProblems(funnel, pagesQ.data, offers.data);
  if (pagesQ.isError && !pagesQ.data)
    return <LoadFailed message={`The pages could not be loaded: ${pagesQ.error.message}`} onRetry={() => void pagesQ.refetch()} />;
  if (!pagesQ.data) return <Skeleton label="Loading pages…" />;
  return (
    <PagesTab
      funnelId={funnelId}
      pages={pagesQ.data}
      indexPageId={funnel.page_id}
      templates={templates.data ?? []}
      locked={locked}
      problems={problems}
      onCreate={(v) => pageM.create.mutateAsync(v)}
      onDelete={(pid) => pageM.remove.mutateAsync(pid)}
      onClone={async (source, form) => {
        const c = await pageM.clone.mutateAsync({ source, form });
        notify.success(`Page ${c.name} created at ${c.page_path}`);
      }}
    />
  );
}

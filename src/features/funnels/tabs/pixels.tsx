/** The Pixels tab (001 §3 pixels, §5, §7). */
import { useQuery } from '@tanstack/react-query';
import { notify, Skeleton } from '../../../ui';
import { PixelsTab } from '../components/PixelsTab';
import { funnelQueries } from '../tab-queries';
import { usePixelMutations } from '../tabs-api';
import { LoadFailed } from '../load-failed';
import { tabLoader, useFunnelTab } from './context';

export const loader = tabLoader((qc, id) => {
  void qc.prefetchQuery(funnelQueries.pixels(id));
  void qc.prefetchQuery(funnelQueries.pages(id));
});

/** /funnels/{id}/pixels. */
export function Component() {
  const { funnelId, locked } = useFunnelTab();
  const pixelsQ = useQuery(funnelQueries.pixels(funnelId));
  const pagesQ = useQuery(funnelQueries.pages(funnelId));
  const pixelM = usePixelMutations(funnelId);
  if (pixelsQ.isError && !pixelsQ.data)
    return <LoadFailed message={`The pixels could not be loaded: ${pixelsQ.error.message}`} onRetry={() => void pixelsQ.refetch()} />;
  if (!pixelsQ.data) return <Skeleton label="Loading pixels…" />;
  return (
    <PixelsTab
      pixels={pixelsQ.data}
      pages={pagesQ.data ?? []}
      locked={locked}
      onCreate={async (v) => {
        const made = await pixelM.create.mutateAsync(v);
        notify.success(`Pixel ${v.name} added to ${made.length} page${made.length === 1 ? '' : 's'}`);
      }}
      onUpdate={async (p, form) => {
        await pixelM.update.mutateAsync({ id: p.ID, form });
        notify.success(`Pixel ${form.name} saved`);
      }}
      onDelete={async (p) => {
        await pixelM.remove.mutateAsync(p.ID);
        notify.success(`Pixel ${p.name} deleted`);
      }}
    />
  );
}

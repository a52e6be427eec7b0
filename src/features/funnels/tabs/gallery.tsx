/** The Gallery tab (000 §2 "Image gallery"): the funnel's images, upload and delete. */
import { useQuery } from '@tanstack/react-query';
import { notify, Skeleton } from '../../../ui';
import { GalleryTab } from '../components/GalleryTab';
import { funnelQueries } from '../tab-queries';
import { useImageMutations } from '../tabs-api';
import { tabLoader, useFunnelTab } from './context';

export const loader = tabLoader((qc, id) => void qc.prefetchQuery(funnelQueries.images(id)));

/** /funnels/{id}/gallery. */
export function Component() {
  const { funnelId, locked } = useFunnelTab();
  const images = useQuery(funnelQueries.images(funnelId));
  const imageM = useImageMutations(funnelId);
  if (!images.data) return <Skeleton label="Loading images…" />;
  return (
    <GalleryTab
      images={images.data}
      locked={locked}
      onUpload={async (files, onProgress) => notify.success((await imageM.upload.mutateAsync({ files, onProgress })).message)}
      onDelete={async (name) => {
        await imageM.remove.mutateAsync(name);
        notify.success(`Image ${name} deleted`);
      }}
    />
  );
}

/** The Gallery tab (000 §2 "Image gallery"): the funnel's images, upload and delete. */
import { notify } from '../../../ui';
import { GalleryTab } from '../components/GalleryTab';
import { funnelQueries } from '../tab-queries';
import { useImageMutations } from '../tabs-api';
import { readTab } from './read-tab';

/** /funnels/{id}/gallery. */
export const { loader, Component } = readTab(funnelQueries.images, useImageMutations, 'images', (images, locked, imageM) => (
  <GalleryTab
    images={images}
    locked={locked}
    onUpload={async (files, onProgress) => notify.success((await imageM.upload.mutateAsync({ files, onProgress })).message)}
    onDelete={async (name) => {
      await imageM.remove.mutateAsync(name);
      notify.success(`Image ${name} deleted`);
    }}
  />
));

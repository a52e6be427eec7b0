/**
 * The page editor screen body (seed 000 §2 "Page editor side panels"): the side panels on
 * the left, the live preview on the right. Panels edit the `page:<id>` document through the
 * command log; the preview re-renders the unsaved meta on every edit.
 */
import { memo, useState } from 'react';
import { useDoc, useEditorStore, type DocId } from '../../editor';
import type { Page } from '../../model';
import { DevicePreview, Tabs, styles as s } from '../../ui';
import { ProductsPanel } from './ProductsPanel';
import { ExtraReviewsPanel } from './panels/ExtraReviewsPanel';
import { ExtrasPanel } from './panels/ExtrasPanel';
import { ImageSliderPanel } from './panels/ImageSliderPanel';
import { InternationalShippingPanel } from './panels/InternationalShippingPanel';
import { ListsPanel } from './panels/ListsPanel';
import { ProductAddonsPanel } from './panels/ProductAddonsPanel';
import { SizePanel } from './panels/SizePanel';
import { ReviewsPanel } from './panels/ReviewsPanel';
import { TemplateOptionsPanel } from './panels/TemplateOptionsPanel';
import { WarrantyPanel } from './panels/WarrantyPanel';
import { usePreview } from './usePreview';

/** Props of {@link PageEditor}. */
export interface PageEditorProps {
  pageId: number;
  offerId: number | null;
  locked?: boolean;
}

/**
 * The page editor: side panels plus live preview for one page already loaded in the editor
 * store. Only the open panel and the preview follow the page's edits; the tab strip renders
 * again only when the tab, the lock or the page's funnel changes (keystrokes stay cheap).
 */
export function PageEditor({ pageId, offerId, locked = false }: PageEditorProps) {
  const doc: DocId = `page:${pageId}`;
  const loaded = useEditorStore((st) => st.docs[doc] !== undefined);
  const funnelId = useEditorStore((st) => (st.docs[doc]?.value as Page | undefined)?.funnel_id);
  const [panel, setPanel] = useState('products');
  if (!loaded) return <p role="status">Loading page…</p>;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(360px, 480px) 1fr', gap: 20, alignItems: 'start' }}>
      <div style={{ maxHeight: 'calc(100vh - 180px)', overflow: 'auto', paddingRight: 4 }}>
        {locked && <p role="status" className={`${s.badge} ${s.tone.warning}`}>This funnel is locked: panels are read-only.</p>}
        <PanelTabs pageId={pageId} offerId={offerId} funnelId={funnelId} locked={locked} panel={panel} onPanel={setPanel} />
      </div>
      <PreviewPane doc={doc} />
    </div>
  );
}

interface PanelTabsProps {
  pageId: number;
  offerId: number | null;
  funnelId: number | undefined;
  locked: boolean;
  panel: string;
  onPanel: (id: string) => void;
}

/** The side panels as tabs (000 §2 "Page editor side panels"); each panel reads the page itself. */
const PanelTabs = memo(function PanelTabs({ pageId, offerId, funnelId, locked, panel, onPanel }: PanelTabsProps) {
  return (
    <Tabs label="Page panels" selected={panel} onSelect={onPanel} items={[
      { id: 'products', label: 'Products', content: <ProductsPanel pageId={pageId} offerId={offerId} locked={locked} /> },
      { id: 'warranty', label: 'Warranty', content: <WarrantyPanel pageId={pageId} locked={locked} /> },
      { id: 'size', label: 'Size', content: <SizePanel pageId={pageId} locked={locked} /> },
      { id: 'addons', label: 'Product addons', content: <ProductAddonsPanel pageId={pageId} locked={locked} /> },
      { id: 'extras', label: 'Extras', content: <ExtrasPanel pageId={pageId} locked={locked} /> },
      { id: 'template', label: 'Template options', content: <TemplateOptionsPanel pageId={pageId} locked={locked} /> },
      { id: 'reviews', label: 'Reviews', content: <ReviewsPanel pageId={pageId} funnelId={funnelId} locked={locked} /> },
      { id: 'extra-reviews', label: 'Extra reviews', content: <ExtraReviewsPanel pageId={pageId} funnelId={funnelId} locked={locked} /> },
      { id: 'lists', label: 'Lists', content: <ListsPanel pageId={pageId} funnelId={funnelId} locked={locked} /> },
      { id: 'shipping', label: 'International shipping', content: <InternationalShippingPanel pageId={pageId} funnelId={funnelId} locked={locked} /> },
      { id: 'slider', label: 'Image slider', content: <ImageSliderPanel pageId={pageId} funnelId={funnelId} locked={locked} /> },
    ]} />
  );
});

/** The device preview, rendered again only when its HTML, title or busy state changes. */
const Preview = memo(DevicePreview);

/** The live preview of the page's current, unsaved meta (follows every edit). */
function PreviewPane({ doc }: { doc: DocId }) {
  const page = useDoc<Page>(doc);
  const preview = usePreview(page);
  if (!page) return null;
  return (
    <div>
      {preview.error && <p role="alert" className={s.errorText}>Preview failed: {preview.error}</p>}
      <Preview title={`Preview of ${page.name}`} html={preview.html} busy={preview.busy} />
    </div>
  );
}

/**
 * The page editor screen body (seed 000 §2 "Page editor side panels"): the side panels on
 * the left, the live preview on the right. Panels edit the `page:<id>` document through the
 * command log; the preview re-renders the unsaved meta on every edit.
 */
import { useState } from 'react';
import { useDoc, type DocId } from '../../editor';
import type { Page } from '../../model';
import { DevicePreview, Tabs, styles as s } from '../../ui';
import { ProductsPanel } from './ProductsPanel';
import { ExtrasPanel } from './panels/ExtrasPanel';
import { ProductAddonsPanel } from './panels/ProductAddonsPanel';
import { SizePanel } from './panels/SizePanel';
import { TemplateOptionsPanel } from './panels/TemplateOptionsPanel';
import { WarrantyPanel } from './panels/WarrantyPanel';
import { usePreview } from './usePreview';

/** Panels the seed lists (000 §2) that the second half of the page-editor issue (#4) builds; named, not faked. */
const LATER_PANELS = ['Reviews', 'Extra reviews', 'Lists', 'International shipping', 'Image slider'];

/** Props of {@link PageEditor}. */
export interface PageEditorProps {
  pageId: number;
  offerId: number | null;
  locked?: boolean;
}

/** The page editor: side panels plus live preview for one page already loaded in the editor store. */
export function PageEditor({ pageId, offerId, locked = false }: PageEditorProps) {
  const doc: DocId = `page:${pageId}`;
  const page = useDoc(doc) as Page | undefined;
  const [panel, setPanel] = useState('products');
  const preview = usePreview(page);
  if (!page) return <p role="status">Loading page…</p>;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(360px, 480px) 1fr', gap: 20, alignItems: 'start' }}>
      <div style={{ maxHeight: 'calc(100vh - 180px)', overflow: 'auto', paddingRight: 4 }}>
        {locked && <p role="status" className={`${s.badge} ${s.tone.warning}`}>This funnel is locked: panels are read-only.</p>}
        <Tabs label="Page panels" selected={panel} onSelect={setPanel} items={[
          { id: 'products', label: 'Products', content: <ProductsPanel pageId={pageId} offerId={offerId} locked={locked} /> },
          { id: 'warranty', label: 'Warranty', content: <WarrantyPanel pageId={pageId} locked={locked} /> },
          { id: 'size', label: 'Size', content: <SizePanel pageId={pageId} locked={locked} /> },
          { id: 'addons', label: 'Product addons', content: <ProductAddonsPanel pageId={pageId} locked={locked} /> },
          { id: 'extras', label: 'Extras', content: <ExtrasPanel pageId={pageId} locked={locked} /> },
          { id: 'template', label: 'Template options', content: <TemplateOptionsPanel pageId={pageId} locked={locked} /> },
          { id: 'more', label: 'More panels', content: (
            <div>
              <p>These panels are not built yet:</p>
              <ul>{LATER_PANELS.map((p) => <li key={p}>{p}</li>)}</ul>
            </div>
          ) },
        ]} />
      </div>
      <div>
        {preview.error && <p role="alert" className={s.errorText}>Preview failed: {preview.error}</p>}
        <DevicePreview title={`Preview of ${page.name}`} html={preview.html} busy={preview.busy} />
      </div>
    </div>
  );
}

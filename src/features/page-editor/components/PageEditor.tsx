/**
 * The page editor screen body (seed 000 §2 "Page editor side panels"): the side panels on
 * the left, the live preview on the right. Panels edit the `page:<id>` document through the
 * command log; the preview re-renders the unsaved meta on every edit.
 */
import { memo, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useDoc, useEditorStore, type DocId } from '../../../editor';
import { localSiteName, PAGE_PANEL_LABELS, panelsOf, type Page, type PagePanel } from '../../../model';
import { DevicePreview, Segmented, Tabs, styles as s, Skeleton } from '../../../ui';
import * as css from './editor.css';
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
import { patchDocument } from '../../../ui/preview-patch';
import { PublishedPreview } from './PublishedPreview';
import { MoneyProvider, type Money } from './currency';

const DEFAULT_MONEY: Money = { currency: 'USD', language: 'en' };
import { usePreview } from '../../../api/preview';

/** Props of {@link PageEditor}. */
export interface PageEditorProps {
  /** The page (its `page:<id>` document must be loaded in the editor store). */
  pageId: number;
  /** The funnel's offer (offer_id) whose products the Products panel offers; null when none. */
  offerId: number | null;
  /** A locked funnel shows every panel read-only (000 §4). */
  locked?: boolean;
  /** The funnel's domain, for the published page's address (null: none yet). */
  domain?: string | null;
  /** The funnel's currency and language: money fields and prices show them (default USD, en). */
  money?: Money;
}

/**
 * The page editor: side panels plus live preview for one page already loaded in the editor
 * store. Only the open panel and the preview follow the page's edits; the tab strip renders
 * again only when the tab, the lock or the page's funnel changes (keystrokes stay cheap).
 */
export function PageEditor({ pageId, offerId, locked = false, domain = null, money = DEFAULT_MONEY }: PageEditorProps) {
  const doc: DocId<'page'> = `page:${pageId}`;
  const loaded = useEditorStore((st) => st.docs[doc] !== undefined);
  const funnelId = useEditorStore((st) => (st.docs[doc]?.value as Page | undefined)?.funnel_id);
  const pageType = useEditorStore((st) => (st.docs[doc]?.value as Page | undefined)?.page_type);
  const [panel, setPanel] = useState('products');
  if (!loaded) return <Skeleton label="Loading page…" variant="editor" />;
  return (
    <div className={css.layout}>
      <div className={css.panels}>
        {locked && (
          <p role="status" className={`${s.badge} ${s.tone.warning}`}>
            This funnel is locked: panels are read-only.
          </p>
        )}
        <MoneyProvider value={money}>
          <PanelTabs pageId={pageId} offerId={offerId} funnelId={funnelId} pageType={pageType ?? ''} locked={locked} panel={panel} onPanel={setPanel} />
        </MoneyProvider>
      </div>
      <PreviewSwitch doc={doc} domain={domain} />
    </div>
  );
}

interface PanelTabsProps {
  pageId: number;
  offerId: number | null;
  funnelId: number | undefined;
  /** The page's type: it decides which panels are offered (src/model/page-panels.ts). */
  pageType: string;
  locked: boolean;
  panel: string;
  onPanel: (id: string) => void;
}

/** Each panel's tab id (the ids the tabs had before the table). */
const TAB_IDS: Record<PagePanel, string> = {
  products: 'products',
  warranty: 'warranty',
  size: 'size',
  addons: 'addons',
  extras: 'extras',
  template: 'template',
  reviews: 'reviews',
  extraReviews: 'extra-reviews',
  lists: 'lists',
  shipping: 'shipping',
  slider: 'slider',
};

/**
 * The side panels as tabs (000 §2 "Page editor side panels"); each panel reads the page itself.
 * Only the panels the page's type renders are offered (PANELS_BY_PAGE_TYPE); a split
 * page has none and says so.
 */
const PanelTabs = memo(function PanelTabs({ pageId, offerId, funnelId, pageType, locked, panel, onPanel }: PanelTabsProps) {
  const content: Record<PagePanel, ReactNode> = {
    products: <ProductsPanel pageId={pageId} offerId={offerId} locked={locked} />,
    warranty: <WarrantyPanel pageId={pageId} locked={locked} />,
    size: <SizePanel pageId={pageId} locked={locked} />,
    addons: <ProductAddonsPanel pageId={pageId} locked={locked} />,
    extras: <ExtrasPanel pageId={pageId} locked={locked} />,
    template: <TemplateOptionsPanel pageId={pageId} locked={locked} />,
    reviews: <ReviewsPanel pageId={pageId} funnelId={funnelId} locked={locked} />,
    extraReviews: <ExtraReviewsPanel pageId={pageId} funnelId={funnelId} locked={locked} />,
    lists: <ListsPanel pageId={pageId} funnelId={funnelId} locked={locked} />,
    shipping: <InternationalShippingPanel pageId={pageId} funnelId={funnelId} locked={locked} />,
    slider: <ImageSliderPanel pageId={pageId} funnelId={funnelId} locked={locked} />,
  };
  const items = panelsOf(pageType).map((k) => ({ id: TAB_IDS[k], label: PAGE_PANEL_LABELS[k], content: content[k] }));
  if (items.length === 0) {
    return (
      <p role="note" className={s.helpText}>
        A split page shows no content of its own: it sends visitors on by its split rules, so it has no side panels.
      </p>
    );
  }
  const selected = items.some((t) => t.id === panel) ? panel : items[0]!.id;
  return <Tabs label="Page panels" selected={selected} onSelect={onPanel} items={items} />;
});

/**
 * Which preview shows: the live one of the unsaved page, or the published page by its URL
 * ({@link PublishedPreview}). Only the shown one is mounted (the live one stops rendering).
 */
const SOURCES = [
  { id: 'live', label: 'Unsaved changes' },
  { id: 'published', label: 'Published page' },
] as const;

function PreviewSwitch({ doc, domain }: { doc: DocId<'page'>; domain: string | null }) {
  const [source, setSource] = useState<'live' | 'published'>('live');
  const path = useEditorStore((st) => (st.docs[doc]?.value as Page | undefined)?.page_path ?? '/');
  const name = useEditorStore((st) => (st.docs[doc]?.value as Page | undefined)?.name ?? '');
  const funnelId = useEditorStore((st) => (st.docs[doc]?.value as Page | undefined)?.funnel_id);
  // Without a domain the funnel is published on this admin under /sites/funnel-<id>.localhost/.
  const localSite = !domain && funnelId != null ? localSiteName(funnelId) : undefined;
  return (
    <div className={css.previewColumn}>
      <Segmented label="Preview source" options={SOURCES} value={source} onChange={setSource} />
      {source === 'live' ? (
        <PreviewPane doc={doc} />
      ) : (
        <PublishedPreview
          defaultUrl={domain ? `https://${domain}${path}` : localSite ? `${window.location.origin}/sites/${localSite}${path}` : ''}
          title={`Published ${name}`}
          localSite={localSite}
          domainsHref={funnelId != null ? `/funnels/${funnelId}/domains` : undefined}
        />
      )}
    </div>
  );
}

/** The device preview, rendered again only when its HTML, title or busy state changes. */
const Preview = memo(DevicePreview);

/**
 * The live preview of the page's current, unsaved meta (follows every edit). The first
 * rendering loads into the frame; later ones patch the loaded document in place
 * ({@link patchDocument}), so the preview keeps its scroll position and a keystroke does not
 * pay for a whole document load on the page's main thread. Falls back to loading the HTML
 * when the frame's document cannot be reached or is still loading.
 */
function PreviewPane({ doc }: { doc: DocId<'page'> }) {
  const page = useDoc(doc);
  const preview = usePreview(page);
  const box = useRef<HTMLDivElement>(null);
  /** What the frame loads (its srcdoc); stays put while updates are patched in. */
  const [srcDoc, setSrcDoc] = useState('');
  /** The HTML the frame's document shows, and the newest HTML to show. */
  const shown = useRef('');
  const latest = useRef('');
  const loaded = useRef(false);
  const frame = () => box.current?.querySelector('iframe') ?? null;
  /** The frame is there once the page is (it is rendered with the page). */
  const hasPage = page !== undefined;

  useEffect(() => {
    if (!hasPage) return;
    const f = box.current?.querySelector('iframe');
    if (!f) return;
    const onLoad = () => {
      loaded.current = true;
      // A document (re)loaded from an older srcdoc catches up with the newest rendering.
      if (latest.current && shown.current !== latest.current && patchDocument(f.contentDocument, latest.current)) shown.current = latest.current;
    };
    f.addEventListener('load', onLoad);
    return () => f.removeEventListener('load', onLoad);
  }, [hasPage]);

  // A layout effect: the new rendering is patched in before the browser paints, not a frame later.
  useLayoutEffect(() => {
    const html = preview.html;
    if (!html || html === latest.current) return;
    latest.current = html;
    if (loaded.current && patchDocument(frame()?.contentDocument, html)) {
      shown.current = html;
      return;
    }
    loaded.current = false;
    shown.current = html;
    setSrcDoc(html);
  }, [preview.html]);

  if (!page) return null;
  return (
    <div ref={box} className={css.previewColumn}>
      {preview.error && (
        <p role="alert" className={s.errorText}>
          Preview failed: {preview.error}
        </p>
      )}
      <Preview title={`Preview of ${page.name}`} html={srcDoc} busy={preview.busy} />
    </div>
  );
}

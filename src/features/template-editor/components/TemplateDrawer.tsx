/**
 * The template editor's side drawer (001 §2 "Template editor": "A side drawer with tabs:
 * Extras, Shipping, Rewards, Products, Images, Customer Reviews, Extra Reviews, Lists, Meta
 * (raw JSON), Page SEO. A tab appears only if the template's meta has the matching key."; "CSS
 * and Javascript custom editors"). Which tab appears for which key, and what it shows, is the
 * table in ../drawer-tabs.ts (our reading of the seed).
 *
 * - The panel tabs show the page editor's side panels through panel slots (src/ui
 *   panel-slots.tsx; the app provides them), so this slice does not import that one; a slot
 *   nobody filled shows a note instead of the panel.
 * - Meta, CSS and Javascript load on first opening (they bring CodeMirror and the code checks).
 * - Every edit is a labelled command on the page's `page:<id>` document (undo, redo, Save).
 * - Tabs are react-aria tabs (arrow keys move between them); the first visible tab is open
 *   until the operator picks another, unless the screen controls the tab (`tab`).
 * - A locked funnel (001 §4) shows every tab read-only and says why.
 */
import { createElement, lazy, memo, Suspense, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useEditorStore, type DocId } from '../../../editor';
import type { Page } from '../../../model';
import { Tabs, usePanelSlot, styles as s, type PanelSlotKey, type PanelSlotProps, Skeleton } from '../../../ui';
import { DRAWER_TABS, visibleDrawerTabs, type DrawerTab, type DrawerTabId } from '../drawer-tabs';
import { SeoTab } from './SeoTab';
import * as d from './drawer.css';

const MetaTab = lazy(() => import('./MetaTab').then((m) => ({ default: m.MetaTab })));
const CodeTab = lazy(() => import('./CodeTab').then((m) => ({ default: m.CodeTab })));

/** Props of {@link TemplateDrawer}. */
export interface TemplateDrawerProps {
  /** The page edited (its `page:<id>` document must be loaded in the editor store). */
  pageId: number;
  /** The page's funnel: its gallery offers the panels' images. */
  funnelId: number | undefined;
  /** The funnel's offer (offer_id) whose products the Products tab offers; null when none. */
  offerId: number | null;
  /**
   * The meta of the page's template: its keys decide which tabs appear. Null when the page has
   * no template: then the page's own meta keys decide.
   */
  templateMeta: Record<string, unknown> | null;
  /** A locked funnel: every tab read-only, nothing recorded (001 §4). */
  locked: boolean;
  /** The funnel's currency and language (money fields and prices of the panels). */
  money: PanelSlotProps['money'];
  /** The open tab, when the screen controls it (e.g. opening Products for a block picked in the frame); a tab not shown falls back to the first. */
  tab?: DrawerTabId;
  /** Called with the tab the operator picks. */
  onTabChange?: (tab: DrawerTabId) => void;
}

/** What slot keys are called in a note about a missing panel. */
const SLOT_NAMES: Record<PanelSlotKey, string> = {
  products: 'Products',
  warranty: 'Warranty',
  size: 'Size',
  addons: 'Product addons',
  extras: 'Extras',
  reviews: 'Reviews',
  extraReviews: 'Extra reviews',
  lists: 'Lists',
  shipping: 'International shipping',
  slider: 'Image slider',
};

/** See the module comment and {@link TemplateDrawerProps}. */
export function TemplateDrawer({ pageId, funnelId, offerId, templateMeta, locked, money, tab, onTabChange }: TemplateDrawerProps) {
  const doc: DocId = `page:${pageId}`;
  const loaded = useEditorStore((st) => st.docs[doc] !== undefined);
  // The visible tabs as one string, so the drawer renders again only when they change (not on every keystroke).
  const ids = useEditorStore((st) =>
    visibleDrawerTabs(templateMeta ?? (st.docs[doc]?.value as Page | undefined)?.meta)
      .map((t) => t.id)
      .join(' '),
  );
  const [picked, setPicked] = useState<DrawerTabId | null>(null);
  const { currency, language } = money;
  // Stable props, so a keystroke elsewhere on the screen does not render the open tab again.
  const slot = useMemo(() => ({ pageId, funnelId, offerId, locked, money: { currency, language } }), [pageId, funnelId, offerId, locked, currency, language]);
  const visible = useMemo(() => DRAWER_TABS.filter((t) => ids.split(' ').includes(t.id)), [ids]);
  const changed = useRef(onTabChange);
  useLayoutEffect(() => {
    changed.current = onTabChange;
  });
  const onSelect = useCallback((id: DrawerTabId) => {
    setPicked(id);
    changed.current?.(id);
  }, []);
  if (!loaded) return <Skeleton label="Loading page…" variant="lines" />;
  const wanted = tab ?? picked;
  const selected = visible.find((t) => t.id === wanted)?.id ?? visible[0]?.id ?? 'meta';
  return (
    <section aria-label="Template drawer" className={d.drawer}>
      {locked && (
        <p role="status" className={`${s.badge} ${s.tone.warning}`}>
          This funnel is locked: the drawer is read-only.
        </p>
      )}
      <DrawerTabs tabs={visible} selected={selected} slot={slot} onSelect={onSelect} />
    </section>
  );
}

interface DrawerTabsProps {
  tabs: readonly DrawerTab[];
  selected: DrawerTabId;
  slot: PanelSlotProps;
  onSelect: (id: DrawerTabId) => void;
}

/** The tab strip and the open tab (react-aria renders only the selected panel). */
const DrawerTabs = memo(function DrawerTabs({ tabs, selected, slot, onSelect }: DrawerTabsProps) {
  return (
    <Tabs
      label="Template drawer tabs"
      selected={selected}
      onSelect={(id) => onSelect(id as DrawerTabId)}
      items={tabs.map((t) => ({ id: t.id, label: t.label, content: <TabContent tab={t} slot={slot} /> }))}
    />
  );
});

/** One tab's content: its page-editor panels, or one of this slice's editors. */
function TabContent({ tab, slot }: { tab: DrawerTab; slot: PanelSlotProps }) {
  const loading = <Skeleton label={`Loading ${tab.label}…`} variant="lines" />;
  if ('slots' in tab.content) {
    return (
      <div className={d.stack}>
        {tab.content.slots.map((k) => (
          <Suspense key={k} fallback={loading}>
            <Slot slotKey={k} props={slot} />
          </Suspense>
        ))}
      </div>
    );
  }
  const { pageId, locked } = slot;
  switch (tab.content.own) {
    case 'seo':
      return <SeoTab pageId={pageId} locked={locked} />;
    case 'meta':
      return (
        <Suspense fallback={loading}>
          <MetaTab pageId={pageId} locked={locked} />
        </Suspense>
      );
    case 'css':
      return (
        <Suspense fallback={loading}>
          <CodeTab key="css" pageId={pageId} language="css" locked={locked} />
        </Suspense>
      );
    case 'javascript':
      return (
        <Suspense fallback={loading}>
          <CodeTab key="javascript" pageId={pageId} language="javascript" locked={locked} />
        </Suspense>
      );
  }
}

/** A page-editor panel from the app's panel slots, or a note when no panel fills the slot. */
function Slot({ slotKey, props }: { slotKey: PanelSlotKey; props: PanelSlotProps }) {
  const Panel = usePanelSlot(slotKey);
  if (!Panel) {
    return (
      <p role="note" className={`${s.badge} ${s.tone.warning}`}>
        The {SLOT_NAMES[slotKey]} panel is not available here: no panel fills the slot “{slotKey}”.
      </p>
    );
  }
  // The registry's component is a stable module-level value (not made here): rendered by reference.
  return createElement(Panel, props);
}

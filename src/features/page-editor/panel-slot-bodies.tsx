/**
 * The bodies of the page editor's panel slots (./panel-slots.tsx): each page-editor side panel
 * (000 §2) taking the slot's props, inside the funnel's {@link MoneyProvider}. One module, loaded
 * when the first slot shows: the panels then share one chunk with the page editor's screen
 * instead of one chunk each (per-chunk overhead on the page editor's own first load), and the
 * app shell holds one dynamic import rather than ten.
 */
import { useMemo, type ComponentType, type ReactNode } from 'react';
import { useEditorStore } from '../../editor';
import { CURRENCIES, DEFAULT_CURRENCY, LANGUAGES, PAGE_PANEL_LABELS, pageHasPanel, type Page, type PagePanel } from '../../model';
import { styles as s, type PanelSlotKey, type PanelSlotProps } from '../../ui';
import { MoneyProvider, type Money } from './components/currency';
import { ProductsPanel } from './components/ProductsPanel';
import { ExtraReviewsPanel } from './components/panels/ExtraReviewsPanel';
import { ExtrasPanel } from './components/panels/ExtrasPanel';
import { ImageSliderPanel } from './components/panels/ImageSliderPanel';
import { InternationalShippingPanel } from './components/panels/InternationalShippingPanel';
import { ListsPanel } from './components/panels/ListsPanel';
import { ProductAddonsPanel } from './components/panels/ProductAddonsPanel';
import { ReviewsPanel } from './components/panels/ReviewsPanel';
import { SizePanel } from './components/panels/SizePanel';
import { WarrantyPanel } from './components/panels/WarrantyPanel';
// The page editor's screen, for the bundler only: with it this module's graph is the page editor's
// whole graph, so the panels stay in the chunks the page editor loads (one copy, one cache) instead
// of splitting those chunks, and the model's, into smaller ones that every route pays for.
export { PageEditorScreen } from './screens/PageEditorScreen';

const currencies: readonly string[] = CURRENCIES;
const languages: readonly string[] = LANGUAGES;

/**
 * The funnel's money for the panels: the slot's strings narrowed to the model's currencies and
 * languages (USD / en for a value the model does not know).
 */
function WithMoney({ money: { currency, language }, children }: { money: PanelSlotProps['money']; children: ReactNode }) {
  // A stable value, so the panel's money fields render again only when the funnel's money changes.
  const money = useMemo(
    (): Money => ({
      currency: (currencies.includes(currency) ? currency : DEFAULT_CURRENCY) as Money['currency'],
      language: (languages.includes(language) ? language : 'en') as Money['language'],
    }),
    [currency, language],
  );
  return <MoneyProvider value={money}>{children}</MoneyProvider>;
}

/**
 * The panel `panel` for the slot's page, or a note when the page's type does not render it
 * (PANELS_BY_PAGE_TYPE): the template editor's drawer then offers no setting that
 * would never reach the page.
 */
export function PanelForPageType({ pageId, panel, children }: { pageId: number; panel: PagePanel; children: ReactNode }) {
  const type = useEditorStore((st) => (st.docs[`page:${pageId}`]?.value as Page | undefined)?.page_type);
  if (type === undefined || pageHasPanel(type, panel)) return children;
  return (
    <p
      role="note"
      className={`${s.badge} ${s.tone.info}`}
    >{`A ${type} page does not show the ${PAGE_PANEL_LABELS[panel]} panel, so it is not offered here.`}</p>
  );
}

/** What a slot's panel takes from the slot (each panel reads the ones it needs; `money` is given by {@link WithMoney}). */
type SlotPanelProps = Omit<PanelSlotProps, 'money'>;

const panels: Record<PanelSlotKey, ComponentType<SlotPanelProps>> = {
  products: ProductsPanel,
  warranty: WarrantyPanel,
  size: SizePanel,
  addons: ProductAddonsPanel,
  extras: ExtrasPanel,
  reviews: ReviewsPanel,
  extraReviews: ExtraReviewsPanel,
  lists: ListsPanel,
  shipping: InternationalShippingPanel,
  slider: ImageSliderPanel,
};

/** Every slot's panel, by slot key, taking {@link PanelSlotProps}; only on the page types that render it. */
export const slotBodies: Record<PanelSlotKey, (p: PanelSlotProps) => ReactNode> = Object.fromEntries(
  Object.entries(panels).map(([k, Panel]) => [
    k,
    ({ money, ...p }: PanelSlotProps) => (
      <PanelForPageType pageId={p.pageId} panel={k as PanelSlotKey}>
        <WithMoney money={money}>
          <Panel {...p} />
        </WithMoney>
      </PanelForPageType>
    ),
  ]),
) as Record<PanelSlotKey, (p: PanelSlotProps) => ReactNode>;

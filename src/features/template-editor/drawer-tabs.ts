/**
 * The template editor's side drawer tabs (001 §2 "Template editor": "A side drawer with tabs:
 * Extras, Shipping, Rewards, Products, Images, Customer Reviews, Extra Reviews, Lists, Meta (raw
 * JSON), Page SEO. A tab appears only if the template's meta has the matching key."; "CSS and
 * Javascript custom editors"; 001 §3 and 000 §3 page meta keys).
 *
 * **This table is our reading of the seed**, which names the tabs but not the keys that match
 * them. We matched each tab to the page meta keys its content edits:
 *
 * | Tab | appears when the meta has | content |
 * |---|---|---|
 * | Extras | `productAddons` or `productSizes` | the page editor's Product addons and Size panels |
 * | Shipping | `intShipping` | International shipping panel |
 * | Rewards | `warranty` | Warranty panel and Extras panel (skip page, product select, VIP recurring offer) |
 * | Products | `products` | Products panel |
 * | Images | `imgSlider` | Image slider panel |
 * | Customer Reviews | `reviews` | Reviews panel |
 * | Extra Reviews | `extraReviews` | Extra reviews panel |
 * | Lists | `list` | Lists panel |
 * | Meta | always (a template's meta is never empty, 001 §5) | the page's meta as raw JSON |
 * | Page SEO | any of `description`, `subject`, `keywords`, `googleSiteVerification` | those four texts |
 * | CSS | always | the page's `css` |
 * | Javascript | always | the page's `customJs` |
 *
 * Pure: no React, no store. Keys are own keys only (`Object.hasOwn`), so a `__proto__` or
 * `constructor` key, or anything on the prototype chain, never makes a tab appear.
 */
import type { PanelSlotKey } from '../../ui';

/** A drawer tab's id (also its react-aria tab key). */
export type DrawerTabId =
  'extras' | 'shipping' | 'rewards' | 'products' | 'images' | 'customerReviews' | 'extraReviews' | 'lists' | 'meta' | 'seo' | 'css' | 'javascript';

/** One row of the table: what the tab is called, which meta keys make it appear, what it shows. */
export interface DrawerTab {
  id: DrawerTabId;
  /** The tab's label, in the seed's words. */
  label: string;
  /** The tab appears when the meta has any of these own keys; empty: it always appears. */
  keys: readonly string[];
  /**
   * What the tab shows: the page-editor panels (by slot key, in order), or one of the
   * template editor's own editors.
   */
  content: { slots: readonly PanelSlotKey[] } | { own: 'meta' | 'seo' | 'css' | 'javascript' };
}

/** The Page SEO keys (001 §3 page meta), in the order the tab shows them. */
export const SEO_KEYS = ['description', 'subject', 'keywords', 'googleSiteVerification'] as const;
export type SeoKey = (typeof SEO_KEYS)[number];

/** The whole table, in the drawer's order (the seed's, then CSS and Javascript). */
export const DRAWER_TABS: readonly DrawerTab[] = [
  { id: 'extras', label: 'Extras', keys: ['productAddons', 'productSizes'], content: { slots: ['addons', 'size'] } },
  { id: 'shipping', label: 'Shipping', keys: ['intShipping'], content: { slots: ['shipping'] } },
  { id: 'rewards', label: 'Rewards', keys: ['warranty'], content: { slots: ['warranty', 'extras'] } },
  { id: 'products', label: 'Products', keys: ['products'], content: { slots: ['products'] } },
  { id: 'images', label: 'Images', keys: ['imgSlider'], content: { slots: ['slider'] } },
  { id: 'customerReviews', label: 'Customer Reviews', keys: ['reviews'], content: { slots: ['reviews'] } },
  { id: 'extraReviews', label: 'Extra Reviews', keys: ['extraReviews'], content: { slots: ['extraReviews'] } },
  { id: 'lists', label: 'Lists', keys: ['list'], content: { slots: ['lists'] } },
  { id: 'meta', label: 'Meta', keys: [], content: { own: 'meta' } },
  { id: 'seo', label: 'Page SEO', keys: SEO_KEYS, content: { own: 'seo' } },
  { id: 'css', label: 'CSS', keys: [], content: { own: 'css' } },
  { id: 'javascript', label: 'Javascript', keys: [], content: { own: 'javascript' } },
];

const isObject = (v: unknown): v is object => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The tabs that appear for `meta` (the template's meta; the page's own meta when the page has
 * no template), in the drawer's order. Anything that is not a plain object counts as no keys:
 * only the tabs that always appear remain (Meta, CSS, Javascript).
 */
export function visibleDrawerTabs(meta: unknown): DrawerTab[] {
  const m = isObject(meta) ? meta : {};
  return DRAWER_TABS.filter((t) => t.keys.length === 0 || t.keys.some((k) => Object.hasOwn(m, k)));
}

/**
 * The tab that edits top-level meta key `key` (e.g. 'productSizes' → 'extras', 'customJs' →
 * 'javascript'), or null when no tab has its own editor for it (the Meta tab edits every key).
 * For a screen that opens the drawer at the block an operator picked in the frame.
 */
export function drawerTabForKey(key: string): DrawerTabId | null {
  if (key === 'css') return 'css';
  if (key === 'customJs') return 'javascript';
  if (Object.hasOwn(EDITED_BY, key)) return EDITED_BY[key] ?? null;
  return DRAWER_TABS.find((t) => t.keys.includes(key))?.id ?? null;
}

/** Keys a tab edits without them deciding whether it shows: the Extras panel's blocks are on Rewards. */
const EDITED_BY: Readonly<Record<string, DrawerTabId>> = {
  recurring: 'rewards',
  recurring_product_name: 'rewards',
  recurring_product_price: 'rewards',
  productSelect: 'rewards',
  skipPagePath: 'rewards',
  warrantyText: 'rewards',
};

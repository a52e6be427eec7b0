/**
 * Which page-editor side panels (000 §2 "Page editor side panels") and which of their settings
 * a page of each type offers (no setting that never reaches the page): each one offered
 * is rendered on that page type when published, and what a page type does not render is not
 * offered for it. The page editor's tabs, the panel slots of the template editor's drawer and
 * the release sentences ("… switched on") all read this one table.
 *
 * Our reading of the seeds (000 §2, §3, §4; 001 §4 page types):
 * - Order pages (checkout, upsell1, upsell2, warranty) sell packages: every panel.
 * - Presell and interstitial pages are articles: Extras (Skip Page only), Template options
 *   (main colour only), Reviews, Extra reviews, Lists, Image slider.
 * - Thank-you pages (thankyou, thanksagain): Template options (main colour only), Reviews,
 *   Extra reviews and Lists.
 * - A split page shows nothing (it sends the visitor on by its split rules): no panel.
 */
import { PAGE_TYPES } from './constants';
import { keysInOrder } from './label-table';

/** How each side panel is named on its tab and in the docs, in the page editor's order. `template` is Template options. */
export const PAGE_PANEL_LABELS = {
  products: 'Products',
  warranty: 'Warranty',
  size: 'Size',
  addons: 'Product addons',
  extras: 'Extras',
  template: 'Template options',
  reviews: 'Reviews',
  extraReviews: 'Extra reviews',
  lists: 'Lists',
  shipping: 'International shipping',
  slider: 'Image slider',
};
/** One side panel of the page editor. */
export type PagePanel = keyof typeof PAGE_PANEL_LABELS;
/** The side panels, in the page editor's order. */
export const PAGE_PANELS = keysInOrder(PAGE_PANEL_LABELS);

type PageType = (typeof PAGE_TYPES)[number];

const ORDER_PAGES = ['checkout', 'upsell1', 'upsell2', 'warranty'] as const satisfies readonly PageType[];
const ARTICLE_PAGES = ['presell', 'interstitial'] as const satisfies readonly PageType[];
const THANKS_PAGES = ['thankyou', 'thanksagain'] as const satisfies readonly PageType[];

const ARTICLE_PANELS: readonly PagePanel[] = ['extras', 'template', 'reviews', 'extraReviews', 'lists', 'slider'];
const THANKS_PANELS: readonly PagePanel[] = ['template', 'reviews', 'extraReviews', 'lists'];

/** The panels a page of each type offers (see the module comment), in the editor's order. */
export const PANELS_BY_PAGE_TYPE: Record<PageType, readonly PagePanel[]> = {
  presell: ARTICLE_PANELS,
  interstitial: ARTICLE_PANELS,
  checkout: PAGE_PANELS,
  upsell1: PAGE_PANELS,
  upsell2: PAGE_PANELS,
  warranty: PAGE_PANELS,
  thankyou: THANKS_PANELS,
  thanksagain: THANKS_PANELS,
  split: [],
};

/**
 * Settings (page meta keys, 000 §3, §4) of the Extras and Template options panels that only
 * some of the page types offering the panel render, with those page types. A setting not
 * listed is offered wherever its panel is.
 */
export const PAGE_SETTING_TYPES: Record<string, readonly PageType[]> = {
  // Extras: the page extras and pricing act on packages (order pages); Product Select picks
  // among several products' packages, which only the checkout lists (an upsell offers one).
  productSizeActive: ORDER_PAGES,
  productAddonsActive: ORDER_PAGES,
  warranty: ORDER_PAGES,
  warrantyJourney: ORDER_PAGES,
  recurring: ORDER_PAGES,
  product_override_price: ORDER_PAGES,
  productSelect: ['checkout'],
  skipPage: [...ORDER_PAGES, ...ARTICLE_PAGES],
  // Template options: shipping, full price and out of stock are about packages.
  withShipping: ORDER_PAGES,
  withFullPrice: ORDER_PAGES,
  outOfStock: ORDER_PAGES,
  main_color: [...ORDER_PAGES, ...ARTICLE_PAGES, ...THANKS_PAGES],
};

/** The panels of `pageType`; an unknown type gets the presell layout's (it renders with that layout). */
export function panelsOf(pageType: string): readonly PagePanel[] {
  return Object.hasOwn(PANELS_BY_PAGE_TYPE, pageType) ? PANELS_BY_PAGE_TYPE[pageType as PageType] : PANELS_BY_PAGE_TYPE.presell;
}

/** Whether a page of `pageType` offers `panel`. */
export function pageHasPanel(pageType: string, panel: PagePanel): boolean {
  return panelsOf(pageType).includes(panel);
}

/**
 * Whether a page of `pageType` offers (and so renders) the setting `key` (a page meta key of
 * the Extras or Template options panel, e.g. 'withShipping'); keys not in
 * {@link PAGE_SETTING_TYPES} are offered everywhere.
 */
export function pageHasSetting(pageType: string, key: string): boolean {
  if (!Object.hasOwn(PAGE_SETTING_TYPES, key)) return true;
  const type = Object.hasOwn(PANELS_BY_PAGE_TYPE, pageType) ? pageType : 'presell';
  return (PAGE_SETTING_TYPES[key] as readonly string[]).includes(type);
}

/** The page types that offer `panel` (for the panels' docs, "What this edits"). */
export function pageTypesWithPanel(panel: PagePanel): PageType[] {
  return PAGE_TYPES.filter((t) => PANELS_BY_PAGE_TYPE[t].includes(panel));
}

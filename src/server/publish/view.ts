/**
 * What the page templates show, worked out once in TypeScript from a page's meta, so the
 * Liquid layouts only lay it out: which page-editor settings are on, the prices each package
 * and addon shows (computed from their prices, so a displayed discount always agrees with
 * them) and the warranty and VIP offers.
 *
 * Source: 000 §3 "Page meta keys", "Page product", "Addon"; §4 (toggles stored as 'true' /
 * 'false', `recurring` a boolean; addon types); §5 (a size can be chosen only with ≥ 2 sizes);
 * §9 (frames, colours, packages); the panels' help texts for what each setting does.
 */
import {
  ADDON_FRAME_COLORS,
  ADDON_TYPES,
  CHECKOUT_ADDON_FRAMES,
  WARRANTY_FRAMES,
  canChooseSize,
  isOn,
  percentOff,
  round2,
  shownPackagePrices,
} from '../../model/index.ts';

/** Prices of one package as shown (all in the funnel's currency). */
export interface PackageView {
  /** The price shown: `product_override_price` when set, else `_price`. */
  price: number;
  /** Meta path of the shown price, for its `data-edit` mark. */
  priceKey: string;
  /** Price per unit: the shown price ÷ `_quantity`. */
  unit: number;
  /** Regular price: `_regPrice`, or with an override price the price at the package's own discount (src/model/prices.ts). */
  reg: number;
  /** Amount saved, `reg − price` (never below 0). */
  save: number;
  /** Percentage saved, from `reg` and `price` (rounded). */
  pct: number;
  /** Warranty price of this package (`_warranty`). */
  warranty: number;
  /** Which product the package is of (for the Product Select chooser). */
  product: string;
}

/** One product line of an addon as shown. */
export interface AddonItemView {
  j: number;
  name: string;
  qty: number;
  /** The price charged: by type (see {@link addonView}). */
  price: number;
  /** Meta key (under `products.<j>.`) of the charged price. */
  priceKey: 'data_price' | 'data_discount_price';
  /** Price struck through, 0 for none. */
  was: number;
  save: number;
  pct: number;
  /** Price per unit (`price / quantity`). */
  unit: number;
  size: string;
  tag: string;
  id: string;
}

/** An addon as shown: its products priced by its type, its frame and colour checked. */
export interface AddonView {
  i: number;
  id: string;
  name: string;
  description: string;
  type: (typeof ADDON_TYPES)[number];
  frame: (typeof CHECKOUT_ADDON_FRAMES)[number];
  color: (typeof ADDON_FRAME_COLORS)[number];
  place: string;
  tag: string;
  items: AddonItemView[];
  /** Bundle only: the whole bundle's price, struck price and saving. */
  total: number;
  totalWas: number;
  totalSave: number;
  totalPct: number;
}

/** What the templates read as `view`. */
export interface PageView {
  packages: PackageView[];
  /** True when `product_override_price` is set: every package shows that price. */
  override: boolean;
  fullPrice: boolean;
  shipping: boolean;
  /** Sizes to choose from (`i`: index in `productSizes`): only with ≥ 2 sizes and `productSizeActive` on; else []. */
  sizes: { i: number; name: string }[];
  addons: AddonView[];
  warranty: null | { frame: string; text: string; journey: boolean; fixed: number };
  recurring: null | { name: string; price: number; productId: string; offerId: string; campaigns: string };
  /** Product Select: the distinct products of the packages, in order (`checked`: the preselected package's); [] when off. */
  productChoice: { key: string; name: string; checked: boolean }[];
  /** Skip Page: true when on with a path (the link itself is `links.skipPage`). */
  skip: boolean;
  /** Whether any of our small scripts is needed on the page. */
  script: boolean;
  /**
   * Per package, in the order of `packages` (000 §3 "Page product"): `info` its `product_info`
   * (a line under the package), `cart` its `_cart_name` (the "Your order" line),
   * `box` its `_box_name` (the name of the box, shown with it); '' when not set.
   */
  packageTexts: { info: string; cart: string; box: string }[];
  /**
   * The shipping cost "With shipping" shows for a package without free shipping: the
   * International shipping (`intShipping`) price of the funnel's first country, else the lowest
   * of its prices; null when the page has no shipping prices.
   */
  shippingCost: number | null;
}

const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : 0;
};
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const pctOff = percentOff;
const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T => ((list as readonly unknown[]).includes(v) ? (v as T) : fallback);

/**
 * One addon's products priced by its type (000 §4 types; the seed gives no pricing per type,
 * so ours is): `normal` and `product` charge `data_price` (struck `data_org`; `product` also
 * shows the unit price of its quantity); `journey` charges the fixed journey price
 * `data_discount_price` (struck `data_price`); `multi` offers one of its products at
 * `data_price`; `bundle` sells all its products together for the sum of their `data_price`
 * (struck: the sum of `data_org`). Savings are always worked out from the shown prices.
 */
export function addonView(raw: unknown, i: number): AddonView | null {
  const a = rec(raw);
  const type = oneOf(ADDON_TYPES, a.type, 'normal');
  const items: AddonItemView[] = arr(a.products).map((rp, j) => {
    const p = rec(rp);
    const qty = Math.max(1, Math.round(num(p.quantity)) || 1);
    const journey = type === 'journey';
    const price = journey ? num(p.data_discount_price) : num(p.data_price);
    const was = journey ? num(p.data_price) : num(p.data_org);
    const shownWas = was > price ? was : 0;
    return {
      j,
      qty,
      price,
      was: shownWas,
      save: shownWas ? round2(shownWas - price) : 0,
      pct: pctOff(shownWas, price),
      priceKey: journey ? 'data_discount_price' : 'data_price',
      unit: round2(price / qty),
      name: str(p.data_box_name) || str(p.data_name),
      size: str(p.data_size),
      tag: str(p.tag),
      id: str(p.id),
    };
  });
  if (items.length === 0) return null;
  const total = round2(items.reduce((s, x) => s + x.price, 0));
  const orgSum = round2(arr(a.products).reduce<number>((s, p) => s + num(rec(p).data_org), 0));
  const totalWas = orgSum > total ? orgSum : 0;
  return {
    i,
    type,
    items,
    total,
    totalWas,
    totalSave: totalWas ? round2(totalWas - total) : 0,
    totalPct: pctOff(totalWas, total),
    id: str(a.id),
    name: str(a.name),
    description: str(a.description),
    place: str(a.place),
    tag: str(a.tag),
    frame: oneOf(CHECKOUT_ADDON_FRAMES, a.frame, 'frame1'),
    color: oneOf(ADDON_FRAME_COLORS, a.color, 'blue'),
  };
}

/**
 * The shipping cost of a page (for "With shipping", 000 §2 Template options): the price of the
 * International shipping entry (000 §3 "Shipping entry" {country, price}) of `country` (the
 * funnel's first country), else the lowest price listed; null without entries.
 */
export function shippingCostOf(entries: unknown, country: string): number | null {
  const list = arr(entries)
    .map(rec)
    .filter((e) => typeof e.price === 'number' && Number.isFinite(e.price) && e.price >= 0);
  if (list.length === 0) return null;
  const home = list.find((e) => str(e.country) === country);
  return home ? num(home.price) : Math.min(...list.map((e) => num(e.price)));
}

/**
 * Works out {@link PageView} from merged page meta (000 §3, §4): a toggle counts only as the
 * string 'true' (`recurring` only as `true`); the size choice needs ≥ 2 sizes (000 §5); the
 * warranty needs one of the 5 frames; `hasSkipLink` says whether `skipPagePath` gave a link;
 * `country` is the funnel's first country (the shipping cost shown, {@link shippingCostOf}).
 */
export function pageView(meta: Record<string, unknown>, hasSkipLink: boolean, country = ''): PageView {
  const override = typeof meta.product_override_price === 'number' && Number.isFinite(meta.product_override_price) && meta.product_override_price >= 0;
  const overridePrice = override ? num(meta.product_override_price) : 0;
  const packages: PackageView[] = arr(meta.products).map((rp, i) => {
    const p = rec(rp);
    const qty = Math.max(1, Math.round(num(p._quantity)) || 1);
    const shown = shownPackagePrices({ _price: num(p._price), _regPrice: num(p._regPrice), _quantity: qty }, override ? overridePrice : null);
    return {
      ...shown,
      priceKey: override ? 'product_override_price' : `products.${i}._price`,
      warranty: num(p._warranty),
      product: str(p.product_id),
    };
  });
  const sizeList = arr(meta.productSizes)
    .map((z, i) => ({ i, name: str(rec(z).name).trim() }))
    .filter((z) => z.name !== '');
  const sizes = isOn(meta.productSizeActive) && canChooseSize(sizeList) ? sizeList : [];
  const addons = isOn(meta.productAddonsActive)
    ? arr(meta.productAddons)
        .map((a, i) => addonView(a, i))
        .filter((a): a is AddonView => a !== null)
    : [];
  const frame = str(meta.warrantyFrame);
  const warranty =
    isOn(meta.warranty) && (WARRANTY_FRAMES as readonly string[]).includes(frame)
      ? { frame, text: str(meta.warrantyText), journey: isOn(meta.warrantyJourney), fixed: packages[0]?.warranty ?? 0 }
      : null;
  const recurring =
    meta.recurring === true
      ? {
          name: str(meta.recurring_product_name),
          price: num(meta.recurring_product_price),
          productId: str(meta.recurring_product_id),
          offerId: str(meta.recurring_offer_id),
          campaigns: arr(meta.recurring_campaigns)
            .map((c) => `${str(rec(c).country)}:${str(rec(c).ID)}`)
            .join(' '),
        }
      : null;
  const productChoice: PageView['productChoice'] = [];
  if (isOn(meta.productSelect)) {
    const products = arr(meta.products).map(rec);
    const chosen = str((products.find((p) => p.preselected === true) ?? products[0])?.product_id);
    for (const p of products) {
      const key = str(p.product_id);
      if (!productChoice.some((c) => c.key === key))
        productChoice.push({ key, name: str(p.product_data_name) || str(p._cart_name) || key, checked: key === chosen });
    }
  }
  const skip = isOn(meta.skipPage) && hasSkipLink;
  return {
    packages,
    override,
    fullPrice: isOn(meta.withFullPrice),
    shipping: isOn(meta.withShipping),
    sizes,
    addons,
    warranty,
    recurring,
    productChoice,
    skip,
    script: sizes.length > 0 || productChoice.length > 0,
    packageTexts: arr(meta.products).map((rp) => {
      const p = rec(rp);
      return { info: str(p.product_info).trim(), cart: str(p._cart_name).trim(), box: str(p._box_name).trim() };
    }),
    shippingCost: shippingCostOf(meta.intShipping, country),
  };
}

/**
 * One source for the prices of a page product (000 §3 "Page product", §9 "Page products"):
 * the editor, the server and the published page's renderer all work a package's derived
 * fields and shown prices out here, so a badge never says something the prices do not.
 *
 * 000 §9 gives the package table (Single 50 % … Family Pack 70 %) and, for a new page
 * product, "regular price is twice the price". Both hold for the Single package; for the
 * others twice the price would advertise 50 % while the package says 55–70 %, so the regular
 * price of a new package is the one its discount gives: price ÷ (1 − discount), which is
 * twice the price at 50 %. After that, the stored price and regular price are the truth and
 * the discount, saving and unit price are derived from them.
 */
import { PACKAGES } from './constants';

/** A row of the package table (000 §9). */
export type PackageRow = (typeof PACKAGES)[number];

/** Rounds to cents: money is kept with 2 decimals. */
export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** The package row of a quantity (1–5), or undefined for any other quantity. */
export function packageOf(quantity: number): PackageRow | undefined {
  return PACKAGES.find((p) => p.quantity === quantity);
}

/** Percent saved from `regular` down to `price`, rounded to a whole percent; 0 when nothing is saved. */
export function percentOff(regular: number, price: number): number {
  return regular > price && regular > 0 ? Math.round((1 - price / regular) * 100) : 0;
}

/**
 * The regular price that makes `price` the given discount (percent, 0–99) off: price ÷ (1 −
 * discount), in cents. 50 % gives twice the price (000 §9's default).
 */
export function regularPriceFor(price: number, discount: number): number {
  const d = Math.min(Math.max(discount, 0), 99);
  return round2(price / (1 - d / 100));
}

/** The money fields of a page product that the others are derived from. */
export interface PackagePriceInput {
  /** Package price (currency units). */
  _price: number;
  /** Regular (struck-through) price of the package. */
  _regPrice: number;
  /** Units in the package (≥ 1). */
  _quantity: number;
}

/** The derived fields of a page product, as stored (000 §3). */
export interface DerivedPackageFields {
  /** Price per unit: price ÷ quantity. */
  _unitPrice: number;
  /** Amount saved: regular price − price, never below 0. */
  _save: number;
  /** Percent saved, from the regular price and the price. */
  _package_discount: number;
  /** The package table's name for the quantity ('' beyond 5). */
  _package_name: string;
}

/** Works out a page product's derived fields from its price, regular price and quantity. */
export function derivePackageFields(p: PackagePriceInput): DerivedPackageFields {
  const qty = p._quantity >= 1 ? p._quantity : 1;
  return {
    _unitPrice: round2(p._price / qty),
    _save: p._regPrice > p._price ? round2(p._regPrice - p._price) : 0,
    _package_discount: percentOff(p._regPrice, p._price),
    _package_name: packageOf(qty)?.name ?? '',
  };
}

/**
 * Defaults of a new page product (000 §9) at `price` for `quantity` units: the package's
 * regular price ({@link regularPriceFor}), warranty = 20 % of price ÷ quantity, and the
 * derived fields.
 */
export function newPackagePrices(price: number, quantity: number): PackagePriceInput & DerivedPackageFields & { _warranty: number } {
  const p = round2(price);
  const pkg = packageOf(quantity);
  const base = { _price: p, _quantity: quantity, _regPrice: regularPriceFor(p, pkg?.discount ?? 50) };
  return { ...base, ...derivePackageFields(base), _warranty: round2((0.2 * p) / quantity) };
}

/**
 * What choosing the package of `quantity` sets on a page product: its quantity and a regular
 * price giving the package's discount, with the derived fields. Undefined for a quantity
 * outside the table.
 */
export function withPackage(p: PackagePriceInput, quantity: number): (PackagePriceInput & DerivedPackageFields) | undefined {
  const pkg = packageOf(quantity);
  if (!pkg) return undefined;
  const base = { _price: p._price, _quantity: quantity, _regPrice: regularPriceFor(p._price, pkg.discount) };
  return { ...base, ...derivePackageFields(base) };
}

/** Prices of one package as the published page shows them. */
export interface ShownPackagePrices {
  /** The price charged: the override price when one is set, else the package's price. */
  price: number;
  /** The regular price struck through. */
  reg: number;
  /** Per unit: price ÷ quantity. */
  unit: number;
  /** reg − price, never below 0. */
  save: number;
  /** Percent saved (rounded). */
  pct: number;
}

/**
 * The prices a package shows. With an override price (`product_override_price`, 000 §3)
 * every package charges it and keeps its own discount: the struck price is the override
 * price at the package's percent off, so the saving can never exceed what the package says.
 */
export function shownPackagePrices(p: PackagePriceInput, override: number | null): ShownPackagePrices {
  const qty = p._quantity >= 1 ? p._quantity : 1;
  const own = derivePackageFields(p);
  const price = override ?? p._price;
  const reg = override == null ? p._regPrice : own._package_discount > 0 ? regularPriceFor(override, own._package_discount) : override;
  return { price, reg, unit: round2(price / qty), save: reg > price ? round2(reg - price) : 0, pct: percentOff(reg, price) };
}

const isMoney = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/**
 * The server's copy of the rule: every page product of `meta.products` whose
 * price, regular price and quantity are valid numbers gets its derived fields recomputed, so a
 * PATCH of `_price` alone can never leave `_unitPrice`, `_save` or the discount stale. Returns
 * `meta` itself when nothing changed; other shapes are left to the schema to refuse.
 */
export function withDerivedPrices(meta: Record<string, unknown>): Record<string, unknown> {
  const list = meta.products;
  if (!Array.isArray(list)) return meta;
  let changed = false;
  const products = list.map((raw: unknown) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
    const p = raw as Record<string, unknown>;
    if (!isMoney(p._price) || !isMoney(p._regPrice) || typeof p._quantity !== 'number' || !Number.isInteger(p._quantity) || p._quantity < 1) return raw;
    const d = derivePackageFields({ _price: p._price, _regPrice: p._regPrice, _quantity: p._quantity });
    // Beyond the table (quantity > 5) the name is the operator's own.
    if (!packageOf(p._quantity)) d._package_name = typeof p._package_name === 'string' ? p._package_name : '';
    if ((Object.keys(d) as (keyof DerivedPackageFields)[]).every((k) => p[k] === d[k])) return raw;
    changed = true;
    return { ...p, ...d };
  });
  return changed ? { ...meta, products } : meta;
}

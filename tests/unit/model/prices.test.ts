/**
 * One source for prices (000 §9): the package table drives what the editor, the
 * server and the published page say, and the server recomputes the derived fields.
 */
import { describe, expect, it } from 'vitest';
import { PACKAGES, derivePackageFields, newPageProduct, shownPackagePrices, withDerivedPrices, withPackage } from '../../../src/model/index.ts';
import { pageView } from '../../../src/server/publish/view.ts';

const serum = { product_id: 7, name: 'Serum' };

describe('the package table (000 §9) is what the published badge says', () => {
  it.each(PACKAGES.map((p) => [p.name, p.quantity, p.discount] as const))('%s (%i) saves %i %% on the page', (_name, q, d) => {
    const product = newPageProduct(serum, 19.99 * q, q);
    expect(product._package_discount).toBe(d);
    const [shown] = pageView({ products: [product] }, false).packages;
    expect(shown?.pct).toBe(d);
    expect(shown?.save).toBe(product._save);
  });
  it("a new Single package has the seed's regular price of twice the price", () => {
    expect(newPageProduct(serum, 40, 1)).toMatchObject({ _regPrice: 80, _save: 40, _unitPrice: 40, _warranty: 8 });
  });
  it('choosing another package sets the regular price its discount gives', () => {
    const next = withPackage(newPageProduct(serum, 120, 1), 4);
    expect(next).toMatchObject({ _quantity: 4, _package_name: 'Deluxe', _package_discount: 65, _unitPrice: 30 });
    expect(next?._regPrice).toBe(342.86);
    expect(withPackage(newPageProduct(serum, 10, 1), 9)).toBeUndefined();
  });
});

describe('an override price (product_override_price, 000 §3)', () => {
  it("keeps each package's own discount instead of saving 95 %", () => {
    const big = newPageProduct(serum, 120, 1); // regular $240
    const shown = shownPackagePrices(big, 12);
    expect(shown).toEqual({ price: 12, reg: 24, unit: 12, save: 12, pct: 50 });
    const [view] = pageView({ products: [big], product_override_price: 12 }, false).packages;
    expect(view?.pct).toBe(50);
    expect(view?.save).toBe(12);
  });
  it('shows no saving for a package that has none', () => {
    const plain = { ...newPageProduct(serum, 50, 1), _regPrice: 50 };
    expect(shownPackagePrices(plain, 20)).toMatchObject({ price: 20, reg: 20, save: 0, pct: 0 });
  });
});

describe("derived fields (the server's rule)", () => {
  it('recomputes unit price, saving, discount and name from price, regular price and quantity', () => {
    const stale = { ...newPageProduct(serum, 60, 2), _price: 30 };
    const meta = withDerivedPrices({ products: [stale], headline: 'x' });
    expect(meta.products).toEqual([{ ...stale, _unitPrice: 15, _save: 103.33, _package_discount: 77, _package_name: 'Studio' }]);
    expect(meta.headline).toBe('x');
  });
  it('returns the same meta when nothing is stale, and leaves bad shapes to the schema', () => {
    const meta = { products: [newPageProduct(serum, 60, 2)] };
    expect(withDerivedPrices(meta)).toBe(meta);
    const bad = { products: [{ _price: 'x', _regPrice: 1, _quantity: 1 }, null, 3] };
    expect(withDerivedPrices(bad)).toBe(bad);
    expect(withDerivedPrices({ products: 'none' })).toEqual({ products: 'none' });
  });
  it("keeps the operator's package name beyond the table (quantity 6 and up)", () => {
    const p = { ...newPageProduct(serum, 60, 5), _quantity: 6, _package_name: 'Salon pack' };
    expect((withDerivedPrices({ products: [p] }).products as (typeof p)[])[0]?._package_name).toBe('Salon pack');
    expect(derivePackageFields({ _price: 10, _regPrice: 5, _quantity: 1 })).toEqual({
      _unitPrice: 10,
      _save: 0,
      _package_discount: 0,
      _package_name: 'Single',
    });
  });
});

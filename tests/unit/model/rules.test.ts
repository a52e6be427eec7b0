import { describe, expect, it } from 'vitest';
import {
  capitalize,
  CloneFunnelSchema,
  FunnelGeneralSchema,
  FunnelNoteSchema,
  MSG,
  newPageProduct,
  NewFunnelSchema,
  PageFormSchema,
  flowOrder,
  PageProductSchema,
  PasswordSchema,
  pathGroup,
  formatMoney,
  validateIndexPage,
} from '../../../src/model';
import { funnel } from '../../fixtures/demo';
import { at } from '../../at';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : at(r.error!.issues, 0, 'issue').message);

describe('page rules (001 §5)', () => {
  it.each(['/', '/checkout/', '/checkout/vip-1/', '/a_b+c/d/'])('accepts the path %s', (p) => {
    expect(PageFormSchema.shape.page_path.safeParse(p).success).toBe(true);
  });
  it.each(['checkout/', '/checkout', '//', '/check out/', '/a/b', '/ü/'])('refuses the path %s with the seed message', (p) => {
    expect(firstMessage(PageFormSchema.shape.page_path.safeParse(p))).toBe(MSG.pagePath);
  });
  it('requires name and type with the seed messages', () => {
    const r = PageFormSchema.safeParse({ name: ' ', page_path: '/x/', template_id: null });
    expect(r.success).toBe(false);
    const msgs = r.error!.issues.map((i) => i.message);
    expect(msgs).toContain('Missing Name');
    expect(msgs).toContain('Missing Page Type');
  });
  it('groups paths by their first segment', () => {
    expect(['/', '/checkout/', '/checkout/vip/', '/thank-you/'].map(pathGroup)).toEqual(['/', '/checkout/', '/checkout/', '/thank-you/']);
  });
});

describe('funnel rules (000 §5)', () => {
  const general = (patch: Record<string, unknown>, details: Record<string, unknown> = {}) =>
    FunnelGeneralSchema.safeParse({ ...funnel, ...patch, details: { ...funnel.details, ...details } });
  it('accepts the fixture funnel', () => expect(general({}).success).toBe(true));
  it.each([
    [{ name: '' }, {}, 'Please input Funnel name'],
    [{ countries: [] }, {}, 'Please select at least on country'],
    [{ cs_email: 'nope@' }, {}, 'Email format is not valid'],
    [{}, { GTM: 'GTM-1234' }, MSG.gtm],
    [{}, { GTM: 'GTM123456' }, MSG.gtm],
    [{}, { OPT: 'OPT12345' }, MSG.opt],
    [{}, { UA: 'UA-1234' }, MSG.ua],
    [{}, { UA: '123456789012345' }, MSG.ua],
    [{}, { cf_site_key: 'x'.repeat(36) }, MSG.cfKey],
    [{}, { dl_offer_name: '' }, MSG.dlOfferName],
  ])('refuses %j %j with "%s"', (patch, details, msg) => {
    expect(firstMessage(general(patch, details))).toBe(msg);
  });
  it('accepts values at the limits exactly (GTM 8, OPT 7, UA 14, keys 35)', () => {
    expect(general({}, { GTM: 'ABCD1234', OPT: 'ABC1234', UA: '12.34-56/78901', cf_site_key: 'x'.repeat(35) }).success).toBe(true);
  });
  it('checks the index page type', () => {
    expect(validateIndexPage('checkout')).toBeNull();
    expect(validateIndexPage('presell')).toBeNull();
    expect(validateIndexPage('interstitial')).toBeNull();
    expect(validateIndexPage('upsell1')).toBe(MSG.indexPageType);
    expect(validateIndexPage(undefined)).toBe(MSG.indexPage);
  });
  it('new funnel, clone and note forms require their fields (000 §5, 001 §5)', () => {
    expect(firstMessage(NewFunnelSchema.safeParse({ name: '', offer: 1 }))).toBe('Please input Funnel Name');
    expect(firstMessage(NewFunnelSchema.safeParse({ name: 'A' }))).toBe('Offer ID required');
    expect(firstMessage(CloneFunnelSchema.safeParse({ name: '  ' }))).toBe(MSG.cloneName);
    expect(firstMessage(FunnelNoteSchema.safeParse({ message: '' }))).toBe(MSG.noteRequired);
  });
});

describe('page products (000 §9)', () => {
  it('applies the package table and the default prices', () => {
    const p = newPageProduct({ product_id: 7, name: 'Serum' }, 90, 3);
    // Regular price: the package's 60 % off (90 ÷ 0.4); twice the price only for the Single package (src/model/prices.ts).
    expect(p).toMatchObject({
      _package_name: 'Multi',
      _package_discount: 60,
      _quantity: 3,
      _price: 90,
      _unitPrice: 30,
      _warranty: 6,
      _regPrice: 225,
      _save: 135,
    });
    expect(newPageProduct({ product_id: 7, name: 'Serum' }, 90, 1)).toMatchObject({ _regPrice: 180, _save: 90, _package_discount: 50 });
  });
  it.each([
    [1, 'Single', 50],
    [2, 'Studio', 55],
    [3, 'Multi', 60],
    [4, 'Deluxe', 65],
    [5, 'Family Pack', 70],
  ])('quantity %i is %s at %i%%', (q, name, d) => {
    expect(newPageProduct({ product_id: 1, name: 'x' }, 10, q)).toMatchObject({ _package_name: name, _package_discount: d });
  });
  it('rounds money to cents', () => {
    expect(newPageProduct({ product_id: 1, name: 'x' }, 10, 3)._unitPrice).toBe(3.33);
    expect(formatMoney(10 / 3, 'USD', 'en')).toBe('$3.33');
    expect(formatMoney(12.5, 'EUR', 'de')).toBe('12,50 €');
    expect(formatMoney(12.5, 'EUR', 'en')).toBe('€12.50');
    expect(formatMoney('x', 'EUR', 'en')).toBe('');
  });
  it('allows at most 8 features and refuses negative prices', () => {
    const p = newPageProduct({ product_id: 1, name: 'x' }, 10, 1);
    expect(PageProductSchema.safeParse({ ...p, features: Array.from({ length: 8 }, () => ({ f: 'a' })) }).success).toBe(true);
    expect(firstMessage(PageProductSchema.safeParse({ ...p, features: Array.from({ length: 9 }, () => ({ f: 'a' })) }))).toBe(MSG.maxFeatures);
    expect(firstMessage(PageProductSchema.safeParse({ ...p, _price: -1 }))).toBe(MSG.price);
  });
});

describe('users (001 §5)', () => {
  it.each(['Admin!2345', 'aB3$efgh', 'short1!A'])('accepts the password %s', (p) => expect(PasswordSchema.safeParse(p).success).toBe(true));
  it.each(['alllower1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSpecial12', 'aB3$efg'])('refuses %s with the seed message', (p) => {
    expect(firstMessage(PasswordSchema.safeParse(p))).toBe(MSG.password);
  });
});

describe('messages (000 §8)', () => {
  it('capitalises the first letter', () => {
    expect(capitalize('offer not found')).toBe('Offer not found');
    expect(capitalize('')).toBe('');
  });
});

describe('flow order of pages (001 §2 pages table)', () => {
  const p = (ID: number, page_path: string, page_id: number | null, page_alt_id: number | null = null) => ({ ID, page_path, page_id, page_alt_id });
  it('follows next then skip links from the index page, unreachable pages last by path', () => {
    const pages = [
      p(5, '/thank-you/', null),
      p(3, '/up1/', 4, 5),
      p(1, '/', 2),
      p(9, '/orphan-b/', null),
      p(2, '/checkout/', 3),
      p(4, '/up2/', 5),
      p(8, '/orphan-a/', 5),
    ];
    expect(flowOrder(pages, 1).map((x) => x.ID)).toEqual([1, 2, 3, 4, 5, 8, 9]);
  });
  it('survives cycles and a missing index page', () => {
    const pages = [p(1, '/a/', 2), p(2, '/b/', 1)];
    expect(flowOrder(pages, 1).map((x) => x.ID)).toEqual([1, 2]);
    expect(flowOrder(pages, 99).map((x) => x.ID)).toEqual([1, 2]);
  });
});

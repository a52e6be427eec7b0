import { describe, expect, it } from 'vitest';
import { DRAWER_TAB_LABELS } from '../../../fixtures/demo.ts';
import { DRAWER_TABS, drawerTabForKey, visibleDrawerTabs } from '../../../../src/features/template-editor/drawer-tabs.ts';

const labels = (meta: unknown) => visibleDrawerTabs(meta).map((t) => t.label);
const ALWAYS = ['Meta', 'CSS', 'Javascript'];

describe('template editor drawer tabs (our reading of 001 §2)', () => {
  it("lists the seed's tabs in its order, then CSS and Javascript", () => {
    expect(DRAWER_TABS.map((t) => t.label)).toEqual(DRAWER_TAB_LABELS);
  });

  it('shows every tab for a checkout template that has every key', () => {
    const meta = {
      productAddons: [],
      productSizes: [],
      intShipping: [],
      warranty: 'false',
      products: [],
      imgSlider: [],
      reviews: [],
      extraReviews: [],
      list: [],
      description: '',
      css: '',
      customJs: '',
    };
    expect(labels(meta)).toEqual(DRAWER_TABS.map((t) => t.label));
  });

  it('shows a tab only when its key is there', () => {
    expect(labels({ headline: '' })).toEqual(ALWAYS);
    expect(labels({ productSizes: [] })).toEqual(['Extras', ...ALWAYS]);
    expect(labels({ productAddons: [] })).toEqual(['Extras', ...ALWAYS]);
    expect(labels({ intShipping: [] })).toEqual(['Shipping', ...ALWAYS]);
    expect(labels({ warranty: 'true' })).toEqual(['Rewards', ...ALWAYS]);
    expect(labels({ products: [] })).toEqual(['Products', ...ALWAYS]);
    expect(labels({ imgSlider: [] })).toEqual(['Images', ...ALWAYS]);
    expect(labels({ reviews: [] })).toEqual(['Customer Reviews', ...ALWAYS]);
    expect(labels({ extraReviews: [] })).toEqual(['Extra Reviews', ...ALWAYS]);
    expect(labels({ list: [] })).toEqual(['Lists', ...ALWAYS]);
    for (const k of ['description', 'subject', 'keywords', 'googleSiteVerification'])
      expect(labels({ [k]: '' })).toEqual(['Meta', 'Page SEO', 'CSS', 'Javascript']);
  });

  it('counts a key whose value is empty, null or false (it is the key that matters)', () => {
    expect(labels({ products: null, list: false, reviews: '' })).toEqual(['Products', 'Customer Reviews', 'Lists', ...ALWAYS]);
  });

  it('a thank-you template shows only its tabs: no Products, no Shipping', () => {
    const thankYou = { headline: '', reviews: [], list: [], description: '', subject: '' };
    expect(labels(thankYou)).toEqual(['Customer Reviews', 'Lists', 'Meta', 'Page SEO', 'CSS', 'Javascript']);
  });

  it('never takes a key from the prototype chain: __proto__, constructor, inherited keys', () => {
    const parsed = JSON.parse('{"__proto__": {"products": [], "warranty": "true"}}');
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    expect(labels(parsed)).toEqual(ALWAYS);
    // An object whose prototype holds the keys (as `obj.__proto__ = …` would make it).
    const inherited = Object.create({ products: [], list: [] }) as object;
    expect(labels(inherited)).toEqual(ALWAYS);
    expect(labels({ constructor: [], toString: [] })).toEqual(ALWAYS);
  });

  it('treats anything but a plain object as no keys', () => {
    for (const v of [null, undefined, 'products', 42, ['products']]) expect(labels(v)).toEqual(ALWAYS);
  });

  it('names the tab that edits a meta key', () => {
    expect(drawerTabForKey('productSizes')).toBe('extras');
    expect(drawerTabForKey('intShipping')).toBe('shipping');
    expect(drawerTabForKey('warranty')).toBe('rewards');
    expect(drawerTabForKey('products')).toBe('products');
    expect(drawerTabForKey('imgSlider')).toBe('images');
    expect(drawerTabForKey('reviews')).toBe('customerReviews');
    expect(drawerTabForKey('extraReviews')).toBe('extraReviews');
    expect(drawerTabForKey('list')).toBe('lists');
    expect(drawerTabForKey('keywords')).toBe('seo');
    expect(drawerTabForKey('css')).toBe('css');
    expect(drawerTabForKey('customJs')).toBe('javascript');
    expect(drawerTabForKey('headline')).toBeNull();
    expect(drawerTabForKey('__proto__')).toBeNull();
    expect(drawerTabForKey('constructor')).toBeNull();
    // The blocks of the Extras panel, shown on Rewards, open it when picked in the frame.
    for (const k of ['recurring', 'productSelect', 'skipPagePath']) expect(drawerTabForKey(k)).toBe('rewards');
  });
});

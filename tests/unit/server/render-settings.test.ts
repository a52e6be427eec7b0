/**
 * Every panel and setting the page editor offers for a page type reaches that page type's
 * published HTML ("Settings that never reach the page"; the table is
 * src/model/page-panels.ts): a page of each type is rendered with each offered setting off and
 * on, and the HTML differs in the expected way. A setting not offered for a type is not tried
 * (the editor does not show it there).
 */
import { runInNewContext } from 'node:vm';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { PAGE_TYPES, newPageProduct, pageHasPanel, pageHasSetting, type Funnel, type PagePanel } from '../../../src/model/index.ts';
import { DEFAULT_META, LAYOUT_BY_PAGE_TYPE } from '../../../src/server/publish/defaults.ts';
import { renderPage } from '../../../src/server/publish/render.ts';

import { cream, funnel, serum, twoSizes } from './render-fixtures.ts';
const products = () => [newPageProduct(serum, 40, 1), { ...newPageProduct(serum, 70, 2), preselected: true }, newPageProduct(cream, 30, 1)];
/** The one add-on (a gift with a bag) the add-ons panel is tried with, off and on: a fresh copy for each. */
const giftAddons = () => [
  {
    id: 'a1',
    name: 'Gift',
    description: '',
    frame: 'frame1',
    type: 'normal',
    color: 'blue',
    place: '',
    tag: '',
    products: [{ id: '5', data_name: 'Bag', data_price: 5, quantity: 1 }],
  },
];
const pages = new Map([
  [1, { ID: 1, page_path: '/' }],
  [2, { ID: 2, page_path: '/page/' }],
  [3, { ID: 3, page_path: '/next/' }],
]);

/** Renders a page of `type` (no template: the layout by page type and its default meta) with `meta` over it. */
async function render(type: string, meta: Record<string, unknown>): Promise<{ html: string; doc: Document }> {
  const html = await renderPage(
    {
      ID: 2,
      name: 'Page',
      page_type: type as 'checkout',
      page_path: '/page/',
      page_id: 3,
      page_alt_id: null,
      split: [],
      meta: { products: products(), list: [], ...meta },
    },
    null,
    funnel,
    { pagesById: pages },
  );
  return { html, doc: new JSDOM(html).window.document };
}

interface Setting {
  panel: PagePanel;
  /** The setting's meta key (what pageHasSetting is asked), and a name for the test. */
  key: string;
  off: Record<string, unknown>;
  on: Record<string, unknown>;
  /** True on the page rendered with the setting on, false with it off. */
  shows: (doc: Document, html: string) => boolean;
}

/** The packages with `over` on each. */
const withEach = (over: Record<string, unknown>) => products().map((p) => ({ ...p, ...over }));
const shipping = [
  { id: 's1', shipping_id: '1', country: 'DE', price: 9.5 },
  { id: 's2', shipping_id: '2', country: 'US', price: 4.95 },
];
const has = (sel: string) => (doc: Document) => doc.querySelector(sel) !== null;
const shownText = (doc: Document) => doc.body.textContent?.replace(/\s+/g, ' ') ?? '';
const review = { id: 'r1', avatar: '', user: 'Ann', reviewTitle: 'Great', review: '<p>Loved it</p>' };

/** Every panel's settings (000 §3 page meta, §4 toggles), one off/on pair each. */
export const SETTINGS: Setting[] = [
  { panel: 'products', key: 'products', off: { products: [] }, on: {}, shows: has('[data-edit="products.0"]') },
  // Products panel texts (000 §3 "Page product"): product_info, _cart_name, _box_name.
  {
    panel: 'products',
    key: 'product_info',
    off: {},
    on: { products: withEach({ product_info: 'Made in Germany' }) },
    shows: (d) => d.querySelector('[data-edit="products.0.product_info"]')?.textContent === 'Made in Germany',
  },
  {
    panel: 'products',
    key: '_cart_name',
    off: { products: withEach({ _cart_name: '' }) },
    on: { products: withEach({ _cart_name: 'GlowSerum bottle' }) },
    shows: (d) => d.querySelector('[data-edit="products.0._cart_name"]')?.textContent?.includes('GlowSerum bottle') === true,
  },
  {
    panel: 'products',
    key: '_box_name',
    off: { products: withEach({ _box_name: '' }) },
    on: { products: withEach({ _box_name: 'Gift box' }) },
    shows: (d) => d.querySelector('[data-edit="products.0._box_name"]')?.textContent === 'Gift box',
  },
  {
    panel: 'warranty',
    key: 'warranty',
    off: { warranty: 'false', warrantyFrame: 'warranty1' },
    on: { warranty: 'true', warrantyFrame: 'warranty1' },
    shows: has('[data-edit="warranty"]'),
  },
  {
    panel: 'warranty',
    key: 'warrantyJourney',
    off: { warranty: 'true', warrantyFrame: 'warranty1', warrantyJourney: 'false' },
    on: { warranty: 'true', warrantyFrame: 'warranty1', warrantyJourney: 'true' },
    shows: has('[data-journey]'),
  },
  {
    panel: 'size',
    key: 'productSizeActive',
    off: {
      productSizes: twoSizes(),
      productSizeActive: 'false',
    },
    on: {
      productSizes: twoSizes(),
      productSizeActive: 'true',
    },
    shows: has('[data-sizes]'),
  },
  {
    panel: 'addons',
    key: 'productAddonsActive',
    off: {
      productAddonsActive: 'false',
      productAddons: giftAddons(),
    },
    on: {
      productAddonsActive: 'true',
      productAddons: giftAddons(),
    },
    shows: has('[data-edit="productAddons.0"]'),
  },
  {
    panel: 'extras',
    key: 'recurring',
    off: { recurring: false, recurring_product_name: 'VIP Club', recurring_product_price: 9 },
    on: { recurring: true, recurring_product_name: 'VIP Club', recurring_product_price: 9 },
    shows: has('[data-edit="recurring"]'),
  },
  {
    panel: 'extras',
    key: 'skipPage',
    off: { skipPage: 'false', skipPagePath: '/next/' },
    on: { skipPage: 'true', skipPagePath: '/next/' },
    shows: has('#skip-link'),
  },
  { panel: 'extras', key: 'productSelect', off: { productSelect: 'false' }, on: { productSelect: 'true' }, shows: has('[data-chooser]') },
  { panel: 'extras', key: 'product_override_price', off: {}, on: { product_override_price: 12.34 }, shows: (d) => shownText(d).includes('$12.34') },
  { panel: 'template', key: 'main_color', off: { main_color: 'blue' }, on: { main_color: 'orange' }, shows: (_d, html) => html.includes('--brand:#ea580c') },
  { panel: 'template', key: 'withShipping', off: { withShipping: 'false' }, on: { withShipping: 'true' }, shows: has('.shipping') },
  // "With shipping" shows the cost it promises: the International shipping price of the funnel's first country (US).
  {
    panel: 'template',
    key: 'withShipping',
    off: { withShipping: 'false', intShipping: shipping },
    on: { withShipping: 'true', intShipping: shipping },
    shows: (d) => d.querySelector('.shipping')?.textContent?.replace(/\s+/g, ' ').trim() === 'Plus $4.95 shipping',
  },
  { panel: 'template', key: 'withFullPrice', off: { withFullPrice: 'false' }, on: { withFullPrice: 'true' }, shows: has('s.full') },
  { panel: 'template', key: 'outOfStock', off: { outOfStock: 'false' }, on: { outOfStock: 'true' }, shows: has('[data-out-of-stock]') },
  { panel: 'reviews', key: 'reviews', off: { reviews: [] }, on: { reviews: [review] }, shows: has('[data-edit="reviews"]') },
  { panel: 'extraReviews', key: 'extraReviews', off: { extraReviews: [] }, on: { extraReviews: [review] }, shows: has('[data-edit="extraReviews"]') },
  {
    panel: 'lists',
    key: 'list',
    off: { list: [] },
    on: { list: [{ id: 'l1', boldText: 'Fast', listText: 'shipping', img: '' }] },
    shows: has('[data-edit="list"]'),
  },
  {
    panel: 'shipping',
    key: 'intShipping',
    off: { intShipping: [] },
    on: { intShipping: [{ id: 's1', shipping_id: '1', country: 'DE', price: 5 }] },
    shows: has('[data-edit="intShipping"]'),
  },
  { panel: 'slider', key: 'imgSlider', off: { imgSlider: [] }, on: { imgSlider: [{ id: 'i1', img: '/images/a.jpg' }] }, shows: has('[data-edit="imgSlider"]') },
];

describe.each(PAGE_TYPES.filter((t) => t !== 'split'))('a %s page renders every setting it offers', (type) => {
  const offered = SETTINGS.filter((s) => pageHasPanel(type, s.panel) && pageHasSetting(type, s.key));
  it('offers at least one setting', () => expect(offered.length).toBeGreaterThan(0));
  it.each(offered.map((s, i) => [`${s.panel}: ${s.key} (#${i})`, s] as const))('%s changes the page', async (_name, s) => {
    const off = await render(type, s.off);
    const on = await render(type, s.on);
    expect(on.html).not.toBe(off.html);
    expect(s.shows(off.doc, off.html)).toBe(false);
    expect(s.shows(on.doc, on.html)).toBe(true);
  });
});

describe('a split page', () => {
  it('offers no panel (it shows nothing of its own)', () => {
    expect(SETTINGS.filter((s) => pageHasPanel('split', s.panel))).toEqual([]);
    expect(LAYOUT_BY_PAGE_TYPE.split).toBe('split');
    expect(Object.keys(DEFAULT_META)).not.toContain('split');
  });
});

/** Renders a page of `type` in a funnel with `details` over the test funnel's. */
async function renderWith(type: string, details: Partial<Funnel['details']>): Promise<{ html: string; doc: Document }> {
  const html = await renderPage(
    { ID: 2, name: 'Page', page_type: type as 'checkout', page_path: '/page/', page_id: 3, page_alt_id: null, split: [], meta: { products: products() } },
    null,
    { ...funnel, details: { ...funnel.details, ...details } },
    { pagesById: pages },
  );
  return { html, doc: new JSDOM(html).window.document };
}

const SHOWN_TYPES = PAGE_TYPES.filter((t) => t !== 'split');

describe('the funnel details reach the published pages (000 §3 details)', () => {
  it.each(SHOWN_TYPES)('%s: the white logo, the OPT and UA snippets and the affiliate banners', async (type) => {
    const off = await renderWith(type, {});
    const on = await renderWith(type, {
      logo_white: '/images/logo-white.png',
      OPT: 'ABC1234',
      UA: '12345678-1',
      bannerImageAffid: [{ uid: 'b1', affid_img: '42', desktop_src: '/images/d.png', mobile_src: '/images/m.png' }],
    });
    expect(off.doc.querySelector('.logo-white, [data-opt], [data-ua], .aff-banner')).toBeNull();
    expect(on.doc.querySelector('img.logo-white')?.getAttribute('src')).toBe('/images/logo-white.png');
    expect(on.doc.querySelector('script[data-opt]')?.getAttribute('src')).toBe('https://www.googleoptimize.com/optimize.js?id=OPT-ABC1234');
    expect(on.doc.querySelector('script[data-ua]')?.getAttribute('src')).toBe('https://www.googletagmanager.com/gtag/js?id=UA-12345678-1');
    expect(on.html).toContain("gtag('config','UA-'+\"12345678-1\")");
    // The banner is there but hidden until the visitor's affid matches (inline script); 000 §9 sizes.
    const banner = on.doc.querySelector('picture.aff-banner');
    expect(banner?.getAttribute('data-affid')).toBe('42');
    expect(banner?.hasAttribute('hidden')).toBe(true);
    expect(banner?.querySelector('source')?.getAttribute('srcset')).toBe('/images/m.png');
    expect([banner?.querySelector('source')?.getAttribute('width'), banner?.querySelector('source')?.getAttribute('height')]).toEqual(['422', '97']);
    expect([
      banner?.querySelector('img')?.getAttribute('src'),
      banner?.querySelector('img')?.getAttribute('width'),
      banner?.querySelector('img')?.getAttribute('height'),
    ]).toEqual(['/images/d.png', '2978', '194']);
    expect(on.html).toContain("new URLSearchParams(location.search).get('affid')");
  });

  it("the banner script shows the banner whose affiliate id is the visitor's affid, and only that one", async () => {
    const { html } = await renderWith('checkout', {
      bannerImageAffid: [
        { uid: 'b1', affid_img: '42', desktop_src: '/images/d42.png', mobile_src: '/images/m42.png' },
        { uid: 'b2', affid_img: '7', desktop_src: '/images/d7.png', mobile_src: '' },
      ],
    });
    const doc = new JSDOM(html).window.document;
    // The page's inline banner script, run as a visitor with ?affid=7 would run it.
    const script = [...doc.querySelectorAll('script')].map((e) => e.textContent ?? '').find((t) => t.includes("get('affid')"));
    expect(script).toBeDefined();
    runInNewContext(script!, { location: { search: '?affid=7' }, document: doc, URLSearchParams });
    const shown = [...doc.querySelectorAll('.aff-banner')].filter((e) => !e.hasAttribute('hidden')).map((e) => e.getAttribute('data-affid'));
    expect(shown).toEqual(['7']);
  });

  it('the manual is shown on thank-you pages, its pages in order', async () => {
    const manual = [
      { uid: 'm1', manual_id: '1', manual_img: '/images/p1.png' },
      { uid: 'm2', manual_id: '2', manual_img: '/images/p2.png' },
    ];
    for (const type of ['thankyou', 'thanksagain']) {
      expect((await renderWith(type, {})).doc.querySelector('[data-edit="manual"]')).toBeNull();
      const { doc } = await renderWith(type, { manual });
      expect([...doc.querySelectorAll('[data-edit="manual"] img')].map((i) => i.getAttribute('src'))).toEqual(['/images/p1.png', '/images/p2.png']);
    }
  });

  it('the checkout shows the Cloudflare Turnstile widget of cf_site_key, never the secret key', async () => {
    const off = await renderWith('checkout', { cf_secret_key: 'SECRET-never-shown' });
    expect(off.doc.querySelector('.cf-turnstile')).toBeNull();
    const on = await renderWith('checkout', { cf_site_key: '0x4AAAAAAABkMYinukE8nzY', cf_secret_key: 'SECRET-never-shown' });
    expect(on.doc.querySelector('form .cf-turnstile')?.getAttribute('data-sitekey')).toBe('0x4AAAAAAABkMYinukE8nzY');
    expect(on.doc.querySelector('script[src="https://challenges.cloudflare.com/turnstile/v0/api.js"]')).not.toBeNull();
    expect(on.html).not.toContain('SECRET-never-shown');
  });
});

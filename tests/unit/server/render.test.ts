/**
 * Every page-editor setting reaches the page (000 §3 page meta, §4 toggles, §9
 * frames, colours and packages): page meta in → the HTML `renderPage` gives shows it, and
 * shows nothing when the setting is off. Asserts on the parsed document (jsdom).
 */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import {
  ADDON_FRAME_COLORS,
  CHECKOUT_ADDON_FRAMES,
  WARRANTY_FRAMES,
  newPageProduct,
  type Addon,
  type AddonProduct,
  type Funnel,
  type Page,
} from '../../../src/model/index.ts';
import { DEFAULT_META } from '../../../src/server/publish/defaults.ts';
import { renderPage } from '../../../src/server/publish/render.ts';

import { cream, funnel, serum, twoSizes } from './render-fixtures.ts';
/** Packages: 1 serum at 40, 2 serums at 70 (preselected), 1 cream at 30. */
const products = () => [
  { ...newPageProduct(serum, 40, 1), _warranty: 8 },
  { ...newPageProduct(serum, 70, 2), _warranty: 7, preselected: true },
  { ...newPageProduct(cream, 30, 1), _warranty: 6 },
];

const pages = new Map<number, Pick<Page, 'ID' | 'page_path'>>([
  [1, { ID: 1, page_path: '/' }],
  [2, { ID: 2, page_path: '/checkout/' }],
  [3, { ID: 3, page_path: '/upsell1/' }],
]);

/** Renders a page of `layout` with the layout's default meta, `products()` and `meta`, parsed. */
async function render(
  meta: Record<string, unknown>,
  opts: { layout?: 'checkout' | 'upsell' | 'presell'; currency?: Funnel['currency'] } = {},
): Promise<Document> {
  const layout = opts.layout ?? 'checkout';
  const page_type = layout === 'upsell' ? 'upsell1' : layout;
  const html = await renderPage(
    { ID: 2, name: 'Page', page_type, page_path: '/checkout/', page_id: 3, page_alt_id: null, split: [], meta: { products: products(), ...meta } },
    { layout, meta: structuredClone(DEFAULT_META[layout]) },
    { ...funnel, currency: opts.currency ?? 'USD' },
    { pagesById: pages },
  );
  return new JSDOM(html).window.document;
}

const $ = (doc: Document, sel: string) => doc.querySelector(sel);
const $$ = (doc: Document, sel: string) => [...doc.querySelectorAll(sel)];
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

const addonProduct = (over: Partial<AddonProduct> = {}): AddonProduct => ({
  id: '501',
  data_name: 'Pillowcase',
  data_box_name: '',
  data_price: 15,
  data_discount_price: 10,
  data_org: 20,
  data_save: 5,
  data_discount: 25,
  data_size: '',
  quantity: 1,
  tag: '',
  ...over,
});
const addon = (over: Partial<Addon> = {}): Addon => ({
  id: 'addon-1',
  name: 'Extras',
  description: 'Goes well with it',
  frame: 'frame1',
  type: 'normal',
  color: 'blue',
  place: '',
  tag: 'Best value',
  products: [addonProduct()],
  ...over,
});

/** The page rendered with one active addon: {@link addon} with `over`. */
const renderAddon = (over: Partial<Addon>) => render({ productAddonsActive: 'true', productAddons: [addon(over)] });

describe('warranty (warranty, warrantyFrame, warrantyText, _warranty, warrantyJourney)', () => {
  it.each(WARRANTY_FRAMES)("shows the warranty in %s with its text and each package's price", async (frame) => {
    const doc = await render({ warranty: 'true', warrantyFrame: frame, warrantyText: 'Two years of cover' });
    const block = $(doc, '[data-edit="warranty"]');
    expect(block?.classList.contains(frame)).toBe(true);
    expect(text(block?.querySelector('[data-edit="warrantyText"]'))).toBe('Two years of cover');
    expect(block?.querySelector('input[type="checkbox"][name="warranty"]')).not.toBeNull();
    expect($$(doc, '.wp').map((e) => [e.getAttribute('data-edit'), text(e)])).toEqual([
      ['products.0._warranty', '$8.00'],
      ['products.1._warranty', '$7.00'],
      ['products.2._warranty', '$6.00'],
    ]);
    // Only the checked package's price shows: a CSS rule per package.
    expect(doc.head.textContent + [...doc.querySelectorAll('style')].map((s) => s.textContent).join('')).toContain(
      'form:has(#pkg-1:checked) .wp-1{display:inline}',
    );
  });

  it('shows one fixed price with Journey fixed price on', async () => {
    const doc = await render({ warranty: 'true', warrantyFrame: 'warranty2', warrantyJourney: 'true' });
    expect($(doc, '[data-edit="warranty"]')?.hasAttribute('data-journey')).toBe(true);
    expect($$(doc, '.wp').map((e) => text(e))).toEqual(['$8.00']);
    expect($(doc, '.wp-fixed')).not.toBeNull();
  });

  it('shows nothing when off or without a frame', async () => {
    for (const meta of [{ warranty: 'false', warrantyFrame: 'warranty1' }, { warranty: 'true', warrantyFrame: '' }, {}]) {
      const doc = await render(meta);
      expect($(doc, '[data-edit="warranty"]')).toBeNull();
      expect($(doc, '.wp')).toBeNull();
    }
  });
});

describe('size choice (productSizes, productSizeActive)', () => {
  const sizes = [
    { id: 'size-1', name: 'S' },
    { id: 'size-2', name: 'M' },
    { id: 'size-3', name: 'L' },
  ];
  it('offers the sizes as a choice with ≥ 2 sizes and the choice on', async () => {
    const doc = await render({ productSizes: sizes, productSizeActive: 'true' });
    const group = $(doc, 'fieldset[data-sizes]');
    expect(text(group?.querySelector('legend'))).toBe('Choose your size');
    expect($$(doc, 'input[name="size"]').map((i) => (i as HTMLInputElement).value)).toEqual(['S', 'M', 'L']);
    expect($$(doc, '[data-edit^="productSizes."]').map((e) => e.getAttribute('data-edit'))).toEqual([
      'productSizes.0.name',
      'productSizes.1.name',
      'productSizes.2.name',
    ]);
    expect(text($(doc, 'body > script:not([data-analytics])'))).toContain('data-addon-size');
  });
  it('shows nothing with the choice off or fewer than 2 sizes', async () => {
    for (const meta of [
      { productSizes: sizes, productSizeActive: 'false' },
      { productSizes: sizes.slice(0, 1), productSizeActive: 'true' },
    ]) {
      const doc = await render(meta);
      expect($(doc, 'input[name="size"]')).toBeNull();
      expect($(doc, 'body > script:not([data-analytics])')).toBeNull();
    }
  });
});

describe('addons (productAddons, productAddonsActive)', () => {
  it.each(CHECKOUT_ADDON_FRAMES.flatMap((frame) => ADDON_FRAME_COLORS.map((color) => [frame, color] as const)))(
    'shows an addon in %s, %s',
    async (frame, color) => {
      const doc = await renderAddon({ frame, color });
      const box = $(doc, 'fieldset.addon');
      expect(box?.classList.contains(frame)).toBe(true);
      expect(box?.classList.contains(`ac-${color}`)).toBe(true);
      expect(text(box?.querySelector('[data-edit="productAddons.0.name"]'))).toBe('Extras');
      expect(text(box?.querySelector('[data-edit="productAddons.0.tag"]'))).toBe('Best value');
      expect(text(box?.querySelector('[data-edit="productAddons.0.description"]'))).toBe('Goes well with it');
    },
  );

  it('normal: each product its own checkbox at data_price, data_org struck, saving from the prices', async () => {
    const doc = await renderAddon({ products: [addonProduct(), addonProduct({ id: '502', data_name: 'Gift wrap', data_price: 3, data_org: 0 })] });
    const rows = $$(doc, 'fieldset.addon label.opt');
    expect(rows.map((r) => r.querySelector('input')?.type)).toEqual(['checkbox', 'checkbox']);
    expect(text(rows[0]?.querySelector('[data-edit="productAddons.0.products.0.data_price"]'))).toBe('$15.00');
    expect(text(rows[0]?.querySelector('s'))).toBe('$20.00');
    expect(text(rows[0]?.querySelector('.sv'))).toBe('Save $5.00 (25%)');
    expect(text(rows[1]?.querySelector('strong'))).toBe('$3.00');
    expect(rows[1]?.querySelector('s')).toBeNull();
  });

  it('journey: the fixed journey price data_discount_price, data_price struck', async () => {
    const doc = await renderAddon({ type: 'journey' });
    expect(text($(doc, '[data-edit="productAddons.0.products.0.data_discount_price"]'))).toBe('$10.00');
    expect(text($(doc, 'fieldset.addon s'))).toBe('$15.00');
    expect(text($(doc, 'fieldset.addon .sv'))).toBe('Save $5.00 (33%)');
  });

  it('multi: one of its products (radios with "No, thanks")', async () => {
    const doc = await renderAddon({ type: 'multi', products: [addonProduct(), addonProduct({ id: '502', data_name: 'Serum', data_price: 18, quantity: 2 })] });
    const radios = $$(doc, 'fieldset.addon input[type="radio"]') as HTMLInputElement[];
    expect(radios.map((r) => r.value)).toEqual(['', '501', '502']);
    expect(radios[0]?.checked).toBe(true);
    expect(text($(doc, '[data-edit="productAddons.0.products.1.data_name"]'))).toBe('2 × Serum');
    expect(text($(doc, '[data-edit="productAddons.0.products.1.data_price"]'))).toBe('$18.00');
  });

  it('bundle: all products together for the sum of their prices', async () => {
    const doc = await renderAddon({
      type: 'bundle',
      products: [addonProduct(), addonProduct({ id: '502', data_name: 'Serum', data_price: 25, data_org: 30 })],
    });
    expect($$(doc, 'fieldset.addon input').length).toBe(1);
    expect(text($(doc, 'fieldset.addon .total'))).toBe('$40.00');
    expect(text($(doc, 'fieldset.addon s'))).toBe('$50.00');
    expect(text($(doc, 'fieldset.addon .sv'))).toBe('Save $10.00 (20%)');
    expect(text($(doc, 'fieldset.addon .nm'))).toBe('Add the whole bundle: 1 × Pillowcase, 1 × Serum');
  });

  it('product: its quantity and the unit price', async () => {
    const doc = await renderAddon({ type: 'product', products: [addonProduct({ data_price: 30, data_org: 40, quantity: 3 })] });
    expect(text($(doc, '[data-edit="productAddons.0.products.0.data_name"]'))).toBe('3 × Pillowcase');
    expect(text($(doc, '[data-edit="productAddons.0.products.0.data_price"]'))).toBe('$30.00');
    expect(text($(doc, 'fieldset.addon .nm .sub'))).toBe('$10.00 each');
  });

  it('marks products of a size for the size choice', async () => {
    const doc = await renderAddon({ products: [addonProduct({ data_size: 'M' })] });
    expect($(doc, 'label.opt')?.getAttribute('data-addon-size')).toBe('M');
    expect(text($(doc, '[data-edit="productAddons.0.products.0.data_size"]'))).toBe('Size M');
  });

  it('shows nothing with Product Extra off', async () => {
    const doc = await render({ productAddonsActive: 'false', productAddons: [addon()] });
    expect($(doc, 'fieldset.addon')).toBeNull();
    expect($(doc, '[data-edit^="productAddons"]')).toBeNull();
  });
});

describe('VIP / recurring offer (recurring, recurring_product_name, _id, _price, recurring_offer_id)', () => {
  const vip = {
    recurring: true,
    recurring_product_name: 'Glow VIP Club',
    recurring_product_price: 9.99,
    recurring_product_id: '4104',
    recurring_offer_id: '10231',
    recurring_campaigns: [{ ID: '12001', country: 'US' }],
  };
  it('offers the VIP product with its name and price', async () => {
    const doc = await render(vip);
    const box = $(doc, '[data-edit="recurring"]');
    expect(text(box?.querySelector('[data-edit="recurring_product_name"]'))).toBe('Glow VIP Club');
    expect(text(box?.querySelector('[data-edit="recurring_product_price"]'))).toBe('$9.99');
    expect((box?.querySelector('input[type="checkbox"]') as HTMLInputElement | null)?.value).toBe('4104');
    expect((box?.querySelector('input[name="recurring_offer_id"]') as HTMLInputElement | null)?.value).toBe('10231');
    expect(box?.getAttribute('data-campaigns')).toBe('US:12001');
  });
  it('shows nothing when off', async () => {
    const doc = await render({ ...vip, recurring: false });
    expect($(doc, '[data-edit="recurring"]')).toBeNull();
    expect(doc.body.textContent).not.toContain('Glow VIP Club');
  });
});

describe('Skip Page (skipPage, skipPagePath)', () => {
  it('links to the skip page path and follows it with our inline script', async () => {
    const doc = await render({ skipPage: 'true', skipPagePath: '/upsell1/' });
    const a = $(doc, 'a#skip-link');
    expect(a?.getAttribute('href')).toBe('../upsell1/');
    expect(a?.getAttribute('data-edit')).toBe('skipPagePath');
    // The redirect runs in the head, before the page renders; its target is the same link.
    const script = $(doc, 'head > script');
    expect(script?.hasAttribute('src')).toBe(false);
    expect(script?.textContent).toContain('location.replace(new URL("../upsell1/",location.href)');
    expect(script?.textContent).toContain('+location.search');
  });
  it('shows nothing when deactivated or without a path', async () => {
    for (const meta of [
      { skipPage: 'false', skipPagePath: '/upsell1/' },
      { skipPage: 'true', skipPagePath: '' },
    ]) {
      const doc = await render(meta);
      expect($(doc, '#skip-link')).toBeNull();
      expect($(doc, 'script:not([data-analytics])')).toBeNull();
    }
  });
});

describe('Product Select (productSelect)', () => {
  it("lets the buyer choose the product, the preselected package's first; packages carry their product", async () => {
    const doc = await render({ productSelect: 'true' });
    const radios = $$(doc, '[data-chooser] input[name="product"]') as HTMLInputElement[];
    expect(radios.map((r) => [r.value, r.checked])).toEqual([
      ['4101', true],
      ['4102', false],
    ]);
    expect($$(doc, 'label.pkg').map((l) => l.getAttribute('data-product'))).toEqual(['4101', '4101', '4102']);
    expect($(doc, 'body > script:not([data-analytics])')?.textContent).toContain('[data-chooser]');
  });
  it('shows nothing when deactivated', async () => {
    const doc = await render({ productSelect: 'false' });
    expect($(doc, '[data-chooser]')).toBeNull();
    expect($(doc, 'body > script:not([data-analytics])')).toBeNull();
  });
});

describe('prices (product_override_price, withFullPrice, withShipping, discounts)', () => {
  const prices = (doc: Document) => $$(doc, 'label.pkg .price strong').map((e) => text(e));
  it('product_override_price replaces every package price (and its unit price)', async () => {
    const doc = await render({ product_override_price: 25 });
    expect(prices(doc)).toEqual(['$25.00', '$25.00', '$25.00']);
    expect($$(doc, '[data-edit="product_override_price"]').length).toBe(6);
    expect(text($$(doc, 'label.pkg')[1]?.querySelector('.unit:last-of-type'))).toContain('$12.50 each');
  });
  it('without an override the packages show their own prices', async () => {
    const doc = await render({});
    expect(prices(doc)).toEqual(['$40.00', '$70.00', '$30.00']);
    expect($(doc, '[data-edit="product_override_price"]')).toBeNull();
  });
  it('With full price shows the regular price struck through; off shows none', async () => {
    expect($$(await render({ withFullPrice: 'true' }), 'label.pkg s.full').map((e) => text(e))).toEqual([
      'Regular price $80.00',
      'Regular price $155.56',
      'Regular price $60.00',
    ]);
    expect($(await render({ withFullPrice: 'false' }), 's.full')).toBeNull();
  });
  it("With shipping shows each package's shipping; off shows none", async () => {
    const list = products();
    list[0] = { ...list[0], free_ship: false, free_shipping_text: '' } as (typeof list)[0];
    list[1] = { ...list[1], free_ship: true, free_shipping_text: '' } as (typeof list)[1];
    list[2] = { ...list[2], free_shipping_text: 'Ships free over $50' } as (typeof list)[2];
    expect($$(await render({ withShipping: 'true', products: list }), 'label.pkg .shipping').map((e) => text(e))).toEqual([
      'Plus shipping',
      'Free shipping',
      'Ships free over $50',
    ]);
    expect($(await render({ withShipping: 'false', products: list }), '.shipping')).toBeNull();
  });
  it("a package's saving and percentage come from its prices", async () => {
    const list = products();
    list[1] = { ...list[1], _regPrice: 100, _save: 12, _package_discount: 55 } as (typeof list)[1];
    const doc = await render({ products: list });
    expect(text($(doc, '[data-edit="products.1._save"]'))).toBe('Save $30.00 (30%)');
  });
});

describe("money in the funnel's currency", () => {
  it('shows every price of a EUR funnel in euros', async () => {
    const doc = await render(
      {
        withFullPrice: 'true',
        warranty: 'true',
        warrantyFrame: 'warranty1',
        recurring: true,
        recurring_product_name: 'VIP',
        recurring_product_price: 5,
        productAddonsActive: 'true',
        productAddons: [addon()],
        intShipping: [{ id: 's1', shipping_id: '1', country: 'DE', price: 4.5 }],
      },
      { currency: 'EUR' },
    );
    const body = doc.body.textContent ?? '';
    expect(body).not.toContain('$');
    expect(body).toContain('€70.00');
    expect(text($(doc, '[data-edit="recurring_product_price"]'))).toBe('€5.00');
    expect(text($(doc, '[data-edit="intShipping.0.price"]'))).toBe('€4.50');
    expect(text($(doc, '[data-edit="productAddons.0.products.0.data_price"]'))).toBe('€15.00');
  });
});

describe('content lists already rendered (intShipping, imgSlider)', () => {
  it('international shipping rows; none without entries', async () => {
    const doc = await render({
      intShipping: [
        { id: 's1', shipping_id: '4', country: 'FR', price: 0 },
        { id: 's2', shipping_id: '4', country: 'GB', price: 9.95 },
      ],
    });
    expect($$(doc, '[data-edit="intShipping"] tbody tr').map((r) => [...r.querySelectorAll('td')].map((c) => text(c)))).toEqual([
      ['France', 'Free'],
      ['United Kingdom', '$9.95'],
    ]);
    expect($(await render({ intShipping: [] }), '[data-edit="intShipping"]')).toBeNull();
  });
  it('the image slider on checkout, upsell and presell; none without slides', async () => {
    const imgSlider = [
      { id: 'slide-1', img: '/uploads/7/a.svg' },
      { id: 'slide-2', img: '/uploads/7/b.svg' },
    ];
    for (const layout of ['checkout', 'upsell', 'presell'] as const) {
      const doc = await render({ imgSlider }, { layout });
      expect($$(doc, '[data-edit="imgSlider"] img').map((i) => i.getAttribute('src'))).toEqual(['/uploads/7/a.svg', '/uploads/7/b.svg']);
    }
    expect($(await render({ imgSlider: [] }), '[data-edit="imgSlider"]')).toBeNull();
  });
});

describe('upsell pages', () => {
  it('show the override price, full price, shipping and the extras inside the order form', async () => {
    const doc = await render(
      {
        product_override_price: 19,
        withFullPrice: 'true',
        withShipping: 'true',
        warranty: 'true',
        warrantyFrame: 'warranty5',
        recurring: true,
        recurring_product_name: 'VIP',
        recurring_product_price: 5,
        productAddonsActive: 'true',
        productAddons: [addon()],
        productSizes: twoSizes(),
        productSizeActive: 'true',
      },
      { layout: 'upsell' },
    );
    expect(text($(doc, '.offer [data-edit="product_override_price"]'))).toBe('$19.00');
    // The override price at the package's own 50 % off (src/model/prices.ts), not the package's $80.
    expect(text($(doc, '.offer s.full'))).toBe('Regular price $38.00');
    expect($(doc, '.offer .shipping')).not.toBeNull();
    const form = $(doc, 'form');
    for (const sel of ['[data-edit="warranty"]', '[data-edit="recurring"]', 'fieldset.addon', 'fieldset[data-sizes]'])
      expect(form?.querySelector(sel)).not.toBeNull();
    expect($$(doc, '.wp').map((e) => text(e))[0]).toBe('$8.00');
  });
});

describe('our scripts', () => {
  // Every published page carries the analytics script (data-analytics, tests/unit/analytics); the others come with their settings.
  it('are inline, small, and only there when a setting needs them', async () => {
    const doc = await render({
      skipPage: 'true',
      skipPagePath: '/upsell1/',
      productSelect: 'true',
      productSizes: twoSizes(),
      productSizeActive: 'true',
    });
    // The skip redirect in the head, the size and product choice at the end of the body.
    const scripts = $$(doc, 'script:not([data-analytics])');
    expect(scripts.map((x) => x.parentElement?.tagName)).toEqual(['HEAD', 'BODY']);
    for (const x of scripts) expect(x.hasAttribute('src')).toBe(false);
    expect(scripts.reduce((n, x) => n + (x.textContent ?? '').length, 0)).toBeLessThan(1500);
    expect($$(await render({}), 'script:not([data-analytics])').length).toBe(0);
  });
});

describe("the funnel's FAQ (details.faq, the Details tab's Faq editor)", () => {
  const faq: Funnel['details']['faq'] = [
    {
      uid: 'a',
      faq_id: 'f1',
      faq_question: 'How soon will I see results?',
      faq_content: [
        { uid: 'p1', faq_ct_text: '<p>Within <strong>2 weeks</strong>.</p>' },
        { uid: 'p2', faq_ct_text: '<p>Keep using it.</p>' },
      ],
    },
    { uid: 'b', faq_id: 'f2', faq_question: '', faq_content: [{ uid: 'p3', faq_ct_text: 'An answer without a question' }] },
    { uid: 'c', faq_id: 'f3', faq_question: 'Is it safe?', faq_content: [{ uid: 'p4', faq_ct_text: '<p onclick="x()">Yes<script>alert(1)</script></p>' }] },
  ];
  const renderFaq = async (page_type: Page['page_type'], items = faq) =>
    new JSDOM(
      await renderPage(
        { ID: 2, name: 'Page', page_type, page_path: '/checkout/', page_id: 3, page_alt_id: null, split: [], meta: { products: products() } },
        { layout: page_type === 'upsell1' ? 'upsell' : page_type === 'thankyou' ? 'thankyou' : 'checkout', meta: {} },
        { ...funnel, details: { ...funnel.details, faq: items } },
        { pagesById: pages },
      ),
    ).window.document;

  it('shows each question with its answer paragraphs, formatting kept and scripts removed; a blank question is left out', async () => {
    const doc = await renderFaq('checkout');
    const items = $$(doc, '.faq details');
    expect(items.map((d) => text(d.querySelector('summary')))).toEqual(['How soon will I see results?', 'Is it safe?']);
    expect(items[0]?.querySelector('strong')?.textContent).toBe('2 weeks');
    expect(items[0]?.querySelectorAll('p')).toHaveLength(2);
    expect(items[1]?.innerHTML).not.toMatch(/script|onclick/);
    expect(text(items[1])).toContain('Yes');
  });

  it('shows on checkout and thank-you pages, not on upsells, and nothing without questions', async () => {
    expect($(await renderFaq('thankyou'), '.faq')).not.toBeNull();
    expect($(await renderFaq('upsell1'), '.faq')).toBeNull();
    expect($(await renderFaq('checkout', []), '.faq')).toBeNull();
  });
});

describe('redirect (meta redirect{path, ef})', () => {
  const head = (doc: Document) => doc.head.innerHTML;
  it('sends visitors to a page path of the site (relative link), with their query string when ef is on', async () => {
    const doc = await render({ redirect: { path: '/upsell1/', ef: true } });
    expect($(doc, 'meta[http-equiv="refresh"]')?.getAttribute('content')).toBe('0; url=../upsell1/');
    expect(head(doc)).toContain('location.replace(new URL("../upsell1/",location.href).href.split(\'?\')[0]+location.search)');
  });
  it('sends visitors to an https address without their query string when ef is off', async () => {
    const doc = await render({ redirect: { path: 'https://example.com/offer?x=1', ef: false } });
    expect($(doc, 'meta[http-equiv="refresh"]')?.getAttribute('content')).toBe('0; url=https://example.com/offer?x=1');
    expect(head(doc)).not.toContain('location.search');
  });
  it('does nothing without a path, or with a path that is not a page path or an http(s) address', async () => {
    for (const redirect of [{ path: '', ef: true }, { path: 'javascript:alert(1)' }, { path: '//evil.example/' }]) {
      const doc = await render({ redirect });
      expect($(doc, 'meta[http-equiv="refresh"]')).toBeNull();
      expect(head(doc)).not.toContain('location.replace');
    }
  });
});

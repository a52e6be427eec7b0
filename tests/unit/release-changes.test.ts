/**
 * "What goes live": releaseChanges says the business-level differences between two
 * release snapshots in sentences — one kind of change per test, the first release, and no change.
 */
import { describe, expect, it } from 'vitest';
import { releaseChanges, ReleaseSnapshotSchema, type ReleasePage, type ReleaseSnapshot } from '../../src/model/releases.ts';
import { DEFAULT_RELEASES_KEPT, loadConfig, releasesKeptOf } from '../../src/server/config.ts';

const product = (uid: string, name: string, price: number, extra: Record<string, unknown> = {}) => ({
  uid,
  product_id: 1,
  product_data_name: name,
  _price: price,
  _regPrice: price * 2,
  _warranty: 5,
  _quantity: 1,
  _package_name: 'Single',
  sellOut: false,
  ...extra,
});
const addon = (id: string, name: string, price: number) => ({
  id,
  name,
  frame: 'frame1',
  type: 'normal',
  color: 'blue',
  products: [{ uid: `${id}-p`, id: '7', data_name: 'Pillowcase', data_price: price, quantity: 1 }],
});

const page = (ID: number, name: string, page_path: string, extra: Partial<ReleasePage> = {}): ReleasePage => ({
  ID,
  name,
  page_path,
  page_type: 'presell',
  page_id: null,
  page_alt_id: null,
  split: [],
  template_id: 1,
  meta: {},
  ...extra,
});

/** A 5-page funnel: Presell → Checkout → Upsell 1 → Upsell 2 → Thank You. */
function base(): ReleaseSnapshot {
  return ReleaseSnapshotSchema.parse({
    funnel: { ID: 1, name: 'GlowSkin US', offer: 10231, page_id: 1, currency: 'USD', details: { GTM: 'GTM1' }, version: 3 },
    offer_name: 'GlowSkin Serum',
    templates: { 1: 'Presell A', 2: 'Checkout A', 3: 'Checkout B' },
    pages: [
      page(1, 'Presell', '/', { page_id: 2, meta: { headline: 'Hello' } }),
      page(2, 'Checkout', '/checkout/', {
        page_type: 'checkout',
        template_id: 2,
        page_id: 3,
        page_alt_id: 5,
        meta: {
          headline: 'Buy',
          products: [product('p1', 'GlowSkin Serum', 49), product('p2', 'Night Cream', 29)],
          productAddons: [addon('addon-1', 'Silk pillowcase', 12.99)],
          productAddonsActive: 'true',
          warranty: 'false',
        },
      }),
      page(3, 'Upsell 1', '/upsell1/', { page_type: 'upsell1', page_id: 4, page_alt_id: 4 }),
      page(4, 'Upsell 2', '/upsell2/', { page_type: 'upsell2', page_id: 5 }),
      page(5, 'Thank You', '/thank-you/', { page_type: 'thankyou' }),
    ],
  });
}

/** `base()` changed by `edit` (on a deep copy). */
function edited(edit: (s: ReleaseSnapshot) => void): ReleaseSnapshot {
  const s = structuredClone(base());
  edit(s);
  return s;
}
const pageOf = (s: ReleaseSnapshot, id: number): ReleasePage => {
  const p = s.pages.find((x) => x.ID === id);
  if (!p) throw new Error(`no page ${id}`);
  return p;
};
const productsOf = (s: ReleaseSnapshot, id: number) => pageOf(s, id).meta.products as Record<string, unknown>[];

/**
 * One kind of change per row, each its own test: the test's name, the edit made to {@link base}
 * and the sentences releaseChanges says it in.
 */
const ONE_KIND: [name: string, edit: (s: ReleaseSnapshot) => void, said: string[]][] = [
  [
    'pages added and removed, by name and path',
    (s) => {
      s.pages = s.pages.filter((p) => p.ID !== 4);
      s.pages.push(page(6, 'Upsell 3', '/upsell3/', { page_type: 'upsell2' }));
    },
    ['Page added: Upsell 3 (/upsell3/)', 'Page removed: Upsell 2 (/upsell2/)'],
  ],
  [
    'a page renamed, moved to another path, of another type, with another template',
    (s) => {
      const c = pageOf(s, 2);
      c.name = 'Order';
      c.page_path = '/order/';
      c.template_id = 3;
      pageOf(s, 5).page_type = 'thanksagain';
    },
    [
      'Page "Checkout" renamed to "Order"',
      'Order moved to /order/ (was /checkout/)',
      'Order now uses Checkout B (was Checkout A)',
      'Thank You is now a thanksagain page (was thankyou)',
    ],
  ],
  [
    'prices changed, by product name ("Checkout: GlowSkin Serum price 49.00 → 39.00")',
    (s) => {
      const [serum] = productsOf(s, 2);
      serum!._price = 39;
      serum!._regPrice = 78;
    },
    ['Checkout: GlowSkin Serum price 49.00 → 39.00', 'Checkout: GlowSkin Serum regular price 98.00 → 78.00'],
  ],
  [
    'products added, removed, sold out',
    (s) => {
      const list = productsOf(s, 2);
      list.splice(1, 1);
      list.push(product('p9', 'Eye Gel', 19));
      list[0]!.sellOut = true;
    },
    ['Checkout: GlowSkin Serum marked sold out', 'Checkout: product Eye Gel added', 'Checkout: product Night Cream removed'],
  ],
  [
    'a toggle the page type does not have is not reported as switched on (src/model/page-panels.ts)',
    (s) => {
      // Presell and thank-you pages have no packages: these settings are neither offered nor rendered there.
      Object.assign(pageOf(s, 1).meta, { withShipping: 'true', warranty: 'true', productAddonsActive: 'true', productSelect: 'true', recurring: true });
      Object.assign(pageOf(s, 5).meta, { outOfStock: 'true', skipPage: 'true' });
      // An upsell has them, but not Product Select (it offers one product).
      Object.assign(pageOf(s, 3).meta, { withShipping: 'true', productSelect: 'true' });
    },
    ['Upsell 1: with shipping switched on'],
  ],
  [
    'flow edges: next, skip, split rules and the index page',
    (s) => {
      pageOf(s, 1).page_id = 3;
      pageOf(s, 3).page_alt_id = null;
      pageOf(s, 4).split = [{ type: 'percent', param: '', value: '50' }];
      s.funnel.page_id = 2;
    },
    [
      'The index page is now Checkout (was Presell)',
      'Presell now leads to Upsell 1 (was Checkout)',
      'Upsell 1 now skips to nothing (was Upsell 2)',
      'Split rules changed on Upsell 2',
    ],
  ],
  [
    'offer, funnel name and other funnel settings',
    (s) => {
      s.funnel.name = 'GlowSkin CA';
      s.funnel.offer = 10232;
      s.offer_name = 'GlowSkin Night';
      (s.funnel.details as Record<string, unknown>).GTM = 'GTM2';
    },
    ['Funnel renamed to "GlowSkin CA" (was "GlowSkin US")', 'Offer changed to GlowSkin Night (10232) (was GlowSkin Serum (10231))', 'Funnel settings changed'],
  ],
  [
    '"Texts changed on <page>" once per page for any other meta change',
    (s) => {
      pageOf(s, 1).meta.headline = 'Hi';
      pageOf(s, 1).meta.subject = 'New';
      const c = pageOf(s, 2);
      c.meta.headline = 'Order now';
      productsOf(s, 2)[1]!.product_data_name = 'Night Cream';
      productsOf(s, 2)[1]!.free_gift = 'A sample';
    },
    ['Texts changed on Presell', 'Texts changed on Checkout'],
  ],
];

describe('releaseChanges', () => {
  it.each(ONE_KIND)('%s', (_name, edit, said) => {
    expect(releaseChanges(base(), edited(edit))).toEqual(said);
  });
  it('says "First release" before anything was published', () => {
    expect(releaseChanges(null, base())).toEqual(['First release: 5 pages']);
    expect(
      releaseChanges(
        null,
        edited((s) => {
          s.pages = s.pages.slice(0, 1);
        }),
      ),
    ).toEqual(['First release: 1 page']);
  });

  it('says nothing when nothing changed (a new version number or key order is not a change)', () => {
    expect(releaseChanges(base(), base())).toEqual([]);
    const reordered = edited((s) => {
      s.funnel.version = 9;
      const c = pageOf(s, 2);
      c.meta = Object.fromEntries(Object.entries(c.meta).reverse());
    });
    expect(releaseChanges(base(), reordered)).toEqual([]);
  });

  it('names a package when two products on the page share a name', () => {
    const twin = (s: ReleaseSnapshot) => productsOf(s, 2).push(product('p3', 'GlowSkin Serum', 89, { _package_name: 'Studio', _quantity: 2 }));
    const before = edited(twin);
    const after = edited((s) => {
      twin(s);
      productsOf(s, 2)[2]!._price = 79;
    });
    expect(releaseChanges(before, after)).toEqual(['Checkout: GlowSkin Serum (Studio) price 89.00 → 79.00']);
  });

  it('addons and toggles switched on and off, addons added and removed, addon prices', () => {
    const after = edited((s) => {
      const m = pageOf(s, 2).meta;
      m.productAddonsActive = 'false';
      m.warranty = 'true';
      const addons = m.productAddons as ReturnType<typeof addon>[];
      addons[0]!.products[0]!.data_price = 9.99;
      addons.push(addon('addon-2', 'Gift wrap', 3));
    });
    expect(releaseChanges(base(), after)).toEqual([
      'Checkout: product addons switched off',
      'Checkout: warranty switched on',
      'Checkout: addon Silk pillowcase, Pillowcase price 12.99 → 9.99',
      'Checkout: addon Gift wrap added',
    ]);
    const removed = edited((s) => {
      pageOf(s, 2).meta.productAddons = [];
    });
    expect(releaseChanges(base(), removed)).toEqual(['Checkout: addon Silk pillowcase removed']);
  });
});

describe('RELEASES_KEPT', () => {
  it('defaults to 20, takes a whole number of at least 1, and stops the server on anything else', () => {
    expect(DEFAULT_RELEASES_KEPT).toBe(20);
    expect(loadConfig({}).releasesKept).toBe(20);
    expect(loadConfig({ RELEASES_KEPT: '3' }).releasesKept).toBe(3);
    expect(releasesKeptOf('')).toBe(20);
    expect(releasesKeptOf(' 1 ')).toBe(1);
    for (const bad of ['0', '-1', '2.5', 'ten', '1e3']) expect(() => releasesKeptOf(bad)).toThrow(/^RELEASES_KEPT must be a whole number of at least 1/);
  });
});

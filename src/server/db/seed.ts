/**
 * The demo data loaded on first start (empty database) and reused by tests and fixtures.
 * `demoData()` is pure (plain objects with fixed IDs, plaintext demo passwords);
 * `seedDemo(db)` hashes the passwords and inserts everything in one transaction.
 *
 * Source: src/server/README.md (`db/seed.ts`); 000 §3, §9; 001 §3, §9.
 */
import { count, sql } from 'drizzle-orm';
import {
  FunnelDetailsSchema,
  funnelView,
  newPageProduct,
  type Funnel,
  type Offer,
  type Page,
  type PageProduct,
  type Product,
  type RoleName,
  type Store,
  type Template,
} from '../../model/index.ts';
import { PRODUCT_VERTICALS } from '../../model/constants.ts';
import { DEMO_DNS_RECORDS, DEMO_FUNNEL_FIELDS } from '../../model/demo-records.ts';
import { hashPassword } from '../auth/passwords.ts';
import { DEFAULT_DEMO_ORDERS, demoScaleOf, type DemoScale } from '../config.ts';
import { DEFAULT_META, type Layout } from '../publish/defaults.ts';
import { toFunnel, toPage, toTemplate } from '../repo.ts';
import { oneRow, rowsOf, type Db, type Tx } from './index.ts';
import * as schema from './schema.ts';

/** A demo account; `password` is plaintext here and hashed by {@link seedDemo}. */
export interface DemoUser {
  user_id: number;
  name: string;
  nickname: string;
  email: string;
  password: string;
  role: RoleName;
  role_id: number;
}

/** A demo domain or subdomain (`parent_id` set) with its DNS zone. */
export interface DemoDomain {
  ID: number;
  name: string;
  funnel_id: number | null;
  parent_id?: number | null;
  zone_id?: string | null;
  sync?: boolean;
}

/** Rows of the other demo tables, as inserted. */
type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** A demo audit note. */
export interface DemoNote {
  funnel_id: number;
  title: string;
  message: string;
  task_url: string;
  user_id: number;
}

/** Everything the demo database holds. IDs are fixed so fixtures can refer to them. */
export interface DemoData {
  roles: { id: number; name: RoleName }[];
  users: DemoUser[];
  stores: Store[];
  offers: Offer[];
  products: Product[];
  templates: Template[];
  funnels: Funnel[];
  pages: Page[];
  domains: DemoDomain[];
  notes: DemoNote[];
  shippings: Row<typeof schema.shippings>[];
  platformCatalog: Row<typeof schema.platformCatalog>[];
  categories: Row<typeof schema.categories>[];
  campaigns: Row<typeof schema.campaigns>[];
  dnsZones: Row<typeof schema.dnsZones>[];
  dnsRecords: Row<typeof schema.dnsRecords>[];
  blockers: Row<typeof schema.blockers>[];
  pixels: Row<typeof schema.pixels>[];
  scrubs: Row<typeof schema.scrubs>[];
}

/** Demo accounts (e-mail → password, role); the login page accepts these on a fresh database. */
export const DEMO_USERS = {
  admin: { email: 'admin@example.com', password: 'Admin!2345' },
  operator: { email: 'operator@example.com', password: 'Operator!2345' },
  sticky: { email: 'sticky@example.com', password: 'Sticky!2345' },
} as const;

const clone = <T>(v: T): T => structuredClone(v);

/** Builds a template row from a layout's default meta. */
function template(ID: number, name: string, page_type: Template['page_type'], layout: Exclude<Layout, 'split'>, template_host_url: string): Template {
  return { ID, name, page_type, layout, template_host_url, meta: clone(DEFAULT_META[layout]), archived: false, version: 1 };
}

/** Check-out page products for quantities 1–5 of `product` at `unitPrices[i]` per unit. */
function packages(product: Product, quantities: number[], packagePrices: number[], features: string[][]): PageProduct[] {
  return quantities.map((q, i) => {
    const price = packagePrices[i];
    if (price === undefined) throw new Error(`No package price for quantity ${q}`);
    const p = newPageProduct({ product_id: product.product_id, name: product.name }, price, q);
    p.features = (features[i] ?? []).map((f) => ({ f }));
    p.free_ship = q >= 3;
    p.free_shipping_text = q >= 3 ? 'FREE Shipping' : '';
    p.preselected = i === Math.min(1, quantities.length - 1);
    p.popularity = i === 1 ? 'Most Popular' : i === quantities.length - 1 ? 'Best Seller' : '';
    p.product_info = `${q} x ${product.name}`;
    return p;
  });
}

/** The demo funnel with every page-editor setting switched on (see `everyFeature`). */
export const EVERY_FEATURE_FUNNEL_ID = 4;

/** The demo slides of the every-feature funnel (uploaded to its gallery as `/uploads/4/<name>`). */
export const FEATURE_SLIDES = ['lumahair-slide-1.svg', 'lumahair-slide-2.svg'] as const;

/** A 16:9 slide for the every-feature funnel's image slider (a small SVG, n = 1, 2, …). */
const slideSvg = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${n % 2 ? '#fde68a' : '#bfdbfe'}"/><stop offset="1" stop-color="#fff"/></linearGradient></defs><rect width="640" height="360" fill="url(#g)"/><circle cx="320" cy="180" r="${90 + n * 10}" fill="#1d4ed8" opacity=".15"/><text x="320" y="195" font-family="sans-serif" font-size="40" text-anchor="middle" fill="#1b2230">LumaHair ${n}</text></svg>`;

/**
 * The demo gallery files the seeded pages show: `{ key: '<funnelId>/<name>', name, data }`
 * for the file storage (written once, right after the first seed, so a fresh demo's image
 * slider shows its images).
 */
export function demoGalleryFiles(): { key: string; name: string; data: string }[] {
  return FEATURE_SLIDES.map((name, i) => ({ key: `${EVERY_FEATURE_FUNNEL_ID}/${name}`, name, data: slideSvg(i + 1) }));
}

/**
 * Switches every page-editor setting on for the pages of the demo funnel 4 (every
 * panel setting reaches the page, 000 §3, §4, §9): checkout packages of two products (Product
 * Select) priced so each package's discount is the seed's (000 §9 "Page products"), sizes,
 * addons of every type in all 8 frames and 5 colours, warranty frames with per-package and
 * journey prices, the VIP offer, With shipping, With full price, international shipping, the
 * image slider and reviews; an upsell with an override price; and a bridge page with Skip Page.
 */
function everyFeature(flowPages: Page[], serum: Product, pillow: Product, vip: Product): Page[] {
  const [presell, checkout, up1, up2, thanks] = flowPages;
  if (!presell || !checkout || !up1 || !up2 || !thanks) throw new Error('The every-feature flow needs 5 pages');
  const slides = FEATURE_SLIDES.map((n, i) => ({ id: `slide-${i + 1}`, img: `/uploads/${EVERY_FEATURE_FUNNEL_ID}/${n}` }));
  const sizes = [
    { id: 'size-s', name: 'S' },
    { id: 'size-m', name: 'M' },
    { id: 'size-l', name: 'L' },
  ];
  const flags = { withShipping: 'true', withFullPrice: 'true', outOfStock: 'false', productSizes: sizes, productSizeActive: 'true' };
  const ship = [
    { id: 'shipping-1', shipping_id: '4', country: 'DE', price: 0 },
    { id: 'shipping-2', shipping_id: '4', country: 'FR', price: 4.95 },
    { id: 'shipping-3', shipping_id: '4', country: 'GB', price: 9.95 },
  ];
  const item = (id: number, name: string, price: number, org: number, quantity = 1, data_size = '', discount = price) => ({
    id: String(id),
    data_name: name,
    data_box_name: '',
    data_price: price,
    data_discount_price: discount,
    data_org: org,
    data_save: Math.round((org - price) * 100) / 100,
    data_discount: org > 0 ? Math.round((1 - price / org) * 100) : 0,
    data_size,
    quantity,
    tag: '',
  });
  const types = ['normal', 'journey', 'multi', 'bundle', 'product', 'normal', 'journey', 'product'] as const;
  const colors = ['blue', 'pink', 'orange', 'red', 'white', 'blue', 'pink', 'white'] as const;
  const addons = types.map((type, i) => ({
    id: `addon-${i + 1}`,
    name:
      [
        'Silk pillowcase',
        'Scalp serum at the journey price',
        'Pick your extra',
        'Night care bundle',
        'Serum 2-pack',
        'Gift wrap',
        'Travel pouch',
        'Pillowcase 2-pack',
      ][i] ?? 'Extra',
    description: i % 2 === 0 ? 'Goes well with your order. Add it now, it ships in the same parcel.' : '',
    frame: `frame${i + 1}` as const,
    type,
    color: colors[i] ?? 'blue',
    place: 'below the packages',
    tag: i < 5 ? (['Best value', 'Journey price', 'Choose one', 'Bundle', 'Popular'][i] ?? '') : '',
    products:
      type === 'multi' || type === 'bundle'
        ? [item(pillow.product_id, pillow.name, 14.99, 19.99, 1, 'M'), item(serum.product_id, serum.name, 17.99, 24.99)]
        : type === 'product'
          ? [item(serum.product_id, serum.name, 39.98, 49.98, 2)]
          : [item(pillow.product_id, pillow.name, 12.99, 19.99, 1, i === 0 ? 'S' : '', 9.99)],
  }));
  const regFor = (p: PageProduct) => Math.round((p._price / (1 - p._package_discount / 100)) * 100) / 100;
  const agree = (p: PageProduct): PageProduct => ({
    ...p,
    _regPrice: regFor(p),
    _save: Math.round((regFor(p) - p._price) * 100) / 100,
    free_shipping_text: p.free_ship ? 'Free shipping' : '',
  });
  const serumPkgs = packages(serum, [1, 2], [24.99, 44.98], [['1-month supply'], ['2-month supply']]).map((p) => ({
    ...p,
    preselected: false,
    popularity: '',
  }));
  checkout.meta = {
    ...checkout.meta,
    ...flags,
    products: [...(checkout.meta.products ?? []), ...serumPkgs].map(agree),
    productSelect: 'true',
    productAddons: addons,
    productAddonsActive: 'true',
    warranty: 'true',
    warrantyFrame: 'warranty4',
    warrantyText: 'Add our 2-year warranty: a free replacement if anything goes wrong.',
    warrantyJourney: 'false',
    recurring: true,
    recurring_offer_id: '20322',
    recurring_product_id: String(vip.product_id),
    recurring_product_price: vip.product_price,
    recurring_product_name: 'LumaHair VIP Club',
    recurring_campaigns: [{ ID: '12301', country: 'DE' }],
    intShipping: ship,
    intShippingTitle: 'Shipping to your country',
    imgSlider: slides,
    extraReviews: [
      {
        id: 'review-x1',
        avatar: '',
        user: 'Lena B.',
        reviewTitle: 'Shiny hair',
        review: '<p>My hair feels <strong>thicker</strong> after six weeks.</p>',
        country: 'DE',
      },
    ],
  };
  for (const [up, frame, journey] of [
    [up1, 'warranty2', 'false'],
    [up2, 'warranty5', 'true'],
  ] as const) {
    up.meta = {
      ...up.meta,
      ...flags,
      products: (up.meta.products ?? []).map(agree),
      warranty: 'true',
      warrantyFrame: frame,
      warrantyText: '',
      warrantyJourney: journey,
      imgSlider: slides,
      productAddons: addons.slice(up === up1 ? 0 : 4, up === up1 ? 4 : 8),
      productAddonsActive: 'true',
      recurring: up === up2,
      recurring_product_name: 'LumaHair VIP Club',
      recurring_product_price: vip.product_price,
      recurring_product_id: String(vip.product_id),
    };
  }
  up1.meta.product_override_price = 9.99;
  presell.meta = { ...presell.meta, imgSlider: slides };
  const bridge: Page = {
    ID: 21,
    funnel_id: EVERY_FEATURE_FUNNEL_ID,
    name: 'Bridge – Skip Page',
    page_type: 'interstitial',
    page_path: '/bridge/',
    template_id: null,
    page_id: checkout.ID,
    page_alt_id: null,
    split: [],
    version: 1,
    meta: { ...clone(DEFAULT_META.presell), headline: 'One moment, taking you to your offer', skipPage: 'true', skipPagePath: '/checkout/' },
  };
  return [presell, checkout, up1, up2, thanks, bridge];
}

/**
 * The demo data set: 3 roles and users, 2 stores, 4 offers (sticky and 29next) with 3–5
 * products each, 5 templates (presell, checkout, upsell1, upsell2, thankyou), 4 funnels whose
 * pages run presell → checkout → upsell1 → upsell2 → thankyou (the third is locked; the fourth
 * has every page-editor setting on, see `everyFeature`), and domains. Returns fresh objects on every call.
 */
export function demoData(): DemoData {
  const roles = [
    { id: 1, name: 'admin' as const },
    { id: 2, name: 'operator' as const },
    { id: 3, name: 'sticky' as const },
  ];
  const users: DemoUser[] = [
    { user_id: 1, name: 'Ada Admin', nickname: 'ada', ...DEMO_USERS.admin, role: 'admin', role_id: 1 },
    { user_id: 2, name: 'Oscar Operator', nickname: 'oscar', ...DEMO_USERS.operator, role: 'operator', role_id: 2 },
    { user_id: 3, name: 'Sam Sticky', nickname: 'sam', ...DEMO_USERS.sticky, role: 'sticky', role_id: 3 },
  ];
  const stores: Store[] = [
    { ID: 1, name: 'Sticky US Store' },
    { ID: 2, name: '29next Global Store' },
  ];
  const offers: Offer[] = [
    { ID: 1, offer_id: 10231, ef_offer_id: 512, name: 'GlowSkin Vitamin C Serum', platform: 'sticky', store_id: 1 },
    { ID: 2, offer_id: 10245, ef_offer_id: 518, name: 'PureBrite Teeth Whitening Kit', platform: 'sticky', store_id: 1 },
    { ID: 3, offer_id: 20310, ef_offer_id: 733, name: 'FlexFit Resistance Bands', platform: '29next', store_id: 2 },
    { ID: 4, offer_id: 20322, ef_offer_id: null, name: 'LumaHair Growth Gummies', platform: '29next', store_id: 2 },
  ];
  let pid = 0;
  const offerIdOf = (ID: number) => (offers.find((o) => o.ID === ID) as Offer).offer_id;
  // Every demo product carries the product form's required description (001 §5), so each one
  // can be opened and saved unchanged (demo data is valid).
  const product = (
    offer: number,
    product_id: number,
    name: string,
    sku: string,
    price: number,
    category: string,
    billing = 2,
  ): Product & { description: string } => ({
    ID: ++pid,
    product_id,
    offer_id: offerIdOf(offer),
    name,
    sku,
    product_price: price,
    product_category: category,
    billing_model: billing,
    shipping_id: null,
    description: `${name}: ${category.toLowerCase()} from the demo store.`,
  });
  const products: Product[] = [
    product(1, 4101, 'GlowSkin Vitamin C Serum 30ml', 'GS-VC-30', 39.99, 'Skin Care'),
    product(1, 4102, 'GlowSkin Night Repair Cream', 'GS-NRC-50', 44.99, 'Skin Care'),
    product(1, 4103, 'GlowSkin Eye Renewal Gel', 'GS-EYE-15', 29.99, 'Skin Care'),
    product(1, 4104, 'GlowSkin VIP Club (monthly)', 'GS-VIP-M', 9.99, 'Skin Care', 3),
    product(2, 4201, 'PureBrite Whitening Kit', 'PB-KIT-01', 49.99, 'Teeth Whitening'),
    product(2, 4202, 'PureBrite Refill Gel Pack', 'PB-GEL-06', 19.99, 'Teeth Whitening'),
    product(2, 4203, 'PureBrite Enamel Care Toothpaste', 'PB-PASTE-2', 12.99, 'Teeth Whitening'),
    product(3, 5101, 'FlexFit Resistance Band Set', 'FF-BAND-5', 34.99, 'Sports & Fitness'),
    product(3, 5102, 'FlexFit Door Anchor', 'FF-ANCH-1', 9.99, 'Sports & Fitness'),
    product(3, 5103, 'FlexFit Workout Guide (digital)', 'FF-GUIDE', 14.99, 'Sports & Fitness'),
    product(4, 5201, 'LumaHair Gummies 60ct', 'LH-GUM-60', 29.99, 'Hair'),
    product(4, 5202, 'LumaHair Scalp Serum', 'LH-SCALP-30', 24.99, 'Hair'),
    product(4, 5203, 'LumaHair Silk Pillowcase', 'LH-SILK-1', 19.99, 'Hair'),
    product(4, 5204, 'LumaHair Subscribe & Save', 'LH-SUB-M', 24.99, 'Hair', 3),
  ];
  const templates: Template[] = [
    template(1, 'Advertorial Presell', 'presell', 'presell', '/presell/'),
    template(2, 'Classic Checkout', 'checkout', 'checkout', '/checkout/'),
    template(3, 'One-Click Upsell 1', 'upsell1', 'upsell', '/upsell1/'),
    template(4, 'One-Click Upsell 2', 'upsell2', 'upsell', '/upsell2/'),
    template(5, 'Order Confirmation', 'thankyou', 'thankyou', '/thank-you/'),
  ];

  const details = (over: Partial<Funnel['details']>): Funnel['details'] => ({ ...FunnelDetailsSchema.parse({}), ...over });
  const funnels: Funnel[] = [
    {
      ...DEMO_FUNNEL_FIELDS,
      offer: offerIdOf(1),
      details: details({
        dl_offer_name: 'GlowSkin Vitamin C Serum',
        GTM: 'GTM4X2K9',
        guarantee: '60-Day Money-Back Guarantee',
        faq: [
          {
            faq_id: 'f1',
            faq_question: 'How soon will I see results?',
            faq_content: [{ faq_ct_text: 'Most customers see brighter skin within 2–3 weeks of daily use.' }],
          },
          {
            faq_id: 'f2',
            faq_question: 'Is it suitable for sensitive skin?',
            faq_content: [{ faq_ct_text: 'Yes. It is fragrance-free and dermatologist tested.' }],
          },
        ],
      }),
      version: 1,
    },
    {
      ID: 2,
      name: 'PureBrite Whitening – Evergreen',
      offer: offerIdOf(2),
      currency: 'USD',
      language: 'en',
      countries: ['US', 'CA', 'GB'],
      page_id: 6,
      cs_number: '+1 (888) 555-0199',
      cs_email: 'care@purebrite.example',
      locked: false,
      archived: false,
      publish_status: 'progress',
      details: details({ dl_offer_name: 'PureBrite Teeth Whitening Kit', guarantee: '90-Day Smile Guarantee' }),
      version: 1,
    },
    {
      ID: 3,
      name: 'FlexFit Bands – Summer Promo',
      offer: offerIdOf(3),
      currency: 'EUR',
      language: 'de',
      countries: ['DE', 'FR'],
      page_id: 11,
      cs_number: '+49 30 5550 1234',
      cs_email: 'hilfe@flexfit.example',
      locked: true,
      archived: false,
      publish_status: 'released',
      details: details({ dl_offer_name: 'FlexFit Resistance Bands', guarantee: '30 Tage Geld-zurück-Garantie' }),
      version: 1,
    },
    {
      ID: EVERY_FEATURE_FUNNEL_ID,
      name: 'LumaHair Gummies – Every Feature',
      offer: offerIdOf(4),
      currency: 'EUR',
      language: 'en',
      countries: ['DE', 'FR'],
      page_id: 16,
      cs_number: '+49 30 5550 9876',
      cs_email: 'help@lumahair.example',
      locked: false,
      archived: false,
      publish_status: 'progress',
      details: details({ dl_offer_name: 'LumaHair Growth Gummies', guarantee: '60-Day Money-Back Guarantee' }),
      version: 1,
    },
  ];

  const byId = (id: number) => products.find((p) => p.ID === id) as Product;
  const reviews = (subject: string) => [
    {
      id: 'r1',
      avatar: '',
      user: 'Jessica M., Austin TX',
      reviewTitle: 'Worth every penny',
      review: `I was sceptical, but ${subject} really delivered. I ordered the bigger package the second time.`,
    },
    {
      id: 'r2',
      avatar: '',
      user: 'Daniel K., Toronto ON',
      reviewTitle: 'Fast shipping, great results',
      review: 'Arrived in three days and the difference after a month is obvious. Customer service was friendly too.',
    },
    {
      id: 'r3',
      avatar: '',
      user: 'Priya S., Denver CO',
      reviewTitle: 'My new favourite',
      review: 'Simple to use and it fits into my routine. Highly recommended.',
    },
  ];
  const list = (items: [string, string][]) => items.map(([boldText, listText], i) => ({ id: `l${i + 1}`, boldText, listText, img: '' }));

  type FlowSpec = {
    funnel: number;
    firstId: number;
    paths: string[];
    names: string[];
    mainProduct: Product;
    upsells: [Product, Product];
    subject: string;
    checkoutPrices: number[];
    tpl?: boolean;
  };
  const flow = (s: FlowSpec): Page[] => {
    const steps = [
      { page_type: 'presell', layout: 'presell' },
      { page_type: 'checkout', layout: 'checkout' },
      { page_type: 'upsell1', layout: 'upsell' },
      { page_type: 'upsell2', layout: 'upsell' },
      { page_type: 'thankyou', layout: 'thankyou' },
    ] as const satisfies readonly { page_type: Page['page_type']; layout: Exclude<Layout, 'split'> }[];
    return steps.map(({ page_type, layout }, i) => {
      const ID = s.firstId + i;
      const name = s.names[i];
      const page_path = s.paths[i];
      if (name === undefined || page_path === undefined) throw new Error(`Flow of funnel ${s.funnel} needs a name and a path for its ${page_type} page`);
      const meta = clone(DEFAULT_META[layout]);
      if (page_type === 'presell') {
        meta.headline = `Why everyone is talking about ${s.subject}`;
        meta.reviews = reviews(s.subject).slice(0, 2);
      }
      if (page_type === 'checkout') {
        const qty = [1, 2, 3, 4, 5].slice(0, s.checkoutPrices.length);
        meta.products = packages(s.mainProduct, qty, s.checkoutPrices, [
          ['1-month supply'],
          ['2-month supply', 'Save 55%'],
          ['3-month supply', 'Save 60%', 'FREE shipping'],
          ['4-month supply', 'Save 65%', 'FREE shipping', 'Bonus travel pouch'],
          ['5-month supply', 'Save 70%', 'FREE shipping', 'Bonus travel pouch', 'Priority support'],
        ]);
        meta.reviews = reviews(s.subject);
        meta.list = list([
          ['Clinically tested', 'formula trusted by 50,000+ customers'],
          ['Ships in 24 hours', 'from our US warehouse'],
          ['Secure checkout', 'with 256-bit SSL encryption'],
        ]);
      }
      if (page_type === 'upsell1' || page_type === 'upsell2') {
        const up = s.upsells[page_type === 'upsell1' ? 0 : 1];
        meta.headline = `Add ${up.name} at 50% off`;
        meta.products = [newPageProduct({ product_id: up.product_id, name: up.name }, Math.round(up.product_price * 50) / 100, 1)];
        meta.list = list([
          ['Pairs perfectly', `with ${s.subject}`],
          ['One click', 'no need to re-enter your card'],
        ]);
      }
      const next = i < 4 ? ID + 1 : null;
      return {
        ID,
        funnel_id: s.funnel,
        name,
        page_type,
        page_path,
        template_id: s.tpl === false ? null : i + 1, // templates 1–5 are presell … thankyou
        page_id: next,
        // Skip on an upsell jumps to the next page as well; from upsell1 that is upsell2.
        page_alt_id: page_type === 'upsell1' || page_type === 'upsell2' ? next : null,
        split: [],
        meta,
        version: 1,
      };
    });
  };
  const pages: Page[] = [
    ...flow({
      funnel: 1,
      firstId: 1,
      paths: ['/', '/checkout/', '/upsell1/', '/upsell2/', '/thank-you/'],
      names: ['Presell – Advertorial', 'Checkout', 'Upsell – Night Cream', 'Upsell – Eye Gel', 'Thank You'],
      mainProduct: byId(1),
      upsells: [byId(2), byId(3)],
      subject: 'GlowSkin Serum',
      checkoutPrices: [39.99, 69.98, 89.97, 107.96, 119.95],
    }),
    ...flow({
      funnel: 2,
      firstId: 6,
      paths: ['/article/', '/order/', '/special-offer/', '/vip/', '/thanks/'],
      names: ['Presell – Story', 'Order Page', 'Upsell – Refill Pack', 'Upsell – Toothpaste', 'Thanks'],
      mainProduct: byId(5),
      upsells: [byId(6), byId(7)],
      subject: 'PureBrite',
      checkoutPrices: [49.99, 89.98, 119.97],
    }),
    ...flow({
      funnel: 3,
      firstId: 11,
      paths: ['/', '/kasse/', '/extra/', '/extra-2/', '/danke/'],
      names: ['Vorverkauf', 'Kasse', 'Upsell – Anker', 'Upsell – Guide', 'Danke'],
      mainProduct: byId(8),
      upsells: [byId(9), byId(10)],
      subject: 'FlexFit',
      checkoutPrices: [34.99, 59.98, 79.97, 99.96],
    }),
  ];
  pages.push(
    ...everyFeature(
      flow({
        funnel: EVERY_FEATURE_FUNNEL_ID,
        firstId: 16,
        paths: ['/', '/checkout/', '/upsell1/', '/upsell2/', '/thank-you/'],
        names: ['Presell – Every Feature', 'Checkout – Every Feature', 'Upsell – Scalp Serum', 'Upsell – Silk Pillowcase', 'Thank You'],
        mainProduct: byId(11),
        upsells: [byId(12), byId(13)],
        subject: 'LumaHair',
        checkoutPrices: [29.99, 53.98, 71.97],
      }),
      byId(12),
      byId(13),
      byId(14),
    ),
  );
  const Z1 = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
  const Z2 = '1a2b3c4d5e6f708192a3b4c5d6e7f809';
  const domains: DemoDomain[] = [
    { ID: 1, name: 'glowskin-offer.com', funnel_id: 1, parent_id: null, zone_id: Z1, sync: true },
    { ID: 2, name: 'flexfit-bands.com', funnel_id: null, parent_id: null, zone_id: Z2, sync: true },
    { ID: 3, name: 'sommer.flexfit-bands.com', funnel_id: 3, parent_id: 2, zone_id: null, sync: true },
    { ID: 4, name: 'purebrite-smile.com', funnel_id: null, parent_id: null, zone_id: null, sync: false },
  ];
  const dnsZones = [
    { id: Z1, name: 'glowskin-offer.com' },
    { id: Z2, name: 'flexfit-bands.com' },
  ];
  const dnsRecords = DEMO_DNS_RECORDS.map(({ zone_name: _z, ...r }) => r);
  const shippings = [
    { ID: 1, name: 'Standard Shipping', description: 'USPS First Class, 5–7 business days', price: 6.95, shipping_code: 'STD' },
    { ID: 2, name: 'Express Shipping', description: 'UPS 2nd Day Air', price: 14.95, shipping_code: 'EXP' },
    { ID: 3, name: 'Free Shipping', description: 'Free standard shipping on bundles', price: 0, shipping_code: 'FREE' },
  ];
  const platformShippings = [
    ...shippings,
    { ID: 4, name: 'International Shipping', description: 'DHL eCommerce, 7–14 business days', price: 19.95, shipping_code: 'INTL' },
    { ID: 5, name: 'Overnight', description: 'FedEx Priority Overnight', price: 29.95, shipping_code: 'ON' },
    { ID: 6, name: 'Economy', description: 'USPS Media Mail, 8–12 business days', price: 3.95, shipping_code: 'ECO' },
  ];
  const platformCatalog = [
    ...platformShippings.map(({ ID, ...d }) => ({ kind: 'shipping', id: ID, data: d })),
    ...PRODUCT_VERTICALS.map((name, i) => ({ kind: 'category', id: 101 + i, data: { name, description: `${name} products` } })),
  ];
  const categories = [
    { ID: 1, name: 'Skin Care', sticky_id: 102, description: 'Serums, creams and gels', event_order: 7001, event_refund: 7002 },
    { ID: 2, name: 'Teeth Whitening', sticky_id: 104, description: 'Kits, gels and toothpaste', event_shipping: 7101 },
    { ID: 3, name: 'Sports & Fitness', sticky_id: 103, description: 'Bands and accessories' },
  ];
  const camp = (
    ID: number,
    campaign_id: number,
    funnel_id: number | null,
    offer: number,
    region: string,
    name: string,
    extra: Partial<Row<typeof schema.campaigns>> = {},
  ) => ({
    ID,
    campaign_id,
    funnel_id,
    offer_id: offerIdOf(offer),
    campaign_name: name,
    country_code: region === 'PP' ? 'US' : region === 'UK' ? 'GB' : region,
    regions: [region],
    payment_method: region === 'PP' ? 'paypal' : 'card',
    fulfillment: 'New Jersey',
    sufix: 'Network',
    shipping_id: 1,
    ...extra,
  });
  const campaigns = [
    camp(1, 12001, 1, 1, 'US', 'GlowSkin US Network'),
    camp(2, 12002, 1, 1, 'CA', 'GlowSkin CA Network'),
    camp(3, 12003, 1, 1, 'PP', 'GlowSkin PayPal', { scrub: true }),
    camp(4, 12101, 2, 2, 'US', 'PureBrite US', { fulfillment: 'Ecomm', sufix: 'Default' }),
    camp(5, 12102, 2, 2, 'UK', 'PureBrite UK', { fulfillment: 'Ecomm', sufix: 'Default', shipping_id: 2 }),
    camp(6, 12201, 3, 3, 'DE', 'FlexFit DE Sommer', { fulfillment: 'SRLC', sufix: 'Reship' }),
    camp(7, 12301, null, 4, 'US', 'LumaHair US VIP', { fulfillment: 'Ecomm', sufix: 'VIP Upsell1' }),
  ];
  const blockers = [
    { ID: 1, funnel_id: 1, user_ip: '198.51.100.23', user_country: '', user_email: '', user_phone: '', order_decline_limit: null },
    { ID: 2, funnel_id: 1, user_ip: '', user_country: '', user_email: 'chargeback@example.net', user_phone: '', order_decline_limit: 3 },
    { ID: 3, funnel_id: 2, user_ip: '', user_country: 'NG', user_email: '', user_phone: '', order_decline_limit: null },
  ];
  const fbCode = "<script>!function(f,b,e,v){f.fbq=f.fbq||function(){};}(window,document,'script');fbq('init','1234567890');fbq('track','PageView');</script>";
  const pixels = [
    { ID: 1, funnel_id: 1, name: 'Facebook Pixel', aff_id: '', page: 2, location: 'head', code: fbCode },
    { ID: 2, funnel_id: 1, name: 'Facebook Pixel', aff_id: '', page: 5, location: 'head', code: fbCode },
    {
      ID: 3,
      funnel_id: 1,
      name: 'Everflow Conversion',
      aff_id: '1001',
      page: 5,
      location: 'body',
      code: "<img src='https://track.example.com/conv?oid=512' width='1' height='1'>",
    },
  ];
  const scrubs = [
    { ID: 1, funnel_id: 1, affiliate_id: '', affiliate_name: 'All affiliates', scrub_pct: 10, global: true },
    { ID: 2, funnel_id: 1, affiliate_id: '1001', affiliate_name: 'Traffic Kings', scrub_pct: 25, global: false },
    { ID: 3, funnel_id: 2, affiliate_id: '1002', affiliate_name: 'Media Bros', scrub_pct: 15, global: false },
  ];
  const notes: DemoNote[] = [
    {
      funnel_id: 1,
      title: 'Launch checklist',
      message: 'Copy approved by compliance; waiting for QC on the checkout prices.',
      task_url: 'https://tasks.example.com/FA-101',
      user_id: 2,
    },
    { funnel_id: 3, title: 'Locked for the promo', message: 'Released and locked until the summer promo ends.', task_url: '', user_id: 1 },
  ];
  return {
    roles,
    users,
    stores,
    offers,
    products,
    templates,
    funnels,
    pages,
    domains,
    notes,
    shippings,
    platformCatalog,
    categories,
    campaigns,
    dnsZones,
    dnsRecords,
    blockers,
    pixels,
    scrubs,
  };
}

/**
 * Generates `n` demo orders in ONE `INSERT … SELECT … generate_series` statement (no
 * row-by-row inserts): payment methods, products and campaigns of the demo, affiliates
 * 1000–1039, 200,000 customers, spread over the last year; ~10 % scrubbed, ~85 % completed.
 * Deterministic (hashint4 of the series number), so tests and benchmarks see the same data.
 */
export async function insertDemoOrders(q: Pick<Db, 'execute'>, n: number, productIds: number[], campaignIds: number[]): Promise<void> {
  if (n <= 0) return;
  // Into an empty table, building the secondary indexes once afterwards (a sort each) is
  // about twice as fast as updating ten b-trees row by row. Same definitions as the migration.
  const { empty } = oneRow(rowsOf<{ empty: boolean }>(await q.execute(sql`SELECT NOT EXISTS (SELECT 1 FROM "orders") AS empty`)), 'the orders check');
  const indexes = empty
    ? rowsOf<{ indexname: string; indexdef: string }>(
        await q.execute(
          sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'orders' AND indexname <> 'orders_pkey'`,
        ),
      )
    : [];
  for (const i of indexes) await q.execute(sql.raw(`DROP INDEX "${i.indexname}"`));
  const step = Math.max(1, Math.floor((365 * 24 * 3600) / n));
  const ints = (a: number[]) => `ARRAY[${a.map((x) => Math.trunc(x)).join(',')}]::int[]`;
  await q.execute(
    sql.raw(`
    INSERT INTO "orders" ("CreatedAt", "payment_method", "product_id", "transaction_id", "ip", "aff_id", "campaign_id", "customer_id", "is_scrub", "is_done")
    SELECT now() - make_interval(secs => (${Math.trunc(n)} - g) * ${step} + (h1 % ${step})),
      (ARRAY['visa','mastercard','amex','discover','paypal'])[1 + h1 % 5],
      (${ints(productIds)})[1 + (h1 / 7) % ${productIds.length}],
      'txn_' || substr(md5(g::text), 1, 16),
      ((h2 >> 24) & 255)::text || '.' || ((h2 >> 16) & 255)::text || '.' || ((h2 >> 8) & 255)::text || '.' || (h2 & 255)::text,
      (1000 + h2 % 40)::text,
      (${ints(campaignIds)})[1 + (h3 / 3) % ${campaignIds.length}],
      1 + h3 % 200000,
      h3 % 10 = 0,
      h1 % 100 < 85
    FROM (
      SELECT g, (hashint4(g)::bigint & 2147483647) AS h1, (hashint4(g + 1000003)::bigint & 2147483647) AS h2,
        (hashint4(g + 2000003)::bigint & 2147483647) AS h3
      FROM generate_series(1, ${Math.trunc(n)}) AS g
    ) s`),
  );
  for (const i of indexes) await q.execute(sql.raw(i.indexdef));
  await q.execute(sql`ANALYZE "orders"`);
}

/** How much {@link insertLargeDemo} adds. */
export interface LargeDemoSize {
  /** Funnels to add. */
  funnels: number;
  /** Pages of each added funnel (copies of the first demo funnel's pages, cycled). */
  pagesPerFunnel: number;
  /** Audit entries to add (operators' notes spread over the added funnels and the last year). */
  audit: number;
}

/** `DEMO_SCALE=large`: with the demo's own, about 2,000 funnels, 20,000 pages and 1,000,000 audit entries. */
export const LARGE_DEMO: LargeDemoSize = { funnels: 2_000, pagesPerFunnel: 10, audit: 1_000_000 };

/** What {@link insertLargeDemo} added and how long each part took (milliseconds). */
export interface LargeDemoReport {
  funnels: number;
  pages: number;
  audit: number;
  ms: { funnels: number; pages: number; audit: number; total: number };
}

/**
 * Adds generated funnels, pages, domains and audit entries to a seeded demo (the large demo of
 * `DEMO_SCALE=large`; the list benchmark and tests use the same generator). Set-based
 * `INSERT … SELECT … generate_series` statements, deterministic (hashint4 of the series
 * number): names from brand × product × market words and `#n`, the demo's offers in turn,
 * status progress / qc / released, ~5 % locked, ~4 % archived, ~80 % with a domain
 * `<word>-<n>.com`. Every added funnel and page starts its log with its creation, as the
 * demo's do (001 §8), so replay and time travel work on them; the rest are notes.
 * @throws when the demo has no offers or no pages to copy (seed it first).
 */
export async function insertLargeDemo(q: Db, size: LargeDemoSize = LARGE_DEMO): Promise<LargeDemoReport> {
  const t0 = performance.now();
  const n = Math.max(0, Math.trunc(size.funnels));
  const per = Math.max(0, Math.trunc(size.pagesPerFunnel));
  const entries = Math.max(0, Math.trunc(size.audit));
  const { first } = oneRow(rowsOf<{ first: number }>(await q.execute(sql`SELECT COALESCE(MAX("ID"), 0) + 1 AS first FROM "funnels"`)), 'funnels: max');
  // The demo inserts fixed IDs and moves the sequences past them only after its transaction:
  // the rows added here take theirs from the sequences, so those start past every row first.
  for (const t of ['domains', 'pages', 'audit_logs']) {
    await q.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('"${t}"', 'ID'), COALESCE((SELECT MAX("ID") FROM "${t}"), 0) + 1, false)`));
  }
  const details = JSON.stringify(FunnelDetailsSchema.parse({}));
  const words = (a: string[]) => `ARRAY[${a.map((w) => `'${w}'`).join(',')}]`;
  const brands = words(['GlowSkin', 'LumaHair', 'Vitalis', 'PureSleep', 'FlexFit', 'NordBrew', 'Aurora', 'Keto Prime']);
  const products = words(['Serum', 'Night Cream', 'Shampoo', 'Pillow', 'Gummies', 'Collagen', 'Tea', 'Band']);
  const markets = words(['US Launch', 'CA Launch', 'UK Test', 'DE Rollout', 'Evergreen', 'Holiday', 'Retarget', 'VIP']);
  if (n > 0 && !oneRow(rowsOf<{ ok: boolean }>(await q.execute(sql`SELECT EXISTS (SELECT 1 FROM "offers") AS ok`)), 'offers').ok) {
    throw new Error('The large demo needs the demo offers: seed the demo first');
  }
  // Funnels: one statement; IDs follow the demo's.
  await q.execute(
    sql.raw(`
    INSERT INTO "funnels" ("ID", "name", "offer", "currency", "language", "countries", "page_id", "cs_number", "cs_email", "locked", "archived", "publish_status", "details")
    SELECT ${first} - 1 + g,
      (${brands})[1 + h % 8] || ' ' || (${products})[1 + (h / 8) % 8] || ' – ' || (${markets})[1 + (h / 64) % 8] || ' #' || g,
      (SELECT array_agg("offer_id" ORDER BY "ID") FROM "offers")[1 + (h / 512) % (SELECT count(*) FROM "offers")],
      'USD', 'en', '["US","CA"]'::jsonb, NULL, '+1 (888) 555-0100', 'support@example.com',
      h % 20 = 0, (h / 20) % 25 = 0,
      (ARRAY['progress','qc','released'])[1 + (h / 7) % 3],
      '${details.replace(/'/g, "''")}'::jsonb
    FROM (SELECT g, (hashint4(g + 7000003)::bigint & 2147483647) AS h FROM generate_series(1, ${n}) AS g) s`),
  );
  const last = first + n - 1;
  await q.execute(
    sql.raw(`
    INSERT INTO "domains" ("name", "funnel_id")
    SELECT lower(replace((ARRAY['glow','luma','vital','sleep','flex','brew','aurora','keto'])[1 + h % 8], ' ', '')) || '-' || (f."ID" - ${first} + 1) || '.com', f."ID"
    FROM (SELECT "ID", (hashint4("ID" + 9000011)::bigint & 2147483647) AS h FROM "funnels" WHERE "ID" BETWEEN ${first} AND ${last}) f
    WHERE f.h % 5 <> 0`),
  );
  const tFunnels = performance.now();
  // Pages: the first demo funnel's pages, cycled; a repeated page gets its copy number in its path.
  await q.execute(
    sql.raw(`
    WITH t AS (
      SELECT p.*, row_number() OVER (ORDER BY p."ID") AS k, count(*) OVER () AS m
      FROM "pages" p WHERE p."funnel_id" = (SELECT MIN("funnel_id") FROM "pages" WHERE "funnel_id" < ${first})
    )
    INSERT INTO "pages" ("funnel_id", "name", "page_type", "page_path", "template_id", "page_id", "page_alt_id", "split", "meta")
    SELECT f."ID", t."name", t."page_type", t."page_path" || CASE WHEN i > t.m THEN '-' || i ELSE '' END, t."template_id", NULL, NULL, '[]'::jsonb, t."meta"
    FROM "funnels" f
    CROSS JOIN generate_series(1, ${per}) AS i
    JOIN t ON t.k = 1 + (i - 1) % t.m
    WHERE f."ID" BETWEEN ${first} AND ${last}`),
  );
  const tPages = performance.now();
  // Creation entries (an add of the whole document at '', as recordCreated writes them).
  const funnelRows = await q
    .select()
    .from(schema.funnels)
    .where(sql`${schema.funnels.ID} BETWEEN ${first} AND ${last}`);
  for (let i = 0; i < funnelRows.length; i += 500) {
    const chunk = funnelRows.slice(i, i + 500).map((r) => funnelView(toFunnel(r)));
    await q.insert(schema.auditLogs).values(
      chunk.map((f) => ({
        type: 'diff',
        funnel_id: f.ID,
        doc: `funnel:${f.ID}`,
        ops: [{ op: 'add' as const, path: '', value: f }],
        inverse: [],
        title: 'Funnel created',
        version: f.version,
        system: true,
      })),
    );
  }
  await q.execute(
    sql.raw(`
    INSERT INTO "audit_logs" ("type", "funnel_id", "doc", "ops", "inverse", "title", "version", "system")
    SELECT 'diff', p."funnel_id", 'page:' || p."ID",
      jsonb_build_array(jsonb_build_object('op', 'add', 'path', '', 'value', jsonb_build_object(
        'ID', p."ID", 'funnel_id', p."funnel_id", 'name', p."name", 'page_type', p."page_type", 'page_path', p."page_path",
        'template_id', p."template_id", 'page_id', p."page_id", 'page_alt_id', p."page_alt_id", 'split', p."split", 'meta', p."meta", 'version', p."version"))),
      '[]'::jsonb, 'Added page ' || p."name", p."version", true
    FROM "pages" p WHERE p."funnel_id" BETWEEN ${first} AND ${last} ORDER BY p."ID"`),
  );
  const created = funnelRows.length + (n > 0 ? n * per : 0);
  const notes = Math.max(0, entries - created);
  if (n > 0 && notes > 0) {
    // A million rows into a b-tree row by row is slower than building it once afterwards
    // (as insertDemoOrders does); the definitions are read back, so they stay the migrations'.
    const indexes = rowsOf<{ indexname: string; indexdef: string }>(
      await q.execute(
        sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'audit_logs' AND indexname <> 'audit_logs_pkey'`,
      ),
    );
    for (const i of indexes) await q.execute(sql.raw(`DROP INDEX "${i.indexname}"`));
    await q.execute(
      sql.raw(`
      INSERT INTO "audit_logs" ("type", "funnel_id", "title", "message", "user_id", "system", "CreatedAt")
      SELECT 'note', ${first} + h % ${n},
        (ARRAY['Checked the checkout','Prices reviewed','Copy approved','Traffic paused','Traffic resumed','QC passed'])[1 + (h / ${n}) % 6],
        'Note ' || g, (SELECT MIN("user_id") FROM "users"), false,
        now() - make_interval(secs => (${notes} - g) * ${Math.max(1, Math.floor((365 * 24 * 3600) / Math.max(1, notes)))})
      FROM (SELECT g, (hashint4(g + 3000017)::bigint & 2147483647) AS h FROM generate_series(1, ${notes}) AS g) s`),
    );
    for (const i of indexes) await q.execute(sql.raw(i.indexdef));
  }
  const tAudit = performance.now();
  for (const t of ['funnels', 'pages', 'domains', 'audit_logs']) await q.execute(sql.raw(`ANALYZE "${t}"`));
  const tEnd = performance.now();
  return {
    funnels: n,
    pages: n * per,
    audit: n > 0 ? created + notes : 0,
    ms: { funnels: tFunnels - t0, pages: tPages - tFunnels, audit: tAudit - tPages, total: tEnd - t0 },
  };
}

/** Options of {@link seedDemo}. */
export interface SeedOptions {
  /** Orders to generate (default 50,000; config DEMO_ORDERS). */
  orders?: number;
  /** `large` adds {@link LARGE_DEMO} ({@link insertLargeDemo}); default DEMO_SCALE of the environment, else `small`. */
  scale?: DemoScale;
}

/** Moves each serial sequence past the fixed IDs inserted by the seed. */
async function bumpSequences(db: Db): Promise<void> {
  const tables: [string, string][] = [
    ['roles', 'id'],
    ['users', 'user_id'],
    ['stores', 'ID'],
    ['offers', 'ID'],
    ['products', 'ID'],
    ['templates', 'ID'],
    ['funnels', 'ID'],
    ['pages', 'ID'],
    ['domains', 'ID'],
    ['audit_logs', 'ID'],
    ['categories', 'ID'],
    ['campaigns', 'ID'],
    ['blockers', 'ID'],
    ['pixels', 'ID'],
    ['scrubs', 'ID'],
    ['orders', 'ID'],
  ];
  for (const [t, c] of tables) {
    await db.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('"${t}"', '${c}'), COALESCE((SELECT MAX("${c}") FROM "${t}"), 0) + 1, false)`));
  }
}

/**
 * Each demo funnel, page and template starts its audit log with its creation (an `add` of the
 * whole document at '', as `recordCreated` writes it), so time travel and replay
 * work on the demo as on anything created later.
 */
async function recordDemoCreation(tx: Tx, userId: number | null): Promise<void> {
  const entry = (doc: string, funnelId: number | null, title: string, value: { version: number }) => ({
    type: 'diff',
    funnel_id: funnelId,
    doc,
    ops: [{ op: 'add' as const, path: '', value }],
    inverse: [],
    title,
    message: '',
    version: value.version,
    user_id: userId,
    system: true,
  });
  const rows = [
    ...(await tx.select().from(schema.templates)).map(toTemplate).map((t) => entry(`template:${t.ID}`, null, `Added template ${t.name}`, t)),
    ...(await tx.select().from(schema.funnels)).map((f) => funnelView(toFunnel(f))).map((f) => entry(`funnel:${f.ID}`, f.ID, 'Funnel created', f)),
    ...(await tx.select().from(schema.pages)).map(toPage).map((p) => entry(`page:${p.ID}`, p.funnel_id, `Added page ${p.name}`, p)),
  ];
  if (rows.length) await tx.insert(schema.auditLogs).values(rows);
}

/**
 * Inserts {@link demoData} and `opts.orders` generated orders ({@link insertDemoOrders})
 * when the database has no users yet (first start). Passwords are hashed with bcrypt
 * (cost 10) in a worker thread (auth/passwords.ts). One transaction: all or nothing, under an advisory lock with the count read again
 * inside it, so of several servers starting together on one database exactly one seeds.
 * @returns true when the demo was inserted, false when the database already had data.
 */
export async function seedDemo(db: Db, data: DemoData = demoData(), opts: SeedOptions = {}): Promise<boolean> {
  const { n } = oneRow(await db.select({ n: count() }).from(schema.users), 'count(users)');
  if (n > 0) return false;
  // The server passes its configured scale; other callers (scripts, benches) get DEMO_SCALE or the small demo.
  const scale = opts.scale ?? demoScaleOf(process.env.DEMO_SCALE);
  const withHashes = await Promise.all(data.users.map(async (u) => ({ ...u, hash: await hashPassword(u.password) })));
  const inserted = await db.transaction(async (tx) => {
    // API processes starting together on one empty PostgreSQL: one seeds, the others find its rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('funnel-admin:seed'))`);
    const again = oneRow(await tx.select({ n: count() }).from(schema.users), 'count(users)');
    if (again.n > 0) return false;
    await tx.insert(schema.roles).values(data.roles);
    await tx.insert(schema.users).values(
      withHashes.map((u) => ({
        user_id: u.user_id,
        name: u.name,
        nickname: u.nickname,
        email: u.email,
        password: u.hash,
        role_id: u.role_id,
      })),
    );
    await tx.insert(schema.stores).values(data.stores);
    await tx.insert(schema.offers).values(data.offers.map(({ store: _s, ...o }) => o));
    await tx.insert(schema.shippings).values(data.shippings);
    await tx.insert(schema.platformCatalog).values(data.platformCatalog);
    await tx.insert(schema.products).values(data.products.map(({ shipping: _s, ...p }) => p));
    await tx.insert(schema.templates).values(data.templates);
    await tx.insert(schema.funnels).values(data.funnels);
    await tx.insert(schema.pages).values(data.pages);
    await tx.insert(schema.domains).values(data.domains);
    await recordDemoCreation(tx, data.users[0]?.user_id ?? null);
    await tx.insert(schema.auditLogs).values(data.notes.map((n) => ({ ...n, type: 'note', system: false })));
    await tx.insert(schema.dnsZones).values(data.dnsZones);
    await tx.insert(schema.dnsRecords).values(data.dnsRecords);
    await tx.insert(schema.categories).values(data.categories);
    await tx.insert(schema.campaigns).values(data.campaigns);
    await tx.insert(schema.blockers).values(data.blockers);
    await tx.insert(schema.pixels).values(data.pixels);
    await tx.insert(schema.scrubs).values(data.scrubs);
    await insertDemoOrders(
      tx,
      opts.orders ?? DEFAULT_DEMO_ORDERS,
      data.products.map((p) => p.product_id),
      data.campaigns.map((c) => c.campaign_id),
    );
    if (scale === 'large') {
      const r = await insertLargeDemo(tx);
      const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.log(
        `DEMO_SCALE=large: ${r.funnels.toLocaleString('en-US')} funnels, ${r.pages.toLocaleString('en-US')} pages, ${r.audit.toLocaleString('en-US')} audit entries in ${sec(r.ms.total)} (funnels and domains ${sec(r.ms.funnels)}, pages ${sec(r.ms.pages)}, audit ${sec(r.ms.audit)})`,
      );
    }
    return true;
  });
  if (!inserted) return false;
  await bumpSequences(db);
  // Sets the visibility map, so the orders page reads deep offsets from the indexes alone
  // (index-only scans); PGlite runs no autovacuum. Outside the transaction, as VACUUM must be.
  await db.execute(sql`VACUUM ANALYZE "orders"`);
  if (scale === 'large') await db.execute(sql`VACUUM ANALYZE "funnels"`);
  return true;
}

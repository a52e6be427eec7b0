/**
 * The route list and what it documents: {@link ROUTE_FILES} names every file of routes/ that
 * declares operations, with its `<name>.examples.ts` beside it (request and answer examples,
 * error messages, field descriptions). {@link on} adds the examples to each route's request
 * body and 2xx responses and the errors to its error responses; fields.ts registers the field
 * descriptions. `redocly lint` (tests/api/openapi.test.ts) checks each example against its
 * schema, that no operation lacks one, and that each file documents only its own operations;
 * the bad-input tests take each listed file's cases from tests/api/bad-input/<name>.ts.
 */
import { DOCS as system } from './system.examples.ts';
import { DOCS as audit } from './audit.examples.ts';
import { DOCS as deletedFunnels } from './deleted-funnels.examples.ts';
import { DOCS as campaigns } from './campaigns.examples.ts';
import { DOCS as categories } from './categories.examples.ts';
import { DOCS as domains } from './domains.examples.ts';
import { DOCS as dns } from './dns.examples.ts';
import { DOCS as shippings } from './shippings.examples.ts';
import { DOCS as users } from './users.examples.ts';
import { DOCS as dashboard } from './dashboard.examples.ts';
import { DOCS as blockers } from './blockers.examples.ts';
import { DOCS as pixels } from './pixels.examples.ts';
import { DOCS as scrubs } from './scrubs.examples.ts';
import { DOCS as orders } from './orders.examples.ts';
import { DOCS as images } from './images.examples.ts';
import { DOCS as csv } from './csv.examples.ts';
import { DOCS as live } from './live.examples.ts';
import { DOCS as search } from './search.examples.ts';
import { MSG, WRITE_MSG } from '../../model/messages.ts';
import { TEXT_MAX } from '../../model/constants.ts';
import { RELEASE_MSG } from '../../model/releases.ts';
import { urlFieldMessage } from '../../model/url.ts';
import { inUseMessage } from '../../model/usage.ts';
import { everflowOfferUnknown } from '../integrations/everflow.ts';
import { BODY_400, deleted, FUNNEL_404, IN_USE, LOCKED, PAGE, PRODUCT } from './example-fixtures.ts';

/** The request body and 2xx answer examples of one operation. */
export interface OperationExamples {
  /** Example request body (every media type of the body). */
  request?: unknown;
  /** Example 2xx answer (every 2xx status and media type of the operation). */
  response?: unknown;
}

/** Error messages an operation answers, by status: the seeds' wording (MSG) where they give one. */
export type OperationErrors = Record<number, string[]>;

/** What one route file documents, kept beside it as `routes/<name>.examples.ts` (export `DOCS`). */
export interface RouteFileDocs {
  /** Request and 2xx answer examples, by operationId (taken from the demo data as the API answers it). */
  examples: Record<string, OperationExamples>;
  /** Error messages by operationId, where they say more than the status's generic example. */
  errors?: Record<string, OperationErrors>;
  /** Descriptions of the model schemas' fields by `ExportName.field`, where the field's meaning depends on the schema. */
  fields?: Record<string, string>;
}

const FUNNEL = {
  ID: 1,
  name: 'GlowSkin Serum – US Launch',
  offer: 10231,
  currency: 'USD',
  language: 'en',
  countries: ['US', 'CA'],
  page_id: 1,
  cs_number: '+1 (888) 555-0142',
  cs_email: 'support@glowskin-offer.com',
  locked: false,
  archived: false,
  publish_status: 'qc',
  details: {
    UA: '',
    GTM: 'GTM4X2K9',
    OPT: '',
    faq: [
      {
        uid: '6d10acbe83',
        faq_id: 'f1',
        faq_content: [{ uid: '9272801a1d', faq_ct_text: 'Most customers see brighter skin within 2–3 weeks of daily use.' }],
        faq_question: 'How soon will I see results?',
      },
      {
        uid: '2ae333084e',
        faq_id: 'f2',
        faq_content: [{ uid: '82fade0039', faq_ct_text: 'Yes. It is fragrance-free and dermatologist tested.' }],
        faq_question: 'Is it suitable for sensitive skin?',
      },
    ],
    logo: '',
    manual: [],
    favicon: '',
    guarantee: '60-Day Money-Back Guarantee',
    logo_white: '',
    cf_site_key: '',
    dl_offer_name: 'GlowSkin Vitamin C Serum',
    bannerImageAffid: [],
    has_cf_secret_key: false,
    cf_secret_key_hint: '',
  },
  version: 1,
};
const TEMPLATE = {
  ID: 1,
  name: 'Advertorial Presell',
  page_type: 'presell',
  layout: 'presell',
  template_host_url: '/presell/',
  meta: {
    css: '',
    list: [
      { id: 'l1', img: '', boldText: 'Visible results', listText: 'in as little as two weeks.' },
      { id: 'l2', img: '', boldText: 'Made in the USA', listText: 'in an FDA-registered facility.' },
      { id: 'l3', img: '', boldText: '60-day guarantee', listText: 'love it or your money back.' },
    ],
    intro: 'We tested it for 30 days. The results surprised even our most sceptical editor.',
    ctaNote: 'Limited stock — offer valid today only.',
    ctaText: 'Check availability',
    eyebrow: 'Editor’s pick',
    heroAlt: '',
    reviews: [],
    subject: 'The one change that transformed my routine',
    customJs: '',
    headline: 'The one change that transformed my routine',
    keywords: '',
    heroImage: '',
    main_color: 'blue',
    description: '',
    subheadline: 'Thousands have already made the switch. Here is why it works.',
    googleSiteVerification: '',
  },
  archived: false,
  version: 1,
};
const OFFER_DETAIL = {
  ID: 1,
  offer_id: 10231,
  ef_offer_id: 512,
  name: 'GlowSkin Vitamin C Serum',
  platform: 'sticky',
  store_id: 1,
  store: { ID: 1, name: 'Sticky US Store' },
  products: [PRODUCT],
  funnels: [{ ID: 1, name: 'GlowSkin Serum – US Launch' }],
};
const FUNNEL_LIST_ITEM = { ...FUNNEL, offer_name: 'GlowSkin Vitamin C Serum', platform: 'sticky', ef_offer_id: 512, domain: 'glowskin-offer.com' };
const { products: _products, funnels: _funnels, ...OFFER } = OFFER_DETAIL;
const NEW_PRODUCT = {
  offer_id: 10231,
  product_id: 4104,
  name: 'GlowSkin Eye Gel 15ml',
  description: 'Cooling under-eye gel with caffeine',
  sku: 'GS-EG-15',
  cost_of_goods: 4.5,
  product_price: 24.99,
  shipping_weight: 0.1,
  max_quantity: 10,
  billing_model: 2,
  product_category: 'Skin Care',
  shipping_id: null,
};
/** Two releases of funnel 1, newest first. */
const RELEASES = [
  {
    ID: 12,
    CreatedAt: '2026-05-04T09:30:00.000Z',
    user: { name: 'Ada Admin' },
    live: true,
    site: 'glowskin-offer.com',
    page_count: 5,
    changes: ['Checkout: GlowSkin Serum price 49.00 → 39.00', 'Texts changed on Presell'],
  },
  {
    ID: 11,
    CreatedAt: '2026-05-03T14:05:00.000Z',
    user: { name: 'Ola Operator' },
    live: false,
    site: 'glowskin-offer.com',
    page_count: 5,
    changes: ['First release: 5 pages'],
  },
];

/** Route files whose examples, errors and field descriptions are not beside them yet. */
const NOT_YET_BESIDE: RouteFileDocs = {
  examples: {
    listFunnels: { response: [FUNNEL_LIST_ITEM] },
    createFunnel: {
      request: {
        name: 'GlowSkin Serum – CA Launch',
        offer: 10231,
        currency: 'USD',
        language: 'en',
        countries: ['CA'],
        cs_number: '+1 (888) 555-0142',
        cs_email: 'support@glowskin-offer.com',
      },
      response: FUNNEL,
    },
    getFunnel: { response: FUNNEL },
    putFunnel: {
      request: { name: FUNNEL.name, publish_status: 'released', cs_email: FUNNEL.cs_email },
      response: { ...FUNNEL, publish_status: 'released', version: 2 },
    },
    patchFunnel: {
      request: [
        { op: 'test', path: '/version', value: 1 },
        { op: 'replace', path: '/details/guarantee', value: '90-Day Money-Back Guarantee' },
      ],
      response: { ...FUNNEL, details: { ...FUNNEL.details, guarantee: '90-Day Money-Back Guarantee' }, version: 2 },
    },
    deleteFunnel: { response: deleted('Funnel', 1) },
    cloneFunnel: {
      request: { name: 'GlowSkin Serum – US Launch (copy)' },
      response: { ...FUNNEL, ID: 4, name: 'GlowSkin Serum – US Launch (copy)', page_id: 16 },
    },
    lockFunnel: { request: { locked: true }, response: { ...FUNNEL, locked: true, version: 2 } },
    archiveFunnel: { request: { archived: true }, response: { ...FUNNEL, archived: true, version: 2 } },
    listFunnelProducts: { response: [PRODUCT] },
    listFunnelPages: { response: [PAGE] },
    getPage: { response: PAGE },
    putPage: {
      request: { name: 'Presell – Advertorial B', page_path: '/presell-b/' },
      response: { ...PAGE, name: 'Presell – Advertorial B', page_path: '/presell-b/', version: 2 },
    },
    patchPage: {
      request: [{ op: 'replace', path: '/meta/headline', value: 'Why GlowSkin Serum sells out every month' }],
      response: { ...PAGE, meta: { ...PAGE.meta, headline: 'Why GlowSkin Serum sells out every month' }, version: 2 },
    },
    deletePage: { response: deleted('Page', 1) },
    getFunnelLayout: { response: { funnel_id: 1, positions: { 1: { x: 0, y: 0 }, 2: { x: 0, y: 110 } }, version: 3 } },
    patchFunnelLayout: {
      request: [{ op: 'add', path: '/positions/2', value: { x: 220, y: 110 } }],
      response: { funnel_id: 1, positions: { 1: { x: 0, y: 0 }, 2: { x: 220, y: 110 } }, version: 4 },
    },
    createPage: {
      request: { name: 'Presell – Listicle', page_type: 'presell', page_path: '/listicle/', template_id: 1, funnel_id: 1, page_id: 2 },
      response: { ...PAGE, ID: 16, name: 'Presell – Listicle', page_path: '/listicle/' },
    },
    renderPreview: {
      request: { page: PAGE },
      response:
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The one change that transformed my routine</title></head><body>…</body></html>',
    },
    getPreview: { response: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Secure checkout</title></head><body>…</body></html>' },
    publishFunnel: { response: { progress: 100, message: 'Done' } },
    listTemplates: { response: [TEMPLATE] },
    createTemplate: {
      request: { name: 'Listicle Presell', page_type: 'presell', layout: 'presell', template_host_url: '/listicle/', meta: TEMPLATE.meta },
      response: { ...TEMPLATE, ID: 10, name: 'Listicle Presell', template_host_url: '/listicle/' },
    },
    syncTemplates: { response: { progress: 100, message: 'Done' } },
    listTemplateLayouts: { response: ['presell', 'checkout'] },
    getTemplatePreviewHost: { response: { preview_host: 'https://templates.funnel-admin.test' } },
    getTemplate: { response: TEMPLATE },
    renderTemplatePreview: {
      response:
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The one change that transformed my routine</title></head><body>…</body></html>',
    },
    putTemplate: { request: { name: 'Advertorial Presell v2', archived: false }, response: { ...TEMPLATE, name: 'Advertorial Presell v2', version: 2 } },
    patchTemplate: {
      request: [{ op: 'replace', path: '/meta/ctaText', value: 'See today’s price' }],
      response: { ...TEMPLATE, meta: { ...TEMPLATE.meta, ctaText: 'See today’s price' }, version: 2 },
    },
    deleteTemplate: { response: deleted('Template', 1) },
    listOffers: { response: [OFFER] },
    createOffer: {
      request: { offer_id: 10260, ef_offer_id: 530, name: 'FlexFit Resistance Bands', platform: 'sticky', store_id: 1 },
      response: { ID: 4, offer_id: 10260, ef_offer_id: 530, name: 'FlexFit Resistance Bands', platform: 'sticky', store_id: 1, store: OFFER.store },
    },
    createOfferInWizard: {
      request: { offer_id: 10260, ef_offer_id: 530, name: 'FlexFit Resistance Bands', platform: 'sticky', store_id: 1 },
      response: { ID: 4, offer_id: 10260, ef_offer_id: 530, name: 'FlexFit Resistance Bands', platform: 'sticky', store_id: 1, store: OFFER.store },
    },
    createOfferWithPlatformId: {
      request: { ef_offer_id: 530, name: 'FlexFit Resistance Bands', platform: 'sticky', store_id: 1 },
      response: { ID: 4, offer_id: 10260, ef_offer_id: 530, name: 'FlexFit Resistance Bands', platform: 'sticky', store_id: 1, store: OFFER.store },
    },
    getOffer: { response: OFFER_DETAIL },
    updateOffer: {
      request: { offer_id: 10231, ef_offer_id: 512, name: 'GlowSkin Vitamin C Serum (US)', platform: 'sticky', store_id: 1 },
      response: { ...OFFER, name: 'GlowSkin Vitamin C Serum (US)' },
    },
    deleteOffer: { response: deleted('Offer', 1) },
    listOfferProducts: { response: [PRODUCT] },
    getProduct: { response: PRODUCT },
    updateProduct: {
      request: { ...NEW_PRODUCT, product_id: 4101, name: PRODUCT.name, sku: PRODUCT.sku, product_price: 34.99 },
      response: { ...PRODUCT, product_price: 34.99 },
    },
    deleteProduct: { response: deleted('Product', 1) },
    createProduct: { request: NEW_PRODUCT, response: { ...PRODUCT, ...NEW_PRODUCT, ID: 9 } },
    createProductBundle: {
      request: {
        offer_id: 10231,
        name: 'GlowSkin Day & Night Set',
        sku: 'GS-SET-2',
        product_price: 74.99,
        product_category: 'Skin Care',
        items: [
          { product_id: 1, quantity: 1 },
          { product_id: 2, quantity: 1 },
        ],
      },
      response: {
        ...PRODUCT,
        ID: 10,
        product_id: 4105,
        name: 'GlowSkin Day & Night Set',
        sku: 'GS-SET-2',
        product_price: 74.99,
        bundle: [
          { product_id: 1, quantity: 1 },
          { product_id: 2, quantity: 1 },
        ],
      },
    },
    listReleases: { response: RELEASES },
    getPendingChanges: {
      response: {
        live_release: 12,
        changes: ['Checkout: GlowSkin Serum price 49.00 → 39.00', 'Presell now leads to Checkout (was Upsell 1)', 'Texts changed on Presell'],
      },
    },
    rollbackRelease: { response: RELEASES.map((r) => ({ ...r, live: r.ID === 11 })) },
  },
  errors: {
    createFunnel: { 422: [MSG.newFunnelName, WRITE_MSG.tooLong('Funnel name', TEXT_MAX.name), MSG.offerRequired, MSG.countries, 'Offer not found'] },
    getFunnel: FUNNEL_404,
    putFunnel: {
      ...BODY_400('a funnel'),
      ...FUNNEL_404,
      ...LOCKED,
      422: [MSG.funnelName, MSG.countries, MSG.email, MSG.gtm, MSG.supportNumber, MSG.dlOfferName, urlFieldMessage('Logo URL')],
    },
    patchFunnel: {
      ...FUNNEL_404,
      ...LOCKED,
      409: [WRITE_MSG.testFailed('funnel')],
      422: [MSG.funnelName, MSG.countries, WRITE_MSG.secretRead, MSG.supportEmail, MSG.indexPage, MSG.imageUrl],
    },
    deleteFunnel: { ...FUNNEL_404, ...LOCKED },
    cloneFunnel: { 404: ['Source funnel not found'], 422: [MSG.cloneName, WRITE_MSG.tooLong('Clone name', TEXT_MAX.name)] },
    lockFunnel: { ...FUNNEL_404, 422: ['Locked must be true or false'] },
    archiveFunnel: { ...FUNNEL_404, ...LOCKED, 422: ['Archived must be true or false'] },
    listFunnels: {
      422: [
        'The archived filter must be true or false',
        'The status filter must be one of progress, qc, released',
        'Sort must be one of id, name, offer, platform, status, with - in front for descending',
        'Per page must be a whole number from 1 to 100',
      ],
    },
    listFunnelProducts: FUNNEL_404,
    listFunnelPages: FUNNEL_404,
    getPage: { 404: ['Page not found'] },
    putPage: {
      ...BODY_400('a page'),
      404: ['Page not found'],
      ...LOCKED,
      409: [MSG.pagePathExists],
      422: [MSG.pageName, MSG.pageType, MSG.pagePath, MSG.invalidCode('css'), MSG.invalidCode('javascript')],
    },
    patchPage: {
      404: ['Page not found'],
      ...LOCKED,
      409: [MSG.pagePathExists, WRITE_MSG.testFailed('page')],
      422: [MSG.pageName, MSG.pagePath, MSG.invalidCode('css'), MSG.invalidCode('javascript')],
    },
    deletePage: { 404: ['Page not found'], ...LOCKED },
    getFunnelLayout: FUNNEL_404,
    patchFunnelLayout: {
      ...FUNNEL_404,
      ...LOCKED,
      422: [
        'A node position must lie within ±1000000 px',
        'Node positions are keyed by page ID',
        'Funnel ID is kept by the server and cannot be changed by a patch',
      ],
    },
    createPage: {
      ...BODY_400('a page'),
      ...FUNNEL_404,
      ...LOCKED,
      409: [MSG.pagePathExists],
      422: [MSG.pageName, MSG.pageType, MSG.pagePath, 'Missing Funnel ID'],
    },
    publishFunnel: { ...FUNNEL_404, ...LOCKED },
    getTemplate: { 404: ['Template not found'] },
    renderTemplatePreview: { 404: ['Template not found'] },
    putTemplate: {
      ...BODY_400('a template'),
      404: ['Template not found'],
      422: [MSG.metaEmpty, MSG.invalidCode('css'), MSG.invalidCode('javascript'), MSG.pagePath],
    },
    patchTemplate: {
      404: ['Template not found'],
      409: [WRITE_MSG.testFailed('template')],
      422: [MSG.metaEmpty, MSG.invalidCode('css'), MSG.invalidCode('javascript'), MSG.pagePath],
    },
    deleteTemplate: {
      404: ['Template not found'],
      409: [inUseMessage('Template "One-Click Upsell 1"', IN_USE, 'Choose another template for them (and publish) first, or archive it')],
    },
    createTemplate: { ...BODY_400('a template'), 422: [MSG.metaEmpty, MSG.invalidCode('css'), MSG.invalidCode('javascript'), MSG.pagePath] },
    createOffer: { 409: [MSG.offerExists(10231)], 422: [MSG.offerIdRequired, everflowOfferUnknown(777)] },
    createOfferInWizard: { 409: [MSG.offerExists(10231)], 422: [MSG.offerIdRequired, everflowOfferUnknown(777)] },
    createOfferWithPlatformId: { 409: [MSG.offerExists(10231)], 422: [everflowOfferUnknown(777)] },
    getOffer: { 404: ['Offer not found'] },
    updateOffer: { 404: ['Offer not found'], 409: [MSG.offerExists(10245)], 422: [MSG.offerIdRequired, everflowOfferUnknown(777)] },
    deleteOffer: {
      404: ['Offer not found'],
      409: [
        inUseMessage('Offer 10231 (GlowSkin)', IN_USE.slice(0, 1), 'Attach another offer to their funnels (and publish) first'),
        'Offer 10231 is used by 1 funnel: attach another offer to it first',
      ],
    },
    listOfferProducts: { 404: ['Offer not found'] },
    getProduct: { 404: ['Product not found'] },
    updateProduct: { 404: ['Product not found'], 422: [MSG.productName, MSG.price] },
    deleteProduct: {
      404: ['Product not found'],
      409: [inUseMessage('Product 4102 (GlowSkin Night Repair Cream)', IN_USE.slice(0, 1), 'Remove it from their Products panel (and publish) first')],
    },
    createProduct: { 422: [MSG.productName, MSG.price, MSG.offerRequired] },
    createProductBundle: { 422: [MSG.productName, 'A bundle needs at least 2 products', 'Bundle products must be products of the offer'] },
    listReleases: FUNNEL_404,
    getPendingChanges: FUNNEL_404,
    rollbackRelease: {
      404: ['Funnel not found', RELEASE_MSG.notFound],
      ...LOCKED,
      409: [RELEASE_MSG.pruned('2026-05-03 14:05 UTC'), RELEASE_MSG.otherSite('glowskin-offer.com', 'glowskin.shop')],
    },
  },
  fields: {
    'FunnelSchema.name': 'Name of the funnel',
    'FunnelListItemSchema.offer_name': "Name of the funnel's offer",
    'FunnelListItemSchema.platform': 'Order platform of the offer: sticky or 29next',
    'FunnelListItemSchema.ef_offer_id': 'Everflow offer ID of the offer',
    'FunnelListItemSchema.domain': "The funnel's (first) domain, null without one",
    'NewFunnelBodySchema.details': 'Funnel details, any of them (the rest default; the captcha secret key is write-only)',
    'LockBodySchema.locked': 'True to lock the funnel, false to unlock it',
    'ArchiveBodySchema.archived': 'True to archive the funnel, false to restore it',
    'NewFunnelSchema.name': 'Name of the funnel',
    'FunnelGeneralSchema.name': 'Name of the funnel',
    'CloneFunnelSchema.name': 'Name of the clone',
    'PageSchema.name': 'Name of the page',
    'PageFormSchema.name': 'Name of the page',
    'TemplateSchema.name': 'Name of the template',
    'TemplateFormSchema.name': 'Name of the template',
    'NewTemplateBodySchema.template_host_url':
      "Preview path of the template: starts and ends with a slash ('/presell/'); a full URL on the template preview host is accepted and stored as its path",
    'TemplatePreviewHostSchema.preview_host': "The template preview host (TEMPLATE_PREVIEW_HOST): prefix of every template's stored preview path when shown",
    'SyncProgressSchema.progress': 'Percent done: never decreasing, 100 at the end, 0 in an error chunk',
    'SyncProgressSchema.message': 'What is being done, or what went wrong',
    'OfferDetailSchema.ID': 'Database ID of the offer',
    'OfferDetailSchema.name': 'Name of the offer',
    'OfferDetailSchema.products': 'The products of the offer',
    'OfferDetailSchema.funnels': 'The funnels that sell the offer (ID and name)',
    'OfferSchema.name': 'Name of the offer',
    'OfferBodySchema.name': 'Name of the offer',
    'OfferCreateByIdSchema.name': 'Name of the offer',
    'OfferFormSchema.name': 'Name of the offer',
    'OfferSchema.ID': 'Database ID of the offer',
    'ProductSchema.name': 'Name of the product',
    'ProductListRowSchema.offer': "The product's offer (its database ID, offer ID on the order platform and name); null when the offer is gone",
    'ProductOutSchema.name': 'Name of the product',
    'ProductFormSchema.name': 'Name of the product',
    'ProductBundleSchema.name': 'Name of the product',
    'ProductOutSchema.description': 'Description of the product',
    'ProductFormSchema.description': 'Description of the product',
    'ProductBundleSchema.description': 'Description of the bundle',
    'ProductBundleSchema.product_id': 'Product ID on the order platform (omitted: the platform gives one)',
    'ProductFormSchema.product_id': 'Product ID on the order platform (omitted: the platform gives one)',
  },
};
/**
 * The route list: every route file by its name under routes/ (`funnels` is routes/funnels.ts),
 * with what it documents. A new route file is one entry here (and its mount in app.ts).
 */
export const ROUTE_FILES: Record<string, RouteFileDocs> = {
  system,
  audit,
  'deleted-funnels': deletedFunnels,
  campaigns,
  categories,
  domains,
  dns,
  shippings,
  users,
  dashboard,
  blockers,
  pixels,
  scrubs,
  orders,
  images,
  csv,
  live,
  search,
};

/**
 * One table of every route file, merged. Two files naming one key is a mistake (the second
 * would silently win), so it throws at load.
 * @throws Error naming the key and the two files.
 */
function merged<T>(table: (docs: RouteFileDocs) => Record<string, T> | undefined): Record<string, T> {
  const out: Record<string, T> = {};
  const from: Record<string, string> = {};
  const files: [string, RouteFileDocs][] = [...Object.entries(ROUTE_FILES), ...[NOT_YET_BESIDE].map((d): [string, RouteFileDocs] => ['examples.ts', d])];
  for (const [file, docs] of files) {
    for (const [key, value] of Object.entries(table(docs) ?? {})) {
      if (key in out) throw new Error(`${key} is documented by both ${from[key]} and ${file}`);
      out[key] = value;
      from[key] = file;
    }
  }
  return out;
}

/** Examples by operationId, of every route file. */
export const OPERATION_EXAMPLES: Record<string, OperationExamples> = merged((d) => d.examples);
/** The messages each operation answers with an error status, by operationId: documented as that response's examples and description by {@link on}. */
export const OPERATION_ERRORS: Record<string, OperationErrors> = merged((d) => d.errors);
/** Field descriptions by `ExportName.field`, of every route file (fields.ts registers them). */
export const SCHEMA_FIELD_DESCRIPTIONS: Record<string, string> = merged((d) => d.fields);

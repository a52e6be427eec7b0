/**
 * Example objects that more than one route file's examples use (routes/<name>.examples.ts): taken
 * from the demo data (src/server/db/seed.ts) as the API answers it. An object one file uses stays
 * in that file.
 */
import { DEMO_DOMAINS } from '../../model/demo-records.ts';
import { MSG, WRITE_MSG } from '../../model/messages.ts';
import type { PageUse } from '../../model/usage.ts';
import { TOO_DEEP_MESSAGE } from '../body-limits.ts';

/** The presell template's content (template 1, Advertorial Presell): the templates' examples, and what page 1 of funnel 1 starts from. */
export const PRESELL_META = {
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
};

/** Page 1 of funnel 1 (the presell), as `GET /api/v1/pages/{id}` answers it: pages and the editor preview. */
export const PAGE = {
  ID: 1,
  funnel_id: 1,
  name: 'Presell – Advertorial',
  page_type: 'presell',
  page_path: '/',
  template_id: 1,
  page_id: 2,
  page_alt_id: null,
  split: [],
  meta: {
    ...PRESELL_META,
    list: PRESELL_META.list.slice(0, 2),
    reviews: [
      {
        id: 'r1',
        user: 'Jessica M., Austin TX',
        avatar: '',
        review: 'I was sceptical, but GlowSkin Serum really delivered. I ordered the bigger package the second time.',
        reviewTitle: 'Worth every penny',
      },
    ],
    headline: 'Why everyone is talking about GlowSkin Serum',
  },
  version: 1,
};

/** A note of funnel 1 by the operator, as the audit log answers it: the funnel's and a deleted funnel's audit log. */
export const AUDIT_NOTE = {
  ID: 1,
  funnel_id: 1,
  CreatedAt: '2026-11-22T22:25:17.093Z',
  type: 'note',
  title: 'Launch checklist',
  message: 'Copy approved by compliance; waiting for QC on the checkout prices.',
  task_url: 'https://tasks.example.com/FA-101',
  doc: null,
  ops: null,
  inverse: null,
  version: null,
  user: { name: 'Oscar Operator' },
  user_id: 2,
  system: false,
  deletable: true,
};

/** Product 1 of offer 10231, as the product routes answer it: products, offers and the funnel's products. */
export const PRODUCT = {
  ID: 1,
  product_id: 4101,
  offer_id: 10231,
  name: 'GlowSkin Vitamin C Serum 30ml',
  sku: 'GS-VC-30',
  product_price: 39.99,
  product_category: 'Skin Care',
  billing_model: 2,
  shipping_id: null,
  description: '',
  cost_of_goods: 0,
  shipping_weight: 0,
  max_quantity: 100,
  bundle: null,
  shipping: null,
};

/** The demo's domains as the grouped list answers them (root domains with their subdomains): domains and DNS. */
export const DOMAINS = [
  { ...DEMO_DOMAINS[1], children: [DEMO_DOMAINS[2]] },
  { ...DEMO_DOMAINS[0], children: [] },
  { ...DEMO_DOMAINS[3], children: [] },
] as const;

/** What a delete answers: `{ message: "<What> deleted", ID }`. */
export const deleted = (what: string, ID: number) => ({ message: `${what} deleted`, ID });

/** The 404 of a route under a funnel that does not exist. */
export const FUNNEL_404 = { 404: ['Funnel not found'] };

/** Pages a refused delete names (its 409 body carries them as `pages`). */
export const IN_USE: PageUse[] = [
  { funnel_id: 1, funnel_name: 'GlowSkin Serum – US Launch', ID: 3, name: 'Upsell 1', page_path: '/upsell1/', live: true },
  { funnel_id: 2, funnel_name: 'PureBrite', ID: 8, name: 'Special offer', page_path: '/special-offer/', live: false },
];

/** The 400s of a body that writes a document (a forbidden key, too deep a nesting). */
export const BODY_400 = (what: string) => ({ 400: [WRITE_MSG.forbiddenKey('constructor', what), TOO_DEEP_MESSAGE] });

/** The 423 of a write to a locked funnel or its children. */
export const LOCKED = { 423: [MSG.locked] };

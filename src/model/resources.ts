/**
 * Schemas of the resources around funnels (000 §3, §5, §9; 001 §3, §5, §9): campaigns,
 * categories, offers and products (forms), domains and DNS records, images, blockers,
 * pixels, scrubs, shippings, stores, users, orders, dashboard items and template forms.
 *
 * One schema per form: the SPA's react-hook-form resolver and the API validate with the
 * same object, so the first issue's message is the seeds' wording. Form inputs give
 * strings: id and number fields accept a string or a number and turn it into a number.
 * Every string has a maximum length and every number a range, so nothing unbounded reaches
 * the database.
 */
import { z } from 'zod';
import {
  BILLING_MODELS, CAMPAIGN_REGIONS, DNS_RECORD_TYPES, DNS_TTL, FULFILLMENTS, LIMITS, MAX_UPLOAD_BYTES, OFFER_SUFFIXES,
  ORDERS_PAGE_SIZE, PAGE_TYPES, PIXEL_LOCATIONS, PLATFORMS, PRODUCT_DEFAULT_MAX_QUANTITY, PRODUCT_VERTICALS, UPLOAD_EXTENSIONS,
} from './constants';
import { ProductSchema } from './catalog';
import { MSG } from './messages';
import { PAGE_PATH_RE } from './constants';
import { LAYOUT_RE } from './template';
import { PasswordSchema, ROLES } from './users';

/**
 * Messages of these resources. Where a seed gives the text it is reused from {@link MSG};
 * the rest follow the seeds' style ('Missing …', 'Please …').
 */
export const RMSG = {
  tooLong: (max: number) => `At most ${max} characters`,
  text: 'Must be text',
  campaignIdLength: `Campaign Id is at most ${LIMITS.campaignId} digits`,
  campaignOwner: 'Please select a funnel or an offer',
  campaignName: 'Missing Campaign Name',
  countryCode: 'Country code is two capital letters',
  regions: 'Please select at least one region',
  fulfillment: 'Please select fulfillment',
  sufix: 'Please select a suffix',
  paymentMethod: 'Payment method is at most 50 characters',
  campaignIds: 'Please select at least one campaign',
  stickyId: 'Missing Sticky ID',
  stickyIdLength: `Sticky ID is at most ${LIMITS.stickyId} digits`,
  eventId: `Event ids are digits only, at most ${LIMITS.eventId}`,
  offerId: 'Missing Offer ID',
  offerName: 'Missing Offer Name',
  platform: 'Please select a platform',
  store: 'Please select a store',
  selectOffer: MSG.offerRequired,
  productId: 'Product ID is digits only, at most 9',
  description: 'Missing Description',
  sku: 'Missing SKU',
  costOfGoods: 'Missing Cost of Goods',
  price: 'Missing Price',
  shippingWeight: 'Missing Shipping Weight',
  notNumber: 'Please input a number',
  range: (min: number, max: number) => `Must be from ${min} to ${max}`,
  maxQuantity: 'Max quantity must be a whole number from 1 to 100000',
  billingModel: 'Please select a billing model',
  vertical: 'Please select a product vertical',
  bundleItems: 'A bundle needs at least 2 products',
  bundleQuantity: 'Bundle quantity must be a whole number from 1 to 100',
  selectFunnel: 'Missing Funnel ID',
  selectDomain: 'Please select a domain',
  subdomain: 'Please enter a valid subdomain',
  recordType: 'Please select a record type',
  recordName: 'Please input the record name',
  recordNameInvalid: 'Record name may contain letters, digits, -, _, dots, @ or *',
  recordContent: 'Please input the record content',
  recordProxied: 'Please choose whether the record is proxied',
  ipv4: 'An A record points to an IPv4 address',
  priority: 'Priority must be a whole number from 0 to 65535',
  zoneId: 'Missing Zone ID',
  recordId: 'Missing Record ID',
  records: 'Please send at least one changed record',
  ip: 'Please input a valid IP address',
  country: 'Country is two capital letters',
  phone: 'Phone may contain digits, spaces and + ( ) -, at most 20',
  declineLimit: 'Order decline limit must be a whole number from 0 to 1000',
  blockerEmpty: 'Please input an IP, a country, an e-mail or a phone',
  scrubPct: 'Missing Scrub Percent',
  scrubPctRange: 'Scrub percent must be a whole number from 0 to 100',
  affiliateIdLength: `Affiliate ID is digits only, at most ${LIMITS.affiliateId}`,
  shippingId: 'Missing Shipping ID',
  shippingIdLength: `Shipping ID is digits only, at most ${LIMITS.shippingId}`,
  shippingName: 'Missing Shipping Name',
  pixelName: 'Missing Pixel Name',
  pixelLocation: 'Please select location',
  pixelCode: 'Missing Pixel Code',
  pixelPages: 'Please select at least one page',
  affId: 'Affiliate id is at most 50 characters',
  userName: 'Missing Name',
  userEmail: MSG.email,
  role: 'Please select a role',
  templateName: 'Missing Template Name',
  layout: 'Layout may contain only letters, digits, _ and -',
  templateMeta: MSG.metaEmpty,
  limit: 'limit must be a whole number from 1 to 100',
  page: 'page must be a whole number of 1 or more',
  sort: 'Unknown sort column',
  order: "order must be 'asc' or 'desc'",
  filters: 'filters must be a JSON object of column values',
  fileName: 'File names may contain letters, digits, ., - and _ and must end with an allowed extension',
  fileType: `Allowed types: ${UPLOAD_EXTENSIONS.join(', ')}`,
} as const;

/** Largest value of a PostgreSQL `integer` (ids). */
export const MAX_INT = 2_147_483_647;

const tooLong = RMSG.tooLong;

/** A required text field: trimmed, `required` when missing or blank, at most `max` characters. */
export const requiredText = (required: string, max = 255) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong(max));

/** An optional text field: trimmed, '' when absent, at most `max` characters. */
export const optionalText = (max = 255) => z.string({ error: RMSG.text }).trim().max(max, tooLong(max)).default('');

/**
 * A digits-only id typed into a form (a string) or sent as a number: `required` when missing
 * or blank, 'Input only numbers' when not digits, `tooLongMsg` beyond `max` digits. Output: a number.
 */
export const digitsId = (max: number, required: string, tooLongMsg: string = MSG.onlyNumbers) =>
  z.union([z.string(), z.number()], { error: required })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .pipe(z.string().min(1, required).regex(/^\d+$/, MSG.onlyNumbers).max(max, tooLongMsg))
    .transform(Number);

/** Like {@link digitsId} but optional: '', null or absent give null. */
export const optionalDigitsId = (max: number, tooLongMsg: string = MSG.onlyNumbers) =>
  z.union([z.string(), z.number(), z.null()], { error: MSG.onlyNumbers })
    .optional()
    .transform((v) => (v == null ? '' : typeof v === 'number' ? String(v) : v.trim()))
    .pipe(z.union([z.literal(''), z.string().regex(/^\d+$/, MSG.onlyNumbers).max(max, tooLongMsg)]))
    .transform((v) => (v === '' ? null : Number(v)));

/** A reference to a row (`ID`): a positive whole number within the integer range. */
export const refId = (msg: string) => z.number({ error: msg }).int(msg).min(1, msg).max(MAX_INT, msg);

/** An optional row reference: absent or null give null. */
export const optionalRefId = (msg: string) => refId(msg).nullable().optional().transform((v) => v ?? null);

/**
 * A number typed into a form or sent as a number: `required` when missing or blank,
 * `invalid` when not a finite number in [min, max] (whole when `int`).
 */
export const numberField = (required: string, invalid: string, min: number, max: number, int = false) =>
  z.union([z.number(), z.string()], { error: required })
    .transform((v, ctx) => {
      const s = typeof v === 'string' ? v.trim() : v;
      if (s === '') {
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      const n = Number(s);
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return n;
    })
    .pipe(int ? z.number().int(invalid).min(min, invalid).max(max, invalid) : z.number().min(min, invalid).max(max, invalid));

/** Money in currency units (0 … 1,000,000). */
export const moneyField = (required: string) => numberField(required, MSG.price, 0, 1_000_000);

/** A boolean switch; anything else is `msg`. */
const bool = (msg: string) => z.boolean({ error: msg });

// ---- Campaigns (000 §3, §5; 001 §3, §5) -------------------------------------------------

/** A campaign as the API answers it: 000's names plus 001's (`name`, `country`, `is_scrub`, `shipping_name`). */
export const CampaignSchema = z.object({
  ID: z.number().int(),
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  name: z.string(),
  country_code: z.string(),
  country: z.string(),
  scrub: z.boolean(),
  is_scrub: z.boolean(),
  funnel_id: z.number().int().nullable(),
  offer_id: z.number().int().nullable(),
  description: z.string(),
  sufix: z.string(),
  regions: z.array(z.enum(CAMPAIGN_REGIONS)),
  payment_method: z.string(),
  shipping_id: z.number().int().nullable(),
  shipping_name: z.string().nullable(),
  fulfillment: z.string(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

const countryCode = z.union([z.literal(''), z.string().regex(/^[A-Z]{2}$/, RMSG.countryCode)], { error: RMSG.countryCode }).default('');

/**
 * The campaign form (Add campaign by id, 000 §2; edit): campaign id digits only, at most 5
 * ('Missing Campaign Id', 'Input only numbers'); it belongs to a funnel or an offer.
 */
export const CampaignFormSchema = z.object({
  campaign_id: digitsId(LIMITS.campaignId, MSG.campaignId, RMSG.campaignIdLength),
  campaign_name: optionalText(255),
  country_code: countryCode,
  scrub: bool('Scrub must be on or off').default(false),
  funnel_id: optionalRefId(RMSG.selectFunnel),
  offer_id: optionalRefId(RMSG.selectOffer),
  description: optionalText(2000),
  sufix: z.union([z.literal(''), z.enum(OFFER_SUFFIXES)], { error: RMSG.sufix }).default(''),
  regions: z.array(z.enum(CAMPAIGN_REGIONS, { error: RMSG.regions }), { error: RMSG.regions }).max(CAMPAIGN_REGIONS.length, RMSG.regions).default([]),
  payment_method: optionalText(50),
  shipping_id: optionalRefId('Please select a shipping method'),
  fulfillment: z.union([z.literal(''), z.enum(FULFILLMENTS)], { error: RMSG.fulfillment }).default(''),
}).refine((c) => c.funnel_id != null || c.offer_id != null, { message: RMSG.campaignOwner, path: ['funnel_id'] });
export type CampaignForm = z.input<typeof CampaignFormSchema>;

/**
 * Campaign creation from an offer (000 §2; 001 §5): at least one region of US, CA, PP, DE,
 * UK and a fulfillment are required; the platform makes one campaign per region
 * (`POST /api/v1/campaigns/camps`).
 */
export const CampaignsFromOfferSchema = z.object({
  offer_id: refId(RMSG.selectOffer),
  funnel_id: optionalRefId(RMSG.selectFunnel),
  regions: z.array(z.enum(CAMPAIGN_REGIONS, { error: RMSG.regions }), { error: RMSG.regions }).min(1, RMSG.regions).max(CAMPAIGN_REGIONS.length, RMSG.regions)
    .refine((r) => new Set(r).size === r.length, RMSG.regions),
  fulfillment: z.enum(FULFILLMENTS, { error: RMSG.fulfillment }),
  sufix: z.enum(OFFER_SUFFIXES, { error: RMSG.sufix }).default('Default'),
  description: optionalText(2000),
});
export type CampaignsFromOffer = z.input<typeof CampaignsFromOfferSchema>;

/** `POST /api/v1/campaigns/fulfillment` (000 §7): the platform campaign id(s) and the fulfillment. */
export const CampaignFulfillmentSchema = z.object({
  campaigns_id: z.union([
    digitsId(LIMITS.campaignId, RMSG.campaignIds, RMSG.campaignIdLength).transform((n) => [n]),
    z.array(digitsId(LIMITS.campaignId, RMSG.campaignIds, RMSG.campaignIdLength)).min(1, RMSG.campaignIds).max(500, RMSG.campaignIds),
  ], { error: RMSG.campaignIds }),
  fulfillment_id: z.enum(FULFILLMENTS, { error: RMSG.fulfillment }),
});

/** One row of the campaigns fulfillment CSV (`csv_upload/sticky/campaigns_fulfillment`). */
export const CampaignFulfillmentRowSchema = z.object({
  campaign_id: digitsId(LIMITS.campaignId, MSG.campaignId, RMSG.campaignIdLength),
  fulfillment: z.enum(FULFILLMENTS, { error: RMSG.fulfillment }),
});

// ---- Categories (000 §3, §5; 001 §3, §5) ------------------------------------------------

const eventId = optionalDigitsId(LIMITS.eventId, RMSG.eventId);

/** A category as stored (000 §3; 001 §3 adds description). */
export const CategorySchema = z.object({
  ID: z.number().int(),
  name: z.string(),
  sticky_id: z.number().int(),
  description: z.string(),
  event_shipping: z.number().int().nullable(),
  event_order: z.number().int().nullable(),
  event_refund: z.number().int().nullable(),
  event_void: z.number().int().nullable(),
  event_rma: z.number().int().nullable(),
  event_return: z.number().int().nullable(),
});
export type Category = z.infer<typeof CategorySchema>;

/** The category create/edit form (000 §5): name required, sticky_id digits ≤ 5, event ids optional digits ≤ 5. */
export const CategoryFormSchema = z.object({
  name: requiredText(MSG.categoryName, 255),
  sticky_id: digitsId(LIMITS.stickyId, RMSG.stickyId, RMSG.stickyIdLength),
  description: optionalText(2000),
  // Described one by one: the six share one schema, and a description belongs to a schema.
  event_shipping: eventId.describe('Order-platform event ID sent on shipping'),
  event_order: eventId.describe('Order-platform event ID sent on an order'),
  event_refund: eventId.describe('Order-platform event ID sent on a refund'),
  event_void: eventId.describe('Order-platform event ID sent on a void'),
  event_rma: eventId.describe('Order-platform event ID sent on an RMA'),
  event_return: eventId.describe('Order-platform event ID sent on a return'),
});
export type CategoryForm = z.input<typeof CategoryFormSchema>;

/** The "Category sticky id" form (000 §2): imports a category of the platform by its sticky id. */
export const CategoryImportSchema = z.object({ sticky_id: digitsId(LIMITS.stickyId, RMSG.stickyId, RMSG.stickyIdLength) });

// ---- Offers and products (000 §3; 001 §3, §5, §9) --------------------------------------

const offerBase = z.object({
  offer_id: digitsId(LIMITS.offerId, RMSG.offerId, MSG.onlyNumbers),
  ef_offer_id: optionalDigitsId(LIMITS.offerId, MSG.onlyNumbers),
  name: requiredText(RMSG.offerName, 255),
  platform: z.enum(PLATFORMS, { error: RMSG.platform }),
  store_id: optionalRefId(RMSG.store),
});
const needsStore = (o: { platform: string; store_id: number | null }) => o.platform !== '29next' || o.store_id != null;

/** The offer form as the API takes it (001 §5): ids digits ≤ 5 ('Input only numbers'); 29next requires a store ('You have to select store'). */
export const OfferBodySchema = offerBase.refine(needsStore, { message: MSG.selectStore, path: ['store_id'] });
export type OfferBody = z.input<typeof OfferBodySchema>;

/** `POST /api/v1/offers/create/{id}`: the offer form without `offer_id` (it is the path's id). */
export const OfferCreateByIdSchema = offerBase.omit({ offer_id: true }).refine(needsStore, { message: MSG.selectStore, path: ['store_id'] });

const billingModel = z.union([z.number(), z.string()], { error: RMSG.billingModel })
  .transform((v) => Number(v))
  .refine((n) => Object.prototype.hasOwnProperty.call(BILLING_MODELS, n), RMSG.billingModel);

/**
 * The product form (001 §5): name, description, SKU, cost of goods, price and shipping
 * weight are required ('Missing …'); max quantity defaults to 100 (001 §9).
 */
export const ProductFormSchema = z.object({
  offer_id: refId(RMSG.selectOffer),
  product_id: optionalDigitsId(9, RMSG.productId),
  name: requiredText(MSG.productName, 255),
  description: requiredText(RMSG.description, 5000),
  sku: requiredText(RMSG.sku, 100),
  cost_of_goods: moneyField(RMSG.costOfGoods),
  product_price: moneyField(RMSG.price),
  shipping_weight: numberField(RMSG.shippingWeight, 'Shipping weight must be from 0 to 1000', 0, 1000),
  max_quantity: numberField(RMSG.maxQuantity, RMSG.maxQuantity, 1, 100_000, true).default(PRODUCT_DEFAULT_MAX_QUANTITY),
  billing_model: billingModel.default(2),
  product_category: z.union([z.literal(''), z.enum(PRODUCT_VERTICALS)], { error: RMSG.vertical }).default(''),
  shipping_id: optionalRefId('Please select a shipping method'),
});
export type ProductForm = z.input<typeof ProductFormSchema>;

/** A product as the API answers it: 000/001's fields plus the product form's (001 §5) and a bundle's items. */
export const ProductOutSchema = ProductSchema.extend({
  description: z.string(),
  cost_of_goods: z.number(),
  shipping_weight: z.number(),
  max_quantity: z.number().int(),
  bundle: z.array(z.object({ product_id: z.number().int(), quantity: z.number().int() })).nullable(),
});
export type ProductOut = z.infer<typeof ProductOutSchema>;

/** `POST /api/v1/products/bundle`: a product made of ≥ 2 products of the same offer. */
export const ProductBundleSchema = ProductFormSchema.extend({
  description: optionalText(5000),
  cost_of_goods: moneyField(RMSG.costOfGoods).default(0),
  shipping_weight: numberField(RMSG.shippingWeight, 'Shipping weight must be from 0 to 1000', 0, 1000).default(0),
  items: z.array(z.object({
    product_id: refId('Please select a product'),
    quantity: numberField(RMSG.bundleQuantity, RMSG.bundleQuantity, 1, 100, true).default(1),
  }), { error: RMSG.bundleItems }).min(2, RMSG.bundleItems).max(20, 'A bundle has at most 20 products'),
});

/** One row of the products CSV (`csv_upload/sticky/products_create/{funnelId}`): the product form without the offer. */
export const ProductCsvRowSchema = ProductFormSchema.omit({ offer_id: true, shipping_id: true });

// ---- Domains and DNS (000 §3, §5, §7; 001 §3, §5, §9) -----------------------------------

/** A full domain name with a TLD: labels of letters, digits and hyphens (000 §5). */
export const DOMAIN_RE = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
/** A subdomain suffix (000 §5 "With a funnel: a subdomain suffix"): one or more labels, no TLD needed. */
export const SUBDOMAIN_RE = /^(?=.{1,200}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** A domain as the API answers it (000 §3; 001 §3: parent domain, under_attack, children). */
export interface Domain {
  ID: number;
  name: string;
  funnel_id: number | null;
  /** The parent domain's ID for a subdomain (000 §5 `domain_id`), else null. */
  domain_id: number | null;
  parent: string | null;
  sync: boolean;
  under_attack: boolean;
  zone_id: string | null;
  children?: Domain[];
}

const domainName = z.string({ error: MSG.domainRequired }).trim().toLowerCase().min(1, MSG.domainRequired);

/** The Domains screen form: a full domain with a TLD ('Please Domain URL', 'Please enter a valid domain'). */
export const DomainFormSchema = z.object({
  name: domainName.regex(DOMAIN_RE, MSG.domainInvalid),
});

/** The funnel's Domains tab form: a subdomain suffix of a chosen domain (`domain_id` required, 000 §5). */
export const SubdomainFormSchema = z.object({
  name: domainName.regex(SUBDOMAIN_RE, RMSG.subdomain),
  domain_id: refId(RMSG.selectDomain),
  funnel_id: refId(RMSG.selectFunnel),
});

/**
 * `POST /api/v1/domains/?sync=`: with `funnel_id` a subdomain (suffix + `domain_id`),
 * without a funnel a full domain.
 */
export const DomainBodySchema = z.object({
  name: domainName.max(253, MSG.domainInvalid),
  funnel_id: optionalRefId(RMSG.selectFunnel),
  domain_id: optionalRefId(RMSG.selectDomain),
  under_attack: bool('under_attack must be true or false').default(false),
}).superRefine((d, ctx) => {
  if (d.funnel_id != null) {
    if (!SUBDOMAIN_RE.test(d.name)) ctx.addIssue({ code: 'custom', message: RMSG.subdomain, path: ['name'] });
    else if (d.domain_id == null) ctx.addIssue({ code: 'custom', message: RMSG.selectDomain, path: ['domain_id'] });
  } else if (!DOMAIN_RE.test(d.name)) {
    ctx.addIssue({ code: 'custom', message: MSG.domainInvalid, path: ['name'] });
  }
});
export type DomainBody = z.input<typeof DomainBodySchema>;

/** `PUT /api/v1/domains/{id}?sync=`: attach/detach a funnel, toggle under-attack mode. */
export const DomainUpdateSchema = z.object({
  funnel_id: refId(RMSG.selectFunnel).nullable().optional(),
  under_attack: bool('under_attack must be true or false').optional(),
});

/** A DNS record as the DNS provider answers it (000 §3: type, name, content, proxied, zone_id, zone_name; ttl 1). */
export const DnsRecordSchema = z.object({
  id: z.string(),
  type: z.enum(DNS_RECORD_TYPES),
  name: z.string(),
  content: z.string(),
  proxied: z.boolean(),
  ttl: z.literal(DNS_TTL),
  priority: z.number().int().nullable(),
  zone_id: z.string(),
  zone_name: z.string(),
});
export type DnsRecord = z.infer<typeof DnsRecordSchema>;

const IPV4_RE = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
/** True for an IPv6 address in any RFC 4291 §2.2 text form (`::`, an IPv4 tail). */
function isIpv6(s: string): boolean {
  if (s.length > 45 || !s.includes(':')) return false;
  let str = s;
  const lastColon = s.lastIndexOf(':');
  const tail = s.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!IPV4_RE.test(tail)) return false;
    str = `${s.slice(0, lastColon + 1)}0:0`;
  }
  const halves = str.split('::');
  if (halves.length > 2) return false;
  const groups = (x: string) => (x === '' ? [] : x.split(':'));
  const [before = '', after] = halves;
  const all = [...groups(before), ...(after !== undefined ? groups(after) : [])];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return false;
  return halves.length === 2 ? all.length <= 7 : all.length === 8;
}
/** True for an IPv4 or IPv6 address (the block form's IP pattern, 000 §5). */
export function isIp(s: string): boolean {
  return IPV4_RE.test(s) || isIpv6(s);
}
const RECORD_NAME_RE = /^(?:@|\*|(?:\*\.)?[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*)$/i;

/** The DNS record editor (000 §5: type, name, content and proxied required; types A, CNAME, MX, TXT). */
export const DnsRecordFormSchema = z.object({
  type: z.enum(DNS_RECORD_TYPES, { error: RMSG.recordType }),
  // OpenAPI has no regex flags: its pattern spells the case-insensitive one out (same language).
  name: requiredText(RMSG.recordName, 253).regex(RECORD_NAME_RE, RMSG.recordNameInvalid)
    .meta({ pattern: RECORD_NAME_RE.source.replaceAll('a-z', 'A-Za-z'), description: 'Record name: `@` (the zone apex), `*`, or a host name relative to the zone' }),
  content: requiredText(RMSG.recordContent, 2048),
  proxied: bool(RMSG.recordProxied),
  priority: numberField(RMSG.priority, RMSG.priority, 0, 65535, true).nullable().optional(),
}).superRefine((r, ctx) => {
  if (r.type === 'A' && !IPV4_RE.test(r.content)) ctx.addIssue({ code: 'custom', message: RMSG.ipv4, path: ['content'] });
  if ((r.type === 'CNAME' || r.type === 'MX') && !DOMAIN_RE.test(r.content)) ctx.addIssue({ code: 'custom', message: MSG.domainInvalid, path: ['content'] });
  if (r.type === 'TXT' && r.content.length > 255 * 8) ctx.addIssue({ code: 'custom', message: tooLong(2040), path: ['content'] });
});
export type DnsRecordForm = z.input<typeof DnsRecordFormSchema>;

const zoneId = requiredText(RMSG.zoneId, 64).regex(/^[a-f0-9]{32}$/, RMSG.zoneId);
const recordId = requiredText(RMSG.recordId, 64).regex(/^[a-f0-9]{32}$/, RMSG.recordId);

/** `POST /api/v1/cloud_flare/domains/patch` (000 §7): only the changed records of one zone. */
export const DnsPatchSchema = z.object({
  zone_id: zoneId,
  records: z.array(z.intersection(z.object({ id: recordId }), DnsRecordFormSchema), { error: RMSG.records }).min(1, RMSG.records).max(500, 'At most 500 records at once'),
});

/** `DELETE /api/v1/cloud_flare/domains/delete`: one record of a zone. */
export const DnsDeleteSchema = z.object({ zone_id: zoneId, id: recordId });

/** `POST /api/v1/cloud_flare/domains`: create the DNS zone of a (root) domain. */
export const DnsZoneCreateSchema = z.object({ domain_id: refId(RMSG.selectDomain) });

/** `PUT /api/v1/cloud_flare/domains/{id}`: zone settings (001 §3 under_attack). */
export const DnsZoneUpdateSchema = z.object({ under_attack: bool('under_attack must be true or false') });

// ---- Images (000 §3, §5, §9) -------------------------------------------------------------

/** An image of a funnel's gallery (000 §3: name, url, type, size). */
export const ImageSchema = z.object({ name: z.string(), url: z.string(), type: z.string(), size: z.number().int() });
export type Image = z.infer<typeof ImageSchema>;

/** Allowed stored file names: a safe base name with an allowed extension (no paths, no hidden files). */
export const IMAGE_NAME_RE = new RegExp(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}\\.(?:${UPLOAD_EXTENSIONS.join('|')})$`);

/**
 * The name an upload is stored under: whitespace runs become '-', the extension is
 * lower-cased. @returns null when the result is not a safe name ({@link IMAGE_NAME_RE}).
 */
export function storedImageName(original: string): string | null {
  if (original.length > 200 || /[\u0000-\u001f\u007f/\\]/.test(original)) return null;
  const dot = original.lastIndexOf('.');
  if (dot <= 0) return null;
  const name = `${original.slice(0, dot).trim().replace(/\s+/g, '-')}.${original.slice(dot + 1).toLowerCase()}`;
  return IMAGE_NAME_RE.test(name) && !name.includes('..') ? name : null;
}

/** Client-side checks of a chosen file (000 §5): size and extension. @returns the seed's message or null. */
export function checkUpload(file: { name: string; size: number }): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return MSG.imageTooLarge;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext) ? null : RMSG.fileType;
}

// ---- Blockers (000 §3 Block form; 001 §3) ------------------------------------------------

/** A blocked user / order-decline rule of a funnel (001 §3). */
export const BlockerSchema = z.object({
  ID: z.number().int(),
  funnel_id: z.number().int(),
  user_ip: z.string(),
  user_country: z.string(),
  user_email: z.string(),
  user_phone: z.string(),
  order_decline_limit: z.number().int().nullable(),
  UpdatedAt: z.string(),
});
export type Blocker = z.infer<typeof BlockerSchema>;

const blockerFields = {
  user_ip: optionalText(45).refine((s) => s === '' || isIp(s), RMSG.ip),
  user_country: optionalText(10).refine((s) => s === '' || /^[A-Z]{2}$/.test(s), RMSG.country),
  user_email: optionalText(254).refine((s) => s === '' || z.email().safeParse(s).success, MSG.email),
  user_phone: optionalText(20).refine((s) => s === '' || /^[0-9 +()-]{3,20}$/.test(s), RMSG.phone),
  order_decline_limit: numberField(RMSG.declineLimit, RMSG.declineLimit, 0, 1000, true).nullable().optional().transform((v) => v ?? null),
};
const notEmptyBlocker = (b: { user_ip: string; user_country: string; user_email: string; user_phone: string }) =>
  Boolean(b.user_ip || b.user_country || b.user_email || b.user_phone);

/** The Blocked-user / order-decline form (000 §2, §5): user_ip must be an IP; at least one criterion. */
export const BlockerFormSchema = z.object(blockerFields).refine(notEmptyBlocker, { message: RMSG.blockerEmpty, path: ['user_ip'] });
export type BlockerForm = z.input<typeof BlockerFormSchema>;
/** `POST /api/v1/blockers`: the form plus its funnel. */
export const BlockerBodySchema = z.object({ ...blockerFields, funnel_id: refId(RMSG.selectFunnel) })
  .refine(notEmptyBlocker, { message: RMSG.blockerEmpty, path: ['user_ip'] });

// ---- Pixels (001 §3, §5, §7, §8) ---------------------------------------------------------

/** Pixel code as stored (001 §5): double quotes become single quotes, line breaks are removed. */
export function normalizePixelCode(code: string): string {
  return code.replace(/"/g, "'").replace(/\r\n|\r|\n|\u2028|\u2029/g, '');
}

/** A pixel of one page (001 §3: ID, name, aff_id, page, location, code, pageIds). */
export const PixelSchema = z.object({
  ID: z.number().int(),
  funnel_id: z.number().int(),
  name: z.string(),
  aff_id: z.string(),
  page: z.number().int(),
  location: z.enum(PIXEL_LOCATIONS),
  code: z.string(),
  pageIds: z.array(z.number().int()),
});
export type Pixel = z.infer<typeof PixelSchema>;

const pixelFields = {
  name: requiredText(RMSG.pixelName, 255),
  aff_id: optionalText(50),
  location: z.enum(PIXEL_LOCATIONS, { error: RMSG.pixelLocation }),
  code: requiredText(RMSG.pixelCode, 65_536).transform(normalizePixelCode),
};

/** The pixel form (001 §5): name, location and code required; at least one page when creating. */
export const PixelFormSchema = z.object({
  ...pixelFields,
  pageIds: z.array(refId(RMSG.pixelPages), { error: RMSG.pixelPages }).min(1, RMSG.pixelPages).max(200, 'At most 200 pages'),
});
export type PixelForm = z.input<typeof PixelFormSchema>;
/** `POST /api/v1/pixels`: one call per selected page (001 §7). */
export const PixelCreateSchema = z.object({ ...pixelFields, funnel_id: refId(RMSG.selectFunnel), page: refId(RMSG.pixelPages) });
/** `PUT /api/v1/pixels/{id}`. */
export const PixelUpdateSchema = z.object({ ...pixelFields, page: refId(RMSG.pixelPages) });

// ---- Scrubs (001 §3, §5, §9) -------------------------------------------------------------

/** A scrub rule (001 §3). `global` rules apply to every affiliate (no affiliate id). */
export const ScrubSchema = z.object({
  ID: z.number().int(),
  funnel_id: z.number().int(),
  affiliate_id: z.string(),
  affiliate_name: z.string(),
  scrub_pct: z.number().int(),
  global: z.boolean(),
});
export type Scrub = z.infer<typeof ScrubSchema>;

const scrubFields = {
  affiliate_id: z.union([z.string(), z.number()], { error: RMSG.affiliateIdLength }).optional()
    .transform((v) => (v == null ? '' : String(v).trim()))
    .pipe(z.string().regex(/^\d*$/, MSG.onlyNumbers).max(LIMITS.affiliateId, RMSG.affiliateIdLength)),
  affiliate_name: optionalText(255),
  scrub_pct: numberField(RMSG.scrubPct, RMSG.scrubPctRange, 0, 100, true),
  global: bool('global must be true or false').default(false),
};
const affiliateUnlessGlobal = (s: { global: boolean; affiliate_id: string }) => s.global || s.affiliate_id !== '';

/** The scrub form (001 §5): affiliate id digits ≤ 4, required unless global ('Missing Affiliate ID'); percent required, 0–100. */
export const ScrubFormSchema = z.object(scrubFields).refine(affiliateUnlessGlobal, { message: MSG.affiliateId, path: ['affiliate_id'] });
export type ScrubForm = z.input<typeof ScrubFormSchema>;
/** `POST /api/v1/scrubs`: the form plus its funnel. */
export const ScrubBodySchema = z.object({ ...scrubFields, funnel_id: refId(RMSG.selectFunnel) })
  .refine(affiliateUnlessGlobal, { message: MSG.affiliateId, path: ['affiliate_id'] });

// ---- Shipping and stores (001 §3, §5, §9) ------------------------------------------------

/** A shipping method (001 §3); `ID` comes from the external store. */
export const ShippingSchema = z.object({
  ID: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  shipping_code: z.string(),
});
export type Shipping = z.infer<typeof ShippingSchema>;

const shippingEdit = {
  name: requiredText(RMSG.shippingName, 255),
  description: requiredText(RMSG.description, 2000),
  price: moneyField(RMSG.price),
  shipping_code: optionalText(50),
};

/** Shipping create (001 §5): the store's ID required, at most 3 digits; the rest is read from the store unless given. */
export const ShippingCreateSchema = z.object({
  ID: digitsId(LIMITS.shippingId, RMSG.shippingId, RMSG.shippingIdLength),
  name: shippingEdit.name.optional(),
  description: shippingEdit.description.optional(),
  price: moneyField(RMSG.price).optional(),
  shipping_code: z.string({ error: RMSG.text }).trim().max(50, tooLong(50)).optional(),
});
/** Shipping edit (001 §5): name, description and price required. */
export const ShippingEditSchema = z.object(shippingEdit);
export type ShippingEdit = z.input<typeof ShippingEditSchema>;

// ---- Users and roles (001 §3, §5, §6) ----------------------------------------------------

/** A user as the API answers it (never the password). */
export const UserOutSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  nickname: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  role_id: z.number().int(),
  email_verified: z.boolean(),
  connection: z.string(),
});
export type UserOut = z.infer<typeof UserOutSchema>;

const userEmail = z.string({ error: MSG.email }).trim().toLowerCase().max(254, MSG.email).pipe(z.email(MSG.email));

/** The Add user form (001 §5): name required, e-mail format, the password policy, a role. */
export const UserFormSchema = z.object({
  name: requiredText(RMSG.userName, 255),
  nickname: optionalText(255),
  email: userEmail,
  password: z.string({ error: MSG.password }).max(200, MSG.password).pipe(PasswordSchema),
  role_id: refId(RMSG.role),
  email_verified: bool('email_verified must be true or false').default(true),
});
export type UserForm = z.input<typeof UserFormSchema>;

/** The Edit user form (`PATCH /api/v1/users/{id}`): every field optional; a new password follows the policy. */
export const UserUpdateSchema = z.object({
  name: requiredText(RMSG.userName, 255).optional(),
  nickname: optionalText(255).optional(),
  email: userEmail.optional(),
  password: z.string({ error: MSG.password }).max(200, MSG.password).pipe(PasswordSchema).optional(),
  role_id: refId(RMSG.role).optional(),
  email_verified: bool('email_verified must be true or false').optional(),
});

// ---- Orders (001 §3, §7, §9) -------------------------------------------------------------

/** An order (001 §3). */
export const OrderSchema = z.object({
  ID: z.number().int(),
  CreatedAt: z.string(),
  payment_method: z.string(),
  product_id: z.number().int(),
  transaction_id: z.string(),
  ip: z.string(),
  aff_id: z.string(),
  campaign_id: z.number().int(),
  customer_id: z.number().int(),
  is_scrub: z.boolean(),
  is_done: z.boolean(),
});
export type Order = z.infer<typeof OrderSchema>;

/** Columns the orders table sorts by on the server (every column of 001 §3 Order). */
export const ORDER_SORT_COLUMNS = [
  'ID', 'CreatedAt', 'payment_method', 'product_id', 'transaction_id', 'ip', 'aff_id', 'campaign_id', 'customer_id', 'is_scrub', 'is_done',
] as const;
export type OrderSortColumn = (typeof ORDER_SORT_COLUMNS)[number];

const intFilter = z.union([z.number(), z.string()]).transform(Number).pipe(z.number().int().min(0).max(MAX_INT));
const boolFilter = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');
const textFilter = z.string().trim().min(1).max(100);
const dateFilter = z.string().max(40).refine((s) => {
  const t = Date.parse(s);
  return !Number.isNaN(t) && t >= 0 && t < Date.UTC(10000, 0, 1);
}, 'Not a date');

/** Column filters of the orders table: exact values, plus `from`/`to` on CreatedAt. */
export const OrderFiltersSchema = z.strictObject({
  ID: intFilter, payment_method: textFilter, product_id: intFilter, transaction_id: textFilter, ip: textFilter,
  aff_id: textFilter, campaign_id: intFilter, customer_id: intFilter, is_scrub: boolFilter, is_done: boolFilter,
  from: dateFilter, to: dateFilter,
}, { error: RMSG.filters }).partial();
export type OrderFilters = z.output<typeof OrderFiltersSchema>;

/**
 * Parses the `filters` query value: a JSON object `{column: value}` or TanStack Table's
 * column filters `[{id, value}]`. @returns the filters, or null when malformed.
 */
export function parseOrderFilters(raw: string | undefined): OrderFilters | null {
  if (raw === undefined || raw.trim() === '') return {};
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (Array.isArray(v)) {
    const obj: Record<string, unknown> = {};
    for (const f of v) {
      if (!f || typeof f !== 'object' || typeof (f as { id?: unknown }).id !== 'string') return null;
      obj[(f as { id: string }).id] = (f as { value?: unknown }).value;
    }
    v = obj;
  }
  const r = OrderFiltersSchema.safeParse(v);
  return r.success ? r.data : null;
}

/** `GET /api/v1/orders/?limit&page&sort&order&filters` (001 §7, §9: page size 10, page 1). */
export const OrdersQuerySchema = z.object({
  limit: z.string().regex(/^\d{1,3}$/, RMSG.limit).transform(Number).pipe(z.number().int().min(1, RMSG.limit).max(100, RMSG.limit)).optional()
    .transform((v) => v ?? ORDERS_PAGE_SIZE),
  page: z.string().regex(/^\d{1,7}$/, RMSG.page).transform(Number).pipe(z.number().int().min(1, RMSG.page)).optional().transform((v) => v ?? 1),
  sort: z.enum(ORDER_SORT_COLUMNS, { error: RMSG.sort }).optional().transform((v) => v ?? 'ID'),
  order: z.enum(['asc', 'desc', 'ASC', 'DESC'], { error: RMSG.order }).optional().transform((v) => (v ?? 'desc').toLowerCase() as 'asc' | 'desc'),
  filters: z.string().max(2000, RMSG.filters).optional(),
});

/** The orders page answer (001 §7). */
export interface OrdersPage {
  rows: Order[];
  total_rows: number;
}

// ---- Dashboard, stores, roles (001 §2, §3) -----------------------------------------------

/** A dashboard card (001 §3): shown as active/total in percent with 2 decimals (001 §9). */
export const DashboardItemSchema = z.object({ name: z.string(), active: z.number().int(), total: z.number().int() });
export type DashboardItem = z.infer<typeof DashboardItemSchema>;

/** The card's percentage with 2 decimals (001 §9); '0.00' when total is 0. */
export function dashboardPercent(item: DashboardItem): string {
  return (item.total > 0 ? (100 * item.active) / item.total : 0).toFixed(2);
}

// ---- Templates (001 §5) ------------------------------------------------------------------

/** The Add/Edit template form (001 §5): name, page type, layout, preview path and meta required. */
export const TemplateFormSchema = z.object({
  name: requiredText(RMSG.templateName, 255),
  page_type: z.enum(PAGE_TYPES, { error: MSG.pageType }),
  layout: requiredText(RMSG.layout, 100).regex(LAYOUT_RE, RMSG.layout),
  template_host_url: z.string({ error: MSG.pagePath }).max(500, MSG.pagePath).regex(PAGE_PATH_RE, MSG.pagePath),
  meta: z.record(z.string(), z.unknown(), { error: RMSG.templateMeta }).refine((m) => Object.keys(m).length > 0, RMSG.templateMeta),
  archived: bool('archived must be true or false').default(false),
});
export type TemplateForm = z.input<typeof TemplateFormSchema>;

/** A template sync progress line (001 §7: streamed progress with progress and message). */
export interface SyncProgress {
  progress: number;
  message: string;
}

// ---- Uploads (000 §8; 001 §5) -------------------------------------------------------------

/** Largest CSV accepted (bytes) and its row cap. */
export const CSV_LIMITS = { maxBytes: 1024 * 1024, maxRows: 5000 } as const;

/** One bad CSV row: its line in the file (1 = header) and the first issue's message. */
export interface CsvRowError {
  line: number;
  message: string;
}

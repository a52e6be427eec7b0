/**
 * Business constants and limits of both seeds (000 §9 and 001 §9), with the seeds' wording.
 * Everything here is data: forms, server validation, fixtures and the demo seed read it.
 */
import { keysInOrder } from './label-table';

/** Upload size limit: 10 MB in bytes (000 §9). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Allowed upload file extensions (000 §5). */
export const UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'svg', 'webp', 'gif', 'pdf', 'mp4', 'webm'] as const;
/** Banner image sizes in px (000 §9). */
export const BANNER_SIZES = { desktop: { width: 2978, height: 194 }, mobile: { width: 422, height: 97 } } as const;

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'AUD'] as const;
export const DEFAULT_CURRENCY = 'USD';
export const LANGUAGES = ['en', 'de', 'fr'] as const;
export const FUNNEL_COUNTRIES = ['US', 'CA', 'GB', 'IE', 'DE', 'FR', 'AU'] as const;
export const DEFAULT_FUNNEL_COUNTRIES = ['US', 'CA'] as const;
export const CAMPAIGN_REGIONS = ['US', 'CA', 'PP', 'DE', 'UK'] as const;
export const RECURRING_COUNTRIES = ['US', 'CA', 'GB', 'IE', 'DE', 'US_PP', 'CA_PP', 'GB_PP', 'IE_PP', 'DE_PP'] as const;
export const DNS_RECORD_TYPES = ['A', 'CNAME', 'MX', 'TXT'] as const;
/** DNS ttl is always 1 ("automatic") (001 §9). */
export const DNS_TTL = 1;

/** Page types (001 §4). */
export const PAGE_TYPES = ['presell', 'interstitial', 'checkout', 'upsell1', 'upsell2', 'thankyou', 'thanksagain', 'warranty', 'split'] as const;
/** Page types allowed as a funnel's index page (000 §5). */
export const INDEX_PAGE_TYPES = ['checkout', 'interstitial', 'presell'] as const;
/** Template library filter tabs (001 §2). */
export const TEMPLATE_TABS = ['all', 'interstitial', 'checkout', 'upsell1', 'upsell2', 'thankyou', 'warranty', 'stashed'] as const;

/** Funnel publish states and their colours in the funnel list (001 §4). */
export const PUBLISH_STATUSES = ['progress', 'qc', 'released'] as const;
export const PUBLISH_STATUS_COLORS = { progress: 'orange', qc: 'yellow', released: 'green' } as const;

/** Funnel page tabs, in the seed's order; `blockers` is shown as "Block User" (001 §2). */
/**
 * The site a funnel without a domain publishes to, served by this admin at
 * `/sites/funnel-<id>.localhost/<page_path>` until a domain is added (README "Publishing").
 */
export const localSiteName = (funnelId: number): string => `funnel-${funnelId}.localhost`;

/** What each tab of the funnel page (001 §2) is called, in the page's order. */
export const FUNNEL_TAB_LABELS = {
  domains: 'Domains',
  campaigns: 'Campaigns',
  products: 'Products',
  scrubs: 'Scrubs',
  pages: 'Pages',
  pixels: 'Pixels',
  gallery: 'Gallery',
  blockers: 'Block User',
  logs: 'Logs',
  releases: 'Releases',
  analytics: 'Analytics',
  details: 'Details',
};
/** One tab of the funnel page (001 §2), the last segment of its address. */
export type FunnelTab = keyof typeof FUNNEL_TAB_LABELS;
/** The funnel page's tabs, in order: each a child route of `funnels/:id`. */
export const FUNNEL_TABS = keysInOrder(FUNNEL_TAB_LABELS);
/** The offer page's tabs (001 §2 "Offer page; tabs: funnels, products, campaign"), in order: each a child route of `offers/:id`. */
export const OFFER_TABS = ['funnels', 'products', 'campaign'] as const;
/** One tab of {@link OFFER_TABS}. */
export type OfferTab = (typeof OFFER_TABS)[number];

/** Page product packages: quantity → name and discount in percent (000 §9). */
export const PACKAGES = [
  { quantity: 1, name: 'Single', discount: 50 },
  { quantity: 2, name: 'Studio', discount: 55 },
  { quantity: 3, name: 'Multi', discount: 60 },
  { quantity: 4, name: 'Deluxe', discount: 65 },
  { quantity: 5, name: 'Family Pack', discount: 70 },
] as const;
export const POPULARITY_OPTIONS = ['Best Seller', 'Moderate', 'Popular', 'Most Popular', 'Great', 'Good'] as const;
/** "A product has at most about 8 features" (000 §5). */
export const MAX_PRODUCT_FEATURES = 8;

export const ADDON_TYPES = ['normal', 'journey', 'multi', 'bundle', 'product'] as const;
export const ADDON_FRAME_COLORS = ['blue', 'pink', 'orange', 'red', 'white'] as const;
export const CHECKOUT_ADDON_FRAMES = ['frame1', 'frame2', 'frame3', 'frame4', 'frame5', 'frame6', 'frame7', 'frame8'] as const;
export const WARRANTY_FRAMES = ['warranty1', 'warranty2', 'warranty3', 'warranty4', 'warranty5'] as const;
export const TEMPLATE_COLORS = ['blue', 'green', 'orange'] as const;

/** Billing models id → label (001 §9). */
export const BILLING_MODELS = { 2: 'One Time Purchase', 3: '30 Day Subscription', 4: '60 Day Subscription', 5: 'One Day Subscription' } as const;
export const OFFER_SUFFIXES = ['Network', 'Network2', 'Reship', 'VIP Upsell1', 'Klaviyo', 'Default'] as const;
export const FULFILLMENTS = ['New Jersey', 'Ecomm', 'SRLC'] as const;
export const STORE_IDS = [1, 2] as const;
export const PLATFORMS = ['sticky', '29next'] as const;
export const PRODUCT_VERTICALS = [
  'Home & Garden',
  'Skin Care',
  'Sports & Fitness',
  'Teeth Whitening',
  'Entertainment Recreation & Leisure',
  'Hair',
  'Family',
  'Education',
] as const;
export const PIXEL_LOCATIONS = ['head', 'body'] as const;

/** Orders table defaults (001 §9). */
export const ORDERS_PAGE_SIZE = 10;
export const PRODUCT_DEFAULT_MAX_QUANTITY = 100;
export const PASSWORD_MIN_LENGTH = 8;
/** Flow diagram node size in px (001 §9). */
export const FLOW_NODE_SIZE = { width: 150, height: 50 } as const;

/** Limits on ids (000 §9, 001 §9). */
export const LIMITS = { campaignId: 5, affiliateId: 4, offerId: 5, shippingId: 3, scrubPct: 3, stickyId: 5, eventId: 5 } as const;

/**
 * Longest free texts, in characters (nothing unbounded is stored). Names are what a
 * list, a title and an audit entry show; the rest by what they hold. The API refuses longer
 * texts with the field's message, and the forms share the rule (the same schemas).
 */
export const TEXT_MAX = {
  /** A funnel's, template's or clone's name, the offer name shown on pages. */
  name: 255,
  /** An audit entry's title: a note's title, a change's label (X-Change-Label). */
  auditTitle: 200,
  /** A note's text, an FAQ answer (rich text). */
  longText: 10_000,
  /** A guarantee, an FAQ question. */
  text: 1_000,
  /** A link or image address. */
  url: 2_048,
  /** A support phone number. */
  phone: 50,
  /** An e-mail address (RFC 5321). */
  email: 254,
  /** An id typed by an operator (FAQ id, manual id). */
  id: 100,
} as const;

/** Page path rule (001 §5): starts and ends with '/', segments of letters, digits, - _ +. */
export const PAGE_PATH_RE = /^\/(?:[A-Za-z0-9_+-]+\/)*$/;

/** The roles of 001 §6: what each may do is the policy table's (src/model/policy.ts). */
export const ROLES = ['admin', 'operator', 'sticky'] as const;
export type RoleName = (typeof ROLES)[number];

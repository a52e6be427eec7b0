/**
 * Drizzle schema (pg-core) for PGlite and PostgreSQL alike. Column names are the seeds'
 * field names (000 §3, 001 §3): `ID`, `funnel_id`, `page_path`, `cs_email`, `CreatedAt`…
 * Every editable row (funnels, pages, templates) carries an integer `version` (ETag).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';
import type { Operation } from '../../model/index.ts';
import type { ReleaseSnapshot } from '../../model/releases.ts';
import type { DeletedFunnel } from '../../model/deleted-funnels.ts';

const createdAt = () => timestamp('CreatedAt', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('UpdatedAt', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Roles (001 §3: id, name): admin, operator, sticky. */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** Accounts of the embedded issuer (001 §3 User); `user_id` is the token's `sub`. */
export const users = pgTable('users', {
  user_id: serial('user_id').primaryKey(),
  name: text('name').notNull(),
  nickname: text('nickname').notNull().default(''),
  email: text('email').notNull().unique(),
  email_verified: boolean('email_verified').notNull().default(true),
  /** bcrypt hash; never returned by the API. */
  password: text('password').notNull(),
  role_id: integer('role_id')
    .notNull()
    .references(() => roles.id),
  connection: text('connection').notNull().default('embedded'),
  CreatedAt: createdAt(),
});

/** Stores of the order platform (001 §3: ID, name; ids 1 and 2). */
export const stores = pgTable('stores', {
  ID: serial('ID').primaryKey(),
  name: text('name').notNull(),
});

/** Offers (000 §3, 001 §3): `offer_id` is the platform id, `ef_offer_id` the Everflow id. */
export const offers = pgTable('offers', {
  ID: serial('ID').primaryKey(),
  /** The platform's offer id: what funnels and products refer to (000 §3 "offer (an offer_id)"). */
  offer_id: integer('offer_id').notNull().unique(),
  ef_offer_id: integer('ef_offer_id'),
  name: text('name').notNull(),
  platform: text('platform').notNull(),
  store_id: integer('store_id').references(() => stores.ID, { onDelete: 'set null' }),
  CreatedAt: createdAt(),
});

/** Products of an offer (000 §3, 001 §3). */
export const products = pgTable(
  'products',
  {
    ID: serial('ID').primaryKey(),
    product_id: integer('product_id').notNull(),
    /** The owning offer's `offer_id` (platform id). */
    offer_id: integer('offer_id')
      .notNull()
      .references(() => offers.offer_id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    name: text('name').notNull(),
    sku: text('sku').notNull().default(''),
    /** Price in the offer's currency units (e.g. 39.99). */
    product_price: doublePrecision('product_price').notNull(),
    product_category: text('product_category').notNull().default(''),
    billing_model: integer('billing_model').notNull().default(2),
    shipping_id: integer('shipping_id').references(() => shippings.ID, { onDelete: 'set null' }),
    /** Product form fields (001 §5): description, cost of goods, shipping weight, max quantity. */
    description: text('description').notNull().default(''),
    cost_of_goods: doublePrecision('cost_of_goods').notNull().default(0),
    shipping_weight: doublePrecision('shipping_weight').notNull().default(0),
    max_quantity: integer('max_quantity').notNull().default(100),
    /** For a bundle (`POST /api/v1/products/bundle`): its products `{product_id: ID, quantity}`; null otherwise. */
    bundle: jsonb('bundle').$type<{ product_id: number; quantity: number }[]>(),
  },
  (t) => [index('products_offer_idx').on(t.offer_id)],
);

/** Page templates (001 §3): a Liquid layout file name plus the default meta of new pages. */
export const templates = pgTable('templates', {
  ID: serial('ID').primaryKey(),
  name: text('name').notNull(),
  page_type: text('page_type').notNull(),
  layout: text('layout').notNull(),
  template_host_url: text('template_host_url').notNull().default('/'),
  meta: jsonb('meta').$type<Record<string, unknown>>().notNull(),
  archived: boolean('archived').notNull().default(false),
  version: integer('version').notNull().default(1),
  CreatedAt: createdAt(),
  UpdatedAt: updatedAt(),
});

/** Funnels (000 §3, 001 §3); `details` holds the Funnel details form (jsonb). */
export const funnels = pgTable('funnels', {
  ID: serial('ID').primaryKey(),
  name: text('name').notNull(),
  /** The attached offer's `offer_id` (platform id); null once the offer is gone (publish then refuses). */
  offer: integer('offer').references(() => offers.offer_id, { onDelete: 'set null', onUpdate: 'cascade' }),
  currency: text('currency').notNull().default('USD'),
  language: text('language').notNull().default('en'),
  countries: jsonb('countries').$type<string[]>().notNull(),
  /** The index page's `ID` (no FK: pages reference funnels, a cycle would block deletes). */
  page_id: integer('page_id'),
  cs_number: text('cs_number').notNull().default(''),
  cs_email: text('cs_email').notNull().default(''),
  locked: boolean('locked').notNull().default(false),
  /** Archived funnels leave the default list (001 §2 funnel menu "Archive"); restorable. */
  archived: boolean('archived').notNull().default(false),
  publish_status: text('publish_status').notNull().default('progress'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull(),
  version: integer('version').notNull().default(1),
  CreatedAt: createdAt(),
  UpdatedAt: updatedAt(),
});

/** Pages (000 §3, 001 §3); a page path is unique within its funnel. */
export const pages = pgTable(
  'pages',
  {
    ID: serial('ID').primaryKey(),
    funnel_id: integer('funnel_id')
      .notNull()
      .references(() => funnels.ID, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    page_type: text('page_type').notNull(),
    page_path: text('page_path').notNull(),
    template_id: integer('template_id').references(() => templates.ID, { onDelete: 'set null' }),
    /** Next page on the main action / on skip (000 §3, 001 §3). */
    page_id: integer('page_id'),
    page_alt_id: integer('page_alt_id'),
    split: jsonb('split')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(1),
    CreatedAt: createdAt(),
    UpdatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('pages_funnel_path_uq').on(t.funnel_id, t.page_path)],
);

/**
 * Domains and subdomains (000 §3: ID, name, funnel_id, domain_id, sync; 001 §3: parent,
 * under_attack, children). `name` is the full lower-case name; a subdomain's parent is
 * `parent_id` (the API's `domain_id`); `zone_id` is the DNS provider's zone of a root domain.
 */
export const domains = pgTable(
  'domains',
  {
    ID: serial('ID').primaryKey(),
    name: text('name').notNull().unique(),
    funnel_id: integer('funnel_id').references(() => funnels.ID, { onDelete: 'set null' }),
    CreatedAt: createdAt(),
    parent_id: integer('parent_id').references((): AnyPgColumn => domains.ID, { onDelete: 'cascade' }),
    zone_id: text('zone_id'),
    sync: boolean('sync').notNull().default(false),
    under_attack: boolean('under_attack').notNull().default(false),
  },
  (t) => [index('domains_funnel_idx').on(t.funnel_id), index('domains_parent_idx').on(t.parent_id)],
);

/** DNS zones of the local DNS provider (integrations/dns.ts); ids look like Cloudflare's (32 hex). */
export const dnsZones = pgTable('dns_zones', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  under_attack: boolean('under_attack').notNull().default(false),
  CreatedAt: createdAt(),
});

/** DNS records of the local DNS provider (000 §3 DNS record; ttl 1, 001 §9). */
export const dnsRecords = pgTable(
  'dns_records',
  {
    id: text('id').primaryKey(),
    zone_id: text('zone_id')
      .notNull()
      .references(() => dnsZones.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    proxied: boolean('proxied').notNull().default(false),
    ttl: integer('ttl').notNull().default(1),
    priority: integer('priority'),
    CreatedAt: createdAt(),
  },
  (t) => [index('dns_records_zone_idx').on(t.zone_id)],
);

/** Shipping methods (001 §3); `ID` comes from the external store (at most 3 digits). */
export const shippings = pgTable('shippings', {
  ID: integer('ID').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  price: doublePrecision('price').notNull().default(0),
  shipping_code: text('shipping_code').notNull().default(''),
  CreatedAt: createdAt(),
});

/**
 * What the local order platform holds besides offers, products, campaigns and stores:
 * its shipping catalogue and its categories (`kind` 'shipping' | 'category'), by the
 * platform's id. A real platform answers these from its own API.
 */
export const platformCatalog = pgTable(
  'platform_catalog',
  {
    kind: text('kind').notNull(),
    id: integer('id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);

/** Campaigns (000 §3; 001 §3) of a funnel and/or an offer. */
export const campaigns = pgTable(
  'campaigns',
  {
    ID: serial('ID').primaryKey(),
    campaign_id: integer('campaign_id').notNull(),
    campaign_name: text('campaign_name').notNull().default(''),
    country_code: text('country_code').notNull().default(''),
    scrub: boolean('scrub').notNull().default(false),
    funnel_id: integer('funnel_id').references(() => funnels.ID, { onDelete: 'cascade' }),
    /** The offer's platform `offer_id`. */
    offer_id: integer('offer_id').references(() => offers.offer_id, { onDelete: 'set null', onUpdate: 'cascade' }),
    description: text('description').notNull().default(''),
    sufix: text('sufix').notNull().default(''),
    regions: jsonb('regions')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    payment_method: text('payment_method').notNull().default(''),
    shipping_id: integer('shipping_id').references(() => shippings.ID, { onDelete: 'set null' }),
    fulfillment: text('fulfillment').notNull().default(''),
    CreatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('campaigns_funnel_campaign_uq').on(t.funnel_id, t.campaign_id),
    index('campaigns_offer_idx').on(t.offer_id),
    index('campaigns_campaign_id_idx').on(t.campaign_id),
  ],
);

/**
 * Where each page's node sits in a funnel's flow diagram (node positions are kept per
 * funnel): the `layout:<funnelId>` editor document. Apart from the funnel row so moving a
 * node never bumps the funnel's version (no 412 for someone editing its details) and never
 * writes an audit entry (positions are not noise in the audit log).
 */
export const funnelLayouts = pgTable('funnel_layouts', {
  funnel_id: integer('funnel_id')
    .primaryKey()
    .references(() => funnels.ID, { onDelete: 'cascade' }),
  /** `{ "<page ID>": { x, y } }` in diagram pixels (React Flow's coordinate space). */
  positions: jsonb('positions')
    .$type<Record<string, { x: number; y: number }>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  version: integer('version').notNull().default(1),
  UpdatedAt: updatedAt(),
});

/**
 * Each user's order of the dashboard cards (001 §2 "reorderable by drag"; kept per
 * user on the server): card names, first card first. A card missing from it (a new kind)
 * follows in the server's order.
 */
export const dashboardOrders = pgTable('dashboard_orders', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.user_id, { onDelete: 'cascade' }),
  names: jsonb('names')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  UpdatedAt: updatedAt(),
});

/** Categories (000 §3; 001 §3); name and sticky_id are each unique (001 §5). */
export const categories = pgTable(
  'categories',
  {
    ID: serial('ID').primaryKey(),
    name: text('name').notNull(),
    sticky_id: integer('sticky_id').notNull().unique(),
    description: text('description').notNull().default(''),
    event_shipping: integer('event_shipping'),
    event_order: integer('event_order'),
    event_refund: integer('event_refund'),
    event_void: integer('event_void'),
    event_rma: integer('event_rma'),
    event_return: integer('event_return'),
    CreatedAt: createdAt(),
  },
  (t) => [uniqueIndex('categories_name_lower_uq').on(sql`lower(${t.name})`)],
);

/** Blocked users / order-decline rules of a funnel (000 §3 Block form; 001 §3 Blocker). */
export const blockers = pgTable(
  'blockers',
  {
    ID: serial('ID').primaryKey(),
    funnel_id: integer('funnel_id')
      .notNull()
      .references(() => funnels.ID, { onDelete: 'cascade' }),
    user_ip: text('user_ip').notNull().default(''),
    user_country: text('user_country').notNull().default(''),
    user_email: text('user_email').notNull().default(''),
    user_phone: text('user_phone').notNull().default(''),
    order_decline_limit: integer('order_decline_limit'),
    UpdatedAt: updatedAt(),
  },
  (t) => [index('blockers_funnel_idx').on(t.funnel_id)],
);

/** Tracking pixels, one row per page (001 §3, §7 "one call per selected page"). */
export const pixels = pgTable(
  'pixels',
  {
    ID: serial('ID').primaryKey(),
    funnel_id: integer('funnel_id')
      .notNull()
      .references(() => funnels.ID, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    aff_id: text('aff_id').notNull().default(''),
    page: integer('page')
      .notNull()
      .references(() => pages.ID, { onDelete: 'cascade' }),
    location: text('location').notNull(),
    code: text('code').notNull(),
    CreatedAt: createdAt(),
  },
  (t) => [index('pixels_funnel_idx').on(t.funnel_id)],
);

/** Scrub rules of a funnel (001 §3); `global` rules have no affiliate. */
export const scrubs = pgTable(
  'scrubs',
  {
    ID: serial('ID').primaryKey(),
    funnel_id: integer('funnel_id')
      .notNull()
      .references(() => funnels.ID, { onDelete: 'cascade' }),
    affiliate_id: text('affiliate_id').notNull().default(''),
    affiliate_name: text('affiliate_name').notNull().default(''),
    scrub_pct: integer('scrub_pct').notNull(),
    global: boolean('global').notNull().default(false),
    CreatedAt: createdAt(),
  },
  (t) => [uniqueIndex('scrubs_funnel_affiliate_uq').on(t.funnel_id, t.affiliate_id)],
);

/**
 * Orders (001 §3). Read-only for the API: paged, sorted and filtered in SQL. Every sortable
 * column has an index `(column, ID)` so any sort reads one page from the index.
 */
export const orders = pgTable(
  'orders',
  {
    ID: serial('ID').primaryKey(),
    CreatedAt: createdAt(),
    payment_method: text('payment_method').notNull(),
    product_id: integer('product_id').notNull(),
    transaction_id: text('transaction_id').notNull(),
    ip: text('ip').notNull(),
    aff_id: text('aff_id').notNull(),
    campaign_id: integer('campaign_id').notNull(),
    customer_id: integer('customer_id').notNull(),
    is_scrub: boolean('is_scrub').notNull().default(false),
    is_done: boolean('is_done').notNull().default(false),
  },
  (t) => [
    index('orders_created_idx').on(t.CreatedAt, t.ID),
    index('orders_payment_idx').on(t.payment_method, t.ID),
    index('orders_product_idx').on(t.product_id, t.ID),
    index('orders_transaction_idx').on(t.transaction_id, t.ID),
    index('orders_ip_idx').on(t.ip, t.ID),
    index('orders_aff_idx').on(t.aff_id, t.ID),
    index('orders_campaign_idx').on(t.campaign_id, t.ID),
    index('orders_customer_idx').on(t.customer_id, t.ID),
    index('orders_scrub_idx').on(t.is_scrub, t.ID),
    index('orders_done_idx').on(t.is_done, t.ID),
  ],
);

/** The number of orders, kept by statement-level triggers (migration 0003): an unfiltered page needs no count(*). */
export const orderStats = pgTable('order_stats', {
  id: integer('id').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});

/**
 * A revision per cached kind of data (`funnels`; `users`, which covers users and roles),
 * bumped in the writing transaction by statement-level triggers (migration 0004) — foreign-key
 * actions included — which also NOTIFY channel `cache_revisions` with the name. A server
 * caching that data (cache.ts) drops it on the notification (PGlite) or when a request reads
 * a newer revision (PostgreSQL, shared by several servers).
 */
export const cacheRevisions = pgTable('cache_revisions', {
  name: text('name').primaryKey(),
  rev: bigint('rev', { mode: 'number' }).notNull().default(0),
});

/**
 * Audit log (001 §3): operator notes and server-written diffs with ops and inverse. The record
 * outlives what it records: `funnel_id` has no foreign key, so deleting a funnel keeps
 * its log (readable by an admin, {@link deletedFunnels}); deleting a user keeps the name of the
 * entries' author in `author_name` (migration 0012's trigger copies it before the row goes).
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    ID: serial('ID').primaryKey(),
    /** Null for template diffs (templates belong to no funnel); may name a deleted funnel. */
    funnel_id: integer('funnel_id'),
    type: text('type').notNull(),
    title: text('title').notNull().default(''),
    message: text('message').notNull().default(''),
    task_url: text('task_url').notNull().default(''),
    /** `funnel:<id>` | `page:<id>` | `template:<id>` for diffs, null for notes. */
    doc: text('doc'),
    ops: jsonb('ops').$type<Operation[]>(),
    inverse: jsonb('inverse').$type<Operation[]>(),
    /** The document's version after the change. */
    version: integer('version'),
    user_id: integer('user_id').references(() => users.user_id, { onDelete: 'set null' }),
    /** The author's name when the user was deleted (null while the user exists: their current name is shown). */
    author_name: text('author_name'),
    /**
     * Written by the server (diffs, Published, Funnel created/locked/unlocked/cloned, pages
     * added/deleted, templates synced): append-only, nobody deletes it. True unless a writer
     * says otherwise — only an operator's note (POST /api/v1/audit_logs) is written with false.
     */
    system: boolean('system').notNull().default(true),
    CreatedAt: createdAt(),
  },
  (t) => [index('audit_logs_funnel_idx').on(t.funnel_id, t.CreatedAt)],
);

/** Stored responses of writes sent with an `Idempotency-Key` header, per user. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: integer('user_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    etag: text('etag'),
    /**
     * SHA-256 (hex) of the request the key was first used with: method, path and canonical
     * body (documents/idempotency.ts requestHash). A replay with another body is refused (422). '' for
     * keys stored before the column existed (replayed on method and path alone).
     */
    request_hash: text('request_hash').notNull().default(''),
    CreatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] })],
);

/**
 * The embedded issuer's key material (auth/keys.ts): one row (`id` 1) with the private signing
 * JWKs and the cookie keys, so every API process on the database signs and verifies with the
 * same keys (tokens and sign-in cookies are good on any of them behind one address).
 */
export const issuerKeys = pgTable(
  'issuer_keys',
  {
    id: integer('id').primaryKey(),
    keys: jsonb('keys').$type<{ jwks: { keys: JWK[] }; cookieKeys: string[] }>().notNull(),
    CreatedAt: createdAt(),
  },
  () => [check('issuer_keys_one_row', sql`"id" = 1`)],
);

/** oidc-provider's adapter storage (sessions, grants, codes, refresh tokens, interactions). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grant_id: text('grant_id'),
    user_code: text('user_code'),
    uid: text('uid'),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    consumed_at: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grant_id),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.user_code),
  ],
);

/**
 * Published releases: one row per release directory
 * `${SITES_DIR}/<site>/releases/<stamp>/`, with what was published (`snapshot`: the funnel as
 * `funnelView` shows it, never the captcha secret, and every page) and the business-level
 * `changes` against the release it replaced. `live` marks the release `<site>/current` points
 * to: at most one per site (a partial unique index), switched in the transaction that switches
 * the symlink (src/server/publish/releases.ts).
 */
export const releases = pgTable(
  'releases',
  {
    ID: serial('ID').primaryKey(),
    funnel_id: integer('funnel_id')
      .notNull()
      .references(() => funnels.ID, { onDelete: 'cascade' }),
    site: text('site').notNull(),
    /** The release directory's name under `<site>/releases/`. */
    stamp: text('stamp').notNull(),
    CreatedAt: createdAt(),
    user_id: integer('user_id').references(() => users.user_id, { onDelete: 'set null' }),
    funnel_version: integer('funnel_version').notNull(),
    snapshot: jsonb('snapshot').$type<ReleaseSnapshot>().notNull(),
    /** `releaseChanges(previous live, this)` as sentences, computed when it was published. */
    changes: jsonb('changes')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    live: boolean('live').notNull().default(false),
  },
  (t) => [
    uniqueIndex('releases_site_stamp_uq').on(t.site, t.stamp),
    uniqueIndex('releases_site_live_uq')
      .on(t.site)
      .where(sql`${t.live}`),
    index('releases_funnel_idx').on(t.funnel_id, t.CreatedAt),
  ],
);

/**
 * Deleted funnels: deleting a funnel removes it, its
 * pages and everything that hangs off them, and leaves this tombstone — what it was (`snapshot`:
 * the funnel as the API showed it, without the captcha secret, and its pages), who deleted it
 * and when. Its audit log stays in `audit_logs`, readable by an admin.
 */
export const deletedFunnels = pgTable('deleted_funnels', {
  /** The funnel's `ID` (never reused: the funnels' sequence only grows). */
  ID: integer('ID').primaryKey(),
  name: text('name').notNull(),
  snapshot: jsonb('snapshot').$type<DeletedFunnel['snapshot']>().notNull(),
  user_id: integer('user_id').references(() => users.user_id, { onDelete: 'set null' }),
  /** Who deleted it, as named then. */
  user_name: text('user_name').notNull().default(''),
  CreatedAt: createdAt(),
});

/**
 * Sign-in attempts counted by the login page's limits (auth/sign-in-limits.ts): one
 * row per account (`account:<e-mail in lower case>`, known or not, so a refusal never tells
 * which e-mails exist) and per client address (`address:<IPv4 or IPv6 /64>`). An attempt counts
 * when it starts and a success takes its own back, so concurrent guesses cannot slip past the
 * limit. In the database: several API processes share them.
 */
export const signInAttempts = pgTable('sign_in_attempts', {
  key: text('key').primaryKey(),
  /** Attempts counted in the window that began at `window_start`. */
  attempts: integer('attempts').notNull(),
  window_start: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  /** Set when the limit was reached: every attempt is refused until then. */
  locked_until: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
});

/**
 * A lock of an account that its owner has not been shown yet: the login page shows
 * it once, at the owner's next successful sign-in, then deletes it.
 */
export const signInNotices = pgTable('sign_in_notices', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.user_id, { onDelete: 'cascade' }),
  /** Failed attempts: the wrong passwords that locked it and the attempts refused while locked. */
  failures: integer('failures').notNull(),
  first_at: timestamp('first_at', { withTimezone: true, mode: 'date' }).notNull(),
  last_at: timestamp('last_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** The client address of the last failed attempt. */
  last_address: text('last_address').notNull(),
  locked_until: timestamp('locked_until', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * First-party analytics events from published pages (`POST /e`, src/server/analytics/):
 * append-only, partitioned by day on `created_at` (the server's time; migration 0018 — the
 * partitions are created and dropped by analytics/maintenance.ts, so drizzle sees the parent
 * only). No foreign keys: an insert costs no lookups, and a deleted funnel's events go with the
 * retention. `visitor` is null for Do Not Track / Global Privacy Control; `branch` is
 * `<split page ID>:next|skip|match`.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    funnel_id: integer('funnel_id').notNull(),
    page_id: integer('page_id').notNull(),
    release_id: integer('release_id').notNull(),
    kind: text('kind').notNull(),
    visitor: text('visitor'),
    branch: text('branch'),
    affiliate: text('affiliate'),
    campaign: text('campaign'),
  },
  (t) => [index('events_funnel_created_idx').on(t.funnel_id, t.created_at)],
);

/**
 * Daily rollups of {@link events} (UTC days), rewritten for whole days by the rollup job:
 * `events` counted, `visitors` the distinct visitor ids plus the events without one (each an
 * anonymous visitor). Missing branch, affiliate or campaign is ''.
 */
export const eventRollups = pgTable(
  'event_rollups',
  {
    day: date('day', { mode: 'string' }).notNull(),
    funnel_id: integer('funnel_id').notNull(),
    page_id: integer('page_id').notNull(),
    release_id: integer('release_id').notNull(),
    branch: text('branch').notNull().default(''),
    affiliate: text('affiliate').notNull().default(''),
    campaign: text('campaign').notNull().default(''),
    kind: text('kind').notNull(),
    events: bigint('events', { mode: 'number' }).notNull(),
    visitors: bigint('visitors', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'event_rollups_pk', columns: [t.funnel_id, t.day, t.page_id, t.release_id, t.branch, t.affiliate, t.campaign, t.kind] })],
);

/** The last UTC day whose events are rolled up into {@link eventRollups} (one row, id 1). */
export const eventRollupState = pgTable('event_rollup_state', {
  id: integer('id').primaryKey(),
  rolled_through: date('rolled_through', { mode: 'string' }),
  /** Today's rollup holds the events before this instant (valid while its day follows `rolled_through`). */
  live_through: timestamp('live_through', { withTimezone: true, mode: 'date' }),
});

/** The visitors today's rollup already counted, per rollup group (migration 0019): what keeps a minute-old rollup plus the raw events since exact. */
export const eventDayVisitors = pgTable(
  'event_day_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    funnel_id: integer('funnel_id').notNull(),
    page_id: integer('page_id').notNull(),
    release_id: integer('release_id').notNull(),
    branch: text('branch').notNull(),
    affiliate: text('affiliate').notNull(),
    campaign: text('campaign').notNull(),
    kind: text('kind').notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [
    primaryKey({ name: 'event_day_visitors_pk', columns: [t.funnel_id, t.day, t.page_id, t.release_id, t.branch, t.affiliate, t.campaign, t.kind, t.visitor] }),
  ],
);

/**
 * Drizzle schema (pg-core) for PGlite and PostgreSQL alike. Column names are the seeds'
 * field names (000 §3, 001 §3): `ID`, `funnel_id`, `page_path`, `cs_email`, `CreatedAt`…
 * Every editable row (funnels, pages, templates) carries an integer `version` (ETag).
 */
import { sql } from 'drizzle-orm';
import {
  boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Operation } from '../../model/index.ts';

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
  role_id: integer('role_id').notNull().references(() => roles.id),
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
export const products = pgTable('products', {
  ID: serial('ID').primaryKey(),
  product_id: integer('product_id').notNull(),
  /** The owning offer's `offer_id` (platform id). */
  offer_id: integer('offer_id').notNull().references(() => offers.offer_id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  name: text('name').notNull(),
  sku: text('sku').notNull().default(''),
  /** Price in the offer's currency units (e.g. 39.99). */
  product_price: doublePrecision('product_price').notNull(),
  product_category: text('product_category').notNull().default(''),
  billing_model: integer('billing_model').notNull().default(2),
  shipping_id: integer('shipping_id'),
}, (t) => [index('products_offer_idx').on(t.offer_id)]);

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
  publish_status: text('publish_status').notNull().default('progress'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull(),
  version: integer('version').notNull().default(1),
  CreatedAt: createdAt(),
  UpdatedAt: updatedAt(),
});

/** Pages (000 §3, 001 §3); a page path is unique within its funnel. */
export const pages = pgTable('pages', {
  ID: serial('ID').primaryKey(),
  funnel_id: integer('funnel_id').notNull().references(() => funnels.ID, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  page_type: text('page_type').notNull(),
  page_path: text('page_path').notNull(),
  template_id: integer('template_id').references(() => templates.ID, { onDelete: 'set null' }),
  /** Next page on the main action / on skip (000 §3, 001 §3). */
  page_id: integer('page_id'),
  page_alt_id: integer('page_alt_id'),
  split: jsonb('split').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
  meta: jsonb('meta').$type<Record<string, unknown>>().notNull(),
  version: integer('version').notNull().default(1),
  CreatedAt: createdAt(),
  UpdatedAt: updatedAt(),
}, (t) => [uniqueIndex('pages_funnel_path_uq').on(t.funnel_id, t.page_path)]);

/** Domains, minimal for now (000 §3: ID, name, funnel_id): the published site's name. */
export const domains = pgTable('domains', {
  ID: serial('ID').primaryKey(),
  name: text('name').notNull().unique(),
  funnel_id: integer('funnel_id').references(() => funnels.ID, { onDelete: 'set null' }),
  CreatedAt: createdAt(),
});

/** Audit log (001 §3): operator notes and server-written diffs with ops and inverse. */
export const auditLogs = pgTable('audit_logs', {
  ID: serial('ID').primaryKey(),
  /** Null for template diffs (templates belong to no funnel). */
  funnel_id: integer('funnel_id').references(() => funnels.ID, { onDelete: 'cascade' }),
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
  CreatedAt: createdAt(),
}, (t) => [index('audit_logs_funnel_idx').on(t.funnel_id, t.CreatedAt)]);

/** Stored responses of writes sent with an `Idempotency-Key` header, per user. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  user_id: integer('user_id').notNull(),
  key: text('key').notNull(),
  method: text('method').notNull(),
  path: text('path').notNull(),
  status: integer('status').notNull(),
  body: jsonb('body').notNull(),
  etag: text('etag'),
  CreatedAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.user_id, t.key] })]);

/** oidc-provider's adapter storage (sessions, grants, codes, refresh tokens, interactions). */
export const oidcPayloads = pgTable('oidc_payloads', {
  id: text('id').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  grant_id: text('grant_id'),
  user_code: text('user_code'),
  uid: text('uid'),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  consumed_at: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
}, (t) => [
  primaryKey({ columns: [t.type, t.id] }),
  index('oidc_payloads_grant_idx').on(t.grant_id),
  index('oidc_payloads_uid_idx').on(t.uid),
  index('oidc_payloads_user_code_idx').on(t.user_code),
]);

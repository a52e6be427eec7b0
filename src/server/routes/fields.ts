/**
 * Descriptions of the fields of the API's request and response schemas, for the OpenAPI
 * document: what a field name means wherever it appears ({@link FIELDS}, shared by every route
 * file), and each route file's schema-specific texts from its `<name>.examples.ts`. They are
 * metadata only: each is registered in zod's global registry for the field's own schema (what
 * `.describe()` does), so validation, messages and types stay those of the model. The model's object schemas get theirs when this module loads (imported by
 * `common.ts`); route files describe their own schemas with {@link describeFields}.
 * tests/api/openapi.test.ts fails on a field without a description.
 */
import { z } from '@hono/zod-openapi';
import * as model from '../../model/index.ts';
import { SCHEMA_FIELD_DESCRIPTIONS } from './examples.ts';

/** What a field means, by name, wherever it appears (a schema's own text wins, see {@link SCHEMA_FIELDS}). */
const FIELDS: Record<string, string> = {
  ID: 'Database ID',
  version: 'Version of the document: sent back as ETag, required as If-Match by PUT and PATCH',
  funnel_id: 'ID of the funnel',
  offer_id: 'Offer ID on the order platform (`offer_id` of the offer)',
  ef_offer_id: 'Everflow offer ID',
  store_id: 'ID of the store on the order platform',
  store: 'The store of the offer',
  platform: 'Order platform of the offer: sticky or 29next',
  product_id: 'Product ID on the order platform',
  shipping_id: 'ID of the shipping method',
  shipping: 'The shipping method (its ID, name and price), when one is set',
  campaign_id: 'Campaign ID on the order platform',
  campaign_name: 'Name of the campaign on the order platform',
  country_code: 'Two-letter country code of the campaign',
  country: 'Two-letter country code (as the seeds name it)',
  scrub: 'True for a scrub campaign',
  is_scrub: 'True for a scrub campaign (as the seeds name it)',
  sufix: 'Suffix of the campaign name (Network, Network2, Reship, VIP Upsell1, Klaviyo, Default)',
  regions: 'Regions the campaigns are for (US, CA, PP, DE, UK)',
  payment_method: 'Payment method',
  shipping_name: 'Name of the shipping method',
  fulfillment: 'Fulfillment house: New Jersey, Ecomm or SRLC',
  currency: "Currency of the funnel's prices",
  language: "Language of the funnel's pages",
  countries: 'Countries the funnel sells to (at least one)',
  page_id: 'ID of the next page',
  cs_number: 'Customer-service phone number shown on the pages',
  cs_email: 'Customer-service e-mail shown on the pages',
  locked: 'True while the funnel is locked: every edit of it, its pages and children is refused (423)',
  publish_status: 'Workflow state: progress, qc or released',
  details: 'Funnel details: tracking IDs, logos, FAQ, manuals, captcha keys (the secret key is write-only)',
  offer: 'Offer ID on the order platform the funnel sells',
  page_type: 'Page type: presell, interstitial, checkout, upsell1, upsell2, thankyou, thanksagain, warranty or split',
  page_path: "Path of the page on the funnel's domain: starts and ends with a slash",
  template_id: 'ID of the template the page is rendered with',
  page_alt_id: 'ID of the page a skip leads to',
  split: 'Split conditions: which page a visitor goes to, by parameter',
  meta: "Content of the page (its panels' fields), by the page type",
  layout: 'Layout file of the renderer the template uses',
  template_host_url: 'Path of the template on the template host: starts and ends with a slash',
  archived: 'True for an archived template (the "stashed" tab)',
  sku: 'Stock-keeping unit',
  cost_of_goods: "Cost of goods, in the offer's currency",
  product_price: "Price, in the funnel's currency",
  shipping_weight: 'Shipping weight',
  max_quantity: 'Largest quantity a customer may order',
  billing_model: 'Billing model ID on the order platform',
  product_category: 'Category of the product',
  bundle: 'The products a bundle is made of (database IDs and quantities); null for a single product',
  items: 'The products of the bundle: database IDs of products of the same offer, with quantities (2 to 20)',
  sticky_id: 'Category ID on the order platform (sticky)',
  event_shipping: 'Order-platform event ID sent on shipping',
  event_order: 'Order-platform event ID sent on an order',
  event_refund: 'Order-platform event ID sent on a refund',
  event_void: 'Order-platform event ID sent on a void',
  event_rma: 'Order-platform event ID sent on an RMA',
  event_return: 'Order-platform event ID sent on a return',
  domain_id: 'ID of the parent (root) domain',
  under_attack: "Under-attack mode of the domain's DNS zone",
  zone_id: 'ID of the DNS zone',
  zone_name: 'Name of the DNS zone (its root domain)',
  proxied: "True when traffic goes through the DNS provider's proxy",
  priority: 'Priority of an MX record',
  ttl: 'Time to live in seconds (1: automatic)',
  content: 'Value of the record: an IPv4 address (A), a host name (CNAME, MX) or text (TXT)',
  records: 'The changed records, each with its ID',
  price: "Price, in the funnel's currency",
  shipping_code: 'Code of the shipping method on the order platform',
  nickname: 'Nickname',
  email: 'E-mail address (the sign-in name)',
  password: 'Password: at least 8 characters, 1 capital letter and 1 special sign (write-only)',
  role: 'Role: admin, operator or sticky',
  role_id: 'ID of the role',
  email_verified: 'True when the e-mail address is verified',
  connection: 'Where the account signs in (embedded: the embedded issuer)',
  user_id: 'ID of the user',
  user_ip: 'Blocked IP address (IPv4 or IPv6)',
  user_country: 'Blocked country code',
  user_email: 'Blocked e-mail address',
  user_phone: 'Blocked phone number',
  order_decline_limit: 'Declined orders after which a customer is blocked',
  UpdatedAt: 'When it was last changed (ISO 8601)',
  CreatedAt: 'When it was created (ISO 8601)',
  aff_id: 'Affiliate ID (empty: every affiliate)',
  location: 'Where the code goes in the page: head or body',
  code: "The pixel's HTML (a script tag)",
  page: 'ID of the page the pixel is placed on',
  pageIds: 'IDs of the pages the pixel is placed on',
  affiliate_id: 'Affiliate ID (empty for the global scrub)',
  affiliate_name: 'Name of the affiliate',
  scrub_pct: 'Percentage of orders scrubbed, 0 to 100',
  global: 'True for the scrub of every affiliate',
  title: 'Title of the entry',
  task_url: 'Link to the task the entry is about',
  transaction_id: 'Transaction ID of the payment',
  ip: 'IP address of the customer',
  customer_id: 'Customer ID on the order platform',
  is_done: 'True when the order is complete',
  campaigns_id: 'Campaign IDs on the order platform (one or a list)',
  fulfillment_id: 'Fulfillment house to set: New Jersey, Ecomm or SRLC',
  active: 'How many are active',
  total: 'How many there are',
};

/**
 * A schema's own text for a field, by `ExportName.field`, where the field's meaning depends on
 * the schema: a route file's schemas are described beside it (routes/<name>.examples.ts,
 * merged by examples.ts); here only those of schemas every route file shares.
 */
const SCHEMA_FIELDS: Record<string, string> = {
  'DeletedSchema.message': 'What was done, e.g. "Offer deleted"',
  'DeletedSchema.ID': 'ID of the deleted row',
  ...SCHEMA_FIELD_DESCRIPTIONS,
};

/**
 * Fields whose schema is shared with another field of another meaning (a description belongs
 * to the schema, so one of them would show the other's): the test expects none. Such a field
 * gets its own schema with `.describe()` in the model.
 */
export const FIELD_DESCRIPTION_CONFLICTS: string[] = [];
const describedAs = new WeakMap<z.ZodType, { where: string; text: string }>();

/** Adds `description` to `field`'s registered metadata unless it has one. */
function describe(field: z.ZodType, description: string | undefined, where: string): void {
  if (!description) return;
  const earlier = describedAs.get(field);
  if (earlier && earlier.text !== description)
    FIELD_DESCRIPTION_CONFLICTS.push(`${where} ('${description}') shares its schema with ${earlier.where} ('${earlier.text}')`);
  const meta = z.globalRegistry.get(field);
  if (meta?.description) return;
  z.globalRegistry.add(field, { ...meta, description });
  describedAs.set(field, { where, text: description });
}

/**
 * Describes each field of `schema` (an object schema) with `own[field]`, else the text of
 * `ExportName.field` when `name` is given, else the field name's common text. Returns `schema`.
 */
export function describeFields<T extends z.ZodObject>(schema: T, own: Record<string, string> = {}, name?: string): T {
  for (const [field, s] of Object.entries(schema.shape)) {
    describe(s as z.ZodType, own[field] ?? (name ? SCHEMA_FIELDS[`${name}.${field}`] : undefined) ?? FIELDS[field], `${name ?? 'schema'}.${field}`);
  }
  return schema;
}

for (const [name, value] of Object.entries(model)) {
  if (value instanceof z.ZodObject) describeFields(value, {}, name);
}

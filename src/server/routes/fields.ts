/**
 * Descriptions of the fields of the API's request and response schemas, for the OpenAPI
 * document. They are metadata only: each is registered in zod's global registry for the
 * field's own schema (what `.describe()` does), so validation, messages and types stay those
 * of the model. The model's object schemas get theirs when this module loads (imported by
 * `common.ts`); route files describe their own schemas with {@link describeFields}.
 * tests/api/openapi.test.ts fails on a field without a description.
 */
import { z } from '@hono/zod-openapi';
import * as model from '../../model/index.ts';

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

/** A schema's own text for a field, by `ExportName.field`, where the field's meaning depends on the schema. */
const SCHEMA_FIELDS: Record<string, string> = {
  'OfferDetailSchema.ID': 'Database ID of the offer',
  'OfferDetailSchema.name': 'Name of the offer',
  'OfferDetailSchema.products': 'The products of the offer',
  'OfferDetailSchema.funnels': 'The funnels that sell the offer (ID and name)',
  'DeletedSchema.message': 'What was done, e.g. "Offer deleted"',
  'DeletedSchema.ID': 'ID of the deleted row',
  'AuditLogSchema.ID': 'ID of the entry',
  'AuditLogSchema.CreatedAt': 'When it was written (ISO 8601)',
  'AuditLogSchema.title': 'Title of the entry (for a diff: the change label)',
  'AuditLogSchema.task_url': 'Link to the task the note is about',
  'AuditLogSchema.version': 'Version of the document after the change',
  'SessionUserSchema.role': 'Role: admin, operator or sticky (what the policy table allows)',
  'FunnelSchema.name': 'Name of the funnel',
  'NewFunnelSchema.name': 'Name of the funnel',
  'FunnelGeneralSchema.name': 'Name of the funnel',
  'CloneFunnelSchema.name': 'Name of the clone',
  'PageSchema.name': 'Name of the page',
  'PageFormSchema.name': 'Name of the page',
  'TemplateSchema.name': 'Name of the template',
  'TemplateFormSchema.name': 'Name of the template',
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
  'ProductCsvRowSchema.product_id': 'Product ID on the order platform (omitted: the platform gives one)',
  'ProductFormSchema.product_id': 'Product ID on the order platform (omitted: the platform gives one)',
  'CampaignSchema.name': 'Name of the campaign (as the seeds name it)',
  'CampaignSchema.description': 'Description of the campaign',
  'CampaignFormSchema.description': 'Description of the campaign',
  'CampaignsFromOfferSchema.description': 'Description of the new campaigns',
  'CampaignsFromOfferSchema.funnel_id': 'ID of the funnel the new campaigns belong to',
  'CategorySchema.name': 'Name of the category',
  'CategoryFormSchema.name': 'Name of the category',
  'CategorySchema.description': 'Description of the category',
  'CategoryFormSchema.description': 'Description of the category',
  'CategoryImportSchema.sticky_id': 'Category ID on the order platform (sticky) to import',
  'DomainBodySchema.name': "The domain (a full domain), or the subdomain's prefix when `funnel_id` and `domain_id` are given",
  'DomainBodySchema.funnel_id': 'ID of the funnel the subdomain belongs to (omitted: a root domain)',
  'DomainUpdateSchema.funnel_id': 'ID of the funnel the domain is assigned to (null: none)',
  'DnsZoneCreateSchema.domain_id': 'ID of the root domain to create the DNS zone of',
  'DnsRecordSchema.id': 'ID of the record at the DNS provider',
  'DomainSchema.name': 'The full domain name',
  'DomainSchema.funnel_id': 'ID of the funnel it is assigned to (null: none)',
  'DomainSchema.domain_id': 'ID of the root domain of a subdomain (null: a root domain)',
  'DomainSchema.parent': 'Name of the root domain of a subdomain (null: a root domain)',
  'DomainSchema.sync': 'True when it is set up in DNS',
  'DomainSchema.zone_id': 'ID of the DNS zone of a root domain (null: none yet)',
  'DomainSchema.children': 'Subdomains of a root domain (the grouped list only)',
  'DnsPatchAnswerSchema.message': 'What changed, e.g. "1 record changed, 0 unchanged"',
  'DnsPatchAnswerSchema.changed': 'IDs of the records changed',
  'DnsPatchAnswerSchema.unchanged': 'IDs of the records that already had these values',
  'DnsPatchAnswerSchema.records': 'The records as they are now',
  'DnsRecordDeletedSchema.message': 'What was done: "DNS record deleted"',
  'DnsRecordDeletedSchema.id': 'ID of the DNS record deleted',
  'DnsDeleteSchema.id': 'ID of the record to delete',
  'DnsRecordSchema.name': 'Full name of the record',
  'DnsRecordSchema.type': 'Record type: A, CNAME, MX or TXT',
  'DnsRecordFormSchema.type': 'Record type: A, CNAME, MX or TXT',
  'ShippingSchema.name': 'Name of the shipping method',
  'ShippingCreateSchema.name': 'Name of the shipping method',
  'ShippingEditSchema.name': 'Name of the shipping method',
  'ShippingSchema.description': 'Description of the shipping method',
  'ShippingCreateSchema.description': 'Description of the shipping method',
  'ShippingEditSchema.description': 'Description of the shipping method',
  'ShippingCreateSchema.ID': 'ID of the shipping method on the order platform',
  'ShippingSchema.ID': 'ID of the shipping method on the order platform',
  'StoreShippingSchema.ID': 'ID of the shipping method on the order platform',
  'StoreShippingSchema.name': 'Name of the shipping method',
  'StoreShippingSchema.description': 'Description of the shipping method',
  'StoreSchema.ID': 'ID of the store',
  'StoreSchema.name': 'Name of the store',
  'RoleSchema.id': 'ID of the role',
  'RoleSchema.name': 'Name of the role',
  'UserSchema.name': 'Full name of the user',
  'UserOutSchema.name': 'Full name of the user',
  'UserFormSchema.name': 'Full name of the user',
  'UserUpdateSchema.name': 'Full name of the user',
  'UserUpdateSchema.password': 'New password (omitted: unchanged): at least 8 characters, 1 capital letter and 1 special sign',
  'PixelSchema.name': 'Name of the pixel',
  'PixelCreateSchema.name': 'Name of the pixel',
  'PixelUpdateSchema.name': 'Name of the pixel',
  'PixelFormSchema.name': 'Name of the pixel',
  'DashboardItemSchema.name': 'What is counted (Funnels, Pages, …)',
  'ImageSchema.name': 'File name in the gallery',
  'ImageSchema.url': 'Address the image is served at',
  'ImageSchema.type': 'Media type',
  'ImageSchema.size': 'Size in bytes',
  'OrderSchema.ID': 'ID of the order',
  'OrderSchema.product_id': 'Product ID on the order platform',
  'OrderSchema.campaign_id': 'Campaign ID on the order platform',
  'OrderSchema.aff_id': 'Affiliate ID',
  'OrderSchema.is_scrub': 'True for a scrubbed order',
  'FunnelNoteSchema.title': 'Title of the note',
  'FunnelNoteSchema.message': 'Text of the note',
  'FunnelNoteSchema.task_url': 'Link to the task the note is about',
  'FunnelNoteSchema.funnel_id': 'ID of the funnel the note is about',
  'SearchHitSchema.kind': 'What was found: funnel, offer, template, domain or page',
  'SearchHitSchema.id': 'Database ID of what was found',
  'SearchHitSchema.title': 'Its name',
  'SearchHitSchema.subtitle': 'What it is, with its funnel or platform ID, e.g. "Page of GlowSkin Serum – US Launch"',
  'SearchHitSchema.href': 'The SPA route that opens it, e.g. /funnels/1/pages',
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

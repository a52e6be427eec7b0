/**
 * Records of the demo (001 §3) written once for the two places that show them: the OpenAPI
 * examples (src/server/routes/*.examples.ts) and the stories' fixtures. Only those import this
 * module; it is not in the model's index, so the app's bundle never carries it.
 */
import type { Blocker } from './blockers';
import type { Campaign } from './campaigns';
import type { DashboardItem } from './dashboard';
import type { DnsRecord, Domain } from './domains';
import type { Funnel } from './funnel';
import type { Release } from './releases';
import type { IntegrationStatus } from './system';
import type { UserOut } from './users';

/** The demo's three users as the user routes answer them, one per role (001 §6). */
export const DEMO_USER_RECORDS: readonly UserOut[] = [
  { user_id: 1, name: 'Ada Admin', nickname: 'ada', email: 'admin@example.com', role: 'admin', role_id: 1, email_verified: true, connection: 'embedded' },
  {
    user_id: 2,
    name: 'Oscar Operator',
    nickname: 'oscar',
    email: 'operator@example.com',
    role: 'operator',
    role_id: 2,
    email_verified: true,
    connection: 'embedded',
  },
  { user_id: 3, name: 'Sam Sticky', nickname: 'sam', email: 'sticky@example.com', role: 'sticky', role_id: 3, email_verified: true, connection: 'embedded' },
];

/**
 * The demo's four domains (001 §3) as the flat lists answer them, by ID: glowskin-offer.com
 * (funnel 1) and flexfit-bands.com with their DNS zones, the subdomain sommer.flexfit-bands.com
 * (funnel 3) and purebrite-smile.com, not synced.
 */
export const DEMO_DOMAINS: readonly [glow: Domain, flex: Domain, sommer: Domain, pure: Domain] = [
  {
    ID: 1,
    name: 'glowskin-offer.com',
    funnel_id: 1,
    domain_id: null,
    parent: null,
    sync: true,
    under_attack: false,
    zone_id: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  },
  {
    ID: 2,
    name: 'flexfit-bands.com',
    funnel_id: null,
    domain_id: null,
    parent: null,
    sync: true,
    under_attack: false,
    zone_id: '1a2b3c4d5e6f708192a3b4c5d6e7f809',
  },
  { ID: 3, name: 'sommer.flexfit-bands.com', funnel_id: 3, domain_id: 2, parent: 'flexfit-bands.com', sync: true, under_attack: false, zone_id: null },
  { ID: 4, name: 'purebrite-smile.com', funnel_id: null, domain_id: null, parent: null, sync: false, under_attack: false, zone_id: null },
];

/** The demo's DNS record `n` of zone `zone` (the record IDs Cloudflare gives: the zone's ID, then `n`). */
const dnsRecord = (
  n: number,
  zone: Domain,
  type: DnsRecord['type'],
  name: string,
  content: string,
  proxied: boolean,
  priority: number | null = null,
): DnsRecord => ({
  id: `${(zone.zone_id ?? '').slice(0, 24)}${String(n).padStart(8, '0')}`,
  type,
  name,
  content,
  proxied,
  ttl: 1,
  priority,
  zone_id: zone.zone_id ?? '',
  zone_name: zone.name,
});

/**
 * The demo's DNS records (000 §3 DNS record; 001 §9 ttl 1) by ID, as the DNS routes answer them:
 * glowskin-offer.com's four (A, CNAME www, MX, SPF TXT) and flexfit-bands.com's two (A, CNAME of
 * the subdomain). The seed writes them; the DNS examples and stories show glowskin-offer.com's.
 */
export const DEMO_DNS_RECORDS: readonly [DnsRecord, DnsRecord, DnsRecord, DnsRecord, DnsRecord, DnsRecord] = [
  dnsRecord(1, DEMO_DOMAINS[0], 'A', 'glowskin-offer.com', '203.0.113.10', true),
  dnsRecord(2, DEMO_DOMAINS[0], 'CNAME', 'www.glowskin-offer.com', 'glowskin-offer.com', true),
  dnsRecord(3, DEMO_DOMAINS[0], 'MX', 'glowskin-offer.com', 'mail.glowskin-offer.com', false, 10),
  dnsRecord(4, DEMO_DOMAINS[0], 'TXT', 'glowskin-offer.com', 'v=spf1 include:_spf.mail.example ~all', false),
  dnsRecord(5, DEMO_DOMAINS[1], 'A', 'flexfit-bands.com', '203.0.113.20', true),
  dnsRecord(6, DEMO_DOMAINS[1], 'CNAME', 'sommer.flexfit-bands.com', 'flexfit-bands.com', true),
];

const [glowA, glowWww, glowMx, glowSpf] = DEMO_DNS_RECORDS;
/** glowskin-offer.com's records in the order its zone lists them: A, MX, TXT, CNAME. */
export const DEMO_GLOWSKIN_DNS_RECORDS: readonly [a: DnsRecord, mx: DnsRecord, spf: DnsRecord, www: DnsRecord] = [glowA, glowMx, glowSpf, glowWww];

/** The demo funnel's US campaign (001 §3, §5) as the campaign routes answer it. */
export const DEMO_CAMPAIGN: Campaign = {
  ID: 1,
  campaign_id: 12001,
  campaign_name: 'GlowSkin US Network',
  name: 'GlowSkin US Network',
  country_code: 'US',
  country: 'US',
  scrub: false,
  is_scrub: false,
  funnel_id: 1,
  offer_id: 10231,
  description: '',
  sufix: 'Network',
  regions: ['US'],
  payment_method: 'card',
  shipping_id: 1,
  shipping_name: 'Standard Shipping',
  fulfillment: 'New Jersey',
};

/** The demo funnel's blocked users (001 §3): an IP, and an e-mail with an order-decline limit of 3. */
export const DEMO_BLOCKERS: readonly [ip: Blocker, email: Blocker] = [
  {
    ID: 1,
    funnel_id: 1,
    user_ip: '198.51.100.23',
    user_country: '',
    user_email: '',
    user_phone: '',
    order_decline_limit: null,
    UpdatedAt: '2026-11-22T22:25:17.093Z',
  },
  {
    ID: 2,
    funnel_id: 1,
    user_ip: '',
    user_country: '',
    user_email: 'chargeback@example.net',
    user_phone: '',
    order_decline_limit: 3,
    UpdatedAt: '2026-11-22T22:25:17.093Z',
  },
];

/** When the demo's integrations were last checked and synced. */
export const DEMO_STATUS_AT = '2026-11-28T06:30:00.000Z';

/**
 * A Status row (`GET /api/v1/system/status`) of an integration that is configured and answered
 * its check at {@link DEMO_STATUS_AT}, with no error, rate limit or detail; `more` overrides.
 */
export const demoStatusRow = (key: IntegrationStatus['key'], name: string, kind: string, more: Partial<IntegrationStatus> = {}): IntegrationStatus => ({
  key,
  name,
  kind,
  configured: true,
  reachable: true,
  checked_at: DEMO_STATUS_AT,
  last_error: null,
  last_sync: DEMO_STATUS_AT,
  rate_limit: null,
  detail: null,
  ...more,
});

/** The DNS provider's Status row while Cloudflare limits the demo's requests. */
export const DEMO_DNS_STATUS: IntegrationStatus = demoStatusRow('dns', 'DNS provider', 'cloudflare', {
  last_error: 'Cloudflare is limiting our requests: paused for 30 s',
  rate_limit: { remaining: 1180, limit: 1200 },
});

/** The dashboard's cards (`GET /api/v1/dashboard`) in their default order; Funnels 3 of 7 active is 42.86 %. */
export const DEMO_DASHBOARD_CARDS: readonly DashboardItem[] = [
  { name: 'Funnels', active: 3, total: 7 },
  { name: 'Pages', active: 40, total: 40 },
  { name: 'Templates', active: 11, total: 12 },
  { name: 'Offers', active: 2, total: 3 },
  { name: 'Domains', active: 0, total: 0 },
  { name: 'Campaigns', active: 5, total: 9 },
  { name: 'Orders', active: 16_667, total: 50_000 },
  { name: 'Users', active: 3, total: 3 },
];

/** The demo funnel's site, which its releases publish. */
export const DEMO_RELEASE_SITE = 'glowskin-offer.com';

/**
 * Three releases of the demo funnel (`GET /api/v1/funnels/1/releases`), newest first: 13 is live;
 * the oldest was published by a user since deleted (no name).
 */
export const DEMO_RELEASES: readonly [live: Release, previous: Release, first: Release] = [
  {
    ID: 13,
    CreatedAt: '2026-05-05T10:15:00.000Z',
    user: { name: 'Ada Admin' },
    live: true,
    site: DEMO_RELEASE_SITE,
    page_count: 5,
    changes: ['Checkout: GlowSkin Serum price 49.00 → 39.00', 'Texts changed on Presell'],
  },
  {
    ID: 12,
    CreatedAt: '2026-05-04T09:30:00.000Z',
    user: { name: 'Ola Operator' },
    live: false,
    site: DEMO_RELEASE_SITE,
    page_count: 5,
    changes: ['Page added: Upsell 2 (/upsell2/)'],
  },
  {
    ID: 11,
    CreatedAt: '2026-05-03T14:05:00.000Z',
    user: { name: '' },
    live: false,
    site: DEMO_RELEASE_SITE,
    page_count: 4,
    changes: ['First release: 4 pages'],
  },
];

/**
 * The demo funnel's own fields (funnel 1, 001 §3) as the seed stores them and the funnel routes
 * answer them: all but its offer, details and version, which each of those places sets itself.
 */
export const DEMO_FUNNEL_FIELDS: Omit<Funnel, 'offer' | 'details' | 'version'> = {
  ID: 1,
  name: 'GlowSkin Serum – US Launch',
  currency: 'USD',
  language: 'en',
  countries: ['US', 'CA'],
  page_id: 1,
  cs_number: '+1 (888) 555-0142',
  cs_email: 'support@glowskin-offer.com',
  locked: false,
  archived: false,
  publish_status: 'qc',
};

/**
 * Records of the demo (001 §3) written once for the two places that show them: the OpenAPI
 * examples (src/server/routes/*.examples.ts) and the stories' fixtures. Only those import this
 * module; it is not in the model's index, so the app's bundle never carries it.
 */
import type { Domain } from './domains';
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

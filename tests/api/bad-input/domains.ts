/** Bad-input cases of routes/domains.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import fc from 'fast-check';
import { DOMAIN_SORTS } from '../../../src/model/index.ts';
import { notIn, badListQuery, type Spec } from './shared.ts';

const BAD_DOMAIN_QUERY = fc.oneof(
  notIn(['true', 'false', '1', '0']).map((v) => `all=${encodeURIComponent(v)}`),
  badListQuery(DOMAIN_SORTS),
);

/** The spec of each route of routes/domains.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/domains/': { badQuery: BAD_DOMAIN_QUERY },
  'GET /api/v1/domains.csv': { badQuery: BAD_DOMAIN_QUERY },
  'GET /api/v1/domains/subdomains': {},
  'GET /api/v1/funnels/{id}/domains': { params: { id: '1' } },
  'POST /api/v1/domains/': {
    body: { name: 'fuzz.com' },
    required: ['name'],
    badQuery: notIn(['true', 'false', '1', '0']).map((v) => `sync=${encodeURIComponent(v)}`),
  },
  'PUT /api/v1/domains/{id}': {
    params: { id: '4' },
    body: { under_attack: true, funnel_id: 2 },
    badQuery: notIn(['true', 'false', '1', '0']).map((v) => `sync=${encodeURIComponent(v)}`),
  },
  'DELETE /api/v1/domains/{id}': { params: { id: '4' } },
};

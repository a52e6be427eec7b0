/** Bad-input cases of routes/dns.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import { type Spec } from './shared.ts';

const Z1 = '0f1e2d3c4b5a69788796a5b4c3d2e1f0'; // the demo's zone of glowskin-offer.com
const R1 = '0f1e2d3c4b5a69788796a5b400000001';

/** The spec of each route of routes/dns.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'POST /api/v1/cloud_flare/domains': { body: { domain_id: 4 }, required: ['domain_id'] },
  'PUT /api/v1/cloud_flare/domains/{id}': { params: { id: '1' }, body: { under_attack: true }, required: ['under_attack'] },
  'GET /api/v1/cloud_flare/domains/list/{id}': { params: { id: '1' } },
  'POST /api/v1/cloud_flare/domains/create/{id}': {
    params: { id: '1' },
    body: { type: 'A', name: 'fz', content: '1.2.3.4', proxied: false },
    required: ['type', 'name', 'content', 'proxied'],
  },
  'POST /api/v1/cloud_flare/domains/patch': {
    body: { zone_id: Z1, records: [{ id: R1, type: 'A', name: '@', content: '1.2.3.4', proxied: false }] },
    required: ['zone_id', 'records'],
  },
  'DELETE /api/v1/cloud_flare/domains/delete': { body: { zone_id: Z1, id: R1 }, required: ['zone_id', 'id'] },
};

/** Bad-input cases of routes/deleted-funnels.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import fc from 'fast-check';
import { bad, type Spec } from './shared.ts';

/** The spec of each route of routes/deleted-funnels.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  // Deleted funnels: paged like the log; limit 1–500, before a deleted funnel's ID.
  'GET /api/v1/deleted_funnels': {
    badQuery: fc.oneof(
      bad('0', '501', '-1', 'x', '', '1.5', '1e2', '9999').map((v) => `limit=${v}`),
      bad('0', '-1', 'x', '', '1.5', '2147483648').map((v) => `before=${v}`),
    ),
  },
  'GET /api/v1/deleted_funnels/{id}': { params: { id: '1' } },
  'GET /api/v1/deleted_funnels/{id}/audit_log': {
    params: { id: '1' },
    badQuery: fc.oneof(
      bad('0', '1001', '-1', 'x', '', '1.5').map((v) => `limit=${v}`),
      bad('0', '-1', 'x', '', '2147483648').map((v) => `before=${v}`),
    ),
  },
};

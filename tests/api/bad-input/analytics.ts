/** Bad-input cases of routes/analytics.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import fc from 'fast-check';
import { bad, type Spec } from './shared.ts';

/** The spec of each route of routes/analytics.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  // Days YYYY-MM-DD (from not after to, at most 400 days apart); release a positive ID; affiliate and campaign 1–64 characters.
  'GET /api/v1/funnels/{id}/analytics': {
    params: { id: '1' },
    badQuery: fc.oneof(
      bad('2026-13-01', '2026-1-1', 'yesterday', '', '20261101', '2026-11-01T00:00').map((v) => `from=${encodeURIComponent(v)}`),
      bad('2026-02-30x', 'x', '').map((v) => `to=${encodeURIComponent(v)}`),
      fc.constant('from=2026-11-02&to=2026-11-01'),
      fc.constant('from=2024-01-01&to=2026-11-01'),
      bad('0', '-1', 'x', '', '1.5', '2147483648').map((v) => `release=${v}`),
      bad('', 'a'.repeat(65)).map((v) => `affiliate=${v}`),
      bad('', 'c'.repeat(65)).map((v) => `campaign=${v}`),
    ),
  },
};

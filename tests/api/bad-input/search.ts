/** Bad-input cases of routes/search.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import fc from 'fast-check';
import { bad, type Spec } from './shared.ts';

/** The spec of each route of routes/search.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  // Search (the command palette): q 1–255 characters after trimming, limit 1–50.
  'GET /api/v1/search': {
    badQuery: fc.oneof(
      bad('', 'q=', 'q=%20%20', `q=${'x'.repeat(256)}`, 'limit=5'),
      bad('0', '51', '-1', 'x', '', '1.5', '1e1', '9999').map((v) => `q=serum&limit=${v}`),
    ),
  },
};

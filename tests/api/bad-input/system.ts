/** Bad-input cases of routes/system.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import fc from 'fast-check';
import { type Spec } from './shared.ts';

/** The spec of each route of routes/system.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/me': {},
  'GET /api/v1/system/status': {},
  'POST /api/v1/system/status/{key}/test': {
    params: { key: 'database' },
    extra: () => fc.constantFrom('nope', 'DNS', 'database2', 'live%20').map((key) => ({ headers: {}, params: { key }, label: `key ${key}` })),
  },
};

/** Bad-input cases of routes/live.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import fc from 'fast-check';
import { type Spec } from './shared.ts';

/** The spec of each route of routes/live.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/funnels/{id}/events': {
    params: { id: '1' },
    badQuery: fc
      .oneof(
        fc.constantFrom('funnel', 'page:', 'page:x', 'page:1:2', '__proto__', 'template:1', 'page:12345678901'),
        fc.string({ maxLength: 20 }).filter((v) => !/^(funnel|page|layout):\d{1,10}$/.test(v) && v !== ''),
      )
      .map((v) => `doc=${encodeURIComponent(v)}`),
  },
};

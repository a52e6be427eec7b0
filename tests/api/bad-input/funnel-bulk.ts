/** Bad-input cases of routes/funnel-bulk.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import type { Spec } from './shared.ts';

/** The spec of each route of routes/funnel-bulk.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'POST /api/v1/funnels/bulk': { body: { changes: [{ ID: 2, field: 'locked', value: false }], dry_run: true }, required: ['changes'], arraysOk: ['changes'] },
};

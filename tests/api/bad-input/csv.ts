/** Bad-input cases of routes/csv.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import { badUpload, type Spec } from './shared.ts';

/** The spec of each route of routes/csv.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'POST /api/v1/csv_upload/sticky/campaigns_fulfillment': { extra: badUpload(true) },
  'POST /api/v1/csv_upload/sticky/products_create/{funnelId}': { params: { funnelId: '1' }, extra: badUpload(true) },
};

/** Bad-input cases of routes/images.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import { badUpload, type Spec } from './shared.ts';

/** The spec of each route of routes/images.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/images/{funnelId}': { params: { funnelId: '1' } },
  'POST /api/v1/images/{funnelId}': { params: { funnelId: '1' }, extra: badUpload(false) },
  'DELETE /api/v1/images/{funnelId}/{name}': { params: { funnelId: '1', name: 'x.png' } },
};

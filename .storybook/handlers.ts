/**
 * msw handlers for stories, built from tests/fixtures: the API as the stories need it,
 * including PATCH with JSON Patch (applied with the model's RFC 6902 helper) so a story's
 * Save round-trips like the real server. Network mocks live only here (stories).
 */
import { http, HttpResponse } from 'msw';
import { applyOps, PREVIEW_MSG, type Operation } from '../src/model';
import * as fx from '../tests/fixtures/demo';

type Entity = { ID: number; version: number };

/** Builds a fresh handler set (own in-memory copies, so stories never share state). */
export function apiHandlers(opts: { productsFail?: boolean } = {}) {
  const docs = new Map<string, Entity>();
  for (const p of [...fx.pages, fx.emptyCheckoutPage, fx.invalidCheckoutPage]) docs.set(`pages/${p.ID}`, structuredClone(p));
  docs.set(`funnels/${fx.funnel.ID}`, structuredClone(fx.funnel));
  return [
    http.get('/api/v1/offers', () => HttpResponse.json(fx.offers)),
    http.get('/api/v1/products/offer/:id', ({ params }) =>
      opts.productsFail
        ? HttpResponse.json({ message: 'Offer not found' }, { status: 404 })
        : HttpResponse.json(fx.products.filter((p) => String(p.offer_id) === params.id))),
    http.get('/api/v1/templates', () => HttpResponse.json(fx.templates)),
    http.get('/api/v1/funnels', () => HttpResponse.json([fx.funnelRow])),
    http.get('/api/v1/funnels/:id/audit_log', () => HttpResponse.json(fx.auditLog)),
    http.patch<{ kind: string; id: string }>('/api/v1/:kind/:id', async ({ params, request }) => {
      const key = `${params.kind}/${params.id}`;
      const cur = docs.get(key);
      if (!cur) return HttpResponse.json({ message: 'Not found' }, { status: 404 });
      if (request.headers.get('If-Match') !== `"${cur.version}"`) return HttpResponse.json({ message: 'Stale', current: cur }, { status: 412 });
      const next = { ...applyOps(cur, (await request.json()) as Operation[]), version: cur.version + 1 };
      docs.set(key, next);
      return HttpResponse.json(next, { headers: { ETag: `"${next.version}"` } });
    }),
    http.post('/api/v1/preview', async ({ request }) => {
      const { page } = (await request.json()) as { page: { name: string; meta: { products?: { _package_name: string; _price: number }[] } } };
      const rows = (page.meta.products ?? []).map((p) => `<li>${p._package_name}: $${p._price.toFixed(2)}</li>`).join('');
      return new HttpResponse(`<!doctype html><html lang="en"><body><h1>${page.name}</h1><ul>${rows}</ul></body></html>`, { headers: { 'Content-Type': 'text/html' } });
    }),
    // A published page by URL (GET /api/v1/preview?url=): the demo checkout is published; a
    // private address is refused and anything else is not published, in the server's words.
    http.get('/api/v1/preview', ({ request }) => {
      const url = new URL(request.url).searchParams.get('url') ?? '';
      if (url === fx.publishedCheckoutUrl) return new HttpResponse(fx.publishedCheckoutHtml, { headers: { 'Content-Type': 'text/html' } });
      if (/^https?:\/\/(10\.|127\.|192\.168\.|localhost)/.test(url)) return HttpResponse.json({ message: PREVIEW_MSG.refused }, { status: 422 });
      return HttpResponse.json({ message: PREVIEW_MSG.notPublished }, { status: 404 });
    }),
    // The funnel's gallery (000 §7 GET /api/v1/images/{funnelId}) and its files.
    http.get('/api/v1/images/:funnelId', ({ params }) => HttpResponse.json(Number(params.funnelId) === fx.funnel.ID ? fx.galleryImages : [])),
    http.get('/uploads/:funnelId/:name', ({ params }) => new HttpResponse(fx.gallerySvg(String(params.name)), { headers: { 'Content-Type': 'image/svg+xml' } })),
  ];
}

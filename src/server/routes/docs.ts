/**
 * The API docs UI at /api/docs (the footer's "API docs" link, 001 §2): Swagger UI served
 * from the installed swagger-ui-dist package, so it works on a closed network.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Env, Hono } from 'hono';

const assetDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Funnel Admin API</title><link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui' });</script>
</body></html>`;

/** Tags of the document, in the order the docs show them, with what each groups. */
const TAGS = [
  { name: 'System', description: "Health, the SPA's OpenID Connect settings and the signed-in user" },
  {
    name: 'Funnels',
    description: 'Funnels (000 §7): list, create, read, replace, JSON-Patch, delete, clone, lock, publish; documents with a `version` (ETag, If-Match)',
  },
  { name: 'Pages', description: "Pages of a funnel and their meta (JSON-Patch documents with a `version`), and the editor's live preview" },
  { name: 'Templates', description: 'Page templates (JSON-Patch documents with a `version`), their layouts, and the sync from the template host' },
  { name: 'Offers', description: 'Offers of the order platform with their store, products and funnels' },
  { name: 'Products', description: 'Products of an offer, and bundles made of them' },
  { name: 'Audit log', description: "A funnel's notes and change diffs; system entries are append-only, notes deletable by their author or an admin" },
  { name: 'Campaigns', description: 'Order-platform campaigns of a funnel or offer, created one by one or for regions, and their fulfillment' },
  { name: 'Categories', description: 'Product categories and their event IDs on the order platform' },
  { name: 'Domains', description: 'Domains and funnel subdomains (with `sync`, set up in DNS)' },
  { name: 'DNS', description: 'DNS zones and records of a domain (the `cloud_flare/…` routes; DNS_PROVIDER)' },
  { name: 'Stores', description: 'Stores of the order platform' },
  { name: 'Shipping', description: 'Shipping methods, synced from the order platform' },
  { name: 'Users', description: 'Users and roles (admin, operator, sticky)' },
  { name: 'Dashboard', description: "The dashboard's cards: active and total per item" },
  { name: 'Blockers', description: "Users blocked from a funnel's checkout (IP, country, e-mail, phone) and order-decline limits" },
  { name: 'Pixels', description: "Tracking pixels placed in a funnel's pages" },
  { name: 'Scrubs', description: 'Scrub percentages per affiliate of a funnel' },
  { name: 'Orders', description: 'Orders of the order platform, paged, sorted and filtered on the server' },
  { name: 'Images', description: "A funnel's image gallery (uploads)" },
  { name: 'CSV uploads', description: "CSV imports: campaign fulfillment, products of a funnel's offer" },
];

/**
 * The OpenAPI document's top level (`app.doc31('/api/openapi.json', openApiConfig(publicUrl))`):
 * info with its license, the server at `publicUrl`, and the tags with descriptions.
 */
export function openApiConfig(publicUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Funnel Admin API',
      version: '0.1.0',
      description:
        'Every call of both seeds: funnels, pages, templates, offers, products, campaigns, categories, domains and DNS, ' +
        'images and CSV uploads, shipping, stores, users and roles, dashboard, audit log, blockers, pixels, scrubs, orders and publishing.\n\n' +
        'Every `/api/v1` call needs a bearer access token of the OpenID Connect issuer named by `GET /api/config`. ' +
        'Errors are `{ "message": "…" }` (400/422 invalid, 401, 403, 404, 409, 412, 413, 423 locked, 428) with the seeds\' wording. ' +
        'Each operation names its policy action and the roles allowed. Editable documents (funnels, pages, templates) carry a `version`: ' +
        'GET returns it as ETag, PUT and PATCH (RFC 6902) require If-Match, and an Idempotency-Key replays the first answer.',
      license: { name: 'Proprietary: internal use only', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: publicUrl, description: 'This server (PUBLIC_URL)' }],
    tags: TAGS,
  };
}

/** Mounts GET /api/docs and its two asset files. */
export function mountDocs<E extends Env>(app: Hono<E>): void {
  app.get('/api/docs', (c) => c.html(page));
  app.get('/api/docs/:asset', async (c) => {
    const name = c.req.param('asset');
    const type = ASSETS[name];
    if (!type) return c.json({ message: 'Not Found!' }, 404);
    const body = await readFile(path.join(assetDir, name));
    return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
  });
}

/**
 * The API docs UI at /api/docs (the footer's "API docs" link, 001 §2): Swagger UI served
 * from the installed swagger-ui-dist package, so it works on a closed network.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Env, Hono } from 'hono';
import { ROUTE_FILES } from './examples.ts';

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

/** Tags of the document, in the order the docs show them (the route list's order), with what each groups. */
const TAGS = Object.values(ROUTE_FILES).flatMap((docs) => docs.tags ?? []);

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

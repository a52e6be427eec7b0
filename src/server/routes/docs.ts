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

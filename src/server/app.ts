/**
 * The HTTP API as one Hono (OpenAPIHono) app: public health/config/docs, the embedded
 * issuer's login page, published sites, and `/api/v1/*` behind the bearer-token check.
 * `/oidc/*` is NOT here: oidc-provider reads the raw request, so `server.ts` routes it
 * beside this app (TOOLCHAIN.md).
 *
 * Source: DESIGN.md "API conventions"; brief §5.
 */
import { mountDocs } from './routes/docs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { JWTPayload } from 'jose';
import type Provider from 'oidc-provider';
import { interactionRoutes } from './auth/interaction.ts';
import { requireUser } from './auth/middleware.ts';
import { EMBEDDED_SCOPE } from './auth/provider.ts';
import { isEmbeddedIssuer } from './config.ts';
import { ApiError } from './http.ts';
import { hostSites } from './publish/sites.ts';
import { auditRoutes } from './routes/audit.ts';
import type { AppEnv, Deps } from './routes/common.ts';
import { funnelRoutes } from './routes/funnels.ts';
import { offerRoutes } from './routes/offers.ts';
import { pageRoutes } from './routes/pages.ts';
import { publishRoutes, siteRoutes } from './routes/publish.ts';
import { systemRoutes } from './routes/system.ts';
import { templateRoutes } from './routes/templates.ts';

/** What {@link createApp} needs: the route deps plus auth. */
export interface AppDeps extends Deps {
  /** The embedded issuer, or null when OIDC_ISSUER points elsewhere. */
  provider: Provider | null;
  /** Verifies an access token's signature, issuer, audience and typ. */
  verifyToken: (token: string) => Promise<JWTPayload>;
}

/** Largest request body accepted by the API, in bytes. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

const STATIC_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.webp': 'image/webp', '.woff2': 'font/woff2', '.map': 'application/json', '.txt': 'text/plain; charset=utf-8',
};

/**
 * Builds the app. Errors thrown anywhere become `{message}` with their status (ApiError,
 * HTTPException); anything unexpected is logged and answered 500 without details.
 */
export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const { config } = deps;
  const app = new OpenAPIHono<AppEnv>();

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json({ message: err.message, ...err.extra }, err.status, err.headers);
    if (err instanceof HTTPException) {
      const status = err.status;
      const message = status === 400 && /JSON/i.test(err.message) ? 'The body is not valid JSON' : err.message || 'Bad request';
      return c.json({ message }, status);
    }
    console.error(`${c.req.method} ${c.req.path} failed`, err);
    return c.json({ message: 'Internal server error' }, 500);
  });
  app.notFound((c) => c.json({ message: 'Not Found!' }, 404));

  app.use('*', hostSites(config.sitesDir, new URL(config.publicUrl).hostname));
  app.use('/api/*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ message: 'The request body is too large (at most 5 MB)' }, 413) }));
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
  });

  // Registered before any route: Hono runs handlers in registration order.
  app.use('/api/v1/*', requireUser(deps.db, deps.verifyToken, isEmbeddedIssuer(config)));

  app.route('/', systemRoutes(deps, isEmbeddedIssuer(config) ? EMBEDDED_SCOPE : 'openid email profile'));
  if (deps.provider) app.route('/', interactionRoutes(deps.provider, deps.db, config.oidcAudience));
  app.route('/', siteRoutes(deps));
  for (const group of [funnelRoutes, pageRoutes, publishRoutes, templateRoutes, offerRoutes, auditRoutes]) {
    app.route('/', group(deps));
  }

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Funnel Admin API', version: '0.1.0',
      description: 'Funnels, pages, templates, offers, audit log and publishing. Errors are `{ "message": "…" }`. '
        + 'Editable documents (funnels, pages, templates) carry a `version`: GET returns it as ETag, PATCH (RFC 6902) requires If-Match.',
    },
    servers: [{ url: config.publicUrl }],
  });
  mountDocs(app);
  app.all('/api/*', (c) => c.json({ message: 'Not Found!' }, 404));

  // The SPA: files from STATIC_DIR, and index.html for any other page route (client routing).
  app.on(['GET', 'HEAD'], '*', async (c) => {
    const root = config.staticDir;
    const rel = decodeURIComponent(new URL(c.req.url).pathname);
    const file = path.resolve(root, '.' + path.posix.normalize('/' + rel));
    if (file.startsWith(root + path.sep)) {
      try {
        const st = await fs.stat(file);
        if (st.isFile()) {
          c.header('Content-Type', STATIC_TYPES[path.extname(file)] ?? 'application/octet-stream');
          c.header('Cache-Control', rel.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
          return c.body(new Uint8Array(await fs.readFile(file)), 200);
        }
      } catch {
        /* not a file: fall through to the SPA shell */
      }
    }
    if (path.extname(rel) && !rel.endsWith('.html')) return c.json({ message: 'Not Found!' }, 404);
    try {
      const html = await fs.readFile(path.join(root, 'index.html'), 'utf8');
      c.header('Cache-Control', 'no-cache');
      return c.html(html, 200);
    } catch {
      return c.text('The SPA is not built: run `npm run build` (npm start does it).', 404);
    }
  });
  return app;
}

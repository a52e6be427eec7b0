/**
 * The HTTP API as one Hono (OpenAPIHono) app: public health/config/docs, the embedded
 * issuer's login page, published sites, and `/api/v1/*` behind the bearer-token check.
 * `/oidc/*` is NOT here: oidc-provider reads the raw request, so `server.ts` routes it
 * beside this app (src/server/README.md).
 *
 * Source: src/server/README.md.
 */
import { mountDocs, openApiConfig } from './routes/docs';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { Context, MiddlewareHandler } from 'hono';
import type { JWTPayload } from 'jose';
import type Provider from 'oidc-provider';
import { interactionRoutes } from './auth/interaction.ts';
import { cachedVerifier, requireUser } from './auth/middleware.ts';
import type { DataCaches } from './cache.ts';
import { EMBEDDED_SCOPE } from './auth/provider.ts';
import { isEmbeddedIssuer, type Config } from './config.ts';
import { DB_RETRY_AFTER_S, isDatabaseUnavailable } from './db/index.ts';
import { pgCode } from './documents/errors.ts';
import {
  API_CSP,
  ApiError,
  appCsp,
  hasMalformedEscape,
  HSTS,
  MALFORMED_URL,
  pageCspWithScripts,
  PREVIEW_FALLBACK_CSP,
  publicMessage,
  REFERRER_POLICY,
} from './http.ts';
import type { WithReleases } from './publish/release-store.ts';
import { hostSites } from './publish/sites.ts';
import { analyticsOf } from './analytics/index.ts';
import { compressJson } from './static/compress.ts';
import { spaHandler } from './static/spa.ts';
import { storybookHandler } from './static/storybook.ts';
import { MSG } from '../model/messages.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { auditRoutes } from './routes/audit.ts';
import { deletedFunnelRoutes } from './routes/deleted-funnels.ts';
import { liveRoutes } from './routes/live.ts';
import { blockerRoutes } from './routes/blockers.ts';
import { campaignRoutes } from './routes/campaigns.ts';
import { categoryRoutes } from './routes/categories.ts';
import type { AppEnv, Deps } from './routes/common.ts';
import { csvRoutes } from './routes/csv.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { dnsRoutes } from './routes/dns.ts';
import { domainRoutes } from './routes/domains.ts';
import { funnelRoutes } from './routes/funnels.ts';
import { funnelBulkRoutes } from './routes/funnel-bulk.ts';
import { imageRoutes, uploadRoutes } from './routes/images.ts';
import { offerRoutes } from './routes/offers.ts';
import { orderRoutes } from './routes/orders.ts';
import { pageRoutes } from './routes/pages.ts';
import { previewRoutes } from './routes/preview.ts';
import { pixelRoutes } from './routes/pixels.ts';
import { productRoutes } from './routes/products.ts';
import { publishRoutes, siteRoutes } from './routes/publish.ts';
import { scrubRoutes } from './routes/scrubs.ts';
import { searchRoutes } from './routes/search.ts';
import { shippingRoutes } from './routes/shippings.ts';
import { systemRoutes } from './routes/system.ts';
import { templateRoutes } from './routes/templates.ts';
import { userRoutes } from './routes/users.ts';
import { MAX_UPLOAD_REQUEST_BYTES } from './uploads/images.ts';
import { requestLog, type Logger } from './ops/logger.ts';
import { rateLimit, type RateLimiter } from './ops/rate-limit.ts';
import { requestLogging } from './ops/request-log.ts';
import { metricsHandler, readyRoutes } from './ops/routes.ts';
import { CSV_REQUEST_BYTES } from './uploads/csv.ts';

/** What {@link createApp} needs: the route deps, the release store, plus auth. */
export interface AppDeps extends Deps, WithReleases {
  /** The embedded issuer, or null when OIDC_ISSUER points elsewhere. */
  provider: Provider | null;
  /** Verifies an access token's signature, issuer, audience and typ. */
  verifyToken: (token: string) => Promise<JWTPayload>;
  /** Read caches of users and funnel documents; omitted: every request reads the database. */
  caches?: DataCaches;
  /** Run at the start of every `/api/v1` request, before the caches are read (PostgreSQL: revision check). */
  refreshCaches?: (() => Promise<void>) | null;
  /** Operating it: logs, rate limits, readiness and metrics (src/server/ops). */
  ops: OpsDeps;
}

/** What {@link createApp} needs to be operable (server.ts builds it). */
export interface OpsDeps {
  /** The server's JSON logger; each request logs through a child with its request id. */
  log: Logger;
  /** Per-user limits on writes, uploads and publishes (429 past them). */
  limiter: RateLimiter;
  /** True once a graceful stop began (`/api/ready` answers 503). */
  draining: () => boolean;
  /** METRICS_TOKEN: empty (open), `off`, or the bearer token `/metrics` needs. */
  metricsToken: string;
  /** Embedded issuer: whether its keys are loaded; null with an external issuer. */
  embeddedIssuerLoaded: boolean | null;
}

/** Largest request body accepted by the API, in bytes. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

/**
 * Hono's `bodyLimit` (refuses bodies over `maxSize` bytes with `onError`), deciding the
 * common cases from the headers first — GET/HEAD carry no body, a Content-Length without
 * Transfer-Encoding is compared as `bodyLimit` compares it — so the request is not turned
 * into a full WHATWG Request with a body stream (its first step) on every call; other
 * requests (chunked bodies) go through `bodyLimit`, which counts the bytes.
 */
export function limitBody(maxSize: number, onError: (c: Context) => Response): MiddlewareHandler {
  const counting = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('Content-Length');
    if (length !== undefined && c.req.header('Transfer-Encoding') === undefined) {
      return parseInt(length || '0', 10) > maxSize ? onError(c) : next();
    }
    return counting(c, next);
  };
}

/** The plain page of a 400 outside the API (a malformed URL). */
const BAD_REQUEST_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bad request</title></head>' +
  '<body><h1>Bad request</h1><p>The address is malformed.</p><p><a href="/">Funnel Admin</a></p></body></html>';

/**
 * Security headers of every answer that reaches the app (src/server/README.md):
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy`, `Strict-Transport-Security` when
 * PUBLIC_URL is https, and a Content-Security-Policy by kind — the API's JSON
 * ({@link API_CSP}), the sandboxed previews (their own; {@link PREVIEW_FALLBACK_CSP} when a
 * route sets none: framable by the editor), the SPA, its assets and the sign-in pages
 * ({@link appCsp}, `frame-ancestors 'none'`). Published sites (`/sites/*`, and by Host: answered
 * before this runs) keep their own CSP. Set before the handler, so answers built with
 * c.json()/c.body() carry them from the start and a route's own header wins.
 */
export function securityHeaders(config: Config): MiddlewareHandler {
  const app = appCsp({ oidcIssuer: config.oidcIssuer, publicUrl: config.publicUrl, formOrigins: config.corsOrigins });
  const hsts = config.publicUrl.startsWith('https://');
  return async (c, next) => {
    const p = c.req.path;
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', REFERRER_POLICY);
    if (hsts) c.header('Strict-Transport-Security', HSTS);
    if (p.startsWith('/api/')) c.header('Content-Security-Policy', p === '/api/v1/preview' ? PREVIEW_FALLBACK_CSP : API_CSP);
    else if (!p.startsWith('/sites/')) c.header('Content-Security-Policy', app);
    await next();
  };
}

/**
 * Builds the app. Errors thrown anywhere become `{message}` with their status (ApiError,
 * HTTPException); anything unexpected is logged and answered 500 without details.
 */
export function createApp(appDeps: AppDeps): OpenAPIHono<AppEnv> {
  let deps: AppDeps = appDeps;
  const { config } = deps;
  const app = new OpenAPIHono<AppEnv>();
  const { log } = deps.ops;

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json({ message: err.message, ...err.extra }, err.status, err.headers);
    if (err instanceof HTTPException) {
      const status = err.status;
      const message = status === 400 && /JSON/i.test(err.message) ? 'The body is not valid JSON' : err.message || 'Bad request';
      return c.json({ message }, status);
    }
    // The database is down or restarting: a temporary refusal the client may retry
    // (the SPA retries saves with the same Idempotency-Key), not a server fault.
    if (isDatabaseUnavailable(err)) {
      requestLog(log).error(`${c.req.method} ${c.req.path}: database unavailable (${publicMessage(err)})`);
      return c.json({ message: 'Database unavailable' }, 503, { 'Retry-After': String(DB_RETRY_AFTER_S) });
    }
    // Safety net for input no schema bounded: PostgreSQL's data exceptions (class 22: a number
    // out of range, a malformed value) and integrity violations are the client's input, not a crash.
    const { code } = pgCode(err);
    if (code?.startsWith('22')) return c.json({ message: 'A value is out of range or malformed' }, 422);
    if (code === '23503') return c.json({ message: 'A referenced entity does not exist' }, 422);
    if (code === '23505') return c.json({ message: 'This already exists' }, 409);
    if (code === '23502' || code === '23514') return c.json({ message: 'A required value is missing or not allowed' }, 422);
    requestLog(log).error({ err }, `${c.req.method} ${c.req.path} failed`);
    return c.json({ message: 'Internal server error' }, 500);
  });
  app.notFound((c) => c.json({ message: 'Not Found!' }, 404));

  // First: the request id, the access line and the request metrics cover every answer below.
  app.use('*', requestLogging(log));
  // A malformed % escape is the client's error: 400 before anything decodes the path (never a 500).
  app.use('*', async (c, next) => {
    if (!hasMalformedEscape(c.req.url)) return next();
    const headers = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': API_CSP, 'Referrer-Policy': REFERRER_POLICY };
    if (c.req.path.startsWith('/api/')) return c.json({ message: MALFORMED_URL }, 400, headers);
    return c.html(BAD_REQUEST_PAGE, 400, headers);
  });
  // A published site's own POST /e (the page script's analytics events) beside its pages.
  const behindProxy = config.publicUrl.startsWith('https://');
  app.use(
    '*',
    hostSites(deps.releases, new URL(config.publicUrl).hostname, (c, site) => analyticsOf(deps.db, { behindProxy }).ingest.handle(c, site)),
  );
  app.use('*', securityHeaders(config));
  // JSON answers of the API compressed (br/gzip by Accept-Encoding); NDJSON streams untouched.
  app.use('/api/*', compressJson());
  // Swagger UI's page has one inline script: its CSP allows exactly that script, by hash.
  app.use('/api/docs', async (c, next) => {
    await next();
    if (c.res.status === 200 && (c.res.headers.get('Content-Type') ?? '').includes('text/html')) {
      c.header('Content-Security-Policy', pageCspWithScripts(await c.res.clone().text()));
    }
  });
  // Uploads have limits of their own (10MB images, 000 §5; CSV caps); everything else 5 MB.
  // The rest of a refused body is never read: close the connection so no client reuses it mid-upload.
  const tooLarge = (message: string) => (c: Context) => c.json({ message }, 413, { Connection: 'close' });
  const jsonLimit = limitBody(MAX_BODY_BYTES, tooLarge('The request body is too large (at most 5 MB)'));
  const imageLimit = limitBody(MAX_UPLOAD_REQUEST_BYTES, tooLarge(MSG.imageTooLarge));
  const csvLimit = limitBody(CSV_REQUEST_BYTES, tooLarge('The CSV file is too large (at most 1 MB)'));
  const limitByRoute: MiddlewareHandler<AppEnv> = async (c, next) => {
    const p = c.req.path;
    if (c.req.method === 'POST' && p.startsWith('/api/v1/images/')) return imageLimit(c, next);
    if (c.req.method === 'POST' && p.startsWith('/api/v1/csv_upload/')) return csvLimit(c, next);
    return jsonLimit(c, next);
  };
  app.use('/api/*', limitByRoute);
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('X-Content-Type-Options')) c.header('X-Content-Type-Options', 'nosniff');
    // §8: every non-2xx answer is {message}, including the few a library answers in plain text (415…).
    if (c.res.status >= 400 && !(c.res.headers.get('Content-Type') ?? '').includes('json')) {
      const text = (
        await c.res
          .clone()
          .text()
          .catch(() => '')
      ).trim();
      const headers = new Headers(c.res.headers);
      headers.set('Content-Type', 'application/json');
      headers.delete('Content-Length');
      c.res = new Response(JSON.stringify({ message: text && text.length < 300 ? text : `HTTP ${c.res.status}` }), { status: c.res.status, headers });
    }
  });

  // Registered before any route: Hono runs handlers in registration order.
  // The signed-in users and funnel documents are cached when `caches` are given (server.ts
  // keeps them exact: notifications with PGlite, a revision check per request with PostgreSQL).
  deps = { ...deps, sessions: deps.caches?.users ?? null, funnelDocs: deps.caches?.funnels ?? null, funnelLists: deps.caches?.funnelLists ?? null };
  app.use('/api/v1/*', requireUser(deps.db, cachedVerifier(deps.verifyToken), isEmbeddedIssuer(config), deps.sessions, deps.refreshCaches ?? null));
  // Per-user limits on writes, uploads and publishing, once the user is known (ops/rate-limit.ts).
  app.use('/api/v1/*', rateLimit(deps.ops.limiter));

  app.route('/', systemRoutes(deps, isEmbeddedIssuer(config) ? EMBEDDED_SCOPE : 'openid email profile'));
  app.route('/', readyRoutes(deps, { draining: deps.ops.draining, embeddedIssuerLoaded: deps.ops.embeddedIssuerLoaded }));
  if (deps.provider) app.route('/', interactionRoutes(deps.provider, deps.db, config.oidcAudience));
  app.route('/', siteRoutes(deps));
  app.route('/', uploadRoutes(deps));
  for (const group of [
    funnelRoutes,
    funnelBulkRoutes,
    pageRoutes,
    previewRoutes,
    publishRoutes,
    templateRoutes,
    offerRoutes,
    productRoutes,
    auditRoutes,
    deletedFunnelRoutes,
    campaignRoutes,
    categoryRoutes,
    domainRoutes,
    dnsRoutes,
    shippingRoutes,
    userRoutes,
    dashboardRoutes,
    blockerRoutes,
    pixelRoutes,
    scrubRoutes,
    orderRoutes,
    imageRoutes,
    csvRoutes,
    liveRoutes,
    searchRoutes,
    analyticsRoutes,
  ]) {
    app.route('/', group(deps));
  }

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  app.doc31('/api/openapi.json', openApiConfig(config.publicUrl));
  mountDocs(app);
  app.all('/api/*', (c) => c.json({ message: 'Not Found!' }, 404));

  // The static Storybook (STORYBOOK_DIR) at /storybook/, with its own CSP; then the SPA (STATIC_DIR):
  // both precompressed (.br/.gz by Accept-Encoding), hashed assets immutable (static/files.ts).
  // Prometheus metrics: not under /api (no bearer token of a user); METRICS_TOKEN guards or turns them off.
  app.get('/metrics', metricsHandler(deps.ops.metricsToken));
  const badPath = (c: Context) => c.html(BAD_REQUEST_PAGE, 400);
  const storybook = storybookHandler(config.storybookDir, badPath);
  app.on(['GET', 'HEAD'], '/storybook', storybook);
  app.on(['GET', 'HEAD'], '/storybook/*', storybook);
  app.on(['GET', 'HEAD'], '*', spaHandler(config.staticDir, badPath));
  return app;
}

/**
 * The app of the sites server (`npm run sites`, sites-main.ts): published sites only, the way
 * the admin process serves them (sites.ts: by Host, and under `/sites/<site>/`), plus
 * liveness and readiness. No admin API, no issuer, no SPA: it can face the internet while
 * the admin stays internal. It only reads — the release store and the `releases` rows — but
 * for the pages' analytics events (`events` rows, in READ WRITE transactions).
 */
import { sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { DB_RETRY_AFTER_S, isDatabaseUnavailable, type Db } from '../db/index.ts';
import { ApiError, API_CSP, hasMalformedEscape, HSTS, MALFORMED_URL, REFERRER_POLICY } from '../http.ts';
import { DRAINING_MESSAGE } from '../ops/drain.ts';
import { requestLog, type Logger } from '../ops/logger.ts';
import { requestLogging } from '../ops/request-log.ts';
import { metricsHandler, timed } from '../ops/routes.ts';
import type { AppEnv } from '../routes/common.ts';
import type { ReleaseStore } from './release-store.ts';
import { analyticsOf } from '../analytics/index.ts';
import { hostSites, NOT_FOUND_PAGE, siteEventsHandler, sitePathHandler, type SiteEvents } from './sites.ts';

/** What {@link createSitesApp} serves from. */
export interface SitesAppDeps {
  releases: ReleaseStore;
  /** The admin's database, opened read-only (the live rows). */
  db: Db;
  dbKind: 'pglite' | 'postgres';
  log: Logger;
  /** True once a graceful stop began (`/api/ready` answers 503). */
  draining: () => boolean;
  /** Send Strict-Transport-Security (the deployment is https, as the admin decides from PUBLIC_URL). */
  hsts: boolean;
  /** METRICS_TOKEN: `/metrics` only with a token here (empty or `off`: none), as this server faces the internet. */
  metricsToken: string;
}

const BAD_REQUEST_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bad request</title></head><body><h1>Bad request</h1></body></html>';

/**
 * Builds the sites server's app. Routes: published sites by Host (any host with a live
 * release) and their `POST /e`, `GET|HEAD /sites/<site>/…` and `POST /sites/<site>/e`, `GET /api/health` (200 `{status, db}`, no I/O),
 * `GET /api/ready` (200 when the `releases` table and the release store answer; 503 naming
 * what failed, and while stopping), `/metrics` with METRICS_TOKEN only. Everything else is
 * 404: under `/api/` as `{message}`, elsewhere a plain page.
 */
export function createSitesApp(d: SitesAppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json({ message: err.message, ...err.extra }, err.status, err.headers);
    if (isDatabaseUnavailable(err)) return c.json({ message: 'Database unavailable' }, 503, { 'Retry-After': String(DB_RETRY_AFTER_S) });
    requestLog(d.log).error({ err }, `${c.req.method} ${c.req.path} failed`);
    return c.json({ message: 'Internal server error' }, 500);
  });
  const notFound = (c: Context) => (c.req.path.startsWith('/api/') ? c.json({ message: 'Not Found!' }, 404) : c.html(NOT_FOUND_PAGE, 404));
  app.notFound(notFound);

  app.use('*', requestLogging(d.log));
  // The headers the admin's published-site answers carry (app.ts securityHeaders); a site keeps its own CSP.
  app.use('*', async (c, next) => {
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', REFERRER_POLICY);
    if (d.hsts) c.header('Strict-Transport-Security', HSTS);
    if (c.req.path.startsWith('/api/')) c.header('Content-Security-Policy', API_CSP);
    if (!hasMalformedEscape(c.req.url)) return next();
    return c.req.path.startsWith('/api/') ? c.json({ message: MALFORMED_URL }, 400) : c.html(BAD_REQUEST_PAGE, 400);
  });
  // The pages' analytics events (POST /e, analytics/ingest.ts): the one write this server makes.
  // Made here, so a malformed ANALYTICS_ setting stops the server at start.
  const { ingest } = analyticsOf(d.db, { behindProxy: d.hsts });
  const events: SiteEvents = (c, site) => ingest.handle(c, site);
  // No admin host here: every Host with a live release is a site.
  app.use('*', hostSites(d.releases, null, events));

  app.get('/api/health', (c) => c.json({ status: 'ok' as const, db: d.dbKind }, 200));
  app.get('/api/ready', async (c) => {
    if (d.draining()) return c.json({ message: DRAINING_MESSAGE }, 503, { 'Retry-After': '1' });
    // The table the live pointers are read from: the admin has migrated this database.
    const [database, releases] = await Promise.all([timed(() => d.db.execute(sql`select 1 from releases limit 1`)), timed(() => d.releases.check())]);
    const checks = { database, releases };
    const failed = Object.entries(checks).filter(([, v]) => v !== 'ok');
    if (failed.length) return c.json({ message: `Not ready: ${failed.map(([k, v]) => `${k}: ${v}`).join('; ')}`, checks }, 503, { 'Retry-After': '2' });
    return c.json({ status: 'ready' as const, checks }, 200);
  });
  if (d.metricsToken && d.metricsToken !== 'off') app.get('/metrics', metricsHandler(d.metricsToken));
  const sites = sitePathHandler(d.releases);
  app.on(['GET', 'HEAD'], '/sites/:site', sites);
  app.on(['GET', 'HEAD'], '/sites/:site/*', sites);
  app.post('/sites/:site/e', siteEventsHandler(events));
  app.all('*', notFound);
  return app;
}

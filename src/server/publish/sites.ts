/**
 * Serves published sites from the live release of the release store (release-store.ts:
 * `${SITES_DIR}/<site>/current/`, or the bucket's `releases/<site>/<live stamp>/` with
 * FILE_STORAGE=s3): under `/sites/<site>/…` for local use, and at the root for requests whose
 * Host is a published site (src/server/README.md, `publish/`). Only files inside the live
 * release are served; everything else is a 404.
 */
import fs from 'node:fs/promises';
import type { Context, MiddlewareHandler } from 'hono';
import { negotiateEncoding, addVary } from '../static/encoding.ts';
import { serveFile } from '../static/files.ts';
import { isSiteName } from './pipeline.ts';
import type { ReleaseStore, SiteLookup, SiteObject } from './release-store.ts';

/** The page of a 404 on a published site. */
export const NOT_FOUND_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not Found!</title></head><body><h1>Not Found!</h1></body></html>';

/**
 * Answers one request for `rest` (the path inside the site, starting with '/') of `site`.
 * `base` is the URL prefix the site is served under ('' at a Host, `/sites/<site>` locally);
 * a directory without its trailing slash is redirected so relative links resolve.
 */
export async function serveSiteFile(c: Context, store: ReleaseStore, site: string, rest: string, base: string, sandbox: boolean): Promise<Response> {
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'no-cache');
  // Under /sites/ the page shares the admin's origin: a sandbox gives it an opaque origin of its own.
  if (sandbox) c.header('Content-Security-Policy', 'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox');
  const found = await siteFile(store, site, rest, c.req.header('Accept-Encoding'));
  if (found === 'redirect') {
    const q = new URL(c.req.url).search;
    return c.redirect(`${base}${rest}/${q}`, 301);
  }
  if (!found) return c.html(NOT_FOUND_PAGE, 404);
  if ('object' in found) return serveObject(c, found.object);
  // Pages are written with .br/.gz siblings at publish (release-store.ts); serveFile picks one by
  // Accept-Encoding, with Vary, ETag and 304s. Always revalidated: a publish switches releases.
  const res = await serveFile(c, found.file, rest, { cacheControl: 'no-cache' });
  return res.status === 404 ? c.html(NOT_FOUND_PAGE, 404) : res;
}

/** Answers an object read from a bucket as serveFile answers a file: its type and coding, the bucket's ETag with 304s, revalidated. */
function serveObject(c: Context, o: SiteObject): Response {
  const headers = new Headers();
  if (o.contentType.startsWith('text/html')) addVary(headers);
  for (const [k, v] of headers) c.header(k, v);
  c.header('Content-Type', o.contentType);
  c.header('Cache-Control', 'no-cache');
  if (o.encoding) c.header('Content-Encoding', o.encoding);
  // The coding is part of the entity: an ETag per coding, as serveFile's.
  const etag = o.etag && o.encoding ? o.etag.replace(/"$/, `-${o.encoding}"`) : o.etag;
  if (etag) c.header('ETag', etag);
  c.header('Last-Modified', o.modified.toUTCString());
  const inm = c.req.header('If-None-Match');
  if (etag && inm && inm.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}` || t.trim() === '*')) return c.body(null, 304);
  c.header('Content-Length', String(o.body.byteLength));
  if (c.req.method === 'HEAD') return c.body(null, 200);
  return c.body(o.body, 200);
}

/**
 * The file of the live release that `rest` (the path inside the site, '/…', still encoded)
 * names: a directory means its index.html. Only files inside the live release.
 * @returns the file or object, 'redirect' for a directory named without its trailing slash,
 * or null when there is no such file (or the path leaves the release).
 */
async function siteFile(store: ReleaseStore, site: string, rest: string, acceptEncoding?: string): Promise<SiteLookup> {
  if (!isSiteName(site)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return null;
  }
  const encodings: ('br' | 'gzip')[] = [];
  for (let coding = negotiateEncoding(acceptEncoding, ['br', 'gzip']); coding && !encodings.includes(coding);) {
    encodings.push(coding);
    coding = negotiateEncoding(acceptEncoding, coding === 'br' ? ['gzip'] : ['br']);
  }
  return store.find(site, decoded, encodings);
}

/**
 * Reads the published file `rest` of `site` (a directory path reads its index.html, with or
 * without the trailing slash). @returns its bytes, or null when it is not published.
 */
export async function readSiteFile(store: ReleaseStore, site: string, rest: string): Promise<Buffer | null> {
  let found = await siteFile(store, site, rest);
  if (found === 'redirect') found = await siteFile(store, site, `${rest}/`);
  if (!found || found === 'redirect') return null;
  if ('object' in found) return Buffer.from(found.object.body);
  try {
    return await fs.readFile(found.file);
  } catch {
    return null;
  }
}

/** True when `site` has a live release in `store`. */
export async function hasLiveSite(store: ReleaseStore, site: string): Promise<boolean> {
  return isSiteName(site) && (await store.isLive(site));
}

/** Answers a site's `POST /e` (its analytics events, src/server/analytics/ingest.ts) for `site`. */
export type SiteEvents = (c: Context, site: string) => Promise<Response>;

/**
 * Middleware: a GET/HEAD whose Host names a published site (not `adminHost`, the admin's own
 * host; null: no host is excluded) is answered from that site, and with `events` its
 * `POST /e` (the page script's analytics events, same origin) by `events`.
 */
export function hostSites(store: ReleaseStore, adminHost: string | null, events?: SiteEvents): MiddlewareHandler {
  return async (c, next) => {
    const post = c.req.method === 'POST' && events !== undefined && c.req.path === '/e';
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !post) return next();
    const host = (c.req.header('Host') ?? '').toLowerCase().replace(/:\d+$/, '');
    if (!host || host === adminHost || !isSiteName(host)) return next();
    if (!(await hasLiveSite(store, host))) return next();
    if (post) return events(c, host);
    return serveSiteFile(c, store, host, new URL(c.req.url).pathname, '', false);
  };
}

/** The handler of `POST /sites/:site/e`: the analytics events of a site served under `/sites/<site>/` (404 for a name that is no site). */
export function siteEventsHandler(events: SiteEvents): (c: Context) => Promise<Response> {
  return async (c) => {
    const site = (c.req.param('site') ?? '').toLowerCase();
    if (!isSiteName(site)) return c.json({ message: 'This site has no live release' }, 404);
    return events(c, site);
  };
}

/**
 * The handler of `GET`/`HEAD /sites/:site` and `/sites/:site/*`: the site's live files under
 * its `/sites/<site>/` prefix, sandboxed (they share the origin of the process that serves
 * them); `/sites/<site>` is redirected to its slash.
 */
export function sitePathHandler(store: ReleaseStore): (c: Context) => Promise<Response> {
  return async (c) => {
    const site = c.req.param('site') ?? '';
    const prefix = `/sites/${site}`;
    const rest = new URL(c.req.url).pathname.slice(prefix.length);
    if (rest === '') return c.redirect(`${prefix}/`, 301);
    return serveSiteFile(c, store, site.toLowerCase(), rest, prefix, true);
  };
}

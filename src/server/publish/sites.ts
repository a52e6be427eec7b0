/**
 * Serves published sites from `${SITES_DIR}/<site>/current/`: under `/sites/<site>/…` for
 * local use, and at the root for requests whose Host is a published site (src/server/README.md,
 * `publish/`). Only files inside the live release are served; everything else is a 404.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { serveFile } from '../static/files.ts';
import { isSiteName } from './pipeline.ts';

const notFoundPage = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not Found!</title></head><body><h1>Not Found!</h1></body></html>';

/**
 * Answers one request for `rest` (the path inside the site, starting with '/') of `site`.
 * `base` is the URL prefix the site is served under ('' at a Host, `/sites/<site>` locally);
 * a directory without its trailing slash is redirected so relative links resolve.
 */
export async function serveSiteFile(c: Context, sitesDir: string, site: string, rest: string, base: string, sandbox: boolean): Promise<Response> {
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'no-cache');
  // Under /sites/ the page shares the admin's origin: a sandbox gives it an opaque origin of its own.
  if (sandbox) c.header('Content-Security-Policy', 'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox');
  const found = await siteFile(sitesDir, site, rest);
  if (found === 'redirect') {
    const q = new URL(c.req.url).search;
    return c.redirect(`${base}${rest}/${q}`, 301);
  }
  if (!found) return c.html(notFoundPage, 404);
  // Pages are written with .br/.gz siblings at publish (pipeline.ts); serveFile picks one by
  // Accept-Encoding, with Vary, ETag and 304s. Always revalidated: a publish switches releases.
  const res = await serveFile(c, found.file, rest, { cacheControl: 'no-cache' });
  return res.status === 404 ? c.html(notFoundPage, 404) : res;
}

/**
 * The file of the live release that `rest` (the path inside the site, '/…') names: a
 * directory means its index.html. Only files inside `${sitesDir}/<site>/current/`.
 * @returns the file's path (`{ file }`), 'redirect' for a directory named without its trailing slash,
 * or null when there is no such file (or the path leaves the release).
 */
async function siteFile(sitesDir: string, site: string, rest: string): Promise<{ file: string } | 'redirect' | null> {
  if (!isSiteName(site)) return null;
  const root = path.join(sitesDir, site, 'current');
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return null;
  }
  const target = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  if (target !== root && !target.startsWith(root + path.sep)) return null;
  try {
    const st = await fs.stat(target);
    if (!st.isDirectory()) return { file: target };
    if (!decoded.endsWith('/')) return 'redirect';
    const index = path.join(target, 'index.html');
    return (await fs.stat(index)).isFile() ? { file: index } : null;
  } catch {
    return null;
  }
}

/**
 * Reads the published file `rest` of `site` (a directory path reads its index.html, with or
 * without the trailing slash). @returns its bytes, or null when it is not published.
 */
export async function readSiteFile(sitesDir: string, site: string, rest: string): Promise<Buffer | null> {
  let found = await siteFile(sitesDir, site, rest);
  if (found === 'redirect') found = await siteFile(sitesDir, site, `${rest}/`);
  if (!found || found === 'redirect') return null;
  try {
    return await fs.readFile(found.file);
  } catch {
    return null;
  }
}

/** True when `site` has a live release in `sitesDir`. */
export function hasLiveSite(sitesDir: string, site: string): boolean {
  return isSiteName(site) && existsSync(path.join(sitesDir, site, 'current'));
}

/**
 * Middleware: a GET/HEAD whose Host names a published site (not the admin's own host)
 * is answered from that site.
 */
export function hostSites(sitesDir: string, adminHost: string): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const host = (c.req.header('Host') ?? '').toLowerCase().replace(/:\d+$/, '');
    if (!host || host === adminHost || !isSiteName(host)) return next();
    try {
      await fs.stat(path.join(sitesDir, host, 'current'));
    } catch {
      return next();
    }
    return serveSiteFile(c, sitesDir, host, new URL(c.req.url).pathname, '', false);
  };
}

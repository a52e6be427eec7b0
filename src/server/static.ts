/**
 * Static serving (issue 9 "Serving"): the built SPA from STATIC_DIR and the static Storybook
 * from STORYBOOK_DIR at `/storybook/`, each file answered precompressed when the build wrote
 * a `.br` / `.gz` beside it (vite.config.ts precompresses at `vite build`), chosen by
 * `Accept-Encoding` (RFC 9110 §12.5.3, §8.4) with `Vary: Accept-Encoding`; hashed assets are
 * immutable, everything else revalidated. Also the API's JSON compression ({@link compressJson}).
 *
 * Source: DESIGN.md "Storybook" (served at /storybook/), TOOLCHAIN.md "Compression".
 */
import { createReadStream, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';

/** A content coding we store beside a file or apply to JSON answers (RFC 9110 §8.4.1). */
export type Coding = 'br' | 'gzip';

/** The file suffix of each stored coding. */
const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };

/** Content-Type by file extension of everything the SPA and the Storybook ship. */
export const STATIC_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.ico': 'image/x-icon', '.webp': 'image/webp',
  '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.map': 'application/json', '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8', '.wasm': 'application/wasm',
};

/** Extensions whose files may have precompressed siblings (what the build compresses). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.map', '.txt', '.md']);

/** Cache-Control of hashed assets: a year, never revalidated (the name changes with the content). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Picks the content coding for an answer from an `Accept-Encoding` header (RFC 9110 §12.5.3):
 * the available coding with the highest q-value, `br` before `gzip` on a tie; a coding with
 * `q=0` is never chosen; `*` stands for codings the header does not name; `x-gzip` is `gzip`
 * (§8.4.1.3). No header, or nothing acceptable: null (identity).
 * @param header the request's Accept-Encoding, or undefined
 * @param available the codings this answer can be sent in, e.g. the `.br`/`.gz` files present
 */
export function negotiateEncoding(header: string | undefined | null, available: readonly Coding[]): Coding | null {
  if (!header || available.length === 0) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    let coding = (name ?? '').trim().toLowerCase();
    if (!coding) continue;
    if (coding === 'x-gzip') coding = 'gzip';
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) weight = Math.min(1, Math.max(0, Number(m[1]) || 0));
    }
    // The same coding named twice: the most restrictive mention wins.
    q.set(coding, Math.min(weight, q.get(coding) ?? 1));
  }
  const star = q.get('*');
  let best: Coding | null = null;
  let bestQ = 0;
  for (const coding of (['br', 'gzip'] as const).filter((c) => available.includes(c))) {
    const w = q.get(coding) ?? star ?? 0;
    if (w > bestQ) {
      best = coding;
      bestQ = w;
    }
  }
  return best;
}

/** Adds `Accept-Encoding` to an answer's `Vary` unless it is there (or `Vary: *`). */
function addVary(headers: Headers): void {
  const vary = headers.get('Vary');
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** True for a Vite/Rollup content-hashed asset: `/assets/<name>-<hash>.<ext>`. */
export function isHashedAsset(rel: string): boolean {
  return /^\/assets\/(?:[^/]+\/)*[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i.test(rel);
}

/** Options of {@link serveFile}. */
export interface ServeFileOptions {
  /** Cache-Control for this file; default: {@link IMMUTABLE} for hashed assets, else `no-cache`. */
  cacheControl?: string;
}

async function statFile(file: string): Promise<Stats | null> {
  try {
    const st = await fs.stat(file);
    return st.isFile() ? st : null;
  } catch {
    return null;
  }
}

/**
 * The file `rel` (a decoded URL path starting with '/') names inside `root`, or null when the
 * path leaves `root` or names no regular file. `.br`/`.gz` siblings are never named directly.
 */
export async function resolveStaticFile(root: string, rel: string): Promise<string | null> {
  const file = path.resolve(root, '.' + path.posix.normalize('/' + rel));
  if (!file.startsWith(root + path.sep)) return null;
  if (file.endsWith('.br') || file.endsWith('.gz')) return null;
  return (await statFile(file)) ? file : null;
}

/**
 * Answers GET/HEAD for `file` (an existing file inside a served root; `rel` its URL path
 * relative to that root): the `.br` or `.gz` file beside it when present and accepted
 * (`Content-Encoding`), else the file itself; always `Vary: Accept-Encoding` for compressible
 * types, the Content-Type of the original, the Content-Length of what is sent, an ETag of the
 * variant (mtime + size) with `If-None-Match` → 304, and Cache-Control (immutable for hashed
 * assets, `no-cache` otherwise). A `.br`/`.gz` that vanished falls back to the plain file.
 */
export async function serveFile(c: Context, file: string, rel: string, opts: ServeFileOptions = {}): Promise<Response> {
  const ext = path.extname(file).toLowerCase();
  const headers = new Headers();
  headers.set('Content-Type', STATIC_TYPES[ext] ?? 'application/octet-stream');
  headers.set('Cache-Control', opts.cacheControl ?? (isHashedAsset(rel) ? IMMUTABLE : 'no-cache'));
  let sent = file;
  let st = await statFile(file);
  if (!st) return c.json({ message: 'Not Found!' }, 404);
  if (COMPRESSIBLE.has(ext)) {
    addVary(headers);
    const present = (await Promise.all((['br', 'gzip'] as const).map(async (k) => ((await statFile(file + SUFFIX[k])) ? k : null))))
      .filter((k): k is Coding => k !== null);
    const coding = negotiateEncoding(c.req.header('Accept-Encoding'), present);
    const cst = coding ? await statFile(file + SUFFIX[coding]) : null;
    if (coding && cst) {
      sent = file + SUFFIX[coding];
      st = cst;
      headers.set('Content-Encoding', coding);
    }
  }
  const etag = `"${Math.floor(st.mtimeMs).toString(36)}-${st.size.toString(36)}${headers.has('Content-Encoding') ? `-${headers.get('Content-Encoding')}` : ''}"`;
  headers.set('ETag', etag);
  headers.set('Last-Modified', st.mtime.toUTCString());
  // c.header() values set before (security headers) travel with c.newResponse.
  for (const [k, v] of headers) c.header(k, v);
  const inm = c.req.header('If-None-Match');
  if (inm && inm.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}` || t.trim() === '*')) {
    return c.body(null, 304);
  }
  c.header('Content-Length', String(st.size));
  if (c.req.method === 'HEAD') return c.body(null, 200);
  const body = st.size <= 256 * 1024
    ? new Uint8Array(await fs.readFile(sent))
    : (Readable.toWeb(createReadStream(sent)) as ReadableStream<Uint8Array>);
  return c.body(body, 200);
}

/** Decodes a request's URL path, or null when it is malformed. */
function decodedPath(c: Context): string | null {
  try {
    return decodeURIComponent(new URL(c.req.url).pathname);
  } catch {
    return null;
  }
}

/**
 * Handler of the SPA (GET/HEAD of any path the API and other routes left): a file of
 * `root` (STATIC_DIR) when one matches, otherwise `index.html` for a page route (client
 * routing; `no-cache`), a 404 `{message}` for a missing file with an extension.
 * @param onBadPath answer for a malformed URL path (400)
 */
export function spaHandler(root: string, onBadPath: (c: Context) => Response): (c: Context) => Promise<Response> {
  return async (c) => {
    const rel = decodedPath(c);
    if (rel === null) return onBadPath(c);
    const file = await resolveStaticFile(root, rel);
    if (file) return serveFile(c, file, rel);
    if (path.extname(rel) && !rel.endsWith('.html')) return c.json({ message: 'Not Found!' }, 404);
    const index = path.join(root, 'index.html');
    if (await statFile(index)) return serveFile(c, index, '/index.html', { cacheControl: 'no-cache' });
    return c.text('The SPA is not built: run `npm run build` (npm start does it).', 404);
  };
}

/**
 * Content-Security-Policy of the static Storybook under `/storybook/`: our own build, whose
 * manager and preview pages carry inline scripts and evaluate code, so scripts may be inline
 * and evaluated (only here: the app keeps `script-src 'self'`); connections and frames stay on
 * our origin, and the preview iframe may be framed by the manager (`frame-ancestors 'self'`).
 */
export const STORYBOOK_CSP = [
  "default-src 'self'", "script-src 'self' 'unsafe-inline' 'unsafe-eval'", "style-src 'self' 'unsafe-inline' *",
  'img-src * data: blob:', 'font-src * data:', 'media-src * data: blob:', "connect-src 'self'", "worker-src 'self' blob:",
  "frame-src 'self' blob: data:", "object-src 'none'", "frame-ancestors 'self'",
].join('; ');

/** Where the Storybook stands while it is not (yet) built: being built, or building is off. */
export type StorybookBuildState = 'building' | 'off';

let storybookState: StorybookBuildState = 'off';

/**
 * Tells `/storybook/` what to answer while the build is missing (main.ts: 'building' while
 * its background build runs, 'off' when building is turned off or failed). Default 'off'.
 */
export function setStorybookBuildState(state: StorybookBuildState): void {
  storybookState = state;
}

/** The 503 page of `/storybook/` while no build exists. */
function storybookMissingPage(state: StorybookBuildState): string {
  const text = state === 'building'
    ? '<h1>The Storybook is being built…</h1><p>Reload in a minute.</p>'
    : '<h1>The Storybook is not built</h1><p>Run <code>npm run build-storybook</code> (or start the server with <code>npm start</code>, which builds it in the background).</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Storybook</title></head><body>${text}<p><a href="/">Funnel Admin</a></p></body></html>`;
}

/**
 * Handler of `/storybook/*`: files of `root` (STORYBOOK_DIR, `npm run build-storybook`'s
 * output) with the same precompression and caching rules as the SPA, `index.html` for the
 * directory itself, and {@link STORYBOOK_CSP}. Before the build exists (no `index.json`): 503
 * with a small page saying it is being built, or how to build it. Unknown files: 404.
 */
export function storybookHandler(root: string, onBadPath: (c: Context) => Response): (c: Context) => Promise<Response> {
  return async (c) => {
    c.header('Content-Security-Policy', STORYBOOK_CSP);
    const full = decodedPath(c);
    if (full === null) return onBadPath(c);
    if (full === '/storybook') return c.redirect('/storybook/' + new URL(c.req.url).search, 301);
    let rel = full.slice('/storybook'.length);
    if (!(await statFile(path.join(root, 'index.json')))) {
      c.header('Cache-Control', 'no-store');
      c.header('Retry-After', '60');
      return c.html(storybookMissingPage(storybookState), 503);
    }
    if (rel.endsWith('/')) rel += 'index.html';
    const file = await resolveStaticFile(root, rel);
    if (!file) return c.html('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not Found!</title></head><body><h1>Not Found!</h1></body></html>', 404);
    return serveFile(c, file, rel);
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Options of {@link compressJson}. */
export interface CompressJsonOptions {
  /** Smallest body compressed, in bytes (default 1024: smaller gains nothing). */
  threshold?: number;
}

/**
 * Compresses the API's JSON answers (`Content-Type: application/json` only — never NDJSON
 * streams, which must flow line by line, nor HTML/text) with brotli (quality 4) or gzip
 * (level 6) as `Accept-Encoding` allows (RFC 9110 §12.5.3, {@link negotiateEncoding}); sets
 * `Content-Encoding`, `Content-Length` and `Vary: Accept-Encoding`. Skipped for HEAD, 204/206/304,
 * `Cache-Control: no-transform`, an answer already encoded, and bodies under the threshold.
 * The ETag is kept as it is: it is the document's version, compared by `If-Match` on writes
 * (the server accepts it weak or strong), not a byte-range validator (the API serves no ranges).
 */
export function compressJson(opts: CompressJsonOptions = {}): MiddlewareHandler {
  const threshold = opts.threshold ?? 1024;
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type') ?? '';
    if (!/^application\/json\s*(?:;|$)/i.test(type)) return;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304 || !res.body) return;
    if (res.headers.has('Content-Encoding') || /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')) return;
    addVary(res.headers);
    const coding = negotiateEncoding(c.req.header('Accept-Encoding'), ['br', 'gzip']);
    const length = res.headers.get('Content-Length');
    if (!coding || (length !== null && Number(length) < threshold)) return;
    const plain = Buffer.from(await res.arrayBuffer());
    const packed = plain.length < threshold ? null : coding === 'br'
      ? await brotli(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length } })
      : await gzip(plain, { level: 6 });
    // Hono copies the old answer's headers onto the new one: adjust them after the swap.
    c.res = new Response(new Uint8Array(packed ?? plain), res);
    if (!packed) return;
    c.res.headers.set('Content-Encoding', coding);
    c.res.headers.set('Content-Length', String(packed.length));
  };
}

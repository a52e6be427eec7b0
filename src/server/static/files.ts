/**
 * One static file answered: the `.br` / `.gz` copy written beside it at build or publish when
 * the request accepts it (`Content-Encoding`, `Vary: Accept-Encoding`), its Content-Type, an
 * ETag with `If-None-Match` → 304, and Cache-Control (hashed assets immutable, everything else
 * revalidated). Shared by the SPA (spa.ts), the Storybook (storybook.ts) and published sites.
 *
 * Source: src/server/README.md (precompressed files); RFC 9110 §8.4, §12.5.3, §13.
 */
import { createReadStream, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { addVary, negotiateEncoding, type Coding } from './encoding.ts';

/** The file suffix of each stored coding. */
const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };

/** Content-Type by file extension of everything the SPA and the Storybook ship. */
export const STATIC_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** Extensions whose files may have precompressed siblings (what the build compresses). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.map', '.txt', '.md']);

/** Cache-Control of hashed assets: a year, never revalidated (the name changes with the content). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * True for a Vite/Rollup content-hashed asset: `/assets/<name>-<hash>.<ext>`, the hash at least
 * 7 base64url characters (the SPA's build writes 7: vite.config.ts; Storybook's, 8).
 */
export function isHashedAsset(rel: string): boolean {
  return /^\/assets\/(?:[^/]+\/)*[^/]+-[A-Za-z0-9_-]{7,}\.[a-z0-9]+$/i.test(rel);
}

/** Options of {@link serveFile}. */
export interface ServeFileOptions {
  /** Cache-Control for this file; default: {@link IMMUTABLE} for hashed assets, else `no-cache`. */
  cacheControl?: string;
}

/** The regular file at `file` (its stats), or null when there is none. */
export async function statFile(file: string): Promise<Stats | null> {
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
    const present = (await Promise.all((['br', 'gzip'] as const).map(async (k) => ((await statFile(file + SUFFIX[k])) ? k : null)))).filter(
      (k): k is Coding => k !== null,
    );
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
  const body = st.size <= 256 * 1024 ? new Uint8Array(await fs.readFile(sent)) : (Readable.toWeb(createReadStream(sent)) as ReadableStream<Uint8Array>);
  return c.body(body, 200);
}

/** Decodes a request's URL path, or null when it is malformed. */
export function decodedPath(c: Context): string | null {
  try {
    return decodeURIComponent(new URL(c.req.url).pathname);
  } catch {
    return null;
  }
}

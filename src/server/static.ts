/**
 * Static serving: the built SPA from STATIC_DIR and the static Storybook
 * from STORYBOOK_DIR at `/storybook/`, each file answered precompressed when the build wrote
 * a `.br` / `.gz` beside it (vite.config.ts precompresses at `vite build`), chosen by
 * `Accept-Encoding` (RFC 9110 §12.5.3, §8.4) with `Vary: Accept-Encoding`; hashed assets are
 * immutable, everything else revalidated. Also the API's JSON compression ({@link compressJson}).
 *
 * Source: stories/README.md (served at /storybook/), src/server/README.md (precompressed files).
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
 * routing; `no-cache`), a 404 `{message}` for a missing file with an extension;
 * `/favicon.ico` without such a file: a 301 to `/favicon.svg` (the build's favicon).
 * @param onBadPath answer for a malformed URL path (400)
 */
export function spaHandler(root: string, onBadPath: (c: Context) => Response): (c: Context) => Promise<Response> {
  return async (c) => {
    const rel = decodedPath(c);
    if (rel === null) return onBadPath(c);
    const file = await resolveStaticFile(root, rel);
    if (file) return serveFile(c, file, rel);
    // Browsers still ask for /favicon.ico: the SVG one (src/app/public/favicon.svg) answers it.
    if (rel === '/favicon.ico') return c.redirect('/favicon.svg', 301);
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
      return c.html(storybookMissingPage(storybookState === 'building' || (await buildRunning(root)) ? 'building' : 'off'), 503);
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

/** The newest modification time (ms) of any file under `dirs` (missing directories count 0). */
export async function newestMtime(dirs: readonly string[]): Promise<number> {
  let newest = 0;
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    await Promise.all(entries.map(async (e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === 'node_modules' ? undefined : walk(p);
      const st = await statFile(p);
      if (st && st.mtimeMs > newest) newest = st.mtimeMs;
    }));
  };
  await Promise.all(dirs.map(walk));
  return newest;
}

/**
 * True when the static Storybook in `dir` is missing (no `index.json`) or older than its
 * sources: the newest file under `stories/`, `src/` and `.storybook/` of `projectRoot` is newer
 * than the build's `index.json`.
 */
export async function storybookIsStale(dir: string, projectRoot: string): Promise<boolean> {
  const built = await statFile(path.join(dir, 'index.json'));
  if (!built) return true;
  const sources = await newestMtime(['stories', 'src', '.storybook'].map((d) => path.join(projectRoot, d)));
  return sources > built.mtimeMs;
}

/**
 * Whether `npm start` builds the Storybook in the background: `STORYBOOK_BUILD=0` never,
 * `STORYBOOK_BUILD=1` always; otherwise only under `npm start` (npm_lifecycle_event `start`)
 * and never in tests (Vitest, Playwright's e2e run, the benchmarks).
 */
export function storybookBuildEnabled(env: NodeJS.ProcessEnv): boolean {
  if (env.STORYBOOK_BUILD === '0') return false;
  if (env.STORYBOOK_BUILD === '1') return true;
  if (env.VITEST || env.E2E_DATA_DIR || env.BENCH_CHILD || env.NODE_ENV === 'test') return false;
  return env.npm_lifecycle_event === 'start';
}

/** A background Storybook build started by {@link buildStorybookInBackground}. */
export interface StorybookBuild {
  /** Resolves true when the new build is in place, false when it failed or was stopped. */
  done: Promise<boolean>;
  /** Stops the build (its whole process group) and removes its partial output. */
  stop: () => void;
}

/** Options of {@link buildStorybookInBackground}. */
export interface StorybookBuildOptions {
  /** STORYBOOK_DIR: where the finished build is put. */
  dir: string;
  /** The project (where `npm run build-storybook` runs and the sources are). */
  projectRoot: string;
  /** Log lines (start, end, failure). */
  log?: (line: string) => void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True while a live process holds the build lock of `dir` (a build started by another server). */
async function buildRunning(dir: string): Promise<boolean> {
  const owner = Number(await fs.readFile(path.join(`${dir}-building`, 'pid'), 'utf8').catch(() => '0'));
  return owner > 0 && alive(owner);
}

/**
 * Runs `npm run build-storybook` at low priority (`nice -n 10`) into `<dir>-building/out`,
 * then swaps it into `dir` (the previous build stays served until then) and marks
 * `/storybook/` 'building' meanwhile ({@link setStorybookBuildState}). Never two builds at
 * once, across processes too: `<dir>-building/` is the lock (with the builder's pid; a dead
 * builder's lock is taken over). The child's output goes to `<dir>-building/build.log`.
 * @returns the build, or null when another live build holds the lock.
 */
export async function buildStorybookInBackground(opts: StorybookBuildOptions): Promise<StorybookBuild | null> {
  const { spawn } = await import('node:child_process');
  const log = opts.log ?? ((l: string) => console.log(l));
  const work = `${opts.dir}-building`;
  const pidFile = path.join(work, 'pid');
  try {
    await fs.mkdir(work);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const owner = Number(await fs.readFile(pidFile, 'utf8').catch(() => '0'));
    if (owner && owner !== process.pid && alive(owner)) return null;
    await fs.rm(work, { recursive: true, force: true });
    await fs.mkdir(work);
  }
  const out = path.join(work, 'out');
  const logFile = await fs.open(path.join(work, 'build.log'), 'w');
  const t0 = performance.now();
  const child = spawn('nice', ['-n', '10', 'npm', 'run', 'build-storybook', '--', '-o', out], {
    cwd: opts.projectRoot, detached: true, stdio: ['ignore', logFile.fd, logFile.fd], env: { ...process.env, STORYBOOK_BUILD: '0' },
  });
  await fs.writeFile(pidFile, String(child.pid ?? process.pid));
  setStorybookBuildState('building');
  log(`Storybook: building in the background into ${opts.dir} (npm run build-storybook, nice 10)`);
  let stopped = false;
  const done = new Promise<boolean>((resolve) => {
    child.once('error', (e) => {
      log(`Storybook: the build could not start: ${e.message}`);
      resolve(false);
    });
    child.once('exit', (code) => resolve(code === 0 && !stopped));
  }).then(async (ok) => {
    await logFile.close().catch(() => {});
    try {
      if (ok && (await statFile(path.join(out, 'index.json')))) {
        const old = `${work}/previous`;
        await fs.rename(opts.dir, old).catch(() => {});
        await fs.rename(out, opts.dir);
        log(`Storybook: built in ${((performance.now() - t0) / 1000).toFixed(0)} s, served at /storybook/`);
        return true;
      }
      if (!stopped) log(`Storybook: the build failed (see ${path.join(work, 'build.log')}); run npm run build-storybook`);
      return false;
    } finally {
      setStorybookBuildState('off');
      if (ok || stopped) await fs.rm(work, { recursive: true, force: true }).catch(() => {});
      else await fs.rm(pidFile, { force: true }).catch(() => {});
    }
  });
  return {
    done,
    stop: () => {
      stopped = true;
      try {
        if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    },
  };
}

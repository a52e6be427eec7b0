/**
 * The static Storybook from STORYBOOK_DIR at `/storybook/`: its files with the SPA's
 * precompression and caching rules (files.ts), under a Content-Security-Policy of its own,
 * and a 503 page while no build exists (being built by storybook-build.ts, or how to build it).
 *
 * Source: stories/README.md (served at /storybook/), src/server/README.md (precompressed files).
 */
import path from 'node:path';
import type { Context } from 'hono';
import { decodedPath, resolveStaticFile, serveFile, statFile } from './files.ts';
import { storybookBuildState, type StorybookBuildState } from './storybook-build.ts';

/**
 * Content-Security-Policy of the static Storybook under `/storybook/`: our own build, whose
 * manager and preview pages carry inline scripts and evaluate code, so scripts may be inline
 * and evaluated (only here: the app keeps `script-src 'self'`); connections and frames stay on
 * our origin, and the preview iframe may be framed by the manager (`frame-ancestors 'self'`).
 */
export const STORYBOOK_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline' *",
  'img-src * data: blob:',
  'font-src * data:',
  'media-src * data: blob:',
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self' blob: data:",
  "object-src 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** The 503 page of `/storybook/` while no build exists. */
function storybookMissingPage(state: StorybookBuildState): string {
  const text =
    state === 'building'
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
      return c.html(storybookMissingPage(await storybookBuildState(root)), 503);
    }
    if (rel.endsWith('/')) rel += 'index.html';
    const file = await resolveStaticFile(root, rel);
    if (!file)
      return c.html('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not Found!</title></head><body><h1>Not Found!</h1></body></html>', 404);
    return serveFile(c, file, rel);
  };
}

/**
 * The built SPA from STATIC_DIR: its files (precompressed, hashed assets immutable: files.ts)
 * and `index.html` for every page route the client router handles.
 *
 * Source: src/server/README.md (static files).
 */
import path from 'node:path';
import type { Context } from 'hono';
import { decodedPath, resolveStaticFile, serveFile, statFile } from './files.ts';

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

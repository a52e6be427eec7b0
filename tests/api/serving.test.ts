/**
 * "Serving": precompressed static files chosen by Accept-Encoding (RFC 9110 §12.5.3),
 * caching, the Storybook at /storybook/ (503 page before it is built, its own CSP), JSON API
 * answers compressed, NDJSON streams left streaming.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../src/server/static/encoding.ts';
import { setStorybookBuildState } from '../../src/server/static/storybook-build.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
let tmp: string;
let storybookDir: string;

const JS = `export const x = ${JSON.stringify('funnel '.repeat(2000))};\n`;
const CSS = `.a { color: red; }\n`.repeat(300);
const HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Funnel Admin</title></head><body><div id="root"></div>${'<!-- pad -->'.repeat(200)}</body></html>`;
const JS_FILE = '/assets/index-AbC123_x.js';
const CSS_FILE = '/assets/index-Zz9Yy8Xx.css';

/** Writes `rel` under `root` with its .br and .gz (or only the codings named). */
function put(root: string, rel: string, text: string, codings: ('br' | 'gz')[] = ['br', 'gz']): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  if (codings.includes('br')) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  if (codings.includes('gz')) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  chunks: number;
}

/** A request without any automatic decoding, so the bytes on the wire are what we see. */
function raw(method: string, p: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const u = new URL(t.url + p);
    const req = http.request({ method, hostname: u.hostname, port: u.port, path: u.pathname + u.search, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts), chunks: parts.length }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The decoded body of a {@link raw} answer. */
function decoded(r: Raw): string {
  const enc = r.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(r.body).toString();
  if (enc === 'gzip') return zlib.gunzipSync(r.body).toString();
  return r.body.toString();
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-serving-'));
  const staticDir = path.join(tmp, 'dist');
  put(staticDir, '/index.html', HTML);
  put(staticDir, JS_FILE, JS);
  put(staticDir, CSS_FILE, CSS, ['gz']); // no .br: brotli clients get gzip
  put(staticDir, '/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', []);
  storybookDir = path.join(tmp, 'storybook-static');
  t = await startTestServer({ staticDir, storybookDir });
});
afterAll(async () => {
  setStorybookBuildState('off');
  await t?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('content negotiation (RFC 9110 §12.5.3)', () => {
  it('prefers br, honours q-values, q=0, * and x-gzip', () => {
    const both = ['br', 'gzip'] as const;
    expect(negotiateEncoding('gzip, deflate, br', both)).toBe('br');
    expect(negotiateEncoding('gzip, deflate, br', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8', both)).toBe('gzip');
    expect(negotiateEncoding('*', both)).toBe('br');
    expect(negotiateEncoding('*;q=0', both)).toBe(null);
    expect(negotiateEncoding('gzip;q=0, *', both)).toBe('br');
    expect(negotiateEncoding('x-gzip', both)).toBe('gzip');
    expect(negotiateEncoding('identity', both)).toBe(null);
    expect(negotiateEncoding('', both)).toBe(null);
    expect(negotiateEncoding(undefined, both)).toBe(null);
  });
});

describe('static assets, precompressed', () => {
  it('sends the .br to a brotli client, with Vary, the original type, the sent length and immutable caching', async () => {
    const r = await raw('GET', JS_FILE, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(r.body.length).toBe(fs.statSync(path.join(tmp, 'dist', `${JS_FILE}.br`)).size);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(r)).toBe(JS);
  });

  it('sends the .gz when br is refused (q=0) or not offered', async () => {
    for (const ae of ['br;q=0, gzip', 'gzip, deflate']) {
      const r = await raw('GET', JS_FILE, { 'Accept-Encoding': ae });
      expect(r.headers['content-encoding'], ae).toBe('gzip');
      expect(decoded(r)).toBe(JS);
    }
  });

  it('sends the plain file without Accept-Encoding, with identity only, or when every coding is refused', async () => {
    for (const headers of [{} as Record<string, string>, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'br;q=0, gzip;q=0' }]) {
      const r = await raw('GET', JS_FILE, headers);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(r.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(r.headers['content-length'])).toBe(Buffer.byteLength(JS));
      expect(r.body.toString()).toBe(JS);
    }
  });

  it('falls back to gzip when the .br is missing, and to the plain file when no sibling exists', async () => {
    const css = await raw('GET', CSS_FILE, { 'Accept-Encoding': 'br, gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(decoded(css)).toBe(CSS);
    const svg = await raw('GET', '/favicon.svg', { 'Accept-Encoding': 'br, gzip' });
    expect(svg.status).toBe(200);
    expect(svg.headers['content-encoding']).toBeUndefined();
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD with the same headers and no body', async () => {
    const r = await raw('HEAD', JS_FILE, { 'Accept-Encoding': 'br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(Number(r.headers['content-length'])).toBe(fs.statSync(path.join(tmp, 'dist', `${JS_FILE}.br`)).size);
    expect(r.body.length).toBe(0);
  });

  it('serves index.html for page routes, compressed and revalidated (no-cache), 304 on its ETag', async () => {
    const r = await raw('GET', '/funnels/1/pages', { 'Accept-Encoding': 'br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers['content-security-policy']).toContain("script-src 'self';");
    expect(decoded(r)).toBe(HTML);
    const again = await raw('GET', '/login', { 'Accept-Encoding': 'br', 'If-None-Match': r.headers.etag as string });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('never serves the .br/.gz siblings by name, nor files outside the root', async () => {
    expect((await raw('GET', `${JS_FILE}.br`)).status).toBe(404);
    expect((await raw('GET', '/assets/missing-12345678.js')).status).toBe(404);
    const outside = await raw('GET', '/..%2F..%2Fetc/passwd');
    expect(outside.body.toString()).not.toContain('root:');
    expect(decoded(outside)).toBe(HTML); // normalized inside the root: a page route, the SPA shell
  });
});

describe('the Storybook at /storybook/', () => {
  it('answers 503 with a page saying how to build it, or that it is being built, before index.json exists', async () => {
    const off = await raw('GET', '/storybook/');
    expect(off.status).toBe(503);
    expect(off.headers['content-type']).toMatch(/^text\/html/);
    expect(off.body.toString()).toContain('npm run build-storybook');
    // Another live process holds the build lock (<dir>-building/pid): being built.
    fs.mkdirSync(`${storybookDir}-building`, { recursive: true });
    fs.writeFileSync(`${storybookDir}-building/pid`, String(process.pid));
    expect((await raw('GET', '/storybook/')).body.toString()).toMatch(/being built/);
    fs.rmSync(`${storybookDir}-building`, { recursive: true, force: true });
    expect((await raw('GET', '/storybook/')).body.toString()).toContain('npm run build-storybook');
    setStorybookBuildState('building');
    const building = await raw('GET', '/storybook/index.json');
    expect(building.status).toBe(503);
    expect(building.body.toString()).toMatch(/being built/);
    expect(building.body.toString()).toMatch(/reload in a minute/i);
    expect((await raw('GET', '/storybook', {})).status).toBe(301);
  });

  it('serves the build once it exists: index.json (precompressed), the manager and the iframe, with a CSP that lets it run', async () => {
    const index = JSON.stringify({
      v: 5,
      entries: {
        'app-shell--admin': { id: 'app-shell--admin', type: 'story', title: 'App/Shell', name: 'Admin', importPath: './stories/app/Shell.stories.tsx' },
      },
    });
    put(storybookDir, '/iframe.html', '<!doctype html><html><head><script>window.x=1</script></head><body></body></html>', []);
    put(storybookDir, '/index.html', '<!doctype html><html><head><script type="module" src="./sb-manager/runtime.js"></script></head></html>', []);
    put(storybookDir, '/sb-manager/runtime.js', 'console.log(1);\n'.repeat(100));
    put(storybookDir, '/assets/iframe-D3adBeef.js', 'console.log(2);\n'.repeat(100));
    put(storybookDir, '/index.json', index); // written last, as a build finishes

    const json = await raw('GET', '/storybook/index.json', { 'Accept-Encoding': 'gzip, br' });
    expect(json.status).toBe(200);
    expect(json.headers['content-type']).toBe('application/json');
    expect(json.headers['content-encoding']).toBe('br');
    expect(json.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(decoded(json))).toEqual(JSON.parse(index));

    const csp = json.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'self'");

    const manager = await raw('GET', '/storybook/');
    expect(manager.status).toBe(200);
    expect(manager.body.toString()).toContain('./sb-manager/runtime.js');
    const iframe = await raw('GET', '/storybook/iframe.html?id=app-shell--admin&viewMode=story');
    expect(iframe.status).toBe(200);
    expect(iframe.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    // Relative asset paths resolve under the prefix.
    expect((await raw('GET', '/storybook/sb-manager/runtime.js')).headers['cache-control']).toBe('no-cache');
    const asset = await raw('GET', '/storybook/assets/iframe-D3adBeef.js', { 'Accept-Encoding': 'gzip' });
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await raw('GET', '/storybook/nope.js')).status).toBe(404);

    // The app's own pages keep their strict policy.
    const app = await raw('GET', '/login');
    expect(app.headers['content-security-policy']).not.toContain("unsafe-inline' 'unsafe-eval");
    expect(app.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('API answers', () => {
  it('compresses JSON when asked (br or gzip), keeps the ETag, leaves small answers alone', async () => {
    const auth = { Authorization: `Bearer ${t.token}` };
    const doc = await raw('GET', '/api/openapi.json', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(doc.status).toBe(200);
    expect(doc.headers['content-encoding']).toBe('br');
    expect(doc.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(doc.headers['content-length'])).toBe(doc.body.length);
    expect(JSON.parse(decoded(doc)).openapi).toBe('3.1.0');

    const plainPage = await raw('GET', '/api/v1/pages/2', auth);
    const page = await raw('GET', '/api/v1/pages/2', { ...auth, 'Accept-Encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.body.length).toBeLessThan(plainPage.body.length);
    expect(page.headers.etag).toBe(plainPage.headers.etag);
    expect(page.headers.etag).toMatch(/^"\d+"$/);
    expect(JSON.parse(decoded(page))).toEqual(JSON.parse(plainPage.body.toString()));
    expect(plainPage.headers['content-encoding']).toBeUndefined();

    const health = await raw('GET', '/api/health', { 'Accept-Encoding': 'br' });
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    const head = await raw('HEAD', '/api/openapi.json', { 'Accept-Encoding': 'br' });
    expect(head.headers['content-encoding']).toBeUndefined();
  });

  it('leaves NDJSON streams (publish, template sync) uncompressed and streaming line by line', async () => {
    const r = await new Promise<{ type: string; encoding: string | undefined; arrivals: number[]; text: string }>((resolve, reject) => {
      const u = new URL(`${t.url}/api/v1/funnels/1/publish`);
      const req = http.request(
        { method: 'PUT', hostname: u.hostname, port: u.port, path: u.pathname, headers: { Authorization: `Bearer ${t.token}`, 'Accept-Encoding': 'br, gzip' } },
        (res) => {
          const arrivals: number[] = [];
          let text = '';
          res.on('data', (d: Buffer) => {
            arrivals.push(performance.now());
            text += d.toString();
          });
          res.on('end', () => resolve({ type: String(res.headers['content-type']), encoding: res.headers['content-encoding'], arrivals, text }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(r.type).toMatch(/^application\/x-ndjson/);
    expect(r.encoding).toBeUndefined();
    const lines = r.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { progress: number });
    expect(lines.at(-1)?.progress).toBe(100);
    // Several separate arrivals: the lines were not buffered into one answer.
    expect(r.arrivals.length).toBeGreaterThan(2);

    const sync = await raw('PATCH', '/api/v1/templates', { Authorization: `Bearer ${t.token}`, 'Accept-Encoding': 'br, gzip' });
    expect(sync.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(sync.headers['content-encoding']).toBeUndefined();
  });
});

describe('favicon ("The frame")', () => {
  it('serves /favicon.svg as SVG and answers /favicon.ico with a redirect to it, never 404', async () => {
    const svg = await raw('GET', '/favicon.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    const ico = await raw('GET', '/favicon.ico');
    expect(ico.status).toBe(301);
    expect(ico.headers.location).toBe('/favicon.svg');
    const followed = await fetch(`${t.url}/favicon.ico`);
    expect(followed.status).toBe(200);
    expect(followed.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('ships the funnel favicon in the theme colour, linked from index.html', () => {
    const appDir = path.join(import.meta.dirname, '../../src/app');
    expect(fs.readFileSync(path.join(appDir, 'public/favicon.svg'), 'utf8')).toMatch(
      /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*fill="#2446c7"/,
    );
    expect(fs.readFileSync(path.join(appDir, 'index.html'), 'utf8')).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
  });
});

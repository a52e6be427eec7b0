/**
 * Security headers (every response carries security headers),
 * CORS of the embedded issuer, and malformed URL escapes.
 *
 * - The SPA's HTML and assets: a Content-Security-Policy without inline scripts
 *   (`script-src 'self'`), `frame-ancestors 'none'`; the API the same frame rule.
 * - The sandboxed previews (`/api/v1/preview`) and published sites (`/sites/*`) keep their own CSP.
 * - nosniff and Referrer-Policy everywhere; Strict-Transport-Security only behind an https PUBLIC_URL.
 * - /oidc answers CORS only for configured origins (PUBLIC_URL's, the SPA client's, CORS_ORIGINS).
 * - `GET /%ZZ` and friends: 400, never 500.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { at } from '../at.ts';

let t: TestServer;
let staticDir: string;
beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-static-'));
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(
    path.join(staticDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  t = await startTestServer({ staticDir, demoOrders: 100 });
  const site = path.join(t.sitesDir, 'headers-test.example', 'current');
  fs.mkdirSync(site, { recursive: true });
  fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><p>published</p>');
});
afterAll(async () => {
  await t?.close();
  if (staticDir) fs.rmSync(staticDir, { recursive: true, force: true });
});

/** A raw GET (no URL normalisation by fetch), answering status, headers and body. */
function rawGet(
  base: string,
  p: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: p, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The directives of a CSP header as a map of name → sources. */
function csp(header: string | null | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

describe('the SPA', () => {
  it('index.html and assets carry a CSP without inline scripts, frame-ancestors none, nosniff and Referrer-Policy', async () => {
    for (const p of ['/', '/funnels/1/pages', '/assets/app.js']) {
      const res = await fetch(t.url + p);
      expect(res.status, p).toBe(200);
      const policy = csp(res.headers.get('content-security-policy'));
      expect(policy.get('script-src'), p).toEqual(["'self'"]);
      expect(policy.get('default-src'), p).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors'), p).toEqual(["'none'"]);
      expect(policy.get('object-src'), p).toEqual(["'none'"]);
      expect(policy.get('connect-src'), p).toEqual(["'self'"]);
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), p).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security'), p).toBeNull();
    }
  });

  it('the SPA source has no inline script (Vite builds it into an external module)', () => {
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../src/app/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body?.trim()).toBe('');
    }
  });

  it('the sign-in page of the embedded issuer is not framable either', async () => {
    const res = await fetch(`${t.url}/interaction/nope`);
    expect(csp(res.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the API', () => {
  it('JSON answers (200 and errors) are not framable, nosniff, with a Referrer-Policy', async () => {
    for (const [p, token, status] of [
      ['/api/v1/funnels', undefined, 200],
      ['/api/v1/funnels', null, 401],
      ['/api/v1/nope', undefined, 404],
      ['/api/health', null, 200],
    ] as const) {
      const res = await t.api('GET', p, { token });
      expect(res.status, p).toBe(status);
      const policy = csp(res.headers.get('content-security-policy'));
      expect(policy.get('frame-ancestors'), p).toEqual(["'none'"]);
      expect(policy.get('default-src'), p).toEqual(["'none'"]);
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), p).toBe('strict-origin-when-cross-origin');
    }
  });

  it('the API docs page allows exactly its own inline script (by hash) and its assets load', async () => {
    const res = await fetch(`${t.url}/api/docs`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const policy = csp(res.headers.get('content-security-policy'));
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (m) =>
        `'sha256-${crypto
          .createHash('sha256')
          .update(at(m, 1, 'inline script'))
          .digest('base64')}'`,
    );
    expect(inline.length).toBe(1);
    expect(policy.get('script-src')).toEqual(["'self'", ...inline]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    for (const asset of ['/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css']) {
      const a = await fetch(t.url + asset);
      expect(a.status, asset).toBe(200);
      expect(a.headers.get('x-content-type-options'), asset).toBe('nosniff');
      await a.arrayBuffer();
    }
  });

  it('the preview keeps its own sandboxing CSP (framable by the editor)', async () => {
    const f = at((await t.api('GET', '/api/v1/funnels')).body as { ID: number }[], 0, 'funnel');
    const pages = (await t.api('GET', `/api/v1/funnels/${f.ID}/pages`)).body as Record<string, unknown>[];
    const res = await t.api('POST', '/api/v1/preview', { body: { page: pages[0] } });
    expect(res.status).toBe(200);
    const policy = csp(res.headers.get('content-security-policy'));
    expect(policy.has('sandbox')).toBe(true);
    expect(policy.has('frame-ancestors')).toBe(false);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('published sites under /sites/ keep their own sandbox CSP', async () => {
    const res = await fetch(`${t.url}/sites/headers-test.example/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe('sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox');
    expect(await res.text()).toContain('published');
  });
});

describe('malformed URL escapes', () => {
  it('GET /%ZZ answers a plain 400 page, never 500', async () => {
    for (const p of ['/%ZZ', '/funnels/%E0%A4%A', '/assets/%']) {
      const res = await rawGet(t.url, p);
      expect(res.status, p).toBe(400);
      expect(res.body, p).toContain('Bad request');
      expect(res.body, p).not.toMatch(/at \w+ \(|URIError|stack/i);
      expect(res.headers['x-content-type-options'], p).toBe('nosniff');
    }
  });

  it('an API path answers 400 {message}, with or without a token', async () => {
    for (const p of ['/api/v1/funnels/%E0%A4%A', '/api/%ZZ', '/api/v1/pages/%ZZ/x']) {
      for (const auth of [{ Authorization: `Bearer ${t.token}` }, {}] as Record<string, string>[]) {
        const res = await rawGet(t.url, p, auth);
        expect(res.status, p).toBe(400);
        expect(res.headers['content-type'], p).toContain('application/json');
        expect(JSON.parse(res.body), p).toEqual({ message: 'The URL is malformed (an invalid % escape)' });
      }
    }
  });
});

describe('CORS of the embedded issuer', () => {
  const preflight = (origin: string, p = '/oidc/token') =>
    rawGet(t.url, p, { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' }, 'OPTIONS');

  it('a preflight from https://evil.example gets no Access-Control-Allow-Origin', async () => {
    const res = await preflight('https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
  });

  it("a preflight from the SPA's own origin is allowed", async () => {
    const origin = new URL(t.url).origin;
    const res = await preflight(origin);
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
  });

  it('a cross-origin read of the discovery document or a token request from evil.example carries no Allow-Origin', async () => {
    const disco = await rawGet(t.url, '/oidc/.well-known/openid-configuration', { Origin: 'https://evil.example' });
    expect(disco.status).toBe(200);
    expect(disco.headers['access-control-allow-origin']).toBeUndefined();
    const token = await fetch(`${t.url}/oidc/token`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&code=x&client_id=funnel-admin&redirect_uri=x&code_verifier=x',
    });
    expect(token.status).toBe(400);
    expect(token.headers.get('access-control-allow-origin')).toBeNull();
    expect(token.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('CORS_ORIGINS adds origins (comma list, trimmed, origins only)', () => {
    const c = loadConfig({ PUBLIC_URL: 'https://admin.example.com', CORS_ORIGINS: ' https://tools.example.com/ , http://localhost:8080/x' });
    expect(c.corsOrigins).toEqual(expect.arrayContaining(['https://admin.example.com', 'https://tools.example.com', 'http://localhost:8080']));
    expect(c.corsOrigins).not.toContain('https://evil.example');
  });
});

describe('behind https', () => {
  let s: RunningServer | undefined;
  afterAll(async () => {
    await s?.close();
  });

  it('PUBLIC_URL https adds Strict-Transport-Security; CORS_ORIGINS origins are allowed; an external issuer joins connect-src', async () => {
    s = await startServer({
      config: {
        port: 0,
        dataDir: ':memory:',
        sitesDir: t.sitesDir,
        staticDir,
        uploadsDir: path.join(t.sitesDir, 'u2'),
        demoOrders: 0,
        publicUrl: 'https://admin.example.com',
        corsOrigins: ['https://admin.example.com', 'https://tools.example.com'],
      },
      seed: false,
    });
    const base = `http://127.0.0.1:${s.config.port}`;
    const res = await rawGet(base, '/');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const ok = await rawGet(base, '/oidc/token', { Origin: 'https://tools.example.com', 'Access-Control-Request-Method': 'POST' }, 'OPTIONS');
    expect(ok.headers['access-control-allow-origin']).toBe('https://tools.example.com');
    const evil = await rawGet(base, '/oidc/token', { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' }, 'OPTIONS');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('keep-alive', () => {
  it('tells clients an idle connection lives 65 s, longer than the usual 60 s of a proxy in front', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
        const req = http.get(new URL('/api/health', t.url), { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers));
        });
        req.on('error', reject);
      });
      expect(headers.connection).toBe('keep-alive');
      expect(headers['keep-alive']).toBe('timeout=65');
    } finally {
      agent.destroy();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader, SignJWT, generateKeyPair } from 'jose';
import { eq } from 'drizzle-orm';
import { getToken, getTokens } from '../../src/server/auth/headless-login.ts';
import { LOGIN_ERROR } from '../../src/server/auth/pages.ts';
import { users } from '../../src/server/db/schema.ts';
import { DEMO_USERS } from '../../src/server/db/seed.ts';
import { startServer } from '../../src/server/server.ts';
import { serverForTests } from './file-server.ts';
import { at } from '../at.ts';

const t = serverForTests();

describe('public endpoints', () => {
  it('GET /api/health reports the database kind', async () => {
    const r = await t.api('GET', '/api/health', { token: null });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok', db: process.env.API_TEST_PG_URL ? 'postgres' : 'pglite' });
  });

  it('GET /api/config gives the SPA its OIDC settings', async () => {
    const r = await t.api('GET', '/api/config', { token: null });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ issuer: `${t.url}/oidc`, client_id: 'funnel-admin', audience: `${t.url}/api`, scope: 'openid email profile api' });
  });

  it('the issuer publishes discovery metadata and a JWKS under /oidc', async () => {
    const d = await (await fetch(`${t.url}/oidc/.well-known/openid-configuration`)).json();
    expect(d.issuer).toBe(`${t.url}/oidc`);
    expect(d.code_challenge_methods_supported).toEqual(['S256']);
    const jwks = await (await fetch(d.jwks_uri)).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('openapi.json lists the routes of the API', async () => {
    const r = await t.api('GET', '/api/openapi.json', { token: null });
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    const paths = r.body.paths as Record<string, Record<string, unknown>>;
    for (const [p, methods] of Object.entries({
      '/api/v1/funnels': ['get', 'post'],
      '/api/v1/funnels/{id}': ['get', 'put', 'patch', 'delete'],
      '/api/v1/funnels/{id}/clone': ['post'],
      '/api/v1/funnels/{id}/lock': ['put'],
      '/api/v1/funnels/{id}/publish': ['put'],
      '/api/v1/funnels/{id}/products': ['get'],
      '/api/v1/funnels/{id}/pages': ['get'],
      '/api/v1/pages': ['post'],
      '/api/v1/pages/{id}': ['get', 'put', 'patch', 'delete'],
      '/api/v1/preview': ['post'],
      '/api/v1/templates': ['get'],
      '/api/v1/offers/{id}': ['get'],
      '/api/v1/products/offer/{id}': ['get'],
      '/api/v1/funnels/{id}/audit_log': ['get'],
      '/api/v1/audit_logs': ['post'],
      '/api/v1/audit_logs/{id}': ['delete'],
    })) {
      expect(Object.keys(paths[p] ?? {}), p).toEqual(expect.arrayContaining(methods));
    }
    expect(Object.keys(paths['/api/v1/pages/{id}']?.patch ?? {})).toContain('requestBody');
    const docs = await fetch(`${t.url}/api/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('/api/openapi.json');
    // The docs UI's assets are served locally (no CDN on a closed network).
    const bundle = await fetch(`${t.url}/api/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect((await fetch(`${t.url}/api/docs/..%2Fpackage.json`)).status).toBe(404);
  });
});

describe('bearer tokens', () => {
  it('refuses /api/v1 calls without a token', async () => {
    const r = await t.api('GET', '/api/v1/funnels', { token: null });
    expect(r.status).toBe(401);
    expect(typeof r.body.message).toBe('string');
    expect(r.body.message.length).toBeGreaterThan(0);
  });

  it('refuses a garbage token and a token signed by someone else', async () => {
    expect((await t.api('GET', '/api/v1/funnels', { token: 'not.a.jwt' })).status).toBe(401);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ scope: 'api', client_id: 'funnel-admin' })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: decodeProtectedHeader(t.token).kid })
      .setSubject('1')
      .setIssuer(`${t.url}/oidc`)
      .setAudience(`${t.url}/api`)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const r = await t.api('GET', '/api/v1/me', { token: forged });
    expect(r.status).toBe(401);
    expect(r.body).toHaveProperty('message');
  });

  it('issues a JWT access token for the API audience, and /me names its user', async () => {
    expect(decodeProtectedHeader(t.token).typ).toBe('at+jwt');
    const claims = decodeJwt(t.token);
    expect(claims).toMatchObject({ iss: `${t.url}/oidc`, aud: `${t.url}/api`, sub: '1', email: DEMO_USERS.admin.email });
    const me = await t.api('GET', '/api/v1/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ user_id: 1, email: 'admin@example.com', name: 'Ada Admin', role: 'admin' });
  });

  it('refreshes with the refresh token (public client, CORS for the Vite dev origin)', async () => {
    const set = await getTokens(t.url, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    expect(set.refresh_token).toEqual(expect.stringMatching(/^\S{20,}$/));
    const res = await fetch(`${t.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:5173' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: set.refresh_token!, client_id: 'funnel-admin' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const fresh = await res.json();
    expect(decodeProtectedHeader(fresh.access_token).typ).toBe('at+jwt');
    expect((await t.api('GET', '/api/v1/me', { token: fresh.access_token })).status).toBe(200);
  });

  it('signs in each demo role', async () => {
    const tok = await getToken(t.url, DEMO_USERS.operator.email, DEMO_USERS.operator.password);
    const me = await t.api('GET', '/api/v1/me', { token: tok });
    expect(me.body).toMatchObject({ email: 'operator@example.com', role: 'operator' });
  });

  it('rejects a wrong password with the seed-style error on the login page', async () => {
    await expect(getToken(t.url, DEMO_USERS.admin.email, 'Wrong!2345')).rejects.toThrow(LOGIN_ERROR);
    await expect(getToken(t.url, 'nobody@example.com', 'Admin!2345')).rejects.toThrow(LOGIN_ERROR);
  });

  it('a deleted user loses access with a still-valid token', async () => {
    const tok = await getToken(t.url, DEMO_USERS.sticky.email, DEMO_USERS.sticky.password);
    expect((await t.api('GET', '/api/v1/me', { token: tok })).status).toBe(200);
    // Deleted through the Users screen's call (with PGlite the server caches signed-in users
    // and every change made through /api/v1/users clears that cache).
    const row = at(await t.server.db.db.select({ user_id: users.user_id }).from(users).where(eq(users.email, DEMO_USERS.sticky.email)), 0, 'user row');
    expect((await t.api('DELETE', `/api/v1/users/${row.user_id}`)).status).toBe(200);
    const r = await t.api('GET', '/api/v1/me', { token: tok });
    expect(r.status).toBe(401);
  });
});

describe('login page', () => {
  it('renders an accessible form and shows the error on failure', async () => {
    const cfg = (await t.api('GET', '/api/config', { token: null })).body;
    const auth = await fetch(
      `${cfg.issuer}/auth?${new URLSearchParams({
        client_id: cfg.client_id,
        response_type: 'code',
        redirect_uri: `${t.url}/login/callback`,
        scope: cfg.scope,
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      })}`,
      { redirect: 'manual' },
    );
    expect(auth.status).toBe(303);
    const loc = new URL(auth.headers.get('location') as string, t.url);
    expect(loc.pathname).toMatch(/^\/interaction\/[\w-]+$/);
    const cookie = auth.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = await fetch(loc, { headers: { cookie } });
    const html = await page.text();
    expect(html).toContain('<label for="email">E-mail</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
    const fail = await fetch(loc, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'admin@example.com', password: 'nope' }).toString(),
    });
    expect(fail.status).toBe(401);
    const failHtml = await fail.text();
    expect(failHtml).toContain('role="alert"');
    expect(failHtml).toContain(LOGIN_ERROR);
    expect(failHtml).toContain('value="admin@example.com"');
  });

  it('an unknown interaction is a 400 page, not a crash', async () => {
    const r = await fetch(`${t.url}/interaction/unknown-uid`);
    expect(r.status).toBe(400);
  });
});

describe('external issuer (OIDC_ISSUER pointing elsewhere)', () => {
  it("verifies tokens with the issuer's discovered JWKS and finds the user by e-mail", async () => {
    const other = await startServer({
      config: { port: 0, dataDir: ':memory:', oidcIssuer: `${t.url}/oidc`, oidcAudience: `${t.url}/api`, sitesDir: t.sitesDir, staticDir: t.sitesDir },
    });
    try {
      const cfg = await (await fetch(`${other.url}/api/config`)).json();
      expect(cfg).toMatchObject({ issuer: `${t.url}/oidc`, scope: 'openid email profile' });
      // No embedded issuer and no login page here.
      expect((await fetch(`${other.url}/oidc/.well-known/openid-configuration`)).status).toBe(404);
      const me = await fetch(`${other.url}/api/v1/me`, { headers: { Authorization: `Bearer ${t.token}` } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ email: DEMO_USERS.admin.email, role: 'admin' });
      const bad = await fetch(`${other.url}/api/v1/me`, { headers: { Authorization: `Bearer ${t.token.slice(0, -4)}AAAA` } });
      expect(bad.status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

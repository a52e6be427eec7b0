/**
 * The embedded OpenID Connect issuer: panva's oidc-provider 9, mounted under `/oidc`.
 * One public client (the SPA: code + PKCE S256, refresh tokens), JWT access tokens for the
 * API's audience, accounts and claims from the `users` table, our own login page at
 * `/interaction/:uid`, storage in `oidc_payloads`.
 *
 * Source: src/server/README.md (`auth/`); oidc-provider 9; OpenID Connect
 * Core 1.0; RFC 8707 (resource indicators); RFC 9068 (JWT access tokens).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { createOidcAdapter } from './adapter.ts';
import type { IssuerKeys } from './keys.ts';
import { page } from './pages.ts';

/** Scope of the API's resource server; the SPA asks for it next to the OIDC scopes. */
export const API_SCOPE = 'api';
/** What the SPA requests from the embedded issuer (GET /api/config). */
export const EMBEDDED_SCOPE = `openid email profile ${API_SCOPE}`;
/** Access token lifetime in seconds. */
export const ACCESS_TOKEN_TTL = 60 * 60;

/** Redirect URIs of the SPA client: the served build and the Vite dev server (both host names). */
export function spaRedirectUris(config: Config): string[] {
  return [...new Set([`${config.publicUrl}/login/callback`, 'http://127.0.0.1:5173/login/callback', 'http://localhost:5173/login/callback'])];
}

/** Post-logout redirect URIs of the SPA client. */
export function spaPostLogoutUris(config: Config): string[] {
  return [...new Set([`${config.publicUrl}/login`, 'http://127.0.0.1:5173/login', 'http://localhost:5173/login'])];
}

/**
 * Creates the provider for `${publicUrl}/oidc`. Accounts are looked up in `db` on every
 * token issue (a deleted user cannot sign in or refresh).
 */
export function createProvider(config: Config, db: Db, keys: IssuerKeys): Provider {
  const audience = config.oidcAudience;
  const configuration: Configuration = {
    adapter: createOidcAdapter(db),
    clients: [
      {
        client_id: config.oidcClientId,
        client_name: 'Funnel Admin',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: spaRedirectUris(config),
        post_logout_redirect_uris: spaPostLogoutUris(config),
      },
    ],
    // Token, userinfo and revocation calls from a browser: only from the configured origins
    // (PUBLIC_URL's, the SPA client's redirect origins such as Vite's :5173, CORS_ORIGINS).
    clientBasedCORS: (_ctx, origin) => config.corsOrigins.includes(origin),
    jwks: keys.jwks,
    cookies: { keys: keys.cookieKeys },
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'nickname'],
    },
    scopes: ['openid', 'offline_access', 'email', 'profile'],
    async findAccount(_ctx, sub) {
      const id = Number(sub);
      if (!Number.isInteger(id)) return undefined;
      const [u] = await db.select().from(users).where(eq(users.user_id, id));
      if (!u) return undefined;
      return {
        accountId: String(u.user_id),
        claims() {
          return { sub: String(u.user_id), email: u.email, email_verified: u.email_verified, name: u.name, nickname: u.nickname };
        },
      };
    },
    interactions: {
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // Sign-out goes straight back to the SPA: the confirmation form ends the
        // session at the issuer too (`logout=yes`) and submits itself; its one inline script
        // is allowed by hash (the CSP keeps `script-src 'self'`). Without script: one button.
        logoutSource: (ctx, form) => {
          const action = form.replace(
            '</form>',
            `<input type="hidden" name="logout" value="yes"/><noscript><button type="submit" autofocus>Sign out</button></noscript></form>`,
          );
          ctx.body = page('Signing out', `<h1>Signing out…</h1>${action}<script>${allowInlineScript(ctx, AUTO_SUBMIT)}</script>`);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.body = page('Signed out', `<h1>You are signed out</h1><p><a href="${config.publicUrl}/login">Sign in again</a></p>`);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // The API looks the user up by sub; email travels along for external-style lookups and logs.
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token) || !/^\d+$/.test(token.accountId)) return undefined;
      const [u] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.user_id, Number(token.accountId)));
      return u ? { email: u.email } : undefined;
    },
    // Public client: refresh tokens without the offline_access + consent dance.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in error',
        `<h1>Oops...</h1><p role="alert">${escapeHtml(out.error_description ?? out.error ?? 'Something went wrong')}</p>
        <p><a href="${config.publicUrl}/login">Back to sign in</a></p>`,
      );
    },
  };
  const provider = new Provider(config.oidcIssuer, configuration);
  if (config.publicUrl.startsWith('https://')) provider.proxy = true;
  provider.on('server_error', (_ctx: KoaContextWithOIDC, err: Error) => console.error('oidc server_error', err));
  return provider;
}

/** The sign-out page's script: submits the end-session form as soon as the page is parsed. */
const AUTO_SUBMIT = "document.getElementById('op.logoutForm').submit();";

/**
 * Returns `script` after adding its SHA-256 to the answer's CSP `script-src` (CSP3 §8.4), so
 * exactly this inline script runs on the issuer's page. Without a CSP header: unchanged.
 */
function allowInlineScript(ctx: KoaContextWithOIDC, script: string): string {
  const csp = ctx.response.get('Content-Security-Policy');
  if (csp) {
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    ctx.set(
      'Content-Security-Policy',
      csp
        .split(';')
        .map((d) => (/^\s*script-src\s/.test(d) ? `${d.trim()} ${hash}` : d.trim()))
        .join('; '),
    );
  }
  return script;
}

/** HTML-escapes text for the small server-rendered pages. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);
}

/** Makes `res` drop every `Access-Control-*` header set on it (a request from a foreign origin). */
function withoutCorsHeaders(res: ServerResponse): void {
  const isCors = (name: string) => name.toLowerCase().startsWith('access-control-');
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) => (isCors(name) ? res : setHeader(name, value));
  const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => ServerResponse;
  res.writeHead = (...args: unknown[]) => {
    for (const name of res.getHeaderNames()) if (isCors(name)) res.removeHeader(name);
    const last = args[args.length - 1];
    if (last && typeof last === 'object' && !Array.isArray(last)) {
      args[args.length - 1] = Object.fromEntries(Object.entries(last as Record<string, unknown>).filter(([k]) => !isCors(k)));
    }
    return writeHead(...args);
  };
}

/**
 * Node handler that serves the provider under `/oidc`: Koa sees the path without the
 * prefix and `originalUrl` with it, which is how oidc-provider learns its mount path.
 * CORS is answered only for `allowedOrigins` (config.corsOrigins): any other Origin gets no
 * `Access-Control-Allow-Origin`, on preflights and on the open endpoints (discovery, JWKS) too.
 */
export function oidcNodeHandler(provider: Provider, allowedOrigins: readonly string[] = []): (req: IncomingMessage, res: ServerResponse) => void {
  const callback = provider.callback();
  const allowed = new Set(allowedOrigins);
  return (req, res) => {
    const origin = req.headers.origin;
    if (origin !== undefined && !allowed.has(origin)) {
      // oidc-provider echoes any Origin on preflights and open endpoints: a foreign origin
      // gets no Access-Control-* header at all (its preflight: 204 without permission).
      if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
        res.writeHead(204, { Vary: 'Origin', 'Content-Length': '0' });
        res.end();
        return;
      }
      withoutCorsHeaders(res);
    }
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
    req.url = (req.url ?? '').replace(/^\/oidc/, '') || '/';
    void callback(req, res);
  };
}

/**
 * Signs in through the embedded issuer without a browser: authorization code + PKCE (S256)
 * with a cookie jar, posting our login form, then redeeming the code at the token endpoint
 * (src/server/README.md: a script can get a user's token without a browser).
 * Used by `npm run token` and by the API tests: real tokens, no mocks.
 */
import crypto from 'node:crypto';

/** Tokens from the token endpoint (RFC 6749 §5.1). */
export interface TokenSet {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  scope?: string;
}

const b64url = (buf: Buffer) => buf.toString('base64url');
const unescapeHtml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] as string);
/** The text of the element with `id` in one of the issuer's pages (pages.ts), or null. */
const pageMessage = (html: string, id: string) => {
  const m = new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html);
  return m?.[1] ? unescapeHtml(m[1]) : null;
};

/** A minimal cookie jar: name → value, deletions honoured (paths ignored: one host only). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired =
        attrs.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now()) || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Runs the sign-in flow against the server at `baseUrl` and returns the token set.
 * Issuer, client id and scope come from `GET ${baseUrl}/api/config`; the redirect URI is
 * `${baseUrl}/login/callback` (registered for the SPA).
 * A lock notice shown after the password (sign-in-limits.ts) is passed by its Continue link.
 * @throws Error 'Oops... Wrong e-mail or password' on bad credentials, the login page's words
 * past the sign-in limits ('Too many sign-in attempts. Try again in 15 minutes.'), or naming
 * the step that failed.
 */
export async function getTokens(baseUrl: string, email: string, password: string): Promise<TokenSet> {
  const base = baseUrl.replace(/\/+$/, '');
  const cfgRes = await fetch(`${base}/api/config`);
  if (!cfgRes.ok) throw new Error(`GET /api/config answered ${cfgRes.status}`);
  const cfg = (await cfgRes.json()) as { issuer: string; client_id: string; scope: string };
  const redirectUri = `${base}/login/callback`;
  const verifier = b64url(crypto.randomBytes(32));
  const challenge = b64url(crypto.createHash('sha256').update(verifier).digest());
  const state = b64url(crypto.randomBytes(12));
  const jar = new CookieJar();

  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
    jar.store(res);
    return res;
  };

  let url = `${cfg.issuer}/auth?${new URLSearchParams({
    client_id: cfg.client_id,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: cfg.scope,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce: b64url(crypto.randomBytes(12)),
  })}`;
  let posted = false;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(redirectUri)) {
      const params = new URL(url).searchParams;
      if (params.get('error')) throw new Error(`Sign-in failed: ${params.get('error')} ${params.get('error_description') ?? ''}`.trim());
      if (params.get('state') !== state) throw new Error('Sign-in failed: state mismatch');
      const code = params.get('code');
      if (!code) throw new Error('Sign-in failed: no authorization code');
      const tokenRes = await fetch(`${cfg.issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: cfg.client_id, code_verifier: verifier }),
      });
      const body = (await tokenRes.json()) as TokenSet & { error?: string; error_description?: string };
      if (!tokenRes.ok) throw new Error(`Token endpoint: ${body.error} ${body.error_description ?? ''}`.trim());
      return body;
    }
    const res = await go(url);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location') ?? '', url).toString();
      continue;
    }
    if (res.status === 200 && /\/interaction\/[^/]+$/.test(new URL(url).pathname) && !posted) {
      await res.arrayBuffer();
      posted = true;
      const login = await go(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password }).toString(),
      });
      if (login.status === 401) throw new Error('Oops... Wrong e-mail or password');
      if (login.status === 429 || login.status === 503)
        throw new Error(pageMessage(await login.text(), 'login-error') ?? `Login form answered ${login.status}`);
      if (login.status === 200) {
        // The lock notice: read, then on through its Continue link.
        const next = /<a [^>]*id="continue" href="([^"]+)"/.exec(await login.text())?.[1];
        if (!next) throw new Error('Login form answered 200 without a way on');
        url = new URL(unescapeHtml(next), url).toString();
        continue;
      }
      if (login.status !== 303) throw new Error(`Login form answered ${login.status}`);
      url = new URL(login.headers.get('location') ?? '', url).toString();
      continue;
    }
    throw new Error(`Sign-in failed at ${new URL(url).pathname}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
  }
  throw new Error('Sign-in failed: too many redirects');
}

/** Convenience for tests and scripts: just the access token (a JWT, `typ: at+jwt`). */
export async function getToken(baseUrl: string, email: string, password: string): Promise<string> {
  return (await getTokens(baseUrl, email, password)).access_token;
}

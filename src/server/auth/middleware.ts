/**
 * Bearer-token check for `/api/v1/*`: verifies the JWT access token (RFC 9068, `typ: at+jwt`)
 * against the issuer's keys, then loads the user from the database on EVERY request so that
 * a deleted user loses access at once. Sets `c.var.user`.
 */
import { eq, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { RoleName, SessionUser } from '../../model/index.ts';
import type { SessionCache } from '../cache.ts';
import type { Db } from '../db/index.ts';
import { roles, users } from '../db/schema.ts';
import { ApiError } from '../http.ts';

/** How tokens are verified: issuer, audience and the key source. */
export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  /** Public JWKS of the embedded issuer (no HTTP self-call); omitted → `${issuer}/jwks` is fetched. */
  localJwks?: { keys: import('jose').JWK[] };
  /** True when `sub` is our `user_id` (embedded issuer); else users are matched by the `email` claim. */
  subIsUserId: boolean;
}

/** JWT `typ` values accepted from an external issuer: RFC 9068's, and plain JWT (Keycloak, Auth0's default profile). */
const EXTERNAL_TYPS = new Set(['at+jwt', 'application/at+jwt', 'JWT']);

/**
 * Verifies an access token: signature, `iss`, `aud`, `exp`, and `typ` — exactly `at+jwt` for
 * the embedded issuer (RFC 9068); an external issuer's keys come from its discovery document.
 * @throws jose errors (or Error) when anything does not check out.
 */
export function createTokenVerifier(opts: TokenVerifierOptions): (token: string) => Promise<JWTPayload> {
  if (opts.localJwks) {
    const keys = createLocalJWKSet(opts.localJwks);
    return async (token) => (await jwtVerify(token, keys, { issuer: opts.issuer, audience: opts.audience, typ: 'at+jwt' })).payload;
  }
  let remote: JWTVerifyGetKey | null = null;
  const keys = async (): Promise<JWTVerifyGetKey> => {
    if (remote) return remote;
    const res = await fetch(`${opts.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
    if (!res.ok) throw new Error(`OIDC discovery of ${opts.issuer} answered ${res.status}`);
    const { jwks_uri } = (await res.json()) as { jwks_uri: string };
    remote = createRemoteJWKSet(new URL(jwks_uri));
    return remote;
  };
  return async (token) => {
    const { payload, protectedHeader } = await jwtVerify(token, await keys(), { issuer: opts.issuer, audience: opts.audience });
    if (!EXTERNAL_TYPS.has(protectedHeader.typ ?? 'JWT')) throw new Error(`Unexpected token typ ${protectedHeader.typ}`);
    return payload;
  };
}

/**
 * Loads the session user of verified claims (by `sub` when it is our user_id, else by the
 * `email` claim, case-insensitively); the loader resolves null when no such user exists
 * (any more). Its two queries are prepared once here: no SQL is built per request, and
 * PostgreSQL parses and plans them once per connection.
 */
export function sessionUserLoader(db: Db, subIsUserId: boolean): (claims: JWTPayload) => Promise<SessionUser | null> {
  const base = () =>
    db.select({ user_id: users.user_id, email: users.email, name: users.name, role: roles.name }).from(users).innerJoin(roles, eq(roles.id, users.role_id));
  const byId = base()
    .where(eq(users.user_id, sql.placeholder('id')))
    .prepare('session_user_by_id');
  const byEmail = base()
    .where(eq(sql`lower(${users.email})`, sql.placeholder('email')))
    .prepare('session_user_by_email');
  return async (claims) => {
    let rows;
    if (subIsUserId && claims.sub && /^\d+$/.test(claims.sub)) {
      rows = await byId.execute({ id: Number(claims.sub) });
    } else if (typeof claims.email === 'string') {
      rows = await byEmail.execute({ email: claims.email.toLowerCase() });
    } else {
      return null;
    }
    const u = rows[0];
    return u ? { user_id: u.user_id, email: u.email, name: u.name, role: u.role as RoleName } : null;
  };
}

/**
 * Wraps a token verifier with a cache of verified tokens (at most `max`, oldest evicted):
 * a token's signature, issuer and audience verify the same way until it expires, so the
 * signature check runs once per token, not once per request. Expiry is checked on every hit.
 */
export function cachedVerifier(verify: (t: string) => Promise<JWTPayload>, max = 5000): (t: string) => Promise<JWTPayload> {
  const cache = new Map<string, JWTPayload>();
  return async (token) => {
    const hit = cache.get(token);
    if (hit) {
      if (typeof hit.exp === 'number' && hit.exp * 1000 > Date.now()) return hit;
      cache.delete(token);
    }
    const payload = await verify(token);
    if (typeof payload.exp === 'number') {
      if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      cache.set(token, payload);
    }
    return payload;
  };
}

/**
 * Middleware: 401 `{message}` unless `Authorization: Bearer <valid access token>` names an
 * existing user. Sets `c.var.user: SessionUser`. With `sessions` the user is read from that
 * cache (kept exact by cache.ts DataCaches), else from the database on every request;
 * `refresh` (PostgreSQL: read the cache revisions) runs first on every request.
 */
export function requireUser(
  db: Db,
  verify: (t: string) => Promise<JWTPayload>,
  subIsUserId: boolean,
  sessions: SessionCache | null = null,
  refresh: (() => Promise<void>) | null = null,
): MiddlewareHandler<{ Variables: { user: SessionUser } }> {
  const loadUser = sessionUserLoader(db, subIsUserId);
  const load = (claims: JWTPayload): Promise<SessionUser | null> => {
    if (!sessions) return loadUser(claims);
    const key = `${claims.sub ?? ''}|${typeof claims.email === 'string' ? claims.email.toLowerCase() : ''}`;
    return sessions.getOrLoad(key, () => loadUser(claims));
  };
  return async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!token) throw new ApiError(401, 'Missing bearer token', { 'WWW-Authenticate': 'Bearer' });
    let claims: JWTPayload;
    try {
      claims = await verify(token);
    } catch {
      throw new ApiError(401, 'Invalid or expired access token', { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    }
    if (refresh) await refresh();
    const user = await load(claims);
    if (!user) throw new ApiError(401, 'Unknown user', { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    c.set('user', user);
    await next();
  };
}

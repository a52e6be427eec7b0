/**
 * Bearer-token check for `/api/v1/*`: verifies the JWT access token (RFC 9068, `typ: at+jwt`)
 * against the issuer's keys, then loads the user from the database on EVERY request so that
 * a deleted user loses access at once. Sets `c.var.user`.
 */
import { eq, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { RoleName, SessionUser } from '../../model/index.ts';
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

/** Loads the session user for verified claims; null when no such user exists (any more). */
export async function loadSessionUser(db: Db, claims: JWTPayload, subIsUserId: boolean): Promise<SessionUser | null> {
  const base = db.select({ user_id: users.user_id, email: users.email, name: users.name, role: roles.name })
    .from(users).innerJoin(roles, eq(roles.id, users.role_id));
  let rows;
  if (subIsUserId && claims.sub && /^\d+$/.test(claims.sub)) {
    rows = await base.where(eq(users.user_id, Number(claims.sub)));
  } else if (typeof claims.email === 'string') {
    rows = await base.where(eq(sql`lower(${users.email})`, claims.email.toLowerCase()));
  } else {
    return null;
  }
  const u = rows[0];
  return u ? { user_id: u.user_id, email: u.email, name: u.name, role: u.role as RoleName } : null;
}

/**
 * Middleware: 401 `{message}` unless `Authorization: Bearer <valid access token>` names an
 * existing user. Sets `c.var.user: SessionUser`.
 */
export function requireUser(db: Db, verify: (t: string) => Promise<JWTPayload>, subIsUserId: boolean): MiddlewareHandler<{ Variables: { user: SessionUser } }> {
  return async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    if (!m) throw new ApiError(401, 'Missing bearer token', { 'WWW-Authenticate': 'Bearer' });
    let claims: JWTPayload;
    try {
      claims = await verify(m[1]);
    } catch {
      throw new ApiError(401, 'Invalid or expired access token', { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    }
    const user = await loadSessionUser(db, claims, subIsUserId);
    if (!user) throw new ApiError(401, 'Unknown user', { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    c.set('user', user);
    await next();
  };
}

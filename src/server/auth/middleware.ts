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
 * The signed-in users by claim, for a database only this process writes (PGlite: its data
 * directory is locked to one server). Every change to users or roles calls {@link clear};
 * a load that started before a clear is not kept (generation check), so a deleted or
 * demoted user still loses access on their next request. With PostgreSQL (several servers
 * may share it) no cache is used.
 */
export class SessionCache {
  private readonly users = new Map<string, SessionUser | null>();
  private generation = 0;
  /** Drops every cached user (call after a write to users or roles commits). */
  clear(): void {
    this.generation++;
    this.users.clear();
  }
  /** The cached user of `key`, or undefined. */
  get(key: string): SessionUser | null | undefined {
    return this.users.get(key);
  }
  /** The current generation (taken before a load). */
  mark(): number {
    return this.generation;
  }
  /** Caches `user` under `key` unless a clear happened since `mark`. */
  set(key: string, user: SessionUser | null, mark: number): void {
    if (mark !== this.generation) return;
    if (this.users.size >= 10_000) this.users.clear();
    this.users.set(key, user);
  }
}

/**
 * Middleware: 401 `{message}` unless `Authorization: Bearer <valid access token>` names an
 * existing user. Sets `c.var.user: SessionUser`. With a {@link SessionCache} (PGlite) the
 * user is read from it, else from the database on every request.
 */
export function requireUser(
  db: Db, verify: (t: string) => Promise<JWTPayload>, subIsUserId: boolean, sessions: SessionCache | null = null,
): MiddlewareHandler<{ Variables: { user: SessionUser } }> {
  const load = async (claims: JWTPayload): Promise<SessionUser | null> => {
    if (!sessions) return loadSessionUser(db, claims, subIsUserId);
    const key = `${claims.sub ?? ''}|${typeof claims.email === 'string' ? claims.email.toLowerCase() : ''}`;
    const hit = sessions.get(key);
    if (hit !== undefined) return hit;
    const mark = sessions.mark();
    const user = await loadSessionUser(db, claims, subIsUserId);
    sessions.set(key, user, mark);
    return user;
  };
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
    const user = await load(claims);
    if (!user) throw new ApiError(401, 'Unknown user', { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    c.set('user', user);
    await next();
  };
}

/**
 * Signing keys (JWKS) and cookie keys of the embedded issuer, kept in the database
 * (`issuer_keys`, migration 0011) so tokens and sessions survive a restart and every API
 * process on one PostgreSQL signs and verifies with the same keys (several processes
 * behind one address). Before 0011 they lived in `${DATA_DIR}/oidc-keys.json`: that file, when
 * present, is what the database starts with, so signed-in operators stay signed in.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { issuerKeys } from '../db/schema.ts';

/** The issuer's key material: private JWKs (sign), their public halves (verify) and cookie keys. */
export interface IssuerKeys {
  jwks: { keys: JWK[] };
  publicJwks: { keys: JWK[] };
  cookieKeys: string[];
}

async function generate(): Promise<Omit<IssuerKeys, 'publicJwks'>> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  jwk.kid = crypto.randomUUID();
  jwk.alg = 'RS256';
  jwk.use = 'sig';
  return { jwks: { keys: [jwk] }, cookieKeys: [crypto.randomBytes(32).toString('base64url')] };
}

/** What a pre-0011 `oidc-keys.json` holds: private signing JWKs and cookie keys. */
const LegacyKeysFile = z.object({
  jwks: z.object({ keys: z.array(z.looseObject({ kty: z.string(), kid: z.string(), d: z.string() })).min(1) }),
  cookieKeys: z.array(z.string().min(16)).min(1),
});

/** Strips the private members of RSA/EC JWKs. */
function publicOf(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub } = jwk;
  return pub;
}

/**
 * The issuer's keys from the database; on the first start of a database, the keys of the
 * pre-0011 `<legacyDataDir>/oidc-keys.json` when there is one, else new ones (RS256, 32-byte
 * cookie key), stored first. Read and stored under a transaction advisory lock, so of several
 * processes starting together exactly one stores keys and all use those.
 * @throws SyntaxError when the legacy file is not JSON, z.ZodError when it holds no private
 * signing key or cookie key; nothing is stored then.
 */
export async function loadIssuerKeys(db: Db, legacyDataDir: string | null): Promise<IssuerKeys> {
  const stored = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('funnel-admin:issuer-keys'))`);
    const [row] = await tx.select({ keys: issuerKeys.keys }).from(issuerKeys).where(eq(issuerKeys.id, 1));
    if (row) return row.keys;
    const file = legacyDataDir ? path.join(legacyDataDir, 'oidc-keys.json') : null;
    const keys =
      file && fs.existsSync(file) ? (LegacyKeysFile.parse(JSON.parse(fs.readFileSync(file, 'utf8'))) as Omit<IssuerKeys, 'publicJwks'>) : await generate();
    await tx.insert(issuerKeys).values({ id: 1, keys });
    return keys;
  });
  return { ...stored, publicJwks: { keys: stored.jwks.keys.map(publicOf) } };
}

/**
 * Signing keys (JWKS) and cookie keys of the embedded issuer, persisted in
 * `${DATA_DIR}/oidc-keys.json` so tokens and sessions survive a restart.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

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

/** Strips the private members of RSA/EC JWKs. */
function publicOf(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub } = jwk;
  return pub;
}

/**
 * Loads the keys from `<dataDir>/oidc-keys.json`, creating the file (mode 0600) on first use.
 * With `dataDir` null (in-memory runs) fresh keys are generated and kept in memory only.
 */
export async function loadIssuerKeys(dataDir: string | null): Promise<IssuerKeys> {
  const file = dataDir ? path.join(dataDir, 'oidc-keys.json') : null;
  let stored: Omit<IssuerKeys, 'publicJwks'> | null = null;
  if (file && fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Omit<IssuerKeys, 'publicJwks'>;
  if (!stored) {
    stored = await generate();
    if (file) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    }
  }
  return { ...stored, publicJwks: { keys: stored.jwks.keys.map(publicOf) } };
}

/**
 * The embedded issuer's keys live in the database (migration 0011, auth/keys.ts): one set for
 * every API process on it, kept across restarts; a data directory from before 0011 hands its
 * `oidc-keys.json` over, so operators signed in before the upgrade stay signed in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadIssuerKeys } from '../../src/server/auth/keys.ts';
import type { OpenDb } from '../../src/server/db/index.ts';
import { issuerKeys } from '../../src/server/db/schema.ts';
import { openDumpedDb } from '../scripts/pglite-template.ts';

const open: OpenDb[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const memoryDb = async () => {
  const db = await openDumpedDb('migrated');
  open.push(db);
  return db.db;
};
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-keys-'));
  dirs.push(d);
  return d;
};
const kids = (k: { jwks: { keys: { kid?: string }[] } }) => k.jwks.keys.map((j) => j.kid);

describe('issuer keys in the database', () => {
  it('are made once and then the same for every caller, even several at once; no file is written', async () => {
    const db = await memoryDb();
    const dir = tmp();
    const [a, b, c] = await Promise.all([loadIssuerKeys(db, dir), loadIssuerKeys(db, dir), loadIssuerKeys(db, null)]);
    expect(kids(a)).toHaveLength(1);
    expect([kids(b), kids(c)]).toEqual([kids(a), kids(a)]);
    expect(b.cookieKeys).toEqual(a.cookieKeys);
    expect(await db.select().from(issuerKeys)).toHaveLength(1);
    expect(fs.readdirSync(dir)).toEqual([]);
    // What verifies tokens carries no private member.
    expect(Object.keys(a.publicJwks.keys[0]!).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
  });

  it("start from a pre-0011 data directory's oidc-keys.json, and the database's keys win afterwards", async () => {
    const db = await memoryDb();
    const legacy = tmp();
    const fromFile = await loadIssuerKeys(await memoryDb(), null);
    fs.writeFileSync(path.join(legacy, 'oidc-keys.json'), JSON.stringify({ jwks: fromFile.jwks, cookieKeys: fromFile.cookieKeys }));
    const imported = await loadIssuerKeys(db, legacy);
    expect(kids(imported)).toEqual(kids(fromFile));
    expect(imported.cookieKeys).toEqual(fromFile.cookieKeys);
    // A later start with another file (or none) keeps what the database has.
    const other = tmp();
    fs.writeFileSync(path.join(other, 'oidc-keys.json'), '{ not even JSON');
    expect(kids(await loadIssuerKeys(db, other))).toEqual(kids(fromFile));
    expect(kids(await loadIssuerKeys(db, null))).toEqual(kids(fromFile));
  });

  it('refuse a legacy file that is not JSON, or holds no private signing key, and store nothing', async () => {
    const db = await memoryDb();
    const legacy = tmp();
    const file = path.join(legacy, 'oidc-keys.json');
    fs.writeFileSync(file, '{ half');
    await expect(loadIssuerKeys(db, legacy)).rejects.toThrow(SyntaxError);
    const good = await loadIssuerKeys(await memoryDb(), null);
    fs.writeFileSync(file, JSON.stringify({ jwks: good.publicJwks, cookieKeys: good.cookieKeys }));
    await expect(loadIssuerKeys(db, legacy)).rejects.toThrow(/jwks\.keys\[0\]\.d|"d"/);
    expect(await db.select().from(issuerKeys)).toHaveLength(0);
  });
});

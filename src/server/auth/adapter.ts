/**
 * oidc-provider storage adapter over the `oidc_payloads` table, so sessions, grants,
 * authorization codes and refresh tokens survive a restart (src/server/README.md).
 * Interface: oidc-provider 9 `Adapter` (upsert, find, findByUid, findByUserCode, consume,
 * destroy, revokeByGrantId).
 */
import { and, eq, lt } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/index.ts';
import { oidcPayloads } from '../db/schema.ts';
import { purgeLapsedAttempts } from './sign-in-limits.ts';

/** Returns an adapter class bound to `db`, for the provider's `adapter` option. */
export function createOidcAdapter(db: Db): new (name: string) => Adapter {
  return class PgOidcAdapter implements Adapter {
    constructor(readonly name: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        id,
        type: this.name,
        payload: payload as Record<string, unknown>,
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({ target: [oidcPayloads.type, oidcPayloads.id], set: { ...row, consumed_at: null } });
    }

    private async findWhere(where: ReturnType<typeof and>): Promise<AdapterPayload | undefined> {
      const [row] = await db.select().from(oidcPayloads).where(where).limit(1);
      if (!row) return undefined;
      if (row.expires_at && row.expires_at.getTime() <= Date.now()) return undefined;
      const payload = { ...row.payload } as AdapterPayload;
      if (row.consumed_at) payload.consumed = Math.floor(row.consumed_at.getTime() / 1000);
      return payload;
    }

    find(id: string) {
      return this.findWhere(and(eq(oidcPayloads.type, this.name), eq(oidcPayloads.id, id)));
    }

    findByUid(uid: string) {
      return this.findWhere(and(eq(oidcPayloads.type, this.name), eq(oidcPayloads.uid, uid)));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(and(eq(oidcPayloads.type, this.name), eq(oidcPayloads.user_code, userCode)));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumed_at: new Date() })
        .where(and(eq(oidcPayloads.type, this.name), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, this.name), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grant_id, grantId));
    }
  };
}

/**
 * Deletes expired issuer records (codes, sessions, tokens) and the login page's attempt
 * counters whose window and lock have passed (sign-in-limits.ts). @returns how many rows went.
 */
export async function purgeExpiredOidcPayloads(db: Db): Promise<number> {
  const gone = await db.delete(oidcPayloads).where(lt(oidcPayloads.expires_at, new Date())).returning({ id: oidcPayloads.id });
  return gone.length + (await purgeLapsedAttempts(db));
}

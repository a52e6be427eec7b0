/**
 * `Idempotency-Key` replay of writes: the first successful answer is stored per user and key
 * with a hash of the request, a retry with the same request replays it, another request with
 * the key is refused; stored answers expire after a day.
 *
 * Source: src/server/README.md ("Write contract").
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { WRITE_MSG, type SessionUser } from '../../model/index.ts';
import type { Db, Tx } from '../db/index.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { ApiError } from '../http.ts';
import type { Q } from '../repo.ts';
import { pgCode } from './errors.ts';

/** A response kept for replay: what the handler answers. */
export interface StoredResponse<T = unknown, S extends 200 | 201 = 200 | 201> {
  status: S;
  body: T;
  etag: string | null;
  replayed?: boolean;
}

/** JSON with object members in code-point order at every level: one text per value (RFC 8785's idea, without its number rules). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

/** SHA-256 (hex) of a request as an Idempotency-Key is bound to it: method, path and canonical body. */
export function requestHash(req: { method: string; path: string; body?: unknown }): string {
  return createHash('sha256')
    .update(canonicalJson([req.method.toUpperCase(), req.path, req.body ?? null]))
    .digest('hex');
}

/**
 * Runs `fn` in a transaction. With an `Idempotency-Key` the first successful response is
 * stored (same transaction) per user and key, with the {@link requestHash} of the request;
 * a retry with the same key and the same request replays it instead of applying twice
 * (src/server/README.md, "Write contract"). Keys are the user's own: another user's same key is a new
 * request. Concurrent requests with one key queue on an advisory lock (PostgreSQL).
 * @throws ApiError 422 when the key was used for another method/path, or with another body
 * (`req.body`: the parsed body; members in any order are the same body).
 */
export async function idempotent<T, S extends 200 | 201 = 200 | 201>(
  db: Db,
  user: SessionUser,
  key: string | undefined,
  req: { method: string; path: string; body?: unknown },
  fn: (tx: Tx) => Promise<StoredResponse<T, S>>,
): Promise<StoredResponse<T, S>> {
  if (!key) return db.transaction(fn);
  if (key.length > 200) throw new ApiError(422, 'Idempotency-Key is at most 200 characters');
  const hash = requestHash(req);
  const replay = async (q: Q): Promise<StoredResponse<T, S> | null> => {
    const [prev] = await q
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.user_id, user.user_id), eq(idempotencyKeys.key, key)));
    if (!prev) return null;
    if (prev.method !== req.method || prev.path !== req.path) throw new ApiError(422, WRITE_MSG.idempotencyOther);
    // '' : stored before request hashes were kept (migration 0005): method and path decide.
    if (prev.request_hash !== '' && prev.request_hash !== hash) throw new ApiError(422, WRITE_MSG.idempotencyBody);
    // The stored answer of this method and path: the status and body the same route gave.
    return { status: prev.status as S, body: prev.body as T, etag: prev.etag, replayed: true };
  };
  try {
    return await db.transaction(async (tx) => {
      // Concurrent retries with one key queue here (PostgreSQL), then find the first one's answer.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`idem:${user.user_id}:${key}`}))`);
      const prev = await replay(tx);
      if (prev) return prev;
      const res = await fn(tx);
      await tx.insert(idempotencyKeys).values({
        user_id: user.user_id,
        key,
        method: req.method,
        path: req.path,
        status: res.status,
        body: res.body,
        etag: res.etag,
        request_hash: hash,
      });
      return res;
    });
  } catch (e) {
    // A concurrent request with the same key committed first (PostgreSQL): replay it.
    if (pgCode(e).code === '23505' && pgCode(e).constraint?.startsWith('idempotency_keys')) {
      const prev = await replay(db);
      if (prev) return prev;
    }
    throw e;
  }
}

/** How long a stored Idempotency-Key response can be replayed: a day covers any client retry. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Deletes stored idempotent responses older than {@link IDEMPOTENCY_TTL_MS}. @returns rows deleted. */
export async function purgeIdempotencyKeys(db: Db): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.CreatedAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

/**
 * In-process read caches of the hottest reads (the signed-in user of every request, funnel
 * documents), kept exact by the database's own change signals: `cache_revisions`
 * (migration 0004) — notifications with PGlite, a revision read per request with
 * PostgreSQL, where other servers may write (see {@link DataCaches}).
 */
import type { SessionUser } from '../model/index.ts';
import type { Db } from './db/index.ts';
import { cacheRevisions } from './db/schema.ts';
import { etagOf } from './http.ts';

/**
 * A map that only keeps values no invalidation overtook: a load takes {@link mark} before
 * reading the source and {@link set}s its value with that mark; a {@link clear} in between
 * (a write committed meanwhile) turns the set into a no-op, so a value read before a write
 * is never kept after it. Bounded: at `max` entries it starts afresh.
 */
export class GenerationCache<K, V> {
  private readonly entries = new Map<K, V>();
  private readonly pending = new Map<K, { generation: number; value: Promise<V> }>();
  private generation = 0;

  /** @param max entries kept at most (then the cache is emptied and refills). */
  constructor(private readonly max = 10_000) {}

  /** Drops every value (call when a write to the source commits). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** The cached value of `key`, or undefined. */
  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** The current generation (take it before a load). */
  mark(): number {
    return this.generation;
  }

  /** Caches `value` under `key` unless a {@link clear} happened since `mark`. */
  set(key: K, value: V, mark: number): void {
    if (mark !== this.generation) return;
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, value);
  }

  /**
   * The cached value of `key`, else `load()`'s (kept per {@link set}'s rule). Concurrent
   * misses of one key share a load, unless a clear came between: a request never gets a
   * value loaded before a write it could have seen. A failed load is not kept.
   */
  async getOrLoad(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const running = this.pending.get(key);
    if (running && running.generation === generation) return running.value;
    const value = load().then((v) => {
      this.set(key, v, generation);
      return v;
    });
    this.pending.set(key, { generation, value });
    const done = () => {
      if (this.pending.get(key)?.value === value) this.pending.delete(key);
    };
    value.then(done, done);
    return value;
  }
}

/** An entity's answer kept ready to send: its JSON text and its ETag (`"<version>"`). */
export interface JsonDoc {
  json: string;
  etag: string;
}

/**
 * The answer for an entity with a `version`: from `cache` (null: no cache) or from `load()`,
 * serialized once. Errors of `load` (404…) propagate and are not cached.
 */
export function cachedDoc<K>(cache: GenerationCache<K, JsonDoc> | null, key: K, load: () => Promise<{ version: number }>): Promise<JsonDoc> {
  const serialize = async (): Promise<JsonDoc> => {
    const e = await load();
    return { json: JSON.stringify(e), etag: etagOf(e.version) };
  };
  return cache ? cache.getOrLoad(key, serialize) : serialize();
}

/** A funnel list answer kept ready to send: the page as JSON text and how many funnels match in all. */
export interface FunnelListAnswer {
  json: string;
  total: number;
}

/** The signed-in users by claim key (auth/middleware.ts); null: no such user. */
export type SessionCache = GenerationCache<string, SessionUser | null>;

/**
 * The server's read caches — signed-in users by claim (`users`, covering roles too) and
 * funnel documents by ID (`funnels`) — and how they stay exact:
 * - PGlite (one process writes): {@link changed} on each `cache_revisions` notification
 *   which the database sends at commit of every change, before the writer is answered.
 * - PostgreSQL (several servers may write): every request first reads the revisions (one
 *   small query) and hands them to {@link observe}, which drops what a newer revision
 *   outdated; data loaded afterwards is at least that new.
 */
export class DataCaches {
  /** Signed-in users by claim key (see auth/middleware.ts). */
  readonly users: SessionCache = new GenerationCache();
  /** `GET /api/v1/funnels/{id}` answers by funnel ID. */
  readonly funnels = new GenerationCache<number, JsonDoc>();
  /**
   * `GET /api/v1/funnels` answers (a page's JSON and X-Total-Count) by query, dropped with the
   * funnels' revision, which offers and domains bump too (migration 0017). At most 500 queries kept.
   */
  readonly funnelLists = new GenerationCache<string, FunnelListAnswer>(500);
  private readonly seen = new Map<string, number>();

  /** Drops the cache of `kind` (a notification; unknown names are ignored). */
  changed(kind: string): void {
    if (kind === 'users' || kind === 'funnels') this[kind].clear();
    if (kind === 'funnels') this.funnelLists.clear();
  }

  /** Drops every cache whose revision in `revisions` is newer than any seen before. */
  observe(revisions: readonly { name: string; rev: number }[]): void {
    for (const { name, rev } of revisions) {
      const seen = this.seen.get(name);
      if (seen !== undefined && rev <= seen) continue;
      this.seen.set(name, rev);
      this.changed(name);
    }
  }
}

/**
 * PostgreSQL: reads the revisions (a statement prepared once) into `caches.observe`; run at
 * the start of every request, before anything is read from the caches. Concurrent requests
 * share reads ({@link sharedAfterCall}): one round trip per turn, not one per request.
 */
export function revisionsReader(db: Db, caches: DataCaches): () => Promise<void> {
  const read = db.select({ name: cacheRevisions.name, rev: cacheRevisions.rev }).from(cacheRevisions).prepare('cache_revisions');
  return sharedAfterCall(async () => caches.observe(await read.execute()));
}

/**
 * Wraps `task` so that concurrent callers share runs, while each caller still gets a run that
 * STARTED after its call: with no run in flight one starts at once; otherwise the caller
 * waits for the next run, which starts when the current one ends (the current one may have
 * started before the call, so it might miss what committed just before it). A failed run
 * rejects its callers only.
 */
export function sharedAfterCall(task: () => Promise<void>): () => Promise<void> {
  let current: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const run: Promise<void> = task().finally(() => {
      if (current === run) current = null;
    });
    current = run;
    return run;
  };
  const settle = () => undefined;
  return () => {
    if (!current) return start();
    next ??= current.then(settle, settle).then(() => {
      next = null;
      return start();
    });
    return next;
  };
}

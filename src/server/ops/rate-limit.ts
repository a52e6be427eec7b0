/**
 * Per-user rate limits on writes, uploads and publishing: a token bucket per user and limit,
 * in this process's memory. A bucket holds a minute's allowance (RATE_LIMIT_*_PER_MINUTE) and
 * refills continuously; an empty one answers 429 with `Retry-After` (the seconds until one
 * token is back).
 *
 * Per process, not shared: behind N processes a user gets at most N times the allowance,
 * which still stops what these limits are for (a runaway script or tab hammering writes)
 * while costing no database round trip per write. Sign-in attempts are counted differently
 * (auth/sign-in-limits.ts): a lockout that must hold across processes and restarts, in the
 * database. Like there, a request counts when it starts and gives its token back when it
 * turned out to cost nothing: a 4xx other than a conflict (409, 412) was refused before
 * any work.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../routes/common.ts';
import { getMetrics } from './metrics.ts';
import type { RateLimits } from './settings.ts';

/** A token bucket: `capacity` tokens, refilled at `perMs` tokens per millisecond. */
export class TokenBucket {
  private tokens: number;
  private at: number;
  constructor(
    private readonly capacity: number,
    private readonly perMs: number,
    now: number,
  ) {
    this.tokens = capacity;
    this.at = now;
  }
  private refill(now: number): void {
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.at) * this.perMs);
    this.at = now;
  }
  /** Takes one token. @returns 0 when taken, else the whole seconds (at least 1) until one is back. */
  take(now: number): number {
    this.refill(now);
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - this.tokens) / this.perMs / 1000));
  }
  /** Gives one token back (a request that cost nothing). */
  giveBack(): void {
    this.tokens = Math.min(this.capacity, this.tokens + 1);
  }
  /** Whether the bucket is full at `now` (it can be forgotten). */
  full(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.capacity;
  }
}

/** Which limit a request counts under. */
export type LimitName = 'writes' | 'uploads' | 'publishes';

/** The limit `method path` counts under, or null (reads, and anything outside /api/v1). */
export function limitOf(method: string, path: string): LimitName | null {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || !path.startsWith('/api/v1/')) return null;
  if (method === 'POST' && (path.startsWith('/api/v1/images/') || path.startsWith('/api/v1/csv_upload/'))) return 'uploads';
  if (method === 'PUT' && /^\/api\/v1\/funnels\/[^/]+\/publish$/.test(path)) return 'publishes';
  return 'writes';
}

const WHAT: Record<LimitName, string> = { writes: 'changes', uploads: 'uploads', publishes: 'publishes' };

/** Per-user buckets of each limit. */
export class RateLimiter {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly sweep: NodeJS.Timeout;
  constructor(
    private readonly limits: RateLimits,
    private readonly now: () => number = Date.now,
  ) {
    // Full buckets are forgotten, so memory follows the users active in the last minute or so.
    this.sweep = setInterval(() => {
      const t = this.now();
      for (const [k, b] of this.buckets) if (b.full(t)) this.buckets.delete(k);
    }, 60_000);
    this.sweep.unref();
  }
  private perMinute(limit: LimitName): number {
    return limit === 'writes' ? this.limits.writesPerMinute : limit === 'uploads' ? this.limits.uploadsPerMinute : this.limits.publishesPerMinute;
  }
  /**
   * Takes a token of `limit` for `userId`. @returns null when allowed (with a function that
   * gives the token back), or the seconds to wait.
   */
  take(limit: LimitName, userId: number): { giveBack: () => void } | { retryAfterS: number; perMinute: number } | null {
    const perMinute = this.perMinute(limit);
    if (perMinute === 0) return null;
    const key = `${limit}:${userId}`;
    const t = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(perMinute, perMinute / 60_000, t);
      this.buckets.set(key, bucket);
    }
    const wait = bucket.take(t);
    if (wait > 0) return { retryAfterS: wait, perMinute };
    const b = bucket;
    return { giveBack: () => b.giveBack() };
  }
  /** Stops the sweep timer. */
  close(): void {
    clearInterval(this.sweep);
  }
}

/**
 * Middleware after the bearer-token check: counts the signed-in user's writes, uploads and
 * publishes; past a limit 429 `{message}` with `Retry-After` in seconds.
 */
export function rateLimit(limiter: RateLimiter): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const limit = limitOf(c.req.method, c.req.path);
    const user = limit ? c.get('user') : undefined;
    if (!limit || !user) return next();
    const got = limiter.take(limit, user.user_id);
    if (got && 'retryAfterS' in got) {
      getMetrics().rateLimited.inc({ limit });
      const s = got.retryAfterS;
      return c.json(
        { message: `Too many ${WHAT[limit]}: at most ${got.perMinute} a minute per account. Try again in ${s} second${s === 1 ? '' : 's'}.` },
        429,
        { 'Retry-After': String(s) },
      );
    }
    let status = 500;
    try {
      await next();
      status = c.res.status;
    } finally {
      if (got && status >= 400 && status < 500 && status !== 409 && status !== 412) got.giveBack();
    }
  };
}

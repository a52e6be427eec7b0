/**
 * Calls to an external provider's HTTP API that hold up when it does not: a timeout per
 * request, retries with exponential backoff on 429 and 5xx that
 * honour `Retry-After` within a cap on the total wait, a circuit breaker that pauses a provider
 * which keeps failing instead of hammering it, and a recovery hook so a create whose answer was
 * lost is looked up before it is sent again. Credentials travel in headers and never appear in
 * messages or logs (only the method and path are named).
 */

import { ApiError } from '../http.ts';

/** Why a provider call failed without an answer of the provider's own. */
export type ProviderErrorReason = 'paused' | 'unreachable' | 'rate_limited' | 'malformed' | 'refused';

/**
 * A provider that could not be used: paused, unreachable, rate limiting, answering garbage or
 * refusing the credentials. An {@link ApiError}, so a route that lets it through answers
 * 503 with `Retry-After` (paused, rate limited: try again later) or 502 (the provider's fault),
 * with this message as the Error notification (000 §8).
 */
export class ProviderError extends ApiError {
  constructor(
    readonly provider: string,
    readonly reason: ProviderErrorReason,
    message: string,
    retryAfterS?: number,
  ) {
    super(reason === 'paused' || reason === 'rate_limited' ? 503 : 502, message, retryAfterS ? { 'Retry-After': String(retryAfterS) } : {});
    this.name = 'ProviderError';
  }
}

/** Tuning of {@link ResilientHttp}; all times in milliseconds. */
export interface RetryPolicy {
  /** Per request, connection to last byte (default 10,000). */
  timeoutMs: number;
  /** Retries after the first try (default 4). */
  retries: number;
  /** First backoff; doubled each retry (default 500). */
  baseDelayMs: number;
  /** Cap on the time spent waiting between the tries of one call (default 30,000). */
  maxTotalWaitMs: number;
  /** Failed tries in a row that pause the provider (default 5). */
  breakerThreshold: number;
  /** How long a paused provider is not called (default 30,000). */
  breakerPauseMs: number;
}

/** The defaults of {@link RetryPolicy}. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  timeoutMs: 10_000,
  retries: 4,
  baseDelayMs: 500,
  maxTotalWaitMs: 30_000,
  breakerThreshold: 5,
  breakerPauseMs: 30_000,
};

/** An answer read in full. */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** One request; `label` names it in messages and logs (method and path, never credentials). */
export interface HttpCall<R> {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  label: string;
  /**
   * For a create whose outcome is unknown (timeout, lost connection, 5xx): looks the object up
   * before the create is sent again; a non-null result is returned instead of sending it.
   */
  recover?: () => Promise<R | null>;
}

/** A JSON API call of {@link ResilientHttp.sendJson}: `path` (with `query`) below `base`. */
export interface JsonCall<R> {
  method: string;
  base: string;
  path: string;
  /** The credentials (and any header the provider pins, e.g. an API version). */
  headers: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  recover?: () => Promise<R | null>;
}

/** `text` parsed as JSON, or undefined when it is not JSON (the caller reports a malformed body). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The wait `Retry-After` asks for, in ms: delta-seconds or an HTTP date; null when absent or
 * unreadable.
 */
export function retryAfterMs(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : Math.max(0, t - nowMs);
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** HTTP with timeouts, retries and a circuit breaker for one provider. */
/**
 * What the Status screen shows of a provider: its last error and when, its last
 * good answer, whether it is paused now, and the rate-limit headroom its last answer declared.
 * Never carries credentials (messages are the ones {@link ProviderError} already shows).
 */
export interface ProviderHealth {
  last_error: string | null;
  /** ISO time of {@link last_error}. */
  last_error_at: string | null;
  /** ISO time of the last answer that was not a failure. */
  last_ok_at: string | null;
  /** A message while the provider is paused or rate limited, else null. */
  paused: string | null;
  rate_limit: { remaining: number; limit: number } | null;
}

/** The clock of a provider client: the injected `now`/`sleep` (tests), else the real ones. */
export function clockOf(deps: { now?: () => number; sleep?: (ms: number) => Promise<void> } = {}): { now(): number; sleep(ms: number): Promise<unknown> } {
  return {
    now: () => (deps.now ? deps.now() : Date.now()),
    sleep: (ms) => (deps.sleep ? deps.sleep(ms) : new Promise((r) => setTimeout(r, ms))),
  };
}

/**
 * A vendor's published request limit kept on our side: at most `limit` calls per `windowMs`,
 * counted per key (a method, or one key for a per-token limit). {@link take} waits until the
 * oldest call in the window is `windowMs` old when the window is full, so the vendor never has
 * to answer 429; {@link remaining} is the headroom the Status screen shows.
 */
export class SlidingWindow {
  private readonly sent = new Map<string, number[]>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: { now(): number; sleep(ms: number): Promise<unknown> },
  ) {}

  private recent(key: string): number[] {
    const now = this.clock.now();
    const times = (this.sent.get(key) ?? []).filter((t) => t > now - this.windowMs);
    this.sent.set(key, times);
    return times;
  }

  /**
   * Counts one call of `key`, first waiting while the window is full; `onWait` hears how long
   * (ms) before the wait starts.
   */
  async take(key = '', onWait?: (ms: number) => void): Promise<void> {
    const times = this.recent(key);
    if (times.length >= this.limit) {
      const wait = (times[0] ?? this.clock.now()) + this.windowMs - this.clock.now();
      onWait?.(wait);
      await this.clock.sleep(wait);
      times.shift();
    }
    times.push(this.clock.now());
  }

  /** Calls of `key` still allowed in the current window. */
  remaining(key = ''): number {
    return Math.max(0, this.limit - this.recent(key).length);
  }
}

/**
 * Rate-limit headroom from an answer's headers: `X-RateLimit-Remaining`/`-Limit`,
 * `RateLimit-Remaining`/`-Limit`, or the structured `RateLimit: …;r=N` with `RateLimit-Policy: …;q=N`
 * (Cloudflare). Null when the answer declares none.
 */
export function rateLimitOf(h: Headers): { remaining: number; limit: number } | null {
  const num = (v: string | null | undefined) => (v != null && /^\d+$/.test(v.trim()) ? Number(v.trim()) : null);
  const remaining = num(h.get('x-ratelimit-remaining')) ?? num(h.get('ratelimit-remaining')) ?? num(/;\s*r=(\d+)/.exec(h.get('ratelimit') ?? '')?.[1]);
  const limit = num(h.get('x-ratelimit-limit')) ?? num(h.get('ratelimit-limit')) ?? num(/;\s*q=(\d+)/.exec(h.get('ratelimit-policy') ?? '')?.[1]);
  return remaining !== null && limit !== null ? { remaining, limit } : null;
}

/** The timings and injections every provider client takes beside its own settings. */
export interface ProviderClientOptions {
  /** Timeouts, retries and breaker (tests pass small values). */
  policy?: Partial<RetryPolicy>;
  /** Injected waiting, clock and log (tests). */
  deps?: ConstructorParameters<typeof ResilientHttp>[2];
}

export class ResilientHttp {
  private failures = 0;
  private lastError: { message: string; at: number } | null = null;
  private lastOkAt: number | null = null;
  private rateLimit: { remaining: number; limit: number } | null = null;
  private pausedUntil = 0;
  private rateLimitedUntil = 0;
  readonly policy: RetryPolicy;

  constructor(
    private readonly provider: string,
    policy: Partial<RetryPolicy> = {},
    private readonly deps: { sleep?: (ms: number) => Promise<void>; now?: () => number; log?: (line: string) => void; fetch?: typeof fetch } = {},
  ) {
    this.policy = { ...DEFAULT_RETRY_POLICY, ...policy };
  }

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  private log(line: string): void {
    (this.deps.log ?? ((l: string) => console.warn(l)))(line);
  }

  private sleep(ms: number): Promise<void> {
    return this.deps.sleep ? this.deps.sleep(ms) : new Promise((r) => setTimeout(r, ms));
  }

  /** Fails fast while the provider is paused or rate limiting. @throws ProviderError */
  private gate(): void {
    const t = this.now();
    if (t < this.pausedUntil) {
      const s = seconds(this.pausedUntil - t);
      throw new ProviderError(this.provider, 'paused', `${this.provider} is not answering: paused for ${s} s`, s);
    }
    if (t < this.rateLimitedUntil) {
      const s = seconds(this.rateLimitedUntil - t);
      throw new ProviderError(this.provider, 'rate_limited', `${this.provider} is limiting our requests: paused for ${s} s`, s);
    }
  }

  /** Counts a failed try; opens the breaker at the threshold. */
  private failed(): void {
    this.failures += 1;
    if (this.failures >= this.policy.breakerThreshold) {
      this.pausedUntil = this.now() + this.policy.breakerPauseMs;
      this.failures = 0;
      this.log(`${this.provider}: ${this.policy.breakerThreshold} failed requests in a row; paused for ${seconds(this.policy.breakerPauseMs)} s`);
    }
  }

  /** Counts an answer that shows the provider is up (any 2xx–4xx but 429). */
  succeeded(): void {
    this.failures = 0;
  }

  /** Counts a broken answer (e.g. a malformed body, described by `what`) as a failed try, and logs it. */
  broken(what: string): void {
    this.log(`${this.provider}: ${what}`);
    this.noteError(`${this.provider}: ${what}`);
    this.failed();
  }

  /**
   * Counts a broken answer like {@link broken} (`what` goes to the log and the last error) and
   * gives the error to throw: the provider "answered with a malformed body (`detail`)".
   */
  malformed(what: string, detail: string): ProviderError {
    this.broken(what);
    return new ProviderError(this.provider, 'malformed', `${this.provider} answered with a malformed body (${detail})`);
  }

  /** Records `message` as the provider's last error for {@link health} (no other effect). */
  noteError(message: string): void {
    this.lastError = { message, at: this.now() };
  }

  /**
   * Records and gives the error for a provider that refused our credentials (`what`, e.g. "the
   * API token"): 401/403 mean the operator must fix the configuration, so the Status screen shows it.
   */
  refusedCredentials(what: string, message: string): ProviderError {
    const text = `${this.provider} refused ${what}: ${message}`;
    this.noteError(text);
    return new ProviderError(this.provider, 'refused', text);
  }

  /**
   * Sends a JSON API call like {@link send}: `query` goes into the URL, `body` (when given) is
   * sent as JSON, and the answer is asked for as JSON; `headers` carry the credentials. Labelled
   * `METHOD path` (never the base URL or the credentials).
   * @throws ProviderError paused / rate_limited / unreachable.
   */
  sendJson<R>(call: JsonCall<R>): Promise<{ answer: HttpAnswer } | { recovered: R }> {
    const qs = call.query ? `?${new URLSearchParams(call.query).toString()}` : '';
    return this.send<R>({
      method: call.method,
      url: `${call.base}${call.path}${qs}`,
      label: `${call.method} ${call.path}`,
      headers: { ...call.headers, accept: 'application/json', ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      recover: call.recover,
    });
  }

  /** The provider's health as this client saw it (the Status screen). */
  health(): ProviderHealth {
    const t = this.now();
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    const paused =
      t < this.pausedUntil
        ? `${this.provider} is not answering: paused for ${seconds(this.pausedUntil - t)} s`
        : t < this.rateLimitedUntil
          ? `${this.provider} is limiting our requests: paused for ${seconds(this.rateLimitedUntil - t)} s`
          : null;
    return {
      last_error: this.lastError?.message ?? null,
      last_error_at: iso(this.lastError?.at ?? null),
      last_ok_at: iso(this.lastOkAt),
      paused,
      rate_limit: this.rateLimit,
    };
  }

  /**
   * Sends `call`, retrying as the policy says; records the outcome for {@link health}.
   * @throws ProviderError paused / rate_limited / unreachable.
   */
  async send<R>(call: HttpCall<R>): Promise<{ answer: HttpAnswer } | { recovered: R }> {
    try {
      const out = await this.sendWithRetries(call);
      this.lastOkAt = this.now();
      if ('answer' in out) this.rateLimit = rateLimitOf(out.answer.headers) ?? this.rateLimit;
      return out;
    } catch (e) {
      if (e instanceof ProviderError) this.noteError(e.message);
      throw e;
    }
  }

  /**
   * Sends `call`, retrying as the policy says. Resolves with the first answer that is not 429
   * or 5xx (4xx included: the caller maps it), or with what `recover` found.
   * @throws ProviderError paused / rate_limited / unreachable.
   */
  private async sendWithRetries<R>(call: HttpCall<R>): Promise<{ answer: HttpAnswer } | { recovered: R }> {
    this.gate();
    let waited = 0;
    let unknownOutcome = false;
    for (let attempt = 0; ; attempt++) {
      if (unknownOutcome && call.recover) {
        const found = await call.recover();
        if (found !== null) return { recovered: found };
      }
      let reason: string;
      let wait = this.policy.baseDelayMs * 2 ** attempt;
      try {
        const res = await (this.deps.fetch ?? fetch)(call.url, {
          method: call.method,
          headers: call.headers,
          body: call.body,
          signal: AbortSignal.timeout(this.policy.timeoutMs),
        });
        const text = await res.text();
        if (res.status !== 429 && res.status < 500) {
          this.succeeded();
          return { answer: { status: res.status, headers: res.headers, text } };
        }
        if (res.status === 429) {
          const asked = retryAfterMs(res.headers.get('retry-after'), this.now());
          if (asked !== null) wait = asked;
          if (waited + wait > this.policy.maxTotalWaitMs || attempt >= this.policy.retries) {
            this.rateLimitedUntil = this.now() + wait;
            throw new ProviderError(this.provider, 'rate_limited', `${this.provider} is limiting our requests: paused for ${seconds(wait)} s`, seconds(wait));
          }
          this.log(`${this.provider}: ${call.label} answered 429; retrying in ${wait} ms`);
          await this.sleep(wait);
          waited += wait;
          continue;
        }
        reason = `HTTP ${res.status}`;
        unknownOutcome = true;
        const asked = retryAfterMs(res.headers.get('retry-after'), this.now());
        if (asked !== null) wait = asked;
      } catch (e) {
        if (e instanceof ProviderError) throw e;
        const err = e as Error;
        reason = err.name === 'TimeoutError' ? `no answer within ${seconds(this.policy.timeoutMs)} s` : 'the connection failed';
        unknownOutcome = true;
      }
      this.failed();
      this.gate();
      if (attempt >= this.policy.retries || waited + wait > this.policy.maxTotalWaitMs) {
        throw new ProviderError(this.provider, 'unreachable', `${this.provider} is not answering (${reason}) after ${attempt + 1} tries`);
      }
      this.log(`${this.provider}: ${call.label} failed (${reason}); retrying in ${wait} ms`);
      await this.sleep(wait);
      waited += wait;
    }
  }
}

/**
 * The answers a route that calls an outside provider may give (for its OpenAPI `errors(…)`):
 * 502 when the provider is unreachable or answers nonsense, 503 with `Retry-After` while it is
 * paused or limiting our requests ({@link ProviderError}).
 */
export const PROVIDER_ERROR_DOCS = {
  502: ['Cloudflare is not answering (timeout) after 4 tries'],
  503: ['Cloudflare is limiting our requests: paused for 600 s', 'Cloudflare is not answering: paused for 60 s'],
} as const;

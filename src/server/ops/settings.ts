/**
 * The operating settings read from the environment — the log level, the metrics token, the
 * rate limits and the live streams' caps (live.ts) — outside `Config`: they tune the process,
 * not what it serves. Each bad value stops the server at start naming the variable (ConfigError).
 */
import { ConfigError } from '../config.ts';

/** Log levels pino knows, plus `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Requests per minute and user allowed by each rate limit; 0 turns that limit off. */
export interface RateLimits {
  /** POST, PUT, PATCH, DELETE on /api/v1 other than uploads and publishing (RATE_LIMIT_WRITES_PER_MINUTE). */
  writesPerMinute: number;
  /** Image and CSV uploads (RATE_LIMIT_UPLOADS_PER_MINUTE). */
  uploadsPerMinute: number;
  /** Publishes (RATE_LIMIT_PUBLISHES_PER_MINUTE). */
  publishesPerMinute: number;
}

/** What {@link opsSettingsFromEnv} reads. */
export interface OpsSettings {
  /** LOG_LEVEL: `info` by default; `silent` under vitest unless set (test output stays quiet). */
  logLevel: LogLevel;
  /** METRICS_TOKEN: when set, `/metrics` needs `Authorization: Bearer <it>`; `off` turns `/metrics` off; empty: open. */
  metricsToken: string;
  rateLimits: RateLimits;
  /** LIVE_MAX_STREAMS_PER_USER, LIVE_MAX_STREAMS, LIVE_STREAM_MAX_SECONDS: the live streams' caps. */
  liveLimits: LiveLimits;
}

/**
 * Defaults far above what one person clicks (an editor saves at most a few times a second)
 * and above what the test suites do as one user: they stop a runaway script, not an operator.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = { writesPerMinute: 6000, uploadsPerMinute: 600, publishesPerMinute: 120 };

/** A whole number of requests per minute from 0 to 1,000,000, or the default when unset. @throws ConfigError naming `name`. */
function perMinute(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d{1,7}$/.test(raw.trim()) || Number(raw) > 1_000_000) {
    throw new ConfigError(`${name} must be a whole number of requests per minute from 0 (no limit) to 1000000 (got ${JSON.stringify(raw)})`);
  }
  return Number(raw);
}

/**
 * Reads LOG_LEVEL, METRICS_TOKEN, the RATE_LIMIT_* and the LIVE_* variables: every operating
 * setting at once, so an entry point checks them all before it starts anything.
 * @throws ConfigError naming the variable when one is malformed.
 */
export function opsSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): OpsSettings {
  const rawLevel = env.LOG_LEVEL?.trim().toLowerCase() || (env.VITEST ? 'silent' : 'info');
  const logLevel = LOG_LEVELS.find((l) => l === rawLevel);
  if (!logLevel) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got ${JSON.stringify(env.LOG_LEVEL)})`);
  return {
    logLevel,
    metricsToken: env.METRICS_TOKEN?.trim() ?? '',
    rateLimits: {
      writesPerMinute: perMinute(env, 'RATE_LIMIT_WRITES_PER_MINUTE', DEFAULT_RATE_LIMITS.writesPerMinute),
      uploadsPerMinute: perMinute(env, 'RATE_LIMIT_UPLOADS_PER_MINUTE', DEFAULT_RATE_LIMITS.uploadsPerMinute),
      publishesPerMinute: perMinute(env, 'RATE_LIMIT_PUBLISHES_PER_MINUTE', DEFAULT_RATE_LIMITS.publishesPerMinute),
    },
    liveLimits: liveLimitsFromEnv(env),
  };
}

/** Caps on open event streams: a client cannot open its way to the process's memory. */
export interface LiveLimits {
  /** Streams one user may hold open in this process (LIVE_MAX_STREAMS_PER_USER, default 20). */
  maxPerUser: number;
  /** Streams this process holds open in all (LIVE_MAX_STREAMS, default 2,500). */
  maxPerProcess: number;
  /** Bytes written to a stream and not yet taken by its client's connection, past which the stream is closed. */
  maxBufferedBytes: number;
  /** How long a stream stays open before the server ends it (ms; LIVE_STREAM_MAX_SECONDS, default 1,800). */
  maxStreamMs: number;
}

/** The caps when the environment sets none. */
export const DEFAULT_LIVE_LIMITS: LiveLimits = { maxPerUser: 20, maxPerProcess: 2500, maxBufferedBytes: 256 * 1024, maxStreamMs: 30 * 60_000 };

/**
 * The caps from LIVE_MAX_STREAMS_PER_USER, LIVE_MAX_STREAMS and LIVE_STREAM_MAX_SECONDS
 * (whole numbers ≥ 1; unset or empty keeps the default).
 * @throws ConfigError naming the variable for anything else (the server stops at start).
 */
function liveLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): LiveLimits {
  const num = (name: string, fallback: number): number => {
    const v = env[name]?.trim();
    if (!v) return fallback;
    if (!/^\d{1,7}$/.test(v) || Number(v) < 1) throw new ConfigError(`${name} must be a whole number of at least 1 (got ${JSON.stringify(env[name])})`);
    return Number(v);
  };
  return {
    ...DEFAULT_LIVE_LIMITS,
    maxPerUser: num('LIVE_MAX_STREAMS_PER_USER', DEFAULT_LIVE_LIMITS.maxPerUser),
    maxPerProcess: num('LIVE_MAX_STREAMS', DEFAULT_LIVE_LIMITS.maxPerProcess),
    maxStreamMs: num('LIVE_STREAM_MAX_SECONDS', DEFAULT_LIVE_LIMITS.maxStreamMs / 1000) * 1000,
  };
}

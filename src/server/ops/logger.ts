/**
 * Structured JSON logs (pino): one logger per server, a child per request carrying its
 * request id, found by whatever runs inside the request through AsyncLocalStorage, so every
 * line a request causes names it. Credentials never reach a line: headers are not logged,
 * and the redact paths below blank secret-named fields wherever a caller passes an object.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { pino, type DestinationStream, type Logger } from 'pino';
import { opsSettingsFromEnv, type LogLevel } from './settings.ts';

export type { Logger } from 'pino';

/** Field names blanked in any logged object, at the top level and one or two levels down. */
const SECRET_KEYS = [
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'set-cookie',
  'password',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'secret',
  'cf_secret_key',
  'apiKey',
  'apiToken',
  'api_key',
  'client_secret',
];

/** pino's redact paths for {@link SECRET_KEYS}. */
export const REDACT_PATHS = SECRET_KEYS.flatMap((k) => {
  const key = /^[A-Za-z_]\w*$/.test(k) ? k : `["${k}"]`;
  const dot = key.startsWith('[') ? key : `.${key}`;
  return [key, `*${dot}`, `*.*${dot}`];
});

/**
 * A JSON logger at `level` writing to `destination` (default stdout): `time` as ISO 8601,
 * `level` as its name (`"info"`), errors under `err` with their stack.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'funnel-admin' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    },
    destination,
  );
}

/** What a request carries through its async work. */
export interface RequestScope {
  /** The request id (X-Request-Id). */
  id: string;
  /** The server's logger with `req_id` bound. */
  log: Logger;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` as part of the request `s`: {@link requestLog} inside it is `s.log`. */
export function inRequest<T>(s: RequestScope, fn: () => T): T {
  return scope.run(s, fn);
}

let fallback: Logger | null = null;
/** The logger outside any server (module-level code): LOG_LEVEL (or `info` when malformed), stdout. */
function processLogger(): Logger {
  let level: LogLevel = 'info';
  try {
    level = opsSettingsFromEnv().logLevel;
  } catch {
    /* the server's start reports a malformed LOG_LEVEL */
  }
  fallback ??= createLogger(level);
  return fallback;
}

/** The current request's logger (with its id), or `outside` (default: a stdout logger) when no request is running. */
export function requestLog(outside?: Logger): Logger {
  return scope.getStore()?.log ?? outside ?? processLogger();
}

/**
 * The request id to use: the client's `X-Request-Id` when it is a sane token (1–128 of
 * letters, digits and `-_.:`; anything else could forge log lines), else a new UUID.
 */
export function requestIdOf(header: string | undefined | null): string {
  return header && /^[A-Za-z0-9._:-]{1,128}$/.test(header) ? header : randomUUID();
}

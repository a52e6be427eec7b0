/**
 * HTTP conventions of the API (src/server/README.md): every non-2xx answer is
 * `{ "message": "…" }`; versions travel as strong ETags `"<version>"` (RFC 9110 §8.8.3).
 */
import { createHash } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MSG } from '../model/messages.ts';

/** An error the API answers with `status` and `{ message, ...extra }`. Thrown anywhere in a handler. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 404 with the seed-style message, e.g. `notFound('Funnel')` → "Funnel not found". */
export const notFound = (what: string) => new ApiError(404, `${what} not found`);

/** OpenAPI schema of every error body. */
export const ErrorSchema = z
  .object({
    message: z.string().describe('What went wrong, in the words the SPA shows in its "Error" notification (seeds §8)'),
  })
  .openapi('Error', { description: 'Every non-2xx answer: `{ message }`; a 412 and a failed `test` (409) also carry `current`, the document as it is now' });

/** Formats a version as a strong ETag. */
export const etagOf = (version: number) => `"${version}"`;

/**
 * The first line of an error's message with file-system paths cut to their last segment, so
 * an answer or a progress message says what went wrong (a template's line and column, a
 * provider's words) without revealing where the server keeps its files.
 */
export function publicMessage(e: unknown): string {
  const first = (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';
  return first.replace(/(?:\b[A-Za-z]:)?(?:[\\/][\w.@+-]+){2,}/g, (p) => p.split(/[\\/]/).pop() ?? '');
}

/**
 * Parses an `If-Match` header into a version number.
 * @returns null when the header is absent; @throws ApiError 412 when it names no version of ours.
 */
export function parseIfMatch(header: string | undefined): number | null {
  if (header === undefined || header.trim() === '') return null;
  const m = /^\s*(?:W\/)?"(\d+)"\s*$/.exec(header) ?? /^\s*(\d+)\s*$/.exec(header);
  if (!m) throw new ApiError(412, 'If-Match must be the entity version as an ETag, e.g. "3"');
  return Number(m[1]);
}

/**
 * What each error status means, with a message the API answers with it (the seeds' wording,
 * MSG, where the seeds give one): the OpenAPI description and example of {@link errors}.
 */
const ERROR_DOCS: Record<number, { description: string; message: string }> = {
  400: {
    description: 'Malformed request: the body is not JSON, the JSON Patch is not well-formed or does not apply, or the URL has an invalid % escape',
    message: 'The body is not valid JSON',
  },
  401: { description: 'Missing, invalid or expired bearer token', message: 'Missing bearer token' },
  403: { description: 'Your role may not do this (the policy table)', message: 'Your role (sticky) may not edit funnels' },
  404: { description: 'Not found', message: MSG.notFound },
  409: { description: 'Conflict with what exists (a duplicate, or a failed JSON Patch `test` with `current`)', message: 'This already exists' },
  412: {
    description: 'Version mismatch: the body has `current`, the document as it is now',
    message: 'This funnel was changed by someone else (version 4); reload and apply your changes again',
  },
  413: { description: 'Body too large', message: 'The request body is too large (at most 5 MB)' },
  415: { description: 'Unsupported media type', message: 'Content-Type must be application/json-patch+json' },
  422: { description: "Validation failed: the first issue's message", message: 'A value is out of range or malformed' },
  423: { description: 'The funnel is locked: unlock it to make changes', message: MSG.locked },
  428: { description: 'If-Match required', message: 'If-Match header with the document version is required' },
  429: {
    description: 'Too many requests or open connections: try again after `Retry-After` seconds',
    message: 'Too many live connections: your account has 20 open (at most 20). Close some tabs of this app and try again.',
  },
  503: {
    description:
      'Database unavailable (restarting or unreachable): try again after `Retry-After` seconds; a write sent with an Idempotency-Key is safe to repeat',
    message: 'Database unavailable',
  },
};

/** An OpenAPI error response: `{ message }` described, with `messages` as its examples. */
export interface ErrorResponseDoc {
  description: string;
  content: { 'application/json': { schema: typeof ErrorSchema; examples: Record<string, { summary: string; value: { message: string } }> } };
}

/**
 * Error responses for OpenAPI: `errors(401, 404)`, each `{ message }` with its meaning and an
 * example message. A `{ status: message | messages }` argument documents the messages a route
 * answers with that status (the seeds' wording, MSG), e.g. `errors(401, { 422: [MSG.funnelName] })`.
 */
export function errors(...codes: Array<number | Record<number, string | readonly string[]>>): Record<number, ErrorResponseDoc> {
  const messages = new Map<number, string[]>();
  for (const c of codes) {
    if (typeof c === 'number') {
      if (!messages.has(c)) messages.set(c, []);
    } else {
      for (const [k, v] of Object.entries(c)) messages.set(Number(k), [...(messages.get(Number(k)) ?? []), ...[v].flat()]);
    }
  }
  return Object.fromEntries(
    [...messages].map(([code, named]) => {
      const doc = ERROR_DOCS[code] ?? { description: 'Error', message: 'Error' };
      const list = named.length ? [...new Set(named)] : [doc.message];
      const description = named.length ? `${doc.description}. Messages: ${list.map((m) => `'${m}'`).join(', ')}` : doc.description;
      const examples = Object.fromEntries(list.map((m, i) => [`e${i + 1}`, { summary: m.length > 60 ? `${m.slice(0, 57)}...` : m, value: { message: m } }]));
      return [code, { description, content: { 'application/json': { schema: ErrorSchema, examples } } }];
    }),
  );
}

/** Referrer-Policy of every answer: full URL on our own origin, the origin only elsewhere, nothing on downgrade. */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** Strict-Transport-Security sent when PUBLIC_URL is https (one year, sub-domains too). */
export const HSTS = 'max-age=31536000; includeSubDomains';
/** CSP of the API's JSON answers: they load nothing and are never framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/**
 * CSP of the sandboxed preview routes (`/api/v1/preview`) when the route sets none itself:
 * a rendered page runs nothing and may be framed by the editor.
 */
export const PREVIEW_FALLBACK_CSP = "sandbox; default-src 'none'; img-src * data: blob:; style-src * 'unsafe-inline'; font-src * data:; media-src *";

/** What {@link appCsp} needs from the configuration. */
export interface CspOrigins {
  /** The OIDC issuer (its origin joins connect-src when it is not ours). */
  oidcIssuer: string;
  /** Our public URL. */
  publicUrl: string;
  /** Origins the sign-in forms may return to (the SPA client's redirect origins, CORS_ORIGINS). */
  formOrigins: readonly string[];
}

/**
 * The Content-Security-Policy of the SPA's HTML and assets and of the sign-in pages:
 * - scripts only from our origin (`script-src 'self'`: Vite's build has no inline script);
 * - styles, images, fonts and media also inline / from anywhere: the editor's live preview is
 *   an `srcdoc` frame, which inherits this policy, and shows operator templates and published
 *   pages with their own `<style>`, stylesheets, images and fonts (their scripts never run:
 *   the frame is sandboxed without `allow-scripts`);
 * - `connect-src 'self'` plus the issuer's origin when the issuer is external;
 * - never framed (`frame-ancestors 'none'`), no plugins, forms post to us (and the sign-in's
 *   redirects return to the SPA client's origins).
 */
export function appCsp(o: CspOrigins): string {
  const own = new URL(o.publicUrl).origin;
  let issuer: string | null = null;
  try {
    issuer = new URL(o.oidcIssuer).origin;
  } catch {
    /* not a URL: nothing to add */
  }
  const connect = ["'self'", ...(issuer && issuer !== own ? [issuer] : [])];
  const forms = ["'self'", ...o.formOrigins.filter((x) => x !== own), ...(issuer && issuer !== own ? [issuer] : [])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline' *",
    'img-src * data: blob:',
    'font-src * data:',
    'media-src *',
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    `form-action ${[...new Set(forms)].join(' ')}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * CSP of a server-rendered HTML page with inline scripts of its own (Swagger UI at /api/docs):
 * scripts from our origin plus exactly those inline scripts, by SHA-256 hash (CSP3 §8.4).
 */
export function pageCspWithScripts(html: string): string {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...hashes].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * True when `rawUrl`'s path has an invalid percent escape (`/%ZZ`, a truncated UTF-8
 * sequence): such a request is answered 400, never decoded further. Cheap for the usual
 * path without '%'.
 */
export function hasMalformedEscape(rawUrl: string): boolean {
  const start = rawUrl.indexOf('/', rawUrl.indexOf('//') + 2);
  const q = rawUrl.indexOf('?', start);
  const p = start < 0 ? '' : rawUrl.slice(start, q < 0 ? undefined : q);
  if (!p.includes('%')) return false;
  try {
    decodeURIComponent(p);
    return false;
  } catch {
    return true;
  }
}

/** The message of a 400 for a malformed URL escape. */
export const MALFORMED_URL = 'The URL is malformed (an invalid % escape)';

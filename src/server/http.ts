/**
 * HTTP conventions of the API (DESIGN.md "API conventions"): every non-2xx answer is
 * `{ "message": "…" }`; versions travel as strong ETags `"<version>"` (RFC 9110 §8.8.3).
 */
import { z } from '@hono/zod-openapi';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

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
export const ErrorSchema = z.object({ message: z.string() }).openapi('Error');

/** Formats a version as a strong ETag. */
export const etagOf = (version: number) => `"${version}"`;

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

/** Response descriptions for OpenAPI: `{ 401: …, 404: … }` with the error schema. */
export function errors(...codes: number[]): Record<number, { description: string; content: { 'application/json': { schema: typeof ErrorSchema } } }> {
  const text: Record<number, string> = {
    400: 'Malformed request or JSON Patch that does not apply', 401: 'Missing or invalid bearer token', 403: 'Your role may not do this (policy table)', 404: 'Not found',
    409: 'Conflict', 412: 'Version mismatch (body has `current`)', 422: 'Validation failed: the first issue\'s message',
    413: 'Body too large', 415: 'Unsupported media type', 423: 'The funnel is locked', 428: 'If-Match required',
    503: 'Database unavailable',
  };
  return Object.fromEntries(codes.map((c) => [c, { description: text[c] ?? 'Error', content: { 'application/json': { schema: ErrorSchema } } }]));
}

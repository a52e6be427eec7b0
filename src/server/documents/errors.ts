/**
 * Errors of document writes turned into answers: a database error's SQLSTATE (either driver)
 * and a failed validation's first message as a 422.
 *
 * Source: src/server/README.md ("Write contract"; errors are clear sentences).
 */
import type { z } from 'zod';
import { ApiError } from '../http.ts';

/** Postgres SQLSTATE of an error thrown by either driver (drizzle wraps it in `cause`). */
export function pgCode(e: unknown): { code?: string; constraint?: string } {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return { code: err?.cause?.code ?? err?.code, constraint: err?.cause?.constraint ?? err?.constraint };
}

/** The first zod issue's message (the seed's wording) as a 422. */
export function firstIssue(error: z.ZodError): ApiError {
  return new ApiError(422, error.issues[0]?.message ?? 'This change is not valid');
}

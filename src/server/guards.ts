/**
 * Input guards every `/api/v1` route runs after its policy check (routes/common.ts `on`):
 * PostgreSQL text and jsonb cannot hold NUL, so a NUL in the URL or in a JSON body is bad
 * input (422), never a database error (500); and no single text in a JSON body may exceed
 * {@link MAX_TEXT} characters, whatever field it is in (the schemas bound most fields far
 * lower; this bounds the open-ended ones, such as page meta).
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError } from './http.ts';

/** The 422 message for a NUL character in the input. */
export const NUL_MESSAGE = 'Text may not contain NUL characters';

/** Longest text accepted in any one JSON string (characters). */
export const MAX_TEXT = 100_000;
/** The 422 message for a text over {@link MAX_TEXT}. */
export const TEXT_TOO_LONG = `A text may be at most ${MAX_TEXT} characters`;

/** The first problem of any string or key inside a parsed JSON value: a NUL or an over-long text. */
function badText(v: unknown, depth = 0): string | null {
  if (typeof v === 'string') return v.includes('\u0000') ? NUL_MESSAGE : v.length > MAX_TEXT ? TEXT_TOO_LONG : null;
  if (depth > 64 || v === null || typeof v !== 'object') return null;
  if (Array.isArray(v)) {
    for (const x of v) {
      const bad = badText(x, depth + 1);
      if (bad) return bad;
    }
    return null;
  }
  for (const [k, x] of Object.entries(v)) {
    const bad = badText(k, depth + 1) ?? badText(x, depth + 1);
    if (bad) return bad;
  }
  return null;
}

/** Middleware: 422 when the URL or a JSON body carries a NUL character, or a JSON text is over-long. */
export const rejectNul: MiddlewareHandler = async (c, next) => {
  if (/%00|\u0000/i.test(c.req.url)) throw new ApiError(422, NUL_MESSAGE);
  const type = c.req.header('Content-Type') ?? '';
  if (/json/i.test(type) && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    const text = await c.req.text();
    if (text.includes('\u0000')) throw new ApiError(422, NUL_MESSAGE);
    // Only bodies that could hold such a text are walked (the common case costs one scan).
    if (/\\u0000/i.test(text) || text.length > MAX_TEXT) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const bad = badText(parsed);
      if (bad) throw new ApiError(422, bad);
    }
  }
  await next();
};

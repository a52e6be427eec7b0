/**
 * The nesting bound of every JSON body: no request body of the API may nest
 * arrays and objects deeper than {@link MAX_BODY_DEPTH} levels. A deeper value broke the
 * server's recursive steps after parsing — schema validation, JSON Patch copies, the audit
 * diff, the database driver's JSON.stringify — with a stack overflow (500s, and once its
 * 'Maximum call stack size exceeded' as a 400's message). The depth is measured on the text,
 * before anything parses it, in one pass without recursion, so no body can overflow the check
 * itself. Our documents nest about 8 levels (a page's addon products' sizes); 64 leaves room
 * for any template's meta.
 *
 * Runs on every `/api/v1` route registered with `on` (routes/common.ts), after the policy
 * check and before input validation: every JSON body of the API is read there.
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError } from './http.ts';

/** Deepest nesting of arrays and objects a JSON body may have (the body itself is level 1). */
export const MAX_BODY_DEPTH = 64;

/** The 400 message of a body nested deeper than {@link MAX_BODY_DEPTH}. */
export const TOO_DEEP_MESSAGE = `The body is nested too deeply: at most ${MAX_BODY_DEPTH} levels of lists and objects`;

/**
 * True when the JSON text `text` nests arrays and objects deeper than `limit` levels. Counts
 * `[`/`{` against `]`/`}` outside strings (escapes inside strings skipped) in one loop: no
 * recursion, no parse, stops at the first level past `limit`. Text that is not JSON is judged
 * by the same count (the parser refuses it afterwards anyway). Pure.
 */
export function jsonNestedDeeperThan(text: string, limit = MAX_BODY_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * Middleware: 400 {@link TOO_DEEP_MESSAGE} for a JSON body (any `…json…` media type: JSON and
 * JSON Patch) nested deeper than {@link MAX_BODY_DEPTH}. Reads the body as text (Hono keeps it
 * for the validator and the patch reader); GET and HEAD carry none.
 */
export const limitJsonDepth: MiddlewareHandler = async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && /json/i.test(c.req.header('Content-Type') ?? '')) {
    if (jsonNestedDeeperThan(await c.req.text())) throw new ApiError(400, TOO_DEEP_MESSAGE);
  }
  await next();
};

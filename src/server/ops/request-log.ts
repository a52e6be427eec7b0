/**
 * The request middleware of the Hono app: a request id (the client's sane `X-Request-Id`, or
 * a new one) echoed in the answer and bound to every log line of the request, one access
 * line per request (method, route pattern, path without the query, status, ms, user id),
 * and the request metrics. Headers, bodies and queries are never logged: they carry tokens.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { SessionUser } from '../../model/index.ts';
import type { AppEnv } from '../routes/common.ts';
import { inRequest, requestIdOf, type Logger } from './logger.ts';
import { recordRequest } from './metrics.ts';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A method label from a bounded set (anything else is `OTHER`). */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}

/**
 * The pattern of the route that answered (`/api/v1/pages/:id`), from a bounded set: the
 * catch-alls (the SPA, the API's 404) and unmatched requests keep their pattern (`*`, `/api/*`).
 */
export function routeOf(c: Context): string {
  const routes = matchedRoutes(c);
  const answered = routes[c.req.routeIndex] ?? routes[routes.length - 1];
  return answered?.path ?? 'unmatched';
}

/** The app's first middleware: request id, access line and request metrics (see the module comment). */
export function requestLogging(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = requestIdOf(c.req.header('X-Request-Id'));
    const log = logger.child({ req_id: id });
    const t0 = performance.now();
    c.header('X-Request-Id', id);
    await inRequest({ id, log }, () => next());
    if (c.res.headers.get('X-Request-Id') !== id) {
      try {
        c.res.headers.set('X-Request-Id', id);
      } catch {
        /* an answer with immutable headers (a fetched Response): it goes without the header */
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    const method = methodLabel(c.req.method);
    const route = routeOf(c);
    const status = c.res.status;
    recordRequest(method, route, status, seconds);
    const user: SessionUser | undefined = c.get('user');
    const userId = user?.user_id;
    const line = { method, route, path: c.req.path, status, ms: Math.round(seconds * 10_000) / 10, ...(userId !== undefined ? { user_id: userId } : {}) };
    if (status >= 500) log.error(line, 'request');
    else log.info(line, 'request');
  };
}

/**
 * The roles policy on the server: the table itself (ACTIONS, POLICY, `can`) lives in
 * `src/model/policy.ts`, shared with the SPA; this module re-exports it and adds the route
 * middleware. Every `/api/v1` route declares its action when it is registered
 * (`on(app, action, route, handler)` in routes/common.ts) and the {@link authorize}
 * middleware answers 403 `{message}` before any input is read.
 */
import type { MiddlewareHandler } from 'hono';
import { can, forbiddenMessage, type Action } from '../../model/policy.ts';
import type { SessionUser } from '../../model/users.ts';
import { ApiError } from '../http.ts';

export { ACTIONS, can, forbiddenMessage, POLICY, type Action } from '../../model/policy.ts';

/**
 * Route middleware: 403 `{message}` unless the signed-in user's role may perform `action`.
 * Runs after the bearer-token check (which set `c.var.user` from the database on this very
 * request, so a demoted user is refused at once) and before input validation.
 */
export function authorize(action: Action): MiddlewareHandler<{ Variables: { user: SessionUser } }> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user) throw new ApiError(401, 'Missing bearer token', { 'WWW-Authenticate': 'Bearer' });
    if (!can(user.role, action)) throw new ApiError(403, forbiddenMessage(user.role, action));
    await next();
  };
}

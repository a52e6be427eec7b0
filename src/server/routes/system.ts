/**
 * Public system routes (health, SPA config) and the signed-in user (`/api/v1/me`).
 */
import { createRoute } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { HealthSchema, SessionUserSchema, SpaConfigSchema } from '../../model/index.ts';
import { DB_RETRY_AFTER_S } from '../db/index.ts';
import { errors, MALFORMED_URL } from '../http.ts';
import { bearer, on, router, type Deps } from './common.ts';
import { describeFields } from './fields.ts';

const Health = describeFields(HealthSchema.extend({}), {
  status: 'Always `ok` when the server answers and its database does', db: 'The database kind: the embedded PGlite or a PostgreSQL server (DATABASE_URL)',
}).openapi('Health');
const SpaConfig = describeFields(SpaConfigSchema.extend({}), {
  issuer: 'The OpenID Connect issuer the SPA signs in with', client_id: 'The SPA\'s public client ID', audience: 'The audience access tokens must carry',
  scope: 'The scopes the SPA requests',
}).openapi('SpaConfig');
const Me = describeFields(SessionUserSchema.extend({}), {
  user_id: 'ID of the user', email: 'E-mail address (the sign-in name)', name: 'Full name of the user',
}, 'SessionUserSchema').openapi('SessionUser');

/** Health, OIDC settings for the SPA, and `/api/v1/me`. `scope` is what the SPA requests. */
export function systemRoutes(deps: Deps, scope: string) {
  const app = router();
  on(app, 'public', createRoute({
    method: 'get', path: '/api/health', operationId: 'getHealth', tags: ['System'], summary: 'Liveness and database kind',
    responses: { 200: { content: { 'application/json': { schema: Health } }, description: 'Up' }, ...errors({ 400: MALFORMED_URL }, 503) },
  }), async (c) => {
    try {
      await deps.db.execute(sql`select 1`);
    } catch {
      return c.json({ message: 'Database unavailable' }, 503, { 'Retry-After': String(DB_RETRY_AFTER_S) });
    }
    return c.json({ status: 'ok' as const, db: deps.dbKind }, 200);
  });
  on(app, 'public', createRoute({
    method: 'get', path: '/api/config', operationId: 'getSpaConfig', tags: ['System'], summary: 'OpenID Connect settings for the SPA (oidc-client-ts)',
    responses: { 200: { content: { 'application/json': { schema: SpaConfig } }, description: 'Settings' }, ...errors({ 400: MALFORMED_URL }) },
  }), (c) => c.json({
    issuer: deps.config.oidcIssuer, client_id: deps.config.oidcClientId, audience: deps.config.oidcAudience, scope,
  }, 200));
  on(app, 'me.read', createRoute({
    method: 'get', path: '/api/v1/me', operationId: 'getMe', tags: ['System'], security: bearer, summary: 'The signed-in user',
    responses: { 200: { content: { 'application/json': { schema: Me } }, description: 'The user' }, ...errors(401) },
  }), (c) => c.json(c.get('user'), 200));
  return app;
}

/**
 * Public system routes (health, SPA config) and the signed-in user (`/api/v1/me`).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import {
  HealthSchema,
  INTEGRATION_KEYS,
  IntegrationStatusSchema,
  RateLimitSchema,
  SessionUserSchema,
  SpaConfigSchema,
  type IntegrationKey,
  type IntegrationStatus,
} from '../../model/index.ts';
import { SESSION_ROUTES } from '../../model/contracts/session.ts';
import { SYSTEM_ROUTES } from '../../model/contracts/system.ts';
import { isEmbeddedIssuer } from '../config.ts';
import { errors, MALFORMED_URL } from '../http.ts';
import type { ProviderHealth } from '../integrations/http-retry.ts';
import { bearer, json, on, router, type Deps } from './common.ts';
import { describeFields } from './fields.ts';

const Health = describeFields(HealthSchema.extend({}), {
  status: 'Always `ok` when the server answers and its database does',
  db: 'The database kind: the embedded PGlite or a PostgreSQL server (DATABASE_URL)',
}).openapi('Health');
const SpaConfig = describeFields(SpaConfigSchema.extend({}), {
  issuer: 'The OpenID Connect issuer the SPA signs in with',
  client_id: "The SPA's public client ID",
  audience: 'The audience access tokens must carry',
  scope: 'The scopes the SPA requests',
}).openapi('SpaConfig');
describeFields(
  SessionUserSchema,
  {
    user_id: 'ID of the user',
    email: 'E-mail address (the sign-in name)',
    name: 'Full name of the user',
  },
  'SessionUserSchema',
);

describeFields(RateLimitSchema, {
  remaining: "Requests left in the provider's current window",
  limit: 'Requests the provider allows per window',
});
describeFields(IntegrationStatusSchema, {
  key: 'The integration: platform, dns, everflow, storage, issuer, database or live',
  name: 'Its name as the Status screen shows it',
  kind: 'The implementation configured, e.g. local, cloudflare, directory, embedded, pglite, postgres',
  configured: 'True when the server is set up to use it',
  reachable: 'True when its check answered now, false when it did not, null when not checked',
  checked_at: 'When the check ran (ISO 8601)',
  last_error: 'The last error this server saw from it, or null (never carries credentials)',
  last_sync: 'When it last answered well (ISO 8601), or null',
  rate_limit: 'Rate-limit headroom its last answer declared, or null',
  detail: 'A short note, e.g. the number of open event streams, or null',
});
const KeyParams = z.object({
  key: z
    .enum(INTEGRATION_KEYS, { error: `Integration must be one of ${INTEGRATION_KEYS.join(', ')}` })
    .openapi({ param: { name: 'key', in: 'path' }, example: 'dns', description: 'The integration to test' }),
});

/** How long one integration's check may take before it counts as not reachable, in ms. */
export const STATUS_CHECK_TIMEOUT_MS = 5_000;
const NAMES: Record<IntegrationKey, string> = {
  platform: 'Order platform',
  dns: 'DNS provider',
  everflow: 'Everflow',
  storage: 'File storage',
  issuer: 'Sign-in issuer',
  database: 'Database',
  live: 'Live events',
};

/** Runs `check` within {@link STATUS_CHECK_TIMEOUT_MS}; resolves with null or the error's message. */
async function timed(check: () => Promise<unknown>): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`No answer within ${STATUS_CHECK_TIMEOUT_MS / 1000} s`)), STATUS_CHECK_TIMEOUT_MS);
      }),
    ]);
    return null;
  } catch (e) {
    return (e as Error).message || 'The check failed';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Integration checks of the Status screen (001 §2 header menu "Status"): one cheap
 * call per integration, in parallel, remembering each one's last error and last good answer
 * in this process. Messages are cleaned of the configured secrets and of credentials in URLs.
 */
function statusChecker(deps: Deps) {
  const {
    integrations: { platform, dns, storage, everflow },
    config,
  } = deps;
  const secrets = [config.cloudflare?.apiToken.reveal(), config.everflow?.apiKey.reveal()].filter((x): x is string => !!x && x.length >= 4);
  const clean = (m: string) => secrets.reduce((acc, t) => acc.split(t).join('***'), m.replace(/\/\/[^/@\s]+@/g, '//***@'));
  const memory = new Map<IntegrationKey, { error: string | null; ok: string | null }>();
  const issuerDoc = `${config.oidcIssuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const plan: Record<
    IntegrationKey,
    { kind: string; configured: boolean; check: () => Promise<unknown>; health?: () => ProviderHealth; detail?: () => string | null }
  > = {
    platform: {
      kind: platform.kind,
      configured: true,
      check: () => (platform.check ? platform.check() : platform.stores()),
      health: platform.health?.bind(platform),
    },
    dns: { kind: dns.kind, configured: true, check: () => dns.findZone('status-check.invalid'), health: dns.health?.bind(dns) },
    // Optional (EVERFLOW_API_KEY): not configured means offers' Everflow ids are not checked.
    everflow: everflow
      ? { kind: everflow.kind, configured: true, check: () => everflow.ping(), health: everflow.health.bind(everflow) }
      : { kind: 'everflow', configured: false, check: () => Promise.resolve() },
    // The storage's own proof (the folder, or the bucket with these credentials: integrations/storage.ts).
    storage: { kind: storage.kind, configured: true, check: () => storage.check() },
    issuer: {
      kind: isEmbeddedIssuer(config) ? 'embedded' : 'external',
      configured: !!config.oidcIssuer,
      check: async () => {
        const res = await fetch(issuerDoc, { signal: AbortSignal.timeout(STATUS_CHECK_TIMEOUT_MS) });
        await res.body?.cancel();
        if (!res.ok) throw new Error(`The issuer answered HTTP ${res.status}`);
      },
    },
    database: { kind: deps.dbKind, configured: true, check: () => deps.db.execute(sql`select 1`) },
    live: {
      kind: deps.dbKind === 'postgres' ? 'postgres LISTEN' : 'in-process',
      configured: !!deps.live,
      check: () => deps.db.execute(sql`select 1`),
      detail: () => {
        if (!deps.live) return null;
        const n = deps.live.counts().streams;
        return `${n} open event stream${n === 1 ? '' : 's'}`;
      },
    },
  };
  /** One integration's row, its check run now. */
  const row = async (key: IntegrationKey): Promise<IntegrationStatus> => {
    const p = plan[key];
    const checkedAt = new Date().toISOString();
    const failed = p.configured ? await timed(p.check) : null;
    const mem = memory.get(key) ?? { error: null, ok: null };
    if (p.configured && failed === null) mem.ok = new Date().toISOString();
    if (failed !== null) mem.error = clean(failed);
    memory.set(key, mem);
    const h = p.health?.();
    return {
      key,
      name: NAMES[key],
      kind: p.kind,
      configured: p.configured,
      reachable: p.configured ? failed === null : null,
      checked_at: checkedAt,
      last_error: h?.paused ? clean(h.paused) : failed !== null ? mem.error : h?.last_error ? clean(h.last_error) : mem.error,
      last_sync: h?.last_ok_at ?? mem.ok,
      rate_limit: h?.rate_limit ?? null,
      detail: p.detail?.() ?? null,
    };
  };
  return { row, all: () => Promise.all(INTEGRATION_KEYS.map(row)) };
}

/** Health, OIDC settings for the SPA, and `/api/v1/me`. `scope` is what the SPA requests. */
export function systemRoutes(deps: Deps, scope: string) {
  const app = router();
  on(
    app,
    'public',
    createRoute({
      method: 'get',
      path: '/api/health',
      operationId: 'getHealth',
      tags: ['System'],
      summary: 'Liveness: the process answers (no database or storage call; readiness is /api/ready)',
      responses: { 200: { content: { 'application/json': { schema: Health } }, description: 'Up' }, ...errors({ 400: MALFORMED_URL }) },
    }),
    // I/O-free: a database outage must not get a live process restarted (it recovers by itself).
    (c) => c.json({ status: 'ok' as const, db: deps.dbKind }, 200),
  );
  on(
    app,
    'public',
    createRoute({
      method: 'get',
      path: '/api/config',
      operationId: 'getSpaConfig',
      tags: ['System'],
      summary: 'OpenID Connect settings for the SPA (oidc-client-ts)',
      responses: { 200: { content: { 'application/json': { schema: SpaConfig } }, description: 'Settings' }, ...errors({ 400: MALFORMED_URL }) },
    }),
    (c) =>
      c.json(
        {
          issuer: deps.config.oidcIssuer,
          client_id: deps.config.oidcClientId,
          audience: deps.config.oidcAudience,
          scope,
        },
        200,
      ),
  );
  on(
    app,
    'me.read',
    createRoute({
      method: SESSION_ROUTES.me.method,
      path: SESSION_ROUTES.me.path,
      operationId: 'getMe',
      tags: ['System'],
      security: bearer,
      summary: 'The signed-in user',
      responses: { 200: { content: { 'application/json': { schema: SESSION_ROUTES.me.answer } }, description: 'The user' }, ...errors(401) },
    }),
    (c) => c.json(c.get('user'), 200),
  );
  const status = statusChecker(deps);
  on(
    app,
    'me.read',
    createRoute({
      method: SYSTEM_ROUTES.status.method,
      path: SYSTEM_ROUTES.status.path,
      operationId: 'getSystemStatus',
      tags: ['System'],
      security: bearer,
      summary: 'Each integration: configured, reachable, last error, last sync, rate-limit headroom (Status screen)',
      description:
        'Runs one cheap check per integration (order platform, DNS provider, Everflow, file storage, sign-in issuer, database, live events) in parallel, each within 5 s.',
      responses: { 200: json(SYSTEM_ROUTES.status.answer, 'One row per integration'), ...errors(401) },
    }),
    async (c) => c.json(await status.all(), 200),
  );
  on(
    app,
    'system.test',
    createRoute({
      method: SYSTEM_ROUTES.test.method,
      path: SYSTEM_ROUTES.test.path,
      operationId: 'testIntegration',
      tags: ['System'],
      security: bearer,
      summary: "Test connection: runs one integration's check now (admins)",
      request: { params: KeyParams },
      responses: { 200: json(SYSTEM_ROUTES.test.answer, "The integration's row, checked now"), ...errors(422) },
    }),
    async (c) => c.json(await status.row(c.req.valid('param').key), 200),
  );
  return app;
}

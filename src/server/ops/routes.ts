/**
 * `GET /api/ready` (readiness: the database answers, file storage answers, the sign-in issuer
 * is loaded; 503 naming what failed, and while the server drains) and `GET /metrics`
 * (Prometheus text; open, or behind METRICS_TOKEN). Liveness is `GET /api/health` (routes/system.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { ApiError, errors, MALFORMED_URL } from '../http.ts';
import { on, router, type Deps } from '../routes/common.ts';
import { DRAINING_MESSAGE } from './drain.ts';
import { metricsText } from './metrics.ts';

/** How long one readiness check may take before it counts as failed, in ms. */
export const READY_CHECK_TIMEOUT_MS = 2_000;
/** How long a good answer of an external issuer's discovery document is trusted, in ms. */
const ISSUER_OK_MS = 60_000;

/** What readiness needs beyond the route deps. */
export interface ReadyDeps {
  /** True once the server drains (SIGTERM): not ready. */
  draining: () => boolean;
  /** True when the embedded issuer's keys are loaded; null with an external issuer (its discovery document is fetched). */
  embeddedIssuerLoaded: boolean | null;
}

const CHECK_WORDS = 'ok, or what failed in words';
const Checks = z
  .object({
    database: z.string().describe(`The database answers \`select 1\`: ${CHECK_WORDS}`),
    storage: z.string().describe(`File storage answers: ${CHECK_WORDS}`),
    issuer: z.string().describe(`The sign-in issuer is loaded (embedded) or answers its discovery document (external): ${CHECK_WORDS}`),
  })
  .openapi('ReadyChecks');
const Ready = z
  .object({
    status: z.literal('ready').describe('Always `ready` with 200'),
    checks: Checks.describe('Each check: `ok`'),
  })
  .openapi('Ready');
const NOT_READY_EXAMPLES = [
  'Not ready: database: No answer within 2 s',
  'Not ready: storage: EACCES: permission denied',
  'Not ready: issuer: the issuer answered HTTP 502',
  DRAINING_MESSAGE,
];

/** `check` within {@link READY_CHECK_TIMEOUT_MS}: `ok`, or its error's first line (readiness checks; the sites server's too). */
export async function timed(check: () => Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`No answer within ${READY_CHECK_TIMEOUT_MS / 1000} s`)), READY_CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (e) {
    return (e instanceof Error ? e.message : String(e)).split('\n')[0] || 'The check failed';
  } finally {
    clearTimeout(timer);
  }
}

/** The readiness route (public, no token). */
export function readyRoutes(deps: Deps, ready: ReadyDeps) {
  const app = router();
  const discovery = `${deps.config.oidcIssuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  let issuerOkAt = 0;
  const issuerCheck = async () => {
    if (ready.embeddedIssuerLoaded !== null) {
      if (!ready.embeddedIssuerLoaded) throw new Error('the embedded issuer has no keys');
      return;
    }
    if (Date.now() - issuerOkAt < ISSUER_OK_MS) return;
    const res = await fetch(discovery, { signal: AbortSignal.timeout(READY_CHECK_TIMEOUT_MS) });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`the issuer answered HTTP ${res.status}`);
    issuerOkAt = Date.now();
  };
  on(
    app,
    'public',
    createRoute({
      method: 'get',
      path: '/api/ready',
      operationId: 'getReady',
      tags: ['System'],
      summary: 'Readiness: the database, file storage and the sign-in issuer answer (503 naming what failed, or while the server stops)',
      description: 'For load balancers and orchestrators: send traffic only while this answers 200. Liveness is `/api/health`.',
      responses: {
        200: {
          content: { 'application/json': { schema: Ready, example: { status: 'ready', checks: { database: 'ok', storage: 'ok', issuer: 'ok' } } } },
          description: 'Ready',
        },
        ...errors({ 400: MALFORMED_URL, 503: NOT_READY_EXAMPLES }),
      },
    }),
    async (c) => {
      if (ready.draining()) throw new ApiError(503, DRAINING_MESSAGE, { 'Retry-After': '1' });
      const [database, storage, issuer] = await Promise.all([
        timed(() => deps.db.execute(sql`select 1`)),
        timed(() => deps.integrations.storage.stat('ready-check')),
        timed(issuerCheck),
      ]);
      const checks = { database, storage, issuer };
      const failed = Object.entries(checks).filter(([, v]) => v !== 'ok');
      if (failed.length) {
        throw new ApiError(503, `Not ready: ${failed.map(([k, v]) => `${k}: ${v}`).join('; ')}`, { 'Retry-After': '2' }, { checks });
      }
      return c.json({ status: 'ready' as const, checks }, 200);
    },
  );
  return app;
}

/**
 * `GET /metrics`: Prometheus's text format. `token` empty: open; `off`: 404; otherwise
 * `Authorization: Bearer <token>` is required (401 without it).
 */
export function metricsHandler(token: string) {
  const expected = Buffer.from(`Bearer ${token}`);
  return async (c: Context) => {
    if (token === 'off') return c.json({ message: 'Not Found!' }, 404);
    if (token) {
      const got = Buffer.from(c.req.header('Authorization') ?? '');
      if (got.length !== expected.length || !timingSafeEqual(got, expected)) {
        return c.json({ message: 'The metrics need Authorization: Bearer with METRICS_TOKEN' }, 401, { 'WWW-Authenticate': 'Bearer' });
      }
    }
    const { body, contentType } = await metricsText();
    return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  };
}

/**
 * OpenAPI examples, error messages and field descriptions of the system routes (routes/system.ts:
 * health, the SPA's settings, the signed-in user, the Status screen), listed in examples.ts's
 * ROUTE_FILES.
 */
import { INTEGRATION_KEYS } from '../../model/system.ts';
import type { RouteFileDocs } from './examples.ts';

const AT = '2026-11-28T06:30:00.000Z';
const DNS_ROW = {
  key: 'dns',
  name: 'DNS provider',
  kind: 'cloudflare',
  configured: true,
  reachable: true,
  checked_at: AT,
  last_error: 'Cloudflare is limiting our requests: paused for 30 s',
  last_sync: AT,
  rate_limit: { remaining: 1180, limit: 1200 },
  detail: null,
};

/** What routes/system.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'System', description: "Health, the SPA's OpenID Connect settings and the signed-in user" }],
  examples: {
    getHealth: { response: { status: 'ok', db: 'pglite' } },
    getSpaConfig: {
      response: { issuer: 'http://127.0.0.1:3000/oidc', client_id: 'funnel-admin', audience: 'http://127.0.0.1:3000/api', scope: 'openid email profile api' },
    },
    getMe: { response: { user_id: 1, email: 'admin@example.com', name: 'Ada Admin', role: 'admin' } },
    getSystemStatus: {
      response: [
        {
          key: 'platform',
          name: 'Order platform',
          kind: 'local',
          configured: true,
          reachable: true,
          checked_at: AT,
          last_error: null,
          last_sync: AT,
          rate_limit: null,
          detail: null,
        },
        DNS_ROW,
        {
          key: 'everflow',
          name: 'Everflow',
          kind: 'everflow',
          configured: false,
          reachable: null,
          checked_at: AT,
          last_error: null,
          last_sync: null,
          rate_limit: null,
          detail: null,
        },
        {
          key: 'storage',
          name: 'File storage',
          kind: 'directory',
          configured: true,
          reachable: true,
          checked_at: AT,
          last_error: null,
          last_sync: AT,
          rate_limit: null,
          detail: null,
        },
        {
          key: 'issuer',
          name: 'Sign-in issuer',
          kind: 'embedded',
          configured: true,
          reachable: true,
          checked_at: AT,
          last_error: null,
          last_sync: AT,
          rate_limit: null,
          detail: null,
        },
        {
          key: 'database',
          name: 'Database',
          kind: 'pglite',
          configured: true,
          reachable: true,
          checked_at: AT,
          last_error: null,
          last_sync: AT,
          rate_limit: null,
          detail: null,
        },
        {
          key: 'live',
          name: 'Live events',
          kind: 'in-process',
          configured: true,
          reachable: true,
          checked_at: AT,
          last_error: null,
          last_sync: AT,
          rate_limit: null,
          detail: '3 open event streams',
        },
      ],
    },
    testIntegration: { response: DNS_ROW },
  },
  errors: {
    testIntegration: { 422: [`Integration must be one of ${INTEGRATION_KEYS.join(', ')}`] },
  },
  fields: {
    'SessionUserSchema.role': 'Role: admin, operator or sticky (what the policy table allows)',
  },
};

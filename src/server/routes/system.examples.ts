/**
 * OpenAPI examples, error messages and field descriptions of the system routes (routes/system.ts:
 * health, the SPA's settings, the signed-in user, the Status screen), listed in examples.ts's
 * ROUTE_FILES.
 */
import { DEMO_DNS_STATUS, demoStatusRow as row } from '../../model/demo-records.ts';
import { INTEGRATION_KEYS } from '../../model/system.ts';
import type { RouteFileDocs } from './examples.ts';

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
        row('platform', 'Order platform', 'local'),
        DEMO_DNS_STATUS,
        row('everflow', 'Everflow', 'everflow', { configured: false, reachable: null, last_sync: null }),
        row('storage', 'File storage', 'directory'),
        row('issuer', 'Sign-in issuer', 'embedded'),
        row('database', 'Database', 'pglite'),
        row('live', 'Live events', 'in-process', { detail: '3 open event streams' }),
      ],
    },
    testIntegration: { response: DEMO_DNS_STATUS },
  },
  errors: {
    testIntegration: { 422: [`Integration must be one of ${INTEGRATION_KEYS.join(', ')}`] },
  },
  fields: {
    'SessionUserSchema.role': 'Role: admin, operator or sticky (what the policy table allows)',
  },
};

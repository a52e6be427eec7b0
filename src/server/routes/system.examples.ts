/**
 * OpenAPI examples and error messages of the Status screen's routes (routes/system.ts), kept
 * beside them and merged into examples.ts's tables.
 */
import { INTEGRATION_KEYS } from '../../model/system.ts';
import type { OperationErrors, OperationExamples } from './examples.ts';

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

/** Request and answer examples, by operationId. */
export const SYSTEM_EXAMPLES: Record<string, OperationExamples> = {
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
};

/** Error messages, by operationId. */
export const SYSTEM_ERRORS: Record<string, OperationErrors> = {
  testIntegration: { 422: [`Integration must be one of ${INTEGRATION_KEYS.join(', ')}`] },
};

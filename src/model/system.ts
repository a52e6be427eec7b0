/**
 * System answers of the API (src/server/README.md): `GET /api/health` and
 * `GET /api/config` (the identity provider's settings the SPA signs in with, 001 §1).
 */
import { z } from 'zod';

/** `GET /api/health`: the server answers and so does its database (`pglite` or `postgres`). */
export const HealthSchema = z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) });
export type Health = z.infer<typeof HealthSchema>;

/** `GET /api/config`: the OpenID Connect issuer, the SPA's public client, audience and scopes. */
export const SpaConfigSchema = z.object({ issuer: z.string(), client_id: z.string(), audience: z.string(), scope: z.string() });
export type SpaConfig = z.infer<typeof SpaConfigSchema>;

/** The integrations the Status screen lists (001 §2 header menu "Status"), in its order. */
export const INTEGRATION_KEYS = ['platform', 'dns', 'everflow', 'storage', 'issuer', 'database', 'live'] as const;
export type IntegrationKey = (typeof INTEGRATION_KEYS)[number];

/** A provider's rate-limit headroom as its last answer said: requests left of the window's limit. */
export const RateLimitSchema = z.object({ remaining: z.number().int().min(0), limit: z.number().int().min(0) }).meta({ id: 'RateLimit' });
export type RateLimit = z.infer<typeof RateLimitSchema>;

/**
 * One integration's row of `GET /api/v1/system/status`: whether it is configured and answered
 * its check (`reachable` null: not checked, e.g. not configured), the last error and sync the
 * server knows of, and the rate-limit headroom. Never carries credentials.
 */
export const IntegrationStatusSchema = z
  .object({
    key: z.enum(INTEGRATION_KEYS),
    name: z.string(),
    kind: z.string(),
    configured: z.boolean(),
    reachable: z.boolean().nullable(),
    checked_at: z.string(),
    last_error: z.string().nullable(),
    last_sync: z.string().nullable(),
    rate_limit: RateLimitSchema.nullable(),
    detail: z.string().nullable(),
  })
  .meta({ id: 'IntegrationStatus' });
export type IntegrationStatus = z.infer<typeof IntegrationStatusSchema>;

/** `GET /api/v1/system/status`: one row per integration, in {@link INTEGRATION_KEYS} order. */
export const SystemStatusSchema = z.array(IntegrationStatusSchema).meta({ id: 'SystemStatus' });
export type SystemStatus = z.infer<typeof SystemStatusSchema>;

/** The state a person reads for a row: OK, Not reachable or Not configured. */
export function integrationState(row: Pick<IntegrationStatus, 'configured' | 'reachable'>): 'OK' | 'Not reachable' | 'Not configured' | 'Not checked' {
  if (!row.configured) return 'Not configured';
  if (row.reachable === null) return 'Not checked';
  return row.reachable ? 'OK' : 'Not reachable';
}

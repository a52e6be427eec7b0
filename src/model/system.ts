/**
 * System answers of the API (DESIGN.md "API conventions"): `GET /api/health` and
 * `GET /api/config` (the identity provider's settings the SPA signs in with, 001 §1).
 */
import { z } from 'zod';

/** `GET /api/health`: the server answers and so does its database (`pglite` or `postgres`). */
export const HealthSchema = z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) });
export type Health = z.infer<typeof HealthSchema>;

/** `GET /api/config`: the OpenID Connect issuer, the SPA's public client, audience and scopes. */
export const SpaConfigSchema = z.object({ issuer: z.string(), client_id: z.string(), audience: z.string(), scope: z.string() });
export type SpaConfig = z.infer<typeof SpaConfigSchema>;


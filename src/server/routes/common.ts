/**
 * What every route file shares: the app's env type, the dependencies, path parameters,
 * and the response helpers for entities with an ETag.
 */
import type { HttpBindings } from '@hono/node-server';
import { OpenAPIHono, z, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { SessionUser } from '../../model/index.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { StoredResponse } from '../documents.ts';
import { ApiError, parseIfMatch } from '../http.ts';

/** Dependencies the routes use. */
export interface Deps {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  config: Config;
}

/** Hono env of the API: Node bindings and the signed-in user. */
export type AppEnv = { Bindings: HttpBindings; Variables: { user: SessionUser } };

/** Creates a route group with the API's validation hook (422 with the first issue's message). */
export function router(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw new ApiError(422, result.error.issues[0]?.message ?? 'Invalid input');
    },
  });
}

/** `{id}` path parameter: a positive integer (anything else → 422). */
export const IdParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive')
    .openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

/** Security requirement of every `/api/v1` route. */
export const bearer = [{ bearerAuth: [] as string[] }];

/** Header parameters of writes to documents. */
export const WriteHeaders = z.object({
  'if-match': z.string().optional().openapi({ description: 'The version you edited, as an ETag: "3"' }),
  'idempotency-key': z.string().optional().openapi({ description: 'Same key (per user) replays the first response' }),
  'x-change-label': z.string().optional().openapi({ description: 'Audit title, URI-encoded (decodeURIComponent)' }),
});

/** Reads the If-Match version; with `required` a missing header is a 428. */
export function ifMatch(c: Context, required: boolean): number | null {
  const v = parseIfMatch(c.req.header('If-Match'));
  if (v === null && required) throw new ApiError(428, 'If-Match header with the document version is required');
  return v;
}

/** The audit label from X-Change-Label (URI-encoded so any text fits a header). */
export function changeLabel(c: Context): string | undefined {
  const raw = c.req.header('X-Change-Label');
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw).slice(0, 200);
  } catch {
    return raw.slice(0, 200);
  }
}

/** Sends a stored (or fresh) response with its ETag and the replay marker. */
export function send<T>(c: Context, res: StoredResponse<T>): Response {
  const headers: Record<string, string> = {};
  if (res.etag) headers.ETag = res.etag;
  if (res.replayed) headers['Idempotent-Replayed'] = 'true';
  return c.json(res.body as object, res.status, headers);
}

/** The typed context of a handler for route `R` (validated params, query, body). */
export type Ctx<R extends RouteConfig> = Parameters<RouteHandler<R, AppEnv>>[0];

/**
 * Registers `route` (documented in the OpenAPI document, inputs validated by its schemas)
 * with a handler that answers a plain Response: bodies are built by {@link send}/`c.json`,
 * errors are thrown as ApiError.
 */
export function on<R extends RouteConfig>(app: OpenAPIHono<AppEnv>, route: R, handler: (c: Ctx<R>) => Promise<Response>): void {
  app.openapi(route, handler as unknown as RouteHandler<R, AppEnv>);
}

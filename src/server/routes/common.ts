/**
 * What every route file shares: the app's env type, the dependencies, path parameters,
 * and the response helpers for entities with an ETag.
 */
import type { HttpBindings } from '@hono/node-server';
import { createRoute, OpenAPIHono, z, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { stream } from 'hono/streaming';
import { auditTitle, ROLES, type SessionUser } from '../../model/index.ts';
import { bodyOf, type Contract, type DeletedSchema } from '../../model/contract.ts';
import { fieldLabel } from '../../model/zod-messages.ts';
import type { FunnelListAnswer, GenerationCache, JsonDoc, SessionCache } from '../cache.ts';
import { ACTIONS, authorize, forbiddenMessage, POLICY, type Action } from '../auth/policy.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { StoredResponse } from '../documents/idempotency.ts';
import { limitJsonDepth, TOO_DEEP_MESSAGE } from '../body-limits.ts';
import { rejectNul } from '../guards.ts';
import type { LiveHub } from '../live.ts';
import { ApiError, ErrorSchema, errors, etagOf, parseIfMatch } from '../http.ts';
import { OPERATION_ERRORS, OPERATION_EXAMPLES } from './examples.ts';
// Registers the descriptions of the model's fields for the OpenAPI document (metadata only).
import './fields.ts';
import type { Integrations } from '../integrations/index.ts';

/** Dependencies the routes use. */
export interface Deps {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  config: Config;
  /** Order platform, DNS provider and file storage (integrations/). */
  integrations: Integrations;
  /** The signed-in users cache (cache.ts DataCaches): routes that change users or roles also clear it at once. */
  sessions?: SessionCache | null;
  /** Funnel documents as sent by `GET /api/v1/funnels/{id}`, by ID (cache.ts DataCaches). */
  funnelDocs?: GenerationCache<number, JsonDoc> | null;
  /** Funnel list answers by query (cache.ts DataCaches.funnelLists). */
  funnelLists?: GenerationCache<string, FunnelListAnswer> | null;
  /** Presence and saved changes for open editors (live.ts); absent: no live events. */
  live?: LiveHub | null;
}

/** Hono env of the API: Node bindings and the signed-in user. */
export type AppEnv = { Bindings: HttpBindings; Variables: { user: SessionUser } };

/**
 * Creates a route group with the API's validation hook: 422 with the first issue's message,
 * a plain sentence (the schema's seed words, or src/model/zod-messages.ts naming the field).
 */
export function router(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw new ApiError(422, result.error.issues[0]?.message ?? 'This request is not valid');
    },
  });
}

/**
 * A route group's factory: `build(app, db, deps)` registers the group's routes on a fresh
 * {@link router} (`db` is `deps.db`, what most groups read and write); the factory answers that
 * router, for the app to mount (`app.route('/', group(deps))`).
 */
export function routes<D extends Deps = Deps>(build: (app: OpenAPIHono<AppEnv>, db: Db, deps: D) => void): (deps: D) => OpenAPIHono<AppEnv> {
  return (deps) => {
    const app = router();
    build(app, deps.db, deps);
    return app;
  };
}

/**
 * An optional query parameter `name` as the OpenAPI document shows it: a string, with its
 * description and (when given) an example. The handler validates the query with the model's schema.
 */
export const queryParam = (name: string, description: string, example?: string) =>
  z
    .string()
    .optional()
    .openapi({ param: { name, in: 'query' as const }, description, ...(example === undefined ? {} : { example }) });

/** Largest `integer` id PostgreSQL stores; a bigger path id is a 422, never a database error. */
const MAX_ID = 2_147_483_647;

/** A positive integer path parameter named `name` (anything else → 422). */
export const idParam = (name: string) => {
  // "Funnel ID in the address …": the label a person reads, not the parameter's name.
  const label = `${fieldLabel([name])} in the address`;
  return z
    .string()
    .regex(/^\d{1,10}$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int(`${label} must be a whole number`).min(1, `${label} must be positive`).max(MAX_ID, `${label} is too large`))
    .openapi({ param: { name, in: 'path' }, example: 1, type: 'integer', minimum: 1, description: `${name}: a positive whole number` });
};

/** `{id}` path parameter: a positive integer (anything else → 422). */
export const IdParams = z.object({ id: idParam('id') });

/** `{ message, ID? }`: what deletes and some actions answer. */
export const MessageDoc = z
  .object({
    message: z.string().describe('What was done, e.g. "Funnel deleted"'),
    ID: z.number().int().optional().describe('ID of the entity concerned, when there is one'),
  })
  .openapi('Message');

/** An OpenAPI response of `schema` as JSON. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });

/** A required JSON request body of `schema`. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

/** An error response entry (for hand-written response maps). */
export const errorResponse = (description: string) => ({ content: { 'application/json': { schema: ErrorSchema } }, description });

/** Security requirement of every `/api/v1` route. */
export const bearer = [{ bearerAuth: [] as string[] }];

/** Header parameters of writes to documents. */
export const WriteHeaders = z.object({
  'if-match': z.string().optional().openapi({ description: 'The version you edited, as an ETag: "3"' }),
  'idempotency-key': z.string().optional().openapi({ description: 'Same key (per user) replays the first response' }),
  'x-change-label': z
    .string()
    .optional()
    .openapi({ description: 'Audit title, URI-encoded (decodeURIComponent): one line, shortened to 200 characters with "…"' }),
});

/** Reads the If-Match version; with `required` a missing header is a 428. */
export function ifMatch(c: Context, required: boolean): number | null {
  const v = parseIfMatch(c.req.header('If-Match'));
  if (v === null && required) throw new ApiError(428, 'If-Match header with the document version is required');
  return v;
}

/**
 * The audit title from X-Change-Label (URI-encoded so any text fits a header): one line of at
 * most 200 characters ({@link auditTitle}: a longer label is shortened with "…", never cut
 * inside a character). A label that is not valid URI encoding is taken as sent.
 */
export function changeLabel(c: Context): string | undefined {
  const raw = c.req.header('X-Change-Label');
  if (!raw) return undefined;
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    text = raw;
  }
  return auditTitle(text) || undefined;
}

/** Sends a stored (or fresh) response with its ETag and the replay marker. */
export function send<T, S extends 200 | 201>(c: Context, res: StoredResponse<T, S>) {
  const headers: Record<string, string> = {};
  if (res.etag) headers.ETag = res.etag;
  if (res.replayed) headers['Idempotent-Replayed'] = 'true';
  return c.json(res.body, res.status, headers);
}

/**
 * A progress stream (`application/x-ndjson`, never cached): each chunk of `chunks` written as one
 * JSON line as it comes. The run goes on to its end when the client goes away (a half-published
 * site or a half-done sync helps nobody); only the writing stops.
 */
export function ndjson(c: Context, chunks: AsyncIterable<unknown>): RawAnswer {
  c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
  c.header('Cache-Control', 'no-store');
  return raw(
    stream(c, async (s) => {
      let open = true;
      s.onAbort(() => {
        open = false;
      });
      for await (const chunk of chunks) {
        if (open)
          await s.write(JSON.stringify(chunk) + '\n').catch(() => {
            open = false;
          });
      }
    }),
  );
}

/**
 * What a handler for route `R` may answer: a response typed by one of the route's declared
 * statuses and schemas (`c.json(body, 200)`), so the handler and its OpenAPI document cannot
 * disagree without a compile error.
 */
export type Answer<R extends RouteConfig> = ReturnType<RouteHandler<R, AppEnv>>;
declare const RAW: unique symbol;
/**
 * A response whose body the route's schemas cannot type: an NDJSON progress stream, or JSON text
 * serialized earlier from a typed value (the funnel cache). Made only by {@link raw}, so every
 * untyped answer is one greppable call.
 */
export type RawAnswer = Response & { readonly [RAW]: true };
/** Marks `res` as a {@link RawAnswer}: for streams and pre-serialized JSON only. */
export const raw = (res: Response): RawAnswer => res as RawAnswer;
/** The typed context of a handler for route `R` (validated params, query, body). */
export type Ctx<R extends RouteConfig> = Parameters<RouteHandler<R, AppEnv>>[0];

/** What a registered route declared: its method, OpenAPI path and policy action. */
export interface RouteEntry {
  method: string;
  path: string;
  action: Action | 'public';
}

/** The 403 message of `action` for a role it refuses (the first such role), or the generic example when every role may. */
function refusal(action: Action): string[] {
  const role = ROLES.find((r) => !POLICY[action].includes(r));
  return role ? [forbiddenMessage(role, action)] : [];
}

type Content = Record<string, { example?: unknown; examples?: unknown }>;

/** `content` with `example` on each media type that has none. */
function withExample(content: Content | undefined, example: unknown): Content | undefined {
  if (!content || example === undefined) return content;
  return Object.fromEntries(
    Object.entries(content).map(([type, media]) => [type, media.example !== undefined || media.examples !== undefined ? media : { ...media, example }]),
  );
}

/**
 * `route` with its {@link OPERATION_EXAMPLES} on the request body and every 2xx response, and
 * its {@link OPERATION_ERRORS} as the examples of those error responses.
 */
function withExamples<R extends RouteConfig>(route: R): R {
  const ex = (route.operationId ? OPERATION_EXAMPLES[route.operationId] : undefined) ?? {};
  const body = route.request?.body as { content?: Content } | undefined;
  const responses = Object.fromEntries(
    Object.entries(route.responses).map(([status, res]) => {
      const r = res as { content?: Content };
      return [status, /^2/.test(status) && r.content ? { ...r, content: withExample(r.content, ex.response) } : res];
    }),
  );
  const named = route.operationId ? OPERATION_ERRORS[route.operationId] : undefined;
  return {
    ...route,
    request: route.request && body?.content ? { ...route.request, body: { ...body, content: withExample(body.content, ex.request) } } : route.request,
    responses: named ? { ...responses, ...errors(named) } : responses,
  };
}

/** Every route registered with {@link on}, by `METHOD path` (tests check it against the policy and the OpenAPI document). */
export const ROUTE_ACTIONS = new Map<string, RouteEntry>();

/**
 * Registers `route` (documented in the OpenAPI document, inputs validated by its schemas)
 * with a handler whose answer is typed by the route's responses ({@link Answer}: `c.json(body,
 * status)` or {@link send}; a stream is {@link raw}); errors are thrown as ApiError. `action` is the route's entry of the policy table
 * (auth/policy.ts): its {@link authorize} middleware runs before input validation;
 * `'public'` routes (outside `/api/v1`) have none. The action and the roles allowed are
 * added to the route's OpenAPI description.
 */
export function on<R extends RouteConfig>(
  app: OpenAPIHono<AppEnv>,
  action: Action | 'public',
  route: R,
  handler: (c: Ctx<R>) => Answer<R> | RawAnswer | Promise<RawAnswer>,
): void {
  if (action === 'public' && route.path.startsWith('/api/v1/')) throw new Error(`${route.method} ${route.path}: /api/v1 routes must declare an action`);
  const doc = action === 'public' ? 'Public.' : `Action \`${action}\` (${ACTIONS[action]}): ${POLICY[action].join(', ')}.`;
  const documented = withExamples(route);
  // A route that takes a body answers 400 for one nested too deeply (limitJsonDepth); a route
  // documenting 400 messages of its own lists its own.
  const bodyErrors = route.request?.body ? errors({ 400: [TOO_DEEP_MESSAGE] }) : {};
  const withPolicy = {
    ...documented,
    description: route.description ? `${route.description}\n\n${doc}` : doc,
    // Public routes take no token (`security: []`); the others answer 401 and 403 as well.
    security: action === 'public' ? [] : route.security,
    responses: action === 'public' ? documented.responses : { ...errors(401, { 403: refusal(action) }), ...bodyErrors, ...documented.responses },
    // Every JSON body is bounded in depth (body-limits.ts) before anything parses it, then checked for NUL and over-long texts.
    middleware: action === 'public' ? route.middleware : [authorize(action), limitJsonDepth, rejectNul, ...[route.middleware ?? []].flat()],
  } as R;
  if (!route.hide) ROUTE_ACTIONS.set(`${route.method.toUpperCase()} ${route.path}`, { method: route.method.toUpperCase(), path: route.path, action });
  app.openapi(withPolicy, handler);
}

/** What a route declared from its contract says of itself: its operation, tags and texts. */
export interface RouteDoc {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
}

/**
 * The route of `contract` (its method and path) with `doc`'s operation and texts, the bearer
 * security, and `io` (its middleware, request and responses); the keys in a hand-written route's
 * order, so the document reads the same. For the helpers that declare a kind of route for every resource.
 */
export function contractRoute<const IO extends Pick<RouteConfig, 'responses'> & Partial<Pick<RouteConfig, 'request' | 'middleware'>>>(
  contract: Pick<Contract, 'method' | 'path'>,
  doc: RouteDoc,
  io: IO,
) {
  return createRoute({
    method: contract.method,
    path: contract.path,
    operationId: doc.operationId,
    tags: doc.tags,
    security: bearer,
    summary: doc.summary,
    // Absent rather than undefined: the document lists what each route declares.
    ...(doc.description ? { description: doc.description } : {}),
    ...io,
  });
}

/** What {@link createRouteOf} and {@link replaceRouteOf} declare of a write taking a JSON body: its contract, operation, texts, answer and errors. */
export interface BodyRoute<A extends z.ZodType, B extends z.ZodType> extends RouteDoc {
  /** The write's method, path, body and answer. */
  contract: Contract<string, A, B>;
  /** The answer's description ("The blocker"). */
  answered: string;
  errors: ReturnType<typeof errors>;
  /** Runs before the body is read (a check of the raw body). */
  middleware?: MiddlewareHandler[];
}

/** `route`'s middleware, when it has any (absent rather than undefined, as in a hand-written route). */
const middlewareOf = (route: { middleware?: MiddlewareHandler[] }) => (route.middleware ? { middleware: route.middleware } : {});

/**
 * The route of a create from its contract ({@link contractRoute}): the contract's body as the
 * JSON body, its answer as the 201. For {@link on}, whose handler then reads `c.req.valid('json')`.
 */
export function createRouteOf<A extends z.ZodType, B extends z.ZodType>(route: BodyRoute<A, B>) {
  return contractRoute(route.contract, route, {
    ...middlewareOf(route),
    request: { body: jsonBody(bodyOf(route.contract)) },
    responses: { 201: json(route.contract.answer, route.answered), ...route.errors },
  });
}

/**
 * The route of a replace by `{id}` from its contract ({@link contractRoute}): the `{id}` path
 * parameter (422 for one that is not an id), the contract's body as the JSON body, its answer as the 200.
 */
export function replaceRouteOf<A extends z.ZodType, B extends z.ZodType>(route: BodyRoute<A, B>) {
  return contractRoute(route.contract, route, {
    ...middlewareOf(route),
    request: { params: IdParams, body: jsonBody(bodyOf(route.contract)) },
    responses: { 200: json(route.contract.answer, route.answered), ...route.errors },
  });
}

/** What {@link onGet}, {@link onGetDocument} and {@link onDelete} declare of a route by `{id}`: its contract, operation, texts and errors. */
export interface ByIdRoute<A extends z.ZodType = z.ZodType> extends RouteDoc {
  /** `GET /…/{id}` (or `DELETE`): its method, path and answer. */
  contract: Contract<string, A>;
  /** The 200 answer's description ("The offer", "Deleted"). */
  answered: string;
  errors: ReturnType<typeof errors>;
}

/** The route of `{id}` answering its contract's answer ({@link onGet}, {@link onGetDocument}, {@link onDelete}). */
const byIdRoute = (route: ByIdRoute) =>
  contractRoute(route.contract, route, {
    request: { params: IdParams },
    responses: { 200: json(route.contract.answer, route.answered), ...route.errors },
  });

/** What {@link onDelete} declares of a delete: its contract (answering `{ message, ID }`), operation, texts and errors. */
export interface DeleteRoute extends Omit<ByIdRoute, 'answered'> {
  contract: Contract<string, typeof DeletedSchema>;
}

/**
 * Registers a delete by `{id}` under `action` (through {@link on}): `remove(id, user)` deletes
 * the row and throws what refuses it (ApiError 404 for a missing row, 409 in use, 423 locked, …);
 * the answer is `{ message: '<what> deleted', ID }`. One declaration for every resource's delete,
 * so their documents and answers cannot drift apart.
 */
export function onDelete(
  app: OpenAPIHono<AppEnv>,
  action: Action,
  route: DeleteRoute,
  what: string,
  remove: (id: number, user: SessionUser) => Promise<void>,
): void {
  on(app, action, byIdRoute({ ...route, answered: 'Deleted' }), async (c) => {
    const id = c.req.valid('param').id;
    await remove(id, c.get('user'));
    return c.json({ message: `${what} deleted`, ID: id }, 200);
  });
}

/**
 * Registers a read by `{id}` under `action` (through {@link on}): `read(id)` answered as JSON,
 * typed by the contract's answer schema (a read that returns another shape does not compile);
 * it throws what refuses it (ApiError 404 for a missing row). An `{id}` that is not one is a 422.
 */
export function onGet<A extends z.ZodType>(app: OpenAPIHono<AppEnv>, action: Action, route: ByIdRoute<A>, read: (id: number) => Promise<z.input<A>>): void {
  on(app, action, byIdRoute(route), async (c) => c.json(await read(c.req.valid('param').id), 200));
}

/**
 * Registers the read of an editable document by `{id}` under `action`: `read(id)` (throwing
 * ApiError 404 for a missing one) answered with its version as the ETag, which a later PUT or
 * PATCH sends back as If-Match (src/server/README.md, "Write contract").
 */
export function onGetDocument<A extends z.ZodType>(
  app: OpenAPIHono<AppEnv>,
  action: Action,
  route: ByIdRoute<A>,
  read: (id: number) => Promise<z.input<A> & { version: number }>,
): void {
  on(app, action, byIdRoute(route), async (c) => {
    const doc = await read(c.req.valid('param').id);
    return c.json(doc, 200, { ETag: etagOf(doc.version) });
  });
}

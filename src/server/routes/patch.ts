/**
 * The PATCH (RFC 6902) and PUT handlers shared by funnels, pages and templates.
 */
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { assertOperations, forbiddenKeyIn, PatchError, WRITE_MSG, type Operation } from '../../model/index.ts';
import { idempotent, type StoredResponse } from '../documents/idempotency.ts';
import { writeDocument, type DocDef, type Entity } from '../documents/write.ts';
import type { Action } from '../auth/policy.ts';
import { ApiError, errors } from '../http.ts';
import { changeLabel, contractRoute, IdParams, ifMatch, json, on, send, WriteHeaders, type AppEnv, type Deps, type RouteDoc } from './common.ts';

/**
 * Header parameters of PUT and PATCH on documents: If-Match documented as required, as the
 * write contract says. Validated as optional on purpose: the handler answers its absence
 * with 428 (RFC 6585 §3), where schema validation would answer 422.
 */
export const DocWriteHeaders = WriteHeaders.extend({
  'if-match': z
    .string()
    .optional()
    .openapi({
      param: { required: true },
      description: 'Required: the version you edited, as an ETag: "3" (428 without it, 412 with `current` when stale)',
    }),
});

/**
 * OpenAPI shape of a JSON Patch document (RFC 6902 §3). A plain schema object, not zod, on
 * purpose: zod-openapi would validate it and answer 422, where a malformed patch is a 400
 * (RFC 5789 §2.2) decided by {@link readPatch}.
 */
export const JsonPatchSchema = {
  type: 'array' as const,
  items: {
    type: 'object' as const,
    required: ['op', 'path'],
    properties: {
      op: { type: 'string' as const, enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'] },
      path: { type: 'string' as const, example: '/meta/products/0/_price' },
      from: { type: 'string' as const },
      value: {},
    },
  },
};

/**
 * Reads an RFC 6902 body (`application/json-patch+json`, `application/json` accepted too).
 * @throws ApiError 415 for another media type, 400 when it is not a well-formed patch.
 */
export async function readPatch(c: Context): Promise<Operation[]> {
  const type = (c.req.header('Content-Type') ?? '').split(';', 1).join('').trim().toLowerCase();
  if (type !== 'application/json-patch+json' && type !== 'application/json') {
    throw new ApiError(415, 'Content-Type must be application/json-patch+json');
  }
  let ops: unknown;
  try {
    ops = JSON.parse(await c.req.text());
  } catch {
    throw new ApiError(400, 'The body is not valid JSON');
  }
  try {
    assertOperations(ops);
  } catch (e) {
    if (e instanceof PatchError) throw new ApiError(400, e.message);
    throw e;
  }
  return ops;
}

/**
 * 400 when the JSON body holds a key `__proto__`, `constructor` or `prototype` at any depth
 * (in a page's or template's meta, a funnel's details…), naming the key and `what` the body
 * writes ("a page"), as a JSON Patch value with one is refused (README "The write contract").
 * Reads the body as sent: schema validation silently drops a `__proto__` key (a PUT of
 * `{"meta":{"__proto__":{}}}` replaced the page's whole meta with `{}`), and a `constructor`
 * key reached the audit diff and failed there (500).
 */
export async function refuseForbiddenKeys(c: Context, what: string): Promise<void> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return; // not JSON: the body's validation answers that
  }
  const key = forbiddenKeyIn(body);
  if (key) throw new ApiError(400, WRITE_MSG.forbiddenKey(key, what));
}

/**
 * Route middleware of {@link refuseForbiddenKeys}: runs before the body's schema, so the key is
 * what the answer names, whatever else the body gets wrong.
 */
export const forbidKeys =
  (what: string): MiddlewareHandler =>
  async (c, next) => {
    await refuseForbiddenKeys(c, what);
    await next();
  };

/**
 * Tells the funnel's open editors (live.ts) that a document of it was saved: after
 * the commit, only for a write that made a new version (not a replay, not a no-op).
 * Templates belong to no funnel: none.
 */
async function announce(
  c: Context<AppEnv>,
  deps: Deps,
  def: Pick<DocDef<Entity>, 'kind'>,
  id: number,
  res: StoredResponse<unknown>,
  sentVersion: number | null,
): Promise<void> {
  if (!deps.live || res.replayed || def.kind === 'template') return;
  const body = res.body as { version: number; ID?: number; funnel_id?: number };
  if (sentVersion !== null && body.version <= sentVersion) return;
  const funnelId = def.kind === 'funnel' ? id : body.funnel_id;
  if (funnelId == null) return;
  const user = c.get('user');
  await deps.live.changed(funnelId, {
    doc: `${def.kind}:${id}`,
    version: body.version,
    user: { user_id: user.user_id, name: user.name },
    title: changeLabel(c) ?? '',
    client: c.req.header('X-Client-Id')?.slice(0, 64) ?? null,
  });
}

/**
 * PATCH /…/{id}: If-Match required (428; stale → 412 with `current`), one transaction,
 * idempotent by key and body (src/server/README.md, "Write contract"). See {@link writeDocument} for the
 * answers (409 when a `test` op fails).
 */
export async function patchDocument<E extends Entity>(c: Context<AppEnv>, deps: Deps, def: DocDef<E>, id: number) {
  const version = ifMatch(c, true);
  const ops = await readPatch(c);
  const user = c.get('user');
  const res = await idempotent(deps.db, user, c.req.header('Idempotency-Key'), { method: 'PATCH', path: c.req.path, body: ops }, (tx) =>
    writeDocument(tx, def, id, { ops }, { user, ifMatch: version, label: changeLabel(c) }),
  );
  await announce(c, deps, def, id, res, version);
  return send(c, res);
}

/**
 * PUT /…/{id}: the body's members replace the stored ones; a key `__proto__`, `constructor` or
 * `prototype` anywhere in the body is a 400 ({@link refuseForbiddenKeys}). If-Match required exactly like
 * PATCH (428 without; stale → 412 with `current`), idempotent by key and body (src/server/README.md,
 * "Write contract"; RFC 9110 §13.1.1, RFC 6585 §3).
 */
export async function putDocument<E extends Entity>(c: Context<AppEnv>, deps: Deps, def: DocDef<E>, id: number, body: Record<string, unknown>) {
  await refuseForbiddenKeys(c, `a ${def.kind}`);
  const version = ifMatch(c, true);
  const user = c.get('user');
  const res = await idempotent(deps.db, user, c.req.header('Idempotency-Key'), { method: 'PUT', path: c.req.path, body }, (tx) =>
    writeDocument(tx, def, id, { replace: (before) => ({ ...before, ...body }) }, { user, ifMatch: version, label: changeLabel(c) }),
  );
  await announce(c, deps, def, id, res, version);
  return send(c, res);
}

/** What {@link onPatchDocument} and {@link onPutDocument} declare of a document write: its path, operation, texts, answer and errors. */
export interface DocWriteRoute extends RouteDoc {
  /** The document's path (`DOC_PATHS.page`). */
  path: string;
  /** The saved document as answered, and the answer's description ("The saved page"). */
  answer: z.ZodType;
  answered: string;
  errors: ReturnType<typeof errors>;
}

/**
 * Registers `PATCH <path>` under `action`: an RFC 6902 JSON Patch of document `def` by
 * {@link patchDocument}. The body is documented as a JSON Patch and read by {@link readPatch}
 * (a malformed patch is a 400, not a schema's 422).
 */
export function onPatchDocument<E extends Entity>(app: OpenAPIHono<AppEnv>, action: Action, route: DocWriteRoute, deps: Deps, def: DocDef<E>): void {
  on(
    app,
    action,
    contractRoute({ method: 'patch', path: route.path }, route, {
      request: {
        params: IdParams,
        headers: DocWriteHeaders,
        body: { content: { 'application/json-patch+json': { schema: JsonPatchSchema } }, required: true },
      },
      responses: { 200: json(route.answer, route.answered), ...route.errors },
    }),
    async (c) => patchDocument(c, deps, def, c.req.valid('param').id),
  );
}

/**
 * Registers `PUT <path>` under `action`: the members of a `body` replace document `def`'s by
 * {@link putDocument}; a body with a key `__proto__`, `constructor` or `prototype` is refused
 * before its schema runs ({@link forbidKeys} naming `what`, "a page": 400).
 */
export function onPutDocument<E extends Entity>(
  app: OpenAPIHono<AppEnv>,
  action: Action,
  route: DocWriteRoute & { body: z.ZodObject; what: string },
  deps: Deps,
  def: DocDef<E>,
): void {
  on(
    app,
    action,
    contractRoute({ method: 'put', path: route.path }, route, {
      middleware: [forbidKeys(route.what)] as const,
      request: { params: IdParams, headers: DocWriteHeaders, body: { content: { 'application/json': { schema: route.body } }, required: true } },
      responses: { 200: json(route.answer, route.answered), ...route.errors },
    }),
    async (c) => putDocument(c, deps, def, c.req.valid('param').id, c.req.valid('json')),
  );
}

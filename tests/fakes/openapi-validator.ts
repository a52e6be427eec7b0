/**
 * Checks HTTP requests and responses against an OpenAPI 3.0 document with Ajv: the operation
 * is found by method and path template, then path and query parameters, the JSON request body
 * and the JSON response body (by status, then `4XX`/`5XX`, then `default`) are validated.
 *
 * OpenAPI 3.0 differs from JSON Schema in two ways handled here: `nullable` (Ajv understands it)
 * and `readOnly` properties, which "SHOULD NOT be sent as part of the request" even when listed
 * in `required` — request schemas drop readOnly names from `required`.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

interface Operation {
  method: string;
  template: string;
  regex: RegExp;
  pathNames: string[];
  params: ValidateFunction;
  body: ValidateFunction | null;
  responses: Map<string, ValidateFunction | null>;
}

/** One validation result: null when valid, else the reasons in words. */
export type Verdict = string | null;

const describe = (errors: ErrorObject[] | null | undefined): string =>
  (errors ?? [])
    .slice(0, 5)
    .map(
      (e) =>
        `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
    )
    .join('; ');

/** Names of properties marked readOnly anywhere in the document (following $refs of property schemas). */
function readOnlyNames(doc: JsonObject): Set<string> {
  const schemas = ((doc.components as JsonObject | undefined)?.schemas ?? {}) as JsonObject;
  const deref = (s: Json): Json => {
    let cur = s;
    for (let i = 0; i < 10 && cur && typeof cur === 'object' && !Array.isArray(cur) && typeof cur.$ref === 'string'; i++) {
      cur = schemas[cur.$ref.split('/').pop() as string] ?? null;
    }
    return cur;
  };
  const names = new Set<string>();
  const walk = (v: Json): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    const props = v.properties;
    if (props && typeof props === 'object' && !Array.isArray(props)) {
      for (const [k, p] of Object.entries(props)) {
        const d = deref(p);
        if (d && typeof d === 'object' && !Array.isArray(d) && d.readOnly === true) names.add(k);
      }
    }
    Object.values(v).forEach(walk);
  };
  walk(doc);
  return names;
}

/** The document for request validation: readOnly names out of every `required`. */
function requestVariant(doc: JsonObject): JsonObject {
  const ro = readOnlyNames(doc);
  const copy = structuredClone(doc);
  const walk = (v: Json): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    if (Array.isArray(v.required)) v.required = v.required.filter((n) => !(typeof n === 'string' && ro.has(n)));
    Object.values(v).forEach(walk);
  };
  walk(copy);
  return copy;
}

const DOC_ID = 'https://openapi.invalid/doc';

/** A copy of `schema` whose local refs (`#/components/...`) point into the document added as DOC_ID. */
function anchored(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(anchored);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${DOC_ID}${v}` : anchored(v)]),
  );
}

/** A validator for one OpenAPI 3.0 document. */
export class OpenApiValidator {
  private readonly ops: Operation[] = [];

  constructor(doc: JsonObject) {
    const make = (d: JsonObject, coerce: boolean) => {
      const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes: coerce, validateFormats: true });
      addFormats(ajv);
      ajv.addSchema({ $id: DOC_ID, components: d.components ?? {} });
      return ajv;
    };
    const resAjv = make(doc, false);
    const reqDoc = requestVariant(doc);
    const reqAjv = make(reqDoc, false);
    const paramAjv = make(reqDoc, true);
    for (const [template, item] of Object.entries((doc.paths ?? {}) as Record<string, JsonObject>)) {
      const pathNames = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
      const regex = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '([^/]+)')}$`);
      for (const [method, opJson] of Object.entries(item)) {
        const op = opJson as JsonObject;
        const params = (op.parameters ?? []) as JsonObject[];
        const props: Record<string, Json> = {};
        const required: string[] = [];
        params.forEach((p) => {
          const where = p.in === 'path' ? 'path' : p.in === 'query' ? 'query' : null;
          if (!where) return;
          const key = `${where}:${typeof p.name === 'string' ? p.name : ''}`;
          props[key] = anchored(p.schema ?? {});
          if (p.required === true) required.push(key);
        });
        const bodyJson = ((op.requestBody as JsonObject | undefined)?.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined;
        const responses = new Map<string, ValidateFunction | null>();
        for (const [status, r] of Object.entries((op.responses ?? {}) as Record<string, JsonObject>)) {
          const json = (r.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined;
          responses.set(status.toUpperCase(), json?.schema ? resAjv.compile(anchored(json.schema) as JsonObject) : null);
        }
        this.ops.push({
          method: method.toUpperCase(),
          template,
          regex,
          pathNames,
          params: paramAjv.compile({ type: 'object', properties: props, required, additionalProperties: false }),
          body: bodyJson?.schema ? reqAjv.compile(anchored(bodyJson.schema) as JsonObject) : null,
          responses,
        });
      }
    }
  }

  private find(method: string, pathname: string): { op: Operation; values: string[] } | null {
    // Literal templates win over parameterised ones (`/settings/security_level` over `/settings/{setting_id}`).
    const hits = this.ops.filter((o) => o.method === method.toUpperCase() && o.regex.test(pathname));
    hits.sort((a, b) => a.pathNames.length - b.pathNames.length);
    const op = hits[0];
    return op ? { op, values: (op.regex.exec(pathname) ?? []).slice(1).map(decodeURIComponent) } : null;
  }

  /** The operation template a request is for, or null. */
  operationOf(method: string, pathname: string): string | null {
    return this.find(method, pathname)?.op.template ?? null;
  }

  /** Checks a request; `body` is the parsed JSON body (undefined when none was sent). */
  checkRequest(method: string, url: URL, body: unknown): Verdict {
    const hit = this.find(method, url.pathname);
    if (!hit) return `${method} ${url.pathname} is not an operation of the schema`;
    const { op, values } = hit;
    const params: Record<string, unknown> = {};
    op.pathNames.forEach((n, i) => {
      params[`path:${n}`] = values[i];
    });
    for (const [k, v] of url.searchParams) params[`query:${k}`] = v;
    if (!op.params(params)) return `${method} ${op.template} parameters: ${describe(op.params.errors)}`;
    if (op.body) {
      if (body === undefined) return `${method} ${op.template} needs a JSON body`;
      if (!op.body(body)) return `${method} ${op.template} body: ${describe(op.body.errors)}`;
    } else if (body !== undefined) return `${method} ${op.template} takes no body`;
    return null;
  }

  /** Checks a response to a request of `method` on `pathname`. */
  checkResponse(method: string, pathname: string, status: number, body: unknown): Verdict {
    const hit = this.find(method, pathname);
    if (!hit) return `${method} ${pathname} is not an operation of the schema`;
    const r = hit.op.responses;
    const key = [String(status), `${String(status)[0]}XX`, 'DEFAULT'].find((k) => r.has(k));
    if (!key) return `${method} ${hit.op.template}: status ${status} is not a documented response`;
    const v = r.get(key);
    if (v && !v(body)) return `${method} ${hit.op.template} ${status} response: ${describe(v.errors)}`;
    return null;
  }
}

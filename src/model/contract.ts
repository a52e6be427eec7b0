/**
 * One route of the API as both sides know it: method, OpenAPI path, the query and body it
 * takes and the answer it gives. The server registers its route from the contract (same method,
 * path and schemas; `on()` then types the handler's answer by them), and the SPA calls it with
 * `call(contract, args)` from src/api, which builds the path and parses the answer — so neither
 * side writes the path or the answer's shape again. Contracts of an area live in
 * `src/model/contracts/<area>.ts`.
 */
import { z } from 'zod';

/** HTTP methods of the API, in the lower case OpenAPI and Hono use. */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A route's contract. `path` is the OpenAPI path: `{name}` for each path parameter. */
export interface Contract<
  P extends string = string,
  A extends z.ZodType = z.ZodType,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: Method;
  path: P;
  /** The successful answer's status. */
  status: 200 | 201;
  /** The successful answer's JSON. */
  answer: A;
  /** The JSON body, when the route takes one. */
  body?: B;
  /** The query parameters, when the route takes any. */
  query?: Q;
}

/** Declares a contract; `status` defaults to 200, `body` and `query` to none. */
export function contract<
  const P extends string,
  A extends z.ZodType,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(c: { method: Method; path: P; answer: A; status?: 200 | 201; body?: B; query?: Q }): Contract<P, A, B, Q> {
  return { ...c, status: c.status ?? 200 };
}

/** The `{name}` parameter names of an OpenAPI path, as a union. */
export type ParamName<P extends string> = P extends `${string}{${infer N}}${infer R}` ? N | ParamName<R> : never;
/** Values for every path parameter of `P`. */
export type PathParams<P extends string> = { [K in ParamName<P>]: string | number };

/**
 * `path` with each `{name}` replaced by its value, URI-encoded (RFC 3986 §3.3: a value never
 * adds a path segment).
 * @throws Error when a parameter has no value (a programming error).
 */
export function pathOf<P extends string>(path: P, params: PathParams<P>): string {
  const values: Record<string, string | number> = params;
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(v));
  });
}

/** `{ message, ID }`: what a delete answers ("Offer deleted" and the row's ID). */
export const DeletedSchema = z.object({ message: z.string(), ID: z.number().int() }).meta({ id: 'Deleted' });

/**
 * The body schema of a contract that takes one (for the server's route declaration).
 * @throws Error when the contract declares no body (a programming error).
 */
export function bodyOf<B extends z.ZodType>(c: { body?: B; path: string }): B {
  if (!c.body) throw new Error(`${c.path}: the contract declares no body`);
  return c.body;
}

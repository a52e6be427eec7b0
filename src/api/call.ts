/**
 * `call(contract, args)`: the one way the SPA calls a route that has a contract
 * (src/model/contract.ts). It builds the path from the contract's `{name}` parameters, adds the
 * query, sends the body, and parses the answer with the contract's schema — no route path or
 * answer type is written at the call site.
 */
import type { z } from 'zod';
import { pathOf, type Contract, type ParamName, type PathParams } from '../model';
import { parseAnswer, request, type RequestOptions } from './client';

type Defined<T> = Exclude<T, undefined>;
/** What a call of contract `C` takes: its path parameters, body and query, plus request options. */
export type CallArgs<C extends Contract> = ([ParamName<C['path']>] extends [never] ? { params?: undefined } : { params: PathParams<C['path']> }) &
  ([Defined<C['body']>] extends [never] ? { body?: undefined } : { body: z.input<Defined<C['body']>> }) &
  ([Defined<C['query']>] extends [never] ? { query?: undefined } : { query?: z.input<Defined<C['query']>> }) &
  Pick<RequestOptions, 'notify' | 'signal' | 'headers'>;

/** The query string of `query` (`?a=1&b=x`; undefined, null and '' left out), or ''. */
function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * The address of a call of contract `c` (path parameters filled in, query added): for what
 * `call()` cannot read — a stream, an upload, an answer's headers, a URL handed to the browser.
 */
export function urlOf<C extends Contract>(c: C, args: Pick<CallArgs<C>, 'params' | 'query'>): string {
  return address(c, args.params, args.query);
}

/** `c`'s path with `params` filled in and `query` added. */
function address(c: Contract, params: PathParams<string> | undefined, query: unknown): string {
  return (params ? pathOf(c.path, params) : c.path) + queryString(query);
}

/**
 * Calls the route of contract `c` and parses its answer.
 * @returns the answer as the contract's schema outputs it.
 * @throws ApiError on a non-2xx status (shown unless `notify: false`); AnswerShapeError when the answer does not match.
 */
export async function call<C extends Contract>(c: C, args: CallArgs<C>): Promise<z.output<C['answer']>> {
  const path = address(c, args.params, args.query);
  const method = c.method.toUpperCase();
  const data = await request<unknown>(method, path, { body: args.body, notify: args.notify, signal: args.signal, headers: args.headers });
  return parseAnswer<C['answer']>(c.answer, method, path, data);
}

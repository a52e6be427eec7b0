/**
 * One page of a catalogue list (offers, products, users, categories, shipping, domains): the
 * list's contract called with the list query (src/model/list-query.ts: `q`, `sort`, `page`,
 * `per_page`), its answer parsed with the contract's schema and the matching total read from
 * `X-Total-Count`. The previous page stays shown while the next loads, so a table can dim it.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { parseAnswer, rawRequest } from './client';

/** A page of a list and how many rows match in all. */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/** What a list read needs of a contract: its path (no path parameters) and its array answer. */
export interface ListContract<S extends z.ZodType> {
  path: string;
  answer: z.ZodArray<S>;
}

/** Query values as the URL takes them; undefined, null and '' are left out. */
export type ListQueryValues = Record<string, string | number | boolean | undefined | null>;

/** `?a=1&b=x` of `query` (sorted by name, so equal queries are equal keys), or ''. */
export function listQueryString(query: ListQueryValues): string {
  const p = new URLSearchParams();
  for (const k of Object.keys(query).sort()) {
    const v = query[k];
    if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

/**
 * Reads one page of list contract `c` (a GET without path parameters answering an array).
 * A server without `X-Total-Count` counts as the rows answered.
 * @throws ApiError on a non-2xx status (400 with the server's sentence, not notified: the screen
 * says it where the list would be); AnswerShapeError when the answer does not match the contract.
 */
export async function readListPage<S extends z.ZodType>(c: ListContract<S>, query: ListQueryValues, signal?: AbortSignal): Promise<ListPage<z.output<S>>> {
  const path = c.path + listQueryString(query);
  const res = await rawRequest('GET', path, { notify: false, signal });
  const rows = parseAnswer(c.answer, 'GET', path, await res.json());
  const header = Number(res.headers.get('X-Total-Count') ?? NaN);
  return { rows, total: Number.isInteger(header) ? header : rows.length };
}

/**
 * The page of `query` under `key` (the slice's list key, so its writes refresh it); while
 * another page loads the previous one stays (`isPlaceholderData`).
 */
export const useListPage = <S extends z.ZodType>(key: readonly unknown[], c: ListContract<S>, query: ListQueryValues) =>
  useQuery({ ...listPageQuery(key, c, query), placeholderData: keepPreviousData });

/** The query options of {@link useListPage}'s read (a route loader starts it with the same key). */
export const listPageQuery = <S extends z.ZodType>(key: readonly unknown[], c: ListContract<S>, query: ListQueryValues) =>
  queryOptions({
    queryKey: [...key, 'page', listQueryString(query)],
    queryFn: ({ signal }) => readListPage(c, query, signal),
  });

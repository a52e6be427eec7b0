/**
 * The catalogue lists' query on the server (src/model/list-query.ts): `q`, `sort`, `page` and
 * `per_page` parsed against a list's own sort columns (400 with a sentence naming what is
 * allowed), turned into drizzle's WHERE / ORDER BY / LIMIT / OFFSET, and the matching total
 * answered in `X-Total-Count`. One helper for every list, so each route only says which columns
 * it searches and sorts by.
 */
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { asc, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Contract } from '../../model/contract.ts';
import { LIST_MSG, LIST_PAGE_DEFAULT, LIST_PAGE_LAST, LIST_PAGE_MAX, LIST_SEARCH_MAX, sortValues } from '../../model/list-query.ts';
import type { Action } from '../auth/policy.ts';
import { ApiError, errors } from '../http.ts';
import { contractRoute, on, type AppEnv, type RouteDoc } from './common.ts';

/** How one list searches and sorts. `S` are its sort keys (the columns its table shows). */
export interface ListSpec<S extends string> {
  /** What the rows are, plural ("offers"): the OpenAPI texts name it. */
  noun: string;
  /** Each sort key's SQL expression; the keys are the whitelist, in this order. */
  sorts: Record<S, AnyColumn | SQL>;
  /** The row's ID: the last sort key of every order (pages never overlap), and a number searched for. */
  id: AnyColumn;
  /** Text columns `q` matches anywhere in, any case. */
  text: (AnyColumn | SQL)[];
  /** Integer columns a `q` of digits matches exactly (besides `id`). */
  numbers?: AnyColumn[];
  /** What `q` matches, for the OpenAPI description ("part of the offer's name, or its ID or offer ID"). */
  searchHelp: string;
  /** The order without `sort` (the list's order before paging came). Default: by `id`. */
  defaultOrder?: SQL[];
}

/** A parsed list query. */
export interface ListRequest {
  /** The search, trimmed ('' for none). */
  q: string;
  /** Sort key and direction, or null for the list's default order. */
  sort: { key: string; desc: boolean } | null;
  /** Rows of the page from `offset`, or null: every matching row. */
  page: { limit: number; offset: number; number: number } | null;
}

const param = (name: string, example: string, description: string) =>
  z
    .string()
    .optional()
    .openapi({ param: { name, in: 'query' as const }, example, description });

/** The documented query of a list (every parameter optional; {@link parseListQuery} checks them, 400 on a bad one). */
export function listQueryDoc<S extends string>(spec: ListSpec<S>) {
  const keys = Object.keys(spec.sorts);
  return {
    q: param('q', 'glow', `Search: ${spec.searchHelp}; any case, at most ${LIST_SEARCH_MAX} characters`),
    sort: param('sort', `-${keys[1] ?? keys[0] ?? 'id'}`, `Sort column: ${keys.join(', ')} (- in front: descending); ties are broken by ID`),
    page: param('page', '2', `Page number from 1 to ${LIST_PAGE_LAST}; with it the answer is one page (of per_page rows, default ${LIST_PAGE_DEFAULT})`),
    per_page: param(
      'per_page',
      String(LIST_PAGE_DEFAULT),
      `Rows per page, 1–${LIST_PAGE_MAX}; without page and per_page every matching ${spec.noun.replace(/s$/, '')} is answered (the pickers that need them all)`,
    ),
  };
}

/** The 400 messages of a list's query, for its route's OpenAPI errors. */
export const listErrors = <S extends string>(spec: ListSpec<S>) =>
  errors({ 400: [LIST_MSG.sort(Object.keys(spec.sorts)), LIST_MSG.page, LIST_MSG.perPage, LIST_MSG.search] });

/** The 200 answer of a list: the array and the `X-Total-Count` header. */
export function listAnswer(schema: z.ZodType, description: string, noun: string, example?: unknown) {
  return {
    description,
    content: { 'application/json': { schema, ...(example !== undefined ? { example } : {}) } },
    headers: {
      'X-Total-Count': { description: `How many ${noun} match the search (all pages)`, schema: { type: 'integer' as const, example: 42 } },
    },
  };
}

const WHOLE = /^\d{1,7}$/;

/**
 * Parses a list's query strings (`c.req.query()`).
 * @throws ApiError 400 naming the parameter and what it takes: a sort not of the list's
 * columns, a page or per_page out of range or not a whole number, a search too long.
 */
export function parseListQuery<S extends string>(raw: Record<string, string | undefined>, spec: ListSpec<S>): ListRequest {
  const keys = Object.keys(spec.sorts);
  const q = raw.q ?? '';
  if (q.length > LIST_SEARCH_MAX) throw new ApiError(400, LIST_MSG.search);
  let sort: ListRequest['sort'] = null;
  if (raw.sort !== undefined) {
    if (!sortValues(keys).includes(raw.sort)) throw new ApiError(400, LIST_MSG.sort(keys));
    sort = { key: raw.sort.replace(/^-/, ''), desc: raw.sort.startsWith('-') };
  }
  const whole = (v: string | undefined, max: number, message: string) => {
    if (v === undefined) return undefined;
    const n = WHOLE.test(v) ? Number(v) : NaN;
    if (!(n >= 1 && n <= max)) throw new ApiError(400, message);
    return n;
  };
  const number = whole(raw.page, LIST_PAGE_LAST, LIST_MSG.page);
  const perPage = whole(raw.per_page, LIST_PAGE_MAX, LIST_MSG.perPage);
  const paged = number !== undefined || perPage !== undefined;
  const limit = perPage ?? LIST_PAGE_DEFAULT;
  return { q: q.trim(), sort, page: paged ? { limit, offset: ((number ?? 1) - 1) * limit, number: number ?? 1 } : null };
}

/** `text` as a LIKE pattern matching it anywhere (its `%`, `_` and `\` taken literally). */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The search condition of `req` (undefined without a search): any text column contains it, or a number column equals it. */
export function listWhere<S extends string>(spec: ListSpec<S>, req: ListRequest): SQL | undefined {
  if (!req.q) return undefined;
  const like = containing(req.q);
  const any: SQL[] = spec.text.map((col) => ilike(col, like));
  // A number is also an ID (what operators copy from an address or the platform); int4 holds 9 digits.
  if (/^\d{1,9}$/.test(req.q)) for (const col of [spec.id, ...(spec.numbers ?? [])]) any.push(eq(col, Number(req.q)));
  return or(...any);
}

/** The ORDER BY of `req`: its sort key then the ID, both in its direction; the list's default order without one. */
export function listOrder<S extends string>(spec: ListSpec<S>, req: ListRequest): SQL[] {
  if (!req.sort) return spec.defaultOrder ?? [asc(spec.id)];
  const dir = req.sort.desc ? desc : asc;
  const column = (spec.sorts as Record<string, AnyColumn | SQL | undefined>)[req.sort.key];
  return column && column !== spec.id ? [dir(column), dir(spec.id)] : [dir(spec.id)];
}

/** `query` limited to the page of `req` (unchanged without paging). Pass a `$dynamic()` select. */
export function withPage<T extends PgSelect>(query: T, req: ListRequest): T {
  return req.page ? query.limit(req.page.limit).offset(req.page.offset) : query;
}

/**
 * One page of a list and the number of rows matching. `rows` reads the page (use {@link withPage});
 * `count` is only asked when the page does not tell the total (a full page, or a page after the first).
 */
export async function listPage<T>(req: ListRequest, read: { rows: () => Promise<T[]>; count: () => Promise<number> }): Promise<{ rows: T[]; total: number }> {
  const rows = await read.rows();
  const p = req.page;
  const total = p && (rows.length === p.limit || (rows.length === 0 && p.number > 1)) ? await read.count() : (p ? p.offset : 0) + rows.length;
  return { rows, total };
}

/** The header carrying a list's total. */
export const totalHeader = (total: number) => ({ 'X-Total-Count': String(total) });

/** `lower(column)`, for sorting names the way people read them (capitals beside small letters). */
export const lowered = (column: AnyColumn) => sql`lower(${column})`;

/** What {@link onList} declares of a list route: its contract, operation, texts, query and answer. */
export interface ListRoute<S extends string> extends RouteDoc {
  /** The list's contract (its method, path and answer). */
  contract: Contract;
  description: string;
  spec: ListSpec<S>;
  /** The documented query when the list takes more than the list query (a filter); default `listQueryDoc(spec)`. */
  query?: z.ZodObject;
  /** The 200 answer's description ("The offers (of the page)"). */
  answered: string;
  /** The 200 answer's example, when the route file keeps it (otherwise examples.ts adds the operation's). */
  example?: unknown;
  /** Error answers besides the list query's 400s ({@link listErrors}). */
  errors?: ReturnType<typeof errors>;
}

/**
 * Registers a catalogue list (`GET <contract.path>` under `action`): the query checked by
 * {@link parseListQuery} (400 naming what is allowed), the page read through `read` — the
 * list's page function (csv-export.ts `listRead`), given the parsed request and the raw query
 * for the list's own filters — and answered as a JSON array with `X-Total-Count`
 * ({@link listPage}). One declaration for every list, so they page and count alike.
 */
export function onList<S extends string>(
  app: OpenAPIHono<AppEnv>,
  action: Action,
  route: ListRoute<S>,
  read: (req: ListRequest, query: Record<string, string>) => { rows: () => Promise<object[]>; count: () => Promise<number> },
): void {
  on(
    app,
    action,
    contractRoute(route.contract, route, {
      request: { query: route.query ?? z.object(listQueryDoc(route.spec)) },
      responses: {
        200: listAnswer(route.contract.answer, route.answered, route.spec.noun, route.example),
        ...route.errors,
        ...listErrors(route.spec),
      },
    }),
    async (c) => {
      const query = c.req.query();
      const req = parseListQuery(query, route.spec);
      const { rows, total } = await listPage(req, read(req, query));
      return c.json(rows, 200, totalHeader(total));
    },
  );
}

/**
 * CSV exports of the lists (RFC 4180: CRLF rows, a header row, quotes where a cell needs them),
 * streamed: the rows are read a batch at a time through the list's own page function — the same
 * search, filters and sort the screen used — and written as they come, so an export of every
 * match never holds the whole list. Cells are written by papaparse's `unparse` with
 * `escapeFormulae` (a name starting with `=`, `+`, `-` or `@` is not run as a formula when the
 * file is opened in a spreadsheet: OWASP "CSV Injection"). A UTF-8 byte order mark comes first so
 * spreadsheet programs read accents right.
 */
import { createRoute, z } from '@hono/zod-openapi';
import Papa from 'papaparse';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Action } from '../auth/policy.ts';
import { bearer, on, raw, type AppEnv, type RawAnswer } from './common.ts';
import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { oneRow } from '../db/index.ts';
import { asRows, type Q } from '../repo.ts';
import { listErrors, listOrder, listQueryDoc, listWhere, parseListQuery, type ListRequest, type ListSpec } from './list-query.ts';

/** One column of an export: its header and a row's cell. */
export interface CsvColumn<T> {
  header: string;
  cell: (row: T) => CsvCell;
}

/** What an export's cell holds. */
export type CsvCell = string | number | boolean | null;

/**
 * Export columns that each write one field of the row as it is, `{ header: field }`, in the
 * object's order: columns of any row whose fields of those names are cells.
 */
export function fieldColumns<K extends string>(fields: Record<string, K>): CsvColumn<Record<K, CsvCell>>[] {
  return Object.entries(fields).map(([header, key]) => ({ header, cell: (row) => row[key] }));
}

/** Rows read per batch: one query each. */
export const CSV_BATCH = 500;

/**
 * A `text/csv` response streaming every row `page` gives, `batch` rows a read (offset 0, batch, …)
 * until a batch comes back short. `filename` is offered to the browser's download
 * (`Content-Disposition: attachment`). A read failing mid-stream ends the response early (the
 * client sees a cut download, never a file that looks whole).
 */
export function csvResponse<T>(filename: string, columns: CsvColumn<T>[], page: (offset: number, limit: number) => Promise<T[]>, batch = CSV_BATCH): Response {
  const encoder = new TextEncoder();
  let offset = 0;
  let done = false;
  const text = (rows: unknown[][]) => Papa.unparse(rows, { newline: '\r\n', escapeFormulae: true });
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${text([columns.map((c) => c.header)])}\r\n`));
    },
    async pull(controller) {
      if (done) return;
      const rows = await page(offset, batch);
      offset += rows.length;
      if (rows.length) controller.enqueue(encoder.encode(`${text(rows.map((r) => columns.map((c) => c.cell(r) ?? '')))}\r\n`));
      if (rows.length < batch) {
        done = true;
        controller.close();
      }
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'no-store',
    },
  });
}

/** A date as a file name takes it (`2026-11-28`). */
export const fileDate = (d = new Date()) => d.toISOString().slice(0, 10);

/** What a list's CSV route documents: its path (the list's, `.csv` added), its operation, and its query. */
export interface CsvRouteDoc {
  /** The export contract's path (`/api/v1/offers.csv`, `/api/v1/funnels/{id}/pages.csv`). */
  path: string;
  operationId: string;
  tags: string[];
  /** The rows, plural ("offers"). */
  noun: string;
  /** The columns written, in order (their headers name them in the description). */
  columns: readonly { header: string }[];
  /** The list's documented query; `params` its path parameters, if any. */
  query: z.ZodObject;
  params?: z.ZodObject;
  /** The list's own error answers (its 400/422 sentences, 404 of a parent). */
  errors?: Record<number, unknown>;
}

/**
 * The OpenAPI route of a list's CSV export: the list's query (search, filters, sort; `page` and
 * `per_page` checked as the list checks them, then ignored), answered as `text/csv` streamed
 * {@link CSV_BATCH} rows a read. The route's policy action is the list's (`on(app, 'offers.read', …)`).
 */
export function csvRoute(doc: CsvRouteDoc) {
  return createRoute({
    method: 'get',
    path: doc.path,
    operationId: doc.operationId,
    tags: doc.tags,
    security: bearer,
    summary: `The ${doc.noun} as CSV: every row the list's search and filters match, in its sort`,
    description: `The same query as the list; \`page\` and \`per_page\` are checked, then ignored: every match is written, streamed ${CSV_BATCH} rows a read. Columns: ${doc.columns.map((c) => c.header).join(', ')}. Cells starting with =, +, - or @ are quoted with a leading apostrophe so spreadsheets do not run them.`,
    request: { query: doc.query, ...(doc.params ? { params: doc.params } : {}) },
    responses: {
      200: { description: 'The CSV file (RFC 4180, UTF-8 with a byte order mark)', content: { 'text/csv': { schema: z.string() } } },
      ...doc.errors,
    },
  });
}

/**
 * The CSV export of a list: every row of `req` (its search, filters and sort; its page ignored)
 * read `CSV_BATCH` at a time by `read` — the list's own page function, called with the batch as
 * the request's page — and written as `columns` into `<stem>-<date>.csv`.
 */
export function listCsv<T>(stem: string, columns: CsvColumn<T>[], req: ListRequest, read: (req: ListRequest) => Promise<T[]>): RawAnswer {
  return raw(
    csvResponse(`${stem}-${fileDate()}.csv`, columns, (offset, limit) => read({ ...req, page: { offset, limit, number: Math.floor(offset / limit) + 1 } })),
  );
}

/** A `$dynamic()` select of rows `Row`, as {@link listRead} pages it. */
export type PagedSelect<Row> = PromiseLike<Row[]> & { limit: (n: number) => { offset: (n: number) => PromiseLike<Row[]> } };

/**
 * The page function of a list: `from` gives its rows' select (a `$dynamic()` one) under the
 * search's WHERE in the sort's ORDER BY, `countOf` the number of matches; `req`'s page is applied
 * and the rows answered as `map` makes them. The JSON list (through `listPage`) and its CSV export
 * ({@link listCsv}) read the same.
 */
export function listRead<S extends string, Row, R>(
  spec: ListSpec<S>,
  from: (where: SQL | undefined, order: SQL[]) => PagedSelect<Row>,
  countOf: (where: SQL | undefined) => PromiseLike<{ n: number }[]>,
  map: (rows: Row[]) => R[] | Promise<R[]>,
) {
  return (req: ListRequest) => {
    const where = listWhere(spec, req);
    return {
      rows: async (): Promise<R[]> => {
        const q = from(where, listOrder(spec, req));
        return map(await (req.page ? q.limit(req.page.limit).offset(req.page.offset) : q));
      },
      count: async () => oneRow(await countOf(where), `${spec.noun}: count`).n,
    };
  };
}

/**
 * {@link listRead} of one table's rows: the rows of `table` under the search's WHERE (and
 * `within`, the caller's own condition on it: a library tab, the domain tree's roots) in the
 * sort's ORDER BY, answered as `map` makes them; the count under the same WHERE.
 */
export function tableListRead<S extends string, T extends PgTable, R>(
  spec: ListSpec<S>,
  q: Q,
  table: T,
  map: (rows: T['$inferSelect'][]) => R[] | Promise<R[]>,
  within: (search: SQL | undefined) => SQL | undefined = (search) => search,
) {
  const t: PgTable = table;
  return listRead(
    spec,
    (where, order) =>
      q
        .select()
        .from(t)
        .where(within(where))
        .orderBy(...order)
        .$dynamic(),
    (where) => q.select({ n: count() }).from(t).where(within(where)),
    (rows) => map(asRows<T['$inferSelect']>(rows)),
  );
}

/** What {@link onListCsv} needs of a list: its export's path and operation, its search and sort, its columns and its page function. */
export interface ListCsvRoute<S extends string, T> {
  path: string;
  operationId: string;
  tags: string[];
  spec: ListSpec<S>;
  columns: CsvColumn<T>[];
  /** The file name's stem (`offers` → `offers-2026-11-29.csv`). */
  stem: string;
  /** The list's page function ({@link listRead}). */
  read: (req: ListRequest) => { rows: () => Promise<T[]> };
}

/**
 * Registers the CSV export of a list that takes only the list query (q, sort, page, per_page):
 * `GET <path>` under `action` (the list's), the query checked as the list checks it (400), then
 * every match streamed through the list's own page function.
 */
export function onListCsv<S extends string, T>(app: OpenAPIHono<AppEnv>, action: Action, l: ListCsvRoute<S, T>): void {
  on(
    app,
    action,
    csvRoute({
      path: l.path,
      operationId: l.operationId,
      tags: l.tags,
      noun: l.spec.noun,
      columns: l.columns,
      query: z.object(listQueryDoc(l.spec)),
      errors: listErrors(l.spec),
    }),
    (c) => listCsv(l.stem, l.columns, parseListQuery(c.req.query(), l.spec), (req) => l.read(req).rows()),
  );
}

/**
 * CSV exports of the lists (RFC 4180: CRLF rows, a header row, quotes where a cell needs them),
 * streamed: the rows are read a batch at a time through the list's own page function — the same
 * search, filters and sort the screen used — and written as they come, so an export of every
 * match never holds the whole list. Cells are written by papaparse's `unparse` with
 * `escapeFormulae` (a name starting with `=`, `+`, `-` or `@` is not run as a formula when the
 * file is opened in a spreadsheet: OWASP "CSV Injection"). A UTF-8 byte order mark comes first so
 * spreadsheet programs read accents right.
 */
import Papa from 'papaparse';

/** One column of an export: its header and a row's cell. */
export interface CsvColumn<T> {
  header: string;
  cell: (row: T) => string | number | boolean | null;
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

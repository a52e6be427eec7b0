/**
 * CSV uploads to the order platform (000 §7 `csv_upload/sticky/campaigns_fulfillment`;
 * 001 §5 "Uploads of product lists accept only csv", §7 `csv_upload/sticky/products_create`):
 * only `.csv` text files, at most 1 MB and 5,000 rows, parsed with papaparse; every row is
 * checked with the form's schema and every bad row is reported with its line number, so the
 * route writes nothing unless the whole file is valid.
 */
import Papa from 'papaparse';
import type { z } from 'zod';
import { CSV_LIMITS, type CsvRowError } from '../../model/csv.ts';

/** Largest CSV upload request (the file plus multipart overhead). */
export const CSV_REQUEST_BYTES = CSV_LIMITS.maxBytes + 64 * 1024;

/** A parsed file: valid rows with their line, or the errors (line 1 is the header). */
export type CsvResult<T> = { ok: true; rows: { line: number; value: T }[] } | { ok: false; status: 413 | 422; reason: string; errors: CsvRowError[] };

/** Characters of a text file we accept; NUL and other C0 controls (but tab, CR, LF) mean binary. */
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/**
 * Parses and validates a CSV file against `schema` row by row. Column names are trimmed and
 * lower-cased; `required` columns must all be present in the header.
 */
export function parseCsv<S extends z.ZodType>(fileName: string, bytes: Uint8Array, schema: S, required: string[]): CsvResult<z.output<S>> {
  const refuse = (status: 413 | 422, reason: string, errors: CsvRowError[] = []): CsvResult<z.output<S>> => ({ ok: false, status, reason, errors });
  if (!/\.csv$/i.test(fileName)) return refuse(422, 'Only CSV files are accepted');
  if (bytes.byteLength > CSV_LIMITS.maxBytes) return refuse(413, 'The CSV file is too large (at most 1 MB)');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return refuse(422, 'The CSV file is not UTF-8 text');
  }
  if (BINARY.test(text)) return refuse(422, 'The file is not a CSV text file');
  if (!text.trim()) return refuse(422, 'The CSV file is empty');

  // One pass in step mode: each row starts where the previous one ended (papaparse's
  // cursor), so its line is 1 + the newlines before that offset — right even with quoted
  // fields spanning lines.
  let header: string[] | null = null;
  const records: { line: number; cells: string[] }[] = [];
  let tooMany = false;
  let prev = 0;
  let counted = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    header: false,
    step: (res, parser) => {
      for (; counted < prev; counted++) if (text.charCodeAt(counted) === 10) line++;
      const rowLine = line;
      prev = res.meta.cursor;
      const cells = res.data.map((c) => (typeof c === 'string' ? c.trim() : ''));
      if (cells.every((c) => c === '')) return;
      if (!header) {
        header = cells.map((h) => h.toLowerCase());
        return;
      }
      if (records.length >= CSV_LIMITS.maxRows) {
        tooMany = true;
        parser.abort();
        return;
      }
      records.push({ line: rowLine, cells });
    },
  });
  if (tooMany) return refuse(413, `The CSV file has more than ${CSV_LIMITS.maxRows} rows`);
  const cols: string[] = header ?? [];
  const missing = required.filter((c) => !cols.includes(c));
  if (missing.length)
    return refuse(422, `Missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`, [{ line: 1, message: `Missing column ${missing.join(', ')}` }]);
  if (!records.length) return refuse(422, 'The CSV file has no rows');

  const errors: CsvRowError[] = [];
  const rows: { line: number; value: z.output<S> }[] = [];
  for (const rec of records) {
    if (rec.cells.length > cols.length) {
      errors.push({ line: rec.line, message: `Too many fields: ${rec.cells.length} where the header has ${cols.length}` });
      continue;
    }
    const obj: Record<string, string> = {};
    cols.forEach((c, k) => {
      if (c && rec.cells[k] !== undefined && rec.cells[k] !== '') obj[c] = rec.cells[k];
    });
    const r = schema.safeParse(obj);
    if (!r.success) errors.push({ line: rec.line, message: r.error.issues[0]?.message ?? 'Invalid row' });
    else rows.push({ line: rec.line, value: r.data });
  }
  if (errors.length) return refuse(422, `${errors.length} invalid row${errors.length === 1 ? '' : 's'}`, errors);
  return { ok: true, rows };
}

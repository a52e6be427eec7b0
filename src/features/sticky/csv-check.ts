/**
 * The Sticky page's checks of a CSV file before it is sent (001 §5 "Uploads of product lists
 * accept only csv"; the caps of src/model/csv.ts CSV_LIMITS, which the server applies too with
 * the same words, src/server/uploads/csv.ts): type, emptiness, size, then the row count.
 * Pure functions over a `File`: no CSV library (the server parses it).
 */
import { CSV_LIMITS } from '../../model/csv';

/** What the fulfilment upload says of a file that is not a .csv (the server's reason). */
export const CSV_ONLY = 'Only CSV files are accepted';
/** 001 §5: what the products upload says of a file that is not a .csv. */
export const PRODUCTS_CSV_ONLY = 'Uploads of product lists accept only csv';
/** A file over {@link CSV_LIMITS}.maxBytes (the server's words). */
export const CSV_TOO_LARGE = `The CSV file is too large (at most ${CSV_LIMITS.maxBytes / (1024 * 1024)} MB)`;
/** A file with no bytes (the server's words). */
export const CSV_EMPTY = 'The CSV file is empty';
/** A file with more rows than {@link CSV_LIMITS}.maxRows below its header (the server's words). */
export const CSV_TOO_MANY_ROWS = `The CSV file has more than ${CSV_LIMITS.maxRows} rows`;

/**
 * The records of CSV `text` that hold something (blank lines skipped, as the server skips
 * them), header included. A line break inside a double-quoted field does not end a record.
 */
export function countCsvRecords(text: string): number {
  let records = 0;
  let quoted = false;
  let filled = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      quoted = !quoted;
      filled = true;
    } else if (ch === '\n' && !quoted) {
      if (filled) records++;
      filled = false;
    } else if (!quoted && (ch === '\r' || ch === ' ' || ch === '\t')) {
      // Whitespace alone does not make a record.
    } else filled = true;
  }
  return filled ? records + 1 : records;
}

/**
 * Why `file` cannot be sent, or null when it may be: not a `.csv` name (`csvOnly`, the
 * upload's own words), empty, over 1 MB, or over 5,000 rows below the header.
 */
export async function csvFileProblem(file: File, csvOnly: string): Promise<string | null> {
  if (!/\.csv$/i.test(file.name)) return csvOnly;
  if (file.size === 0) return CSV_EMPTY;
  if (file.size > CSV_LIMITS.maxBytes) return CSV_TOO_LARGE;
  const records = countCsvRecords(await file.text());
  if (records - 1 > CSV_LIMITS.maxRows) return CSV_TOO_MANY_ROWS;
  return null;
}

/** The Sticky page's checks before sending a CSV (001 §5; CSV_LIMITS): the server's words, the row count quote-aware. */
import { describe, expect, it } from 'vitest';
import {
  CSV_EMPTY,
  CSV_ONLY,
  CSV_TOO_LARGE,
  CSV_TOO_MANY_ROWS,
  PRODUCTS_CSV_ONLY,
  countCsvRecords,
  csvFileProblem,
} from '../../../../src/features/sticky/csv-check';
import { CSV_LIMITS } from '../../../../src/model/csv';

const file = (name: string, text: string) => new File([text], name, { type: 'text/csv' });

describe('countCsvRecords', () => {
  it('counts records with content, header included, blank lines and a last newline not', () => {
    expect(countCsvRecords('campaign_id,fulfillment\n12001,Ecomm\n\n  \r\n12002,SRLC\n')).toBe(3);
    expect(countCsvRecords('a,b\r\n1,2')).toBe(2);
    expect(countCsvRecords('')).toBe(0);
  });
  it('does not end a record at a line break inside quotes', () => {
    expect(countCsvRecords('name,description\n"Glow","two\nlines"\n"x ""y""",z\n')).toBe(3);
  });
});

describe('csvFileProblem', () => {
  it('refuses a name without .csv with the upload’s own words (001 §5 for products)', async () => {
    expect(await csvFileProblem(file('list.xlsx', 'a\n1\n'), PRODUCTS_CSV_ONLY)).toBe('Uploads of product lists accept only csv');
    expect(await csvFileProblem(file('list.txt', 'a\n1\n'), CSV_ONLY)).toBe('Only CSV files are accepted');
  });
  it('refuses an empty file and one over 1 MB as the server does', async () => {
    expect(await csvFileProblem(file('e.csv', ''), CSV_ONLY)).toBe(CSV_EMPTY);
    expect(await csvFileProblem(file('big.CSV', 'x'.repeat(CSV_LIMITS.maxBytes + 1)), CSV_ONLY)).toBe(CSV_TOO_LARGE);
    expect(CSV_TOO_LARGE).toBe('The CSV file is too large (at most 1 MB)');
  });
  it('takes exactly the row cap and refuses one more', async () => {
    const rows = (n: number) => `campaign_id,fulfillment\n${'12001,Ecomm\n'.repeat(n)}`;
    expect(await csvFileProblem(file('max.csv', rows(CSV_LIMITS.maxRows)), CSV_ONLY)).toBeNull();
    expect(await csvFileProblem(file('over.csv', rows(CSV_LIMITS.maxRows + 1)), CSV_ONLY)).toBe(CSV_TOO_MANY_ROWS);
    expect(CSV_TOO_MANY_ROWS).toBe('The CSV file has more than 5000 rows');
  });
});

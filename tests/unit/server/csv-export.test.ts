/** The lists' CSV writer (routes/csv-export.ts): batches, RFC 4180 quoting, formula escaping, the byte order mark. */
import { describe, expect, it } from 'vitest';
import { CSV_BATCH, csvResponse, listCsv, type CsvColumn } from '../../../src/server/routes/csv-export.ts';
import type { ListRequest } from '../../../src/server/routes/list-query.ts';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));
type Row = { id: number; name: string };
const columns: CsvColumn<Row>[] = [
  { header: 'ID', cell: (r) => r.id },
  { header: 'Name', cell: (r) => r.name },
];

async function exported(all: { id: number; name: string }[], batch: number) {
  const reads: [number, number][] = [];
  const res = csvResponse(
    'a b.csv',
    columns,
    (offset, limit) => {
      reads.push([offset, limit]);
      return Promise.resolve(all.slice(offset, offset + limit));
    },
    batch,
  );
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  return { res, text, reads };
}

describe('csvResponse', () => {
  it('reads batch after batch until one comes back short, and writes each row once', async () => {
    const { text, reads, res } = await exported(rows(5), 2);
    expect(reads).toEqual([
      [0, 2],
      [2, 2],
      [4, 2],
    ]);
    expect(text).toBe('\uFEFFID,Name\r\n1,Row 1\r\n2,Row 2\r\n3,Row 3\r\n4,Row 4\r\n5,Row 5\r\n');
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="a_b.csv"');
  });

  it('ends with an empty read when the rows fill the last batch exactly, and writes a header alone for none', async () => {
    expect((await exported(rows(4), 2)).reads).toEqual([
      [0, 2],
      [2, 2],
      [4, 2],
    ]);
    expect((await exported([], 2)).text).toBe('\uFEFFID,Name\r\n');
  });

  it('quotes commas, quotes and line breaks, and keeps a formula from running', async () => {
    const { text } = await exported(
      [
        { id: 1, name: 'a, "b"\nc' },
        { id: 2, name: '=1+2' },
        { id: 3, name: '@SUM(A1)' },
      ],
      10,
    );
    expect(text).toBe('\uFEFFID,Name\r\n1,"a, ""b""\nc"\r\n2,"\'=1+2"\r\n3,"\'@SUM(A1)"\r\n');
  });
});

describe('listCsv', () => {
  it("reads every match through the list's page function, its page replaced by each batch, the search and sort kept", async () => {
    const all = rows(CSV_BATCH + 3);
    const asked: ListRequest[] = [];
    const req: ListRequest = { q: 'row', sort: { key: 'name', desc: true }, page: { limit: 25, offset: 50, number: 3 } };
    const res = listCsv('rows', columns, req, (r) => {
      asked.push(r);
      return Promise.resolve(r.page ? all.slice(r.page.offset, r.page.offset + r.page.limit) : all);
    });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(asked).toEqual([
      { ...req, page: { limit: CSV_BATCH, offset: 0, number: 1 } },
      { ...req, page: { limit: CSV_BATCH, offset: CSV_BATCH, number: 2 } },
    ]);
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(all.length + 1);
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="rows-\d{4}-\d{2}-\d{2}\.csv"$/);
  });
});

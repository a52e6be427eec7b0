/**
 * A catalogue list's answer as the server gives it (src/server/routes/list-query.ts), for the
 * stories' msw handlers: `q` (any case, in the row's text, or its ID), `sort` (a column, `-` for
 * descending, ties by ID), `page` / `per_page` (opt-in, 25 by default), the array answer and
 * `X-Total-Count`; a bad sort, page or per_page is the server's 400 sentence. Network mocks live
 * only in stories.
 */
import { HttpResponse } from 'msw';
import { LIST_MSG, LIST_PAGE_DEFAULT, LIST_PAGE_MAX } from '../src/model/list-query';

/** How a story list searches and sorts its rows. */
export interface MockList<T> {
  /** Each sort key's value of a row. */
  sorts: Record<string, (row: T) => SortValue>;
  /** The row's ID. */
  id: (row: T) => number;
  /** The texts `q` looks in. */
  text: (row: T) => string[];
  /** Numbers a `q` of digits matches besides the ID. */
  numbers?: (row: T) => (number | null)[];
}

/** A sort value: what {@link MockList.sorts} compares. */
type SortValue = string | number | boolean | null;

/**
 * Sorts that each read one field of the row, as `{ key: field }`: `fieldSorts<Campaign>({ name:
 * 'campaign_name' })` sorts key `name` by the row's `campaign_name`. Spread it into
 * {@link MockList.sorts} beside the sorts that work a value out.
 */
export function fieldSorts<T>(fields: Record<string, keyof T>): MockList<T>['sorts'] {
  const valueOf = (row: T, field: keyof T): SortValue => {
    const v: unknown = row[field];
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;
  };
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, (row: T) => valueOf(row, field)]));
}

const compare = (a: SortValue, b: SortValue) => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0;
  return a < b ? -1 : 1;
};

/** The answer to `request` over `rows` (in the list's own order). */
export function mockListAnswer<T>(request: Request, rows: readonly T[], spec: MockList<T>) {
  const p = new URL(request.url).searchParams;
  const q = (p.get('q') ?? '').trim().toLowerCase();
  let out = rows.filter(
    (r) => !q || spec.text(r).some((t) => t.toLowerCase().includes(q)) || (/^\d+$/.test(q) && [spec.id(r), ...(spec.numbers?.(r) ?? [])].includes(Number(q))),
  );
  const sort = p.get('sort');
  if (sort !== null) {
    const key = sort.replace(/^-/, '');
    const value = spec.sorts[key];
    if (!value) return HttpResponse.json({ message: LIST_MSG.sort(Object.keys(spec.sorts)) }, { status: 400 });
    const dir = sort.startsWith('-') ? -1 : 1;
    out = [...out].sort((a, b) => dir * (compare(value(a), value(b)) || spec.id(a) - spec.id(b)));
  }
  const total = out.length;
  const page = p.get('page');
  const perPage = p.get('per_page');
  if (page !== null || perPage !== null) {
    const n = Number(page ?? 1);
    const size = Number(perPage ?? LIST_PAGE_DEFAULT);
    if (!Number.isInteger(n) || n < 1) return HttpResponse.json({ message: LIST_MSG.page }, { status: 400 });
    if (!Number.isInteger(size) || size < 1 || size > LIST_PAGE_MAX) return HttpResponse.json({ message: LIST_MSG.perPage }, { status: 400 });
    out = out.slice((n - 1) * size, n * size);
  }
  return HttpResponse.json(out, { headers: { 'X-Total-Count': String(total) } });
}

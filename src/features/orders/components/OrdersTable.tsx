/**
 * The orders table (001 §2 "Orders: A paginated table", §3 Order, §9 "Orders page size default
 * 10, current page 1; sort and filter are server-side") on @tanstack/react-table in manual
 * mode: the rows are one page the server sorted and filtered; the table only renders them,
 * shows which column sorts and in which direction (`aria-sort`), and turns header clicks and
 * the pager into a new {@link OrdersState} for the screen to put in the URL.
 *
 * While a page loads the previous rows stay (dimmed, `aria-busy`); before the first page there
 * is a skeleton of the page's rows. `data-shown` on the table names the query of the rows shown,
 * so a benchmark can tell when a page change has rendered.
 *
 * Presentational: the screen (screens/OrdersScreen.tsx) reads the page and keeps the state.
 * (Worth moving to src/ui once a second table pages on the server: the manual mode, the sort
 * headers with `aria-sort`, the skeleton and the pager.)
 */
import { useMemo, useState, type FormEvent } from 'react';
import { createTable, getCoreRowModel, type ColumnDef, type PaginationState, type SortingState, type Updater } from '@tanstack/react-table';
import { MSG, type Order, type OrderSortColumn } from '../../../model';
import { Box, Button, EmptyState, styles as s } from '../../../ui';
import { PAGE_SIZES, pageCount, sortedBy, type OrdersState } from '../url-state';
import * as css from './orders.css';
import { PageSizeSelect, TableHead, TableRow, type HeaderSort } from '../../../ui/DataTable';

/** What the empty table says: no orders at all (after the seeds' 'No … added'), or none matching the filters. */
export const NO_ORDERS = 'No Orders added';
export const NO_MATCHES = 'No orders match these filters';

/** Column headers, by the field of 001 §3 Order. */
export const COLUMN_LABELS: Record<OrderSortColumn, string> = {
  ID: 'ID',
  CreatedAt: 'Created (UTC)',
  payment_method: 'Payment method',
  product_id: 'Product ID',
  transaction_id: 'Transaction ID',
  ip: 'IP',
  aff_id: 'Aff ID',
  campaign_id: 'Campaign ID',
  customer_id: 'Customer ID',
  is_scrub: 'Scrub',
  is_done: 'Status',
};

/** An order's time as `YYYY-MM-DD HH:mm:ss` in UTC (the same for every operator, wherever they are). */
export const formatCreated = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().slice(0, 19).replace('T', ' ');
};
/** 001 §4 "Orders are completed or not". */
export const doneLabel = (done: boolean) => (done ? 'Completed' : 'Not completed');
// One formatter for every figure: `toLocaleString` builds a new one on each call (about 0.3 ms,
// and the pager formats three figures on every page change).
const INTEGER = new Intl.NumberFormat('en-US');
const fmtInt = (n: number) => INTEGER.format(n);

const cellClass: Partial<Record<OrderSortColumn, string>> = {
  ID: css.numeric,
  CreatedAt: css.numeric,
  product_id: css.numeric,
  campaign_id: css.numeric,
  customer_id: css.numeric,
  transaction_id: css.mono,
  ip: css.mono,
};

const isOrderSort = (id: string): id is OrderSortColumn => Object.hasOwn(COLUMN_LABELS, id);

/** A column of field `id`, headed by its label, sorted on the server. */
const col = (id: OrderSortColumn, extra: Partial<ColumnDef<Order, unknown>> = {}): ColumnDef<Order, unknown> => ({
  id,
  accessorKey: id,
  header: COLUMN_LABELS[id],
  ...extra,
});

const COLUMNS: ColumnDef<Order, unknown>[] = [
  col('ID'),
  col('CreatedAt', { cell: ({ row }) => formatCreated(row.original.CreatedAt) }),
  col('payment_method'),
  col('product_id'),
  col('transaction_id'),
  col('ip'),
  col('aff_id'),
  col('campaign_id'),
  col('customer_id'),
  col('is_scrub', { cell: ({ row }) => (row.original.is_scrub ? 'Yes' : 'No') }),
  col('is_done', { cell: ({ row }) => doneLabel(row.original.is_done) }),
];

/** Props of {@link OrdersTable}. */
export interface OrdersTableProps {
  /** The state asked for (page, size, sort, filters). */
  state: OrdersState;
  /** The rows shown and how many orders match; undefined before the first page arrives. */
  page: { rows: Order[]; total_rows: number; query: string } | undefined;
  /** A page for another state is loading (the rows shown are the previous page's). */
  loading: boolean;
  /** Filters are set (the empty table then says nothing matches). */
  filtered: boolean;
  /** Asks for another page, size or sort. */
  onChange: (next: OrdersState) => void;
  /** A page number in range is typed (not yet gone to): the screen may fetch it ahead, so Enter shows it at once. */
  onTyped?: (page: number) => void;
  /** A sort header is being pressed: the screen may fetch the state it will ask for ahead of the click. */
  onAhead?: (next: OrdersState) => void;
  /** Clears the filters (offered when nothing matches). */
  onClearFilters?: () => void;
}

/** See the module comment. */
export function OrdersTable({ state, page, loading, filtered, onChange, onTyped, onAhead, onClearFilters }: OrdersTableProps) {
  const rows = useMemo(() => page?.rows ?? [], [page]);
  const total = page?.total_rows ?? 0;
  const pages = pageCount(total, state.limit);
  const sorting = useMemo<SortingState>(() => [{ id: state.sort, desc: state.order === 'desc' }], [state.sort, state.order]);
  const pagination = useMemo<PaginationState>(() => ({ pageIndex: state.page - 1, pageSize: state.limit }), [state.page, state.limit]);
  // Built like the shared DataTable: a table of the current props (it keeps no state of its
  // own; the page and sort are the screen's), rebuilt when they change.
  const table = useMemo(() => {
    const t = createTable<Order>({
      data: rows,
      columns: COLUMNS,
      getRowId: (o) => String(o.ID),
      getCoreRowModel: getCoreRowModel(),
      manualPagination: true,
      manualSorting: true,
      manualFiltering: true,
      rowCount: total,
      state: {},
      onStateChange: () => {},
      renderFallbackValue: null,
      onPaginationChange: (u: Updater<PaginationState>) => {
        const next = typeof u === 'function' ? u(pagination) : u;
        onChange({ ...state, page: next.pageIndex + 1, limit: next.pageSize });
      },
    });
    t.setOptions((prev) => ({ ...prev, state: { ...t.initialState, sorting, pagination } }));
    return t;
  }, [rows, total, sorting, pagination, state, onChange]);
  // Every column sorts; a header asks for its other order (a new column: its first order, sortedBy).
  const headerSort: HeaderSort<OrderSortColumn> = {
    sorts: isOrderSort,
    onSort: (id) => onChange(sortedBy(state, id)),
    onPress: (id) => onAhead?.(sortedBy(state, id)),
    buttonClass: css.sortButton,
    sortedClass: css.sortedHeader,
  };

  if (page && rows.length === 0 && !loading) {
    return filtered ? (
      <EmptyState message={NO_MATCHES} action={onClearFilters && <Button onPress={onClearFilters}>Clear filters</Button>} />
    ) : (
      <EmptyState message={NO_ORDERS} />
    );
  }
  const first = (state.page - 1) * state.limit + 1;
  return (
    <>
      <div className={css.scroller}>
        <table className={s.table} aria-label="Orders" aria-busy={loading || !page} data-shown={page?.query ?? ''}>
          <TableHead table={table} sort={headerSort} />
          <tbody className={loading && page ? css.stale : undefined}>
            {/* Rows keyed by their place: a new page updates the cells of the same rows rather
                than taking ten rows out of the document and building ten more. */}
            {page
              ? table.getRowModel().rows.map((r, i) => <TableRow key={i} row={r} cellClass={cellClass} />)
              : Array.from({ length: state.limit }, (_, i) => (
                  <tr key={i} aria-hidden="true">
                    {COLUMNS.map((c) => (
                      <td key={c.id} className={s.td}>
                        <span className={css.skeletonBar} />
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      {!page && (
        <span role="status" className={s.visuallyHidden}>
          Loading orders…
        </span>
      )}
      <nav aria-label="Pages" className={s.pager}>
        <Button size="sm" aria-label="First page" isDisabled={!table.getCanPreviousPage()} onPress={() => table.firstPage()}>
          «
        </Button>
        <Button size="sm" aria-label="Previous page" isDisabled={!table.getCanPreviousPage()} onPress={() => table.previousPage()}>
          ‹ Previous
        </Button>
        <PageJump page={state.page} pages={pages} known={!!page} onGo={(p) => table.setPageIndex(p - 1)} onTyped={onTyped} />
        <Button size="sm" aria-label="Next page" isDisabled={!page || !table.getCanNextPage()} onPress={() => table.nextPage()}>
          Next ›
        </Button>
        <Button size="sm" aria-label="Last page" isDisabled={!page || !table.getCanNextPage()} onPress={() => table.lastPage()}>
          »
        </Button>
        <span className={s.spacer} />
        {page && (
          <Box as="span" color="muted" aria-live="polite">
            {total === 0
              ? '0 orders'
              : `Showing ${fmtInt(Math.min(first, total))}–${fmtInt(Math.min(first + rows.length - 1, total))} of ${fmtInt(total)} orders`}
          </Box>
        )}
        <PageSizeSelect value={state.limit} sizes={PAGE_SIZES} onSize={(n) => table.setPageSize(n)} selectClass={css.sizeSelect} />
      </nav>
    </>
  );
}

/** The page number in `text`, or the message saying why it is none (digits only, from 1 to `pages`). */
const pageIn = (text: string, pages: number): number | string => {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return MSG.onlyNumbers;
  const n = Number(t);
  return n < 1 || n > pages ? `Pages go from 1 to ${fmtInt(pages)}` : n;
};

/**
 * "Page [n] of N": a page number typed and Enter (or Go) goes there; digits only, from 1 to N.
 * Each page number in range is told to `onTyped` as it is typed, so its rows can be on the way
 * before Enter. Shows the page in force whenever it changes.
 */
function PageJump(props: { page: number; pages: number; known: boolean; onGo: (page: number) => void; onTyped?: (page: number) => void }) {
  const { page, pages, known, onGo, onTyped } = props;
  const [text, setText] = useState(String(page));
  const [error, setError] = useState<string | null>(null);
  // A new page in force shows in the box. Set while rendering, not by remounting on a key, so
  // nothing is taken out of the document and the focus stays in the box across Enter.
  const [shown, setShown] = useState(page);
  if (shown !== page) {
    setShown(page);
    setText(String(page));
    setError(null);
  }
  const goTyped = () => {
    const n = pageIn(text, pages);
    if (typeof n === 'string') return setError(n);
    setError(null);
    if (n !== page) onGo(n);
  };
  const type = (value: string) => {
    setText(value);
    const n = pageIn(value, pages);
    if (known && typeof n === 'number' && n !== page) onTyped?.(n);
  };
  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        goTyped();
      }}
      noValidate
      className={s.row}
    >
      <label htmlFor="orders-page">Page</label>
      <input
        id="orders-page"
        className={css.pageInput}
        inputMode="numeric"
        autoComplete="off"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'orders-page-error' : undefined}
        onChange={(e) => type(e.target.value)}
      />
      <span>of {known ? fmtInt(pages) : '…'}</span>
      {/* Not a submit button: Enter in the box submits the form by itself (it is the form's one
          field), so the focus stays in the box instead of moving to Go. */}
      <Button size="sm" onPress={goTyped}>
        Go
      </Button>
      {error && (
        <span id="orders-page-error" role="alert" className={s.errorText}>
          {error}
        </span>
      )}
    </form>
  );
}

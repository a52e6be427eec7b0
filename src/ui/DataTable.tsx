import { Fragment, useMemo, type ReactNode } from 'react';
import { createTable, getCoreRowModel, type ColumnDef, type Row, type SortingState, type Table } from '@tanstack/react-table';
import { Box } from './Box';
import { EmptyState } from './EmptyState';
import * as s from './styles.css';

/**
 * A header or cell as elements: a function renderer is called, not mounted as a component.
 * (flexRender mounts it as one, so a column list a parent rebuilds — a new function each time —
 * remounted every cell, replacing its buttons under a keyboard user's focus or a click on its
 * way: the Domains tab lost 'Delete' clicks when the domain list answered a moment later.)
 * Cells use no hooks (react-hooks lint holds that).
 */
export function rendered<C>(template: string | ((ctx: C) => unknown) | undefined, ctx: C): ReactNode {
  return (typeof template === 'function' ? template(ctx) : template) as ReactNode;
}

/** Props of {@link DataTable}. */
export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: ColumnDef<T, unknown>[];
  data: T[];
  getRowId: (row: T) => string;
  /** Shown instead of the table when `data` is empty, in the seeds' words (e.g. 'No Pages added'). */
  emptyMessage: string;
  /** The next step offered next to the empty message (e.g. the screen's own 'Add page' button), only where the user may take it. */
  emptyAction?: ReactNode;
  /** Groups rows under a header row (e.g. pages by path prefix, 001 §2). Groups keep first-seen order. */
  groupBy?: (row: T) => string;
}

/**
 * A @tanstack/react-table with no state of its own: it only renders `data` (a list's page that
 * the server already searched, filtered and sorted, or every row), `sort` (none without it)
 * marking the header of the order in force. Rebuilt when its inputs change, so `getRowId`
 * should be stable.
 */
export function useRenderTable<T>(data: T[], columns: ColumnDef<T, unknown>[], getRowId: (row: T) => string, sort?: { sort?: string | null; desc: boolean }) {
  return useMemo(() => {
    const sorting: SortingState = sort?.sort ? [{ id: sort.sort, desc: sort.desc }] : [];
    const t = createTable<T>({
      data,
      columns,
      getRowId: (r) => getRowId(r),
      getCoreRowModel: getCoreRowModel(),
      manualSorting: true,
      manualPagination: true,
      manualFiltering: true,
      state: {},
      onStateChange: () => {},
      renderFallbackValue: null,
    });
    t.setOptions((prev) => ({ ...prev, state: { ...t.initialState, sorting } }));
    return t;
  }, [data, columns, getRowId, sort]);
}

/** The headers a server-sorted list sorts by: which columns sort, and what asks for a column's other order. */
export interface HeaderSort<S extends string = string> {
  sorts: (id: string) => id is S;
  onSort: (id: S) => void;
  /**
   * A sort button is being pressed (pointer down): the click that sorts follows on release,
   * about 100 ms later by mouse, in which the sorted rows can already be fetched.
   */
  onPress?: (id: S) => void;
  /** The sort buttons' class (default: the lists' `sortButton`) and a class for the header of the order in force. */
  buttonClass?: string;
  sortedClass?: string;
}

/**
 * A table's header rows. With `sort`, the header of each column it sorts by is a button asking
 * for the other order, `aria-sort` on the header saying the one in force.
 */
export function TableHead<T, S extends string>({ table, sort }: { table: Table<T>; sort?: HeaderSort<S> }) {
  return (
    <thead>
      {table.getHeaderGroups().map((hg) => (
        <tr key={hg.id}>
          {hg.headers.map((h) => {
            const id = h.column.id;
            const dir = sort?.sorts(id) ? h.column.getIsSorted() : false;
            const text = h.isPlaceholder ? null : rendered(h.column.columnDef.header, h.getContext());
            return (
              <th
                key={h.id}
                className={dir && sort?.sortedClass ? `${s.th} ${sort.sortedClass}` : s.th}
                scope="col"
                aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
              >
                {sort?.sorts(id) ? (
                  <button type="button" className={sort.buttonClass ?? s.sortButton} onPointerDown={() => sort.onPress?.(id)} onClick={() => sort.onSort(id)}>
                    {text} <span aria-hidden="true">{dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}</span>
                  </button>
                ) : (
                  text
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}

/** One row of a table: a cell per visible column; `cellClass` adds a class to the cells of the columns it names. */
export function TableRow<T>({ row, cellClass }: { row: Row<T>; cellClass?: Partial<Record<string, string>> }) {
  return (
    <tr>
      {row.getVisibleCells().map((c) => (
        <td key={c.id} className={`${s.td} ${cellClass?.[c.column.id] ?? ''}`}>
          {rendered(c.column.columnDef.cell, c.getContext())}
        </td>
      ))}
    </tr>
  );
}

/**
 * A pager's "Rows per page" select over `sizes`; picking one calls `onSize` with it. `className`
 * styles the label, `selectClass` the select (default: the forms' input).
 */
export function PageSizeSelect(p: { value: number; sizes: readonly number[]; onSize: (size: number) => void; className?: string; selectClass?: string }) {
  return (
    <label className={p.className}>
      Rows per page{' '}
      <select className={p.selectClass ?? s.input} value={p.value} onChange={(e) => p.onSize(Number(e.target.value))}>
        {p.sizes.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A group's header row across the table's `span` columns: its name and how many rows it has here. */
export function GroupRow({ span, name, count }: { span: number; name: string; count: number }) {
  return (
    <tr>
      <th colSpan={span} scope="rowgroup" className={`${s.td} ${s.groupRow}`}>
        {name}{' '}
        <Box as="span" fontWeight="normal">
          ({count})
        </Box>
      </th>
    </tr>
  );
}

/** A table on @tanstack/react-table (headless), optionally grouped; an {@link EmptyState} (with `emptyAction`) when there are no rows. */
export function DataTable<T>({ label, columns, data, getRowId, emptyMessage, emptyAction, groupBy }: DataTableProps<T>) {
  // The table has no state of its own (no sorting, paging or selection), so a table built
  // from the current data and columns is all it needs; it is rebuilt when they change.
  const table = useRenderTable(data, columns, getRowId);
  if (data.length === 0) return <EmptyState message={emptyMessage} action={emptyAction} />;
  const rows = table.getRowModel().rows;
  const groups: [string, Row<T>[]][] = [];
  if (groupBy) {
    const index = new Map<string, Row<T>[]>();
    for (const r of rows) {
      const g = groupBy(r.original);
      let list = index.get(g);
      if (!list) {
        list = [];
        index.set(g, list);
        groups.push([g, list]);
      }
      list.push(r);
    }
  } else groups.push(['', rows]);
  const span = table.getVisibleLeafColumns().length;
  return (
    <table className={s.table} aria-label={label}>
      <TableHead table={table} />
      <tbody>
        {groups.map(([g, grows]) => (
          <Fragment key={g || '_'}>
            {groupBy && <GroupRow span={span} name={g} count={grows.length} />}
            {grows.map((r) => (
              <TableRow key={r.id} row={r} />
            ))}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}

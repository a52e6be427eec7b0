import { Fragment, useMemo, type ReactNode } from 'react';
import { createTable, getCoreRowModel, type ColumnDef, type Row } from '@tanstack/react-table';
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

/** A table on @tanstack/react-table (headless), optionally grouped; an {@link EmptyState} (with `emptyAction`) when there are no rows. */
export function DataTable<T>({ label, columns, data, getRowId, emptyMessage, emptyAction, groupBy }: DataTableProps<T>) {
  // The table has no state of its own (no sorting, paging or selection), so a table built
  // from the current data and columns is all it needs; it is rebuilt when they change.
  const table = useMemo(() => {
    const t = createTable<T>({
      data,
      columns,
      getRowId: (r) => getRowId(r),
      getCoreRowModel: getCoreRowModel(),
      state: {},
      onStateChange: () => {},
      renderFallbackValue: null,
    });
    t.setOptions((prev) => ({ ...prev, state: t.initialState }));
    return t;
  }, [data, columns, getRowId]);
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
      <thead>
        {table.getHeaderGroups().map((hg) => (
          <tr key={hg.id}>
            {hg.headers.map((h) => (
              <th key={h.id} className={s.th} scope="col">
                {h.isPlaceholder ? null : rendered(h.column.columnDef.header, h.getContext())}
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {groups.map(([g, grows]) => (
          <Fragment key={g || '_'}>
            {groupBy && (
              <tr>
                <th colSpan={span} scope="rowgroup" className={`${s.td} ${s.groupRow}`}>
                  {g}{' '}
                  <Box as="span" fontWeight="normal">
                    ({grows.length})
                  </Box>
                </th>
              </tr>
            )}
            {grows.map((r) => (
              <tr key={r.id}>
                {r.getVisibleCells().map((c) => (
                  <td key={c.id} className={s.td}>
                    {rendered(c.column.columnDef.cell, c.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}

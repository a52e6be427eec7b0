/**
 * The funnel list's table (see FunnelList, which loads it as a chunk of its own) on
 * @tanstack/react-table in manual mode: the rows are the page the server searched, filtered and
 * sorted; the table only renders them. With a server-paged list the sort columns' headers are
 * buttons that ask for the other order (`aria-sort` on the header says the one in force).
 */
import { isValidElement, useMemo, type ReactNode } from 'react';
import { createTable, getCoreRowModel, type ColumnDef, type SortingState } from '@tanstack/react-table';
import type { FunnelListItem } from '../../../model';
import { styles as s } from '../../../ui';
import { LIST_SORTS, sortedList, type ListSort } from '../list-state';
import type { FunnelListPaging } from './FunnelList';
import * as css from './funnels.css';

/** A header or cell as elements: a function renderer is called, not mounted (see the shared DataTable: no remount under a click). */
function rendered<C>(template: string | ((ctx: C) => unknown) | undefined, ctx: C): ReactNode {
  const v = typeof template === 'function' ? template(ctx) : template;
  return v == null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || isValidElement(v) ? v : null;
}
const isSort = (id: string): id is ListSort => (LIST_SORTS as readonly string[]).includes(id);

/** See the module comment. `columns` with an `id` of {@link LIST_SORTS} sort on the server. */
export function FunnelTable({ columns, funnels, list }: { columns: ColumnDef<FunnelListItem, unknown>[]; funnels: FunnelListItem[]; list?: FunnelListPaging }) {
  const state = list?.state;
  const table = useMemo(() => {
    const sorting: SortingState = state ? [{ id: state.sort, desc: state.desc }] : [];
    const t = createTable<FunnelListItem>({
      data: funnels,
      columns,
      getRowId: (f) => String(f.ID),
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
  }, [funnels, columns, state]);
  return (
    <table className={s.table} aria-label="Funnels" aria-busy={list?.loading || undefined}>
      <thead>
        {table.getHeaderGroups().map((hg) => (
          <tr key={hg.id}>
            {hg.headers.map((h) => {
              const id = h.column.id;
              const sortable = !!list && isSort(id);
              const dir = sortable ? h.column.getIsSorted() : false;
              const label = rendered(h.column.columnDef.header, h.getContext());
              return (
                <th key={h.id} className={s.th} scope="col" aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}>
                  {sortable && list && isSort(id) ? (
                    <button type="button" className={css.sortButton} onClick={() => list.onChange(sortedList(list.state, id))}>
                      {label} <span aria-hidden="true">{dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}</span>
                    </button>
                  ) : (
                    label
                  )}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody className={list?.loading ? css.stale : undefined} aria-busy={list?.loading ? true : undefined}>
        {table.getRowModel().rows.map((r) => (
          <tr key={r.id}>
            {r.getVisibleCells().map((c) => (
              <td key={c.id} className={s.td}>
                {rendered(c.column.columnDef.cell, c.getContext())}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The funnel list's table (see FunnelList, which loads it as a chunk of its own) on
 * @tanstack/react-table in manual mode: the rows are the page the server searched, filtered and
 * sorted; the table only renders them. With a server-paged list the sort columns' headers are
 * buttons that ask for the other order (`aria-sort` on the header says the one in force).
 */
import type { ColumnDef } from '@tanstack/react-table';
import type { FunnelListItem } from '../../../model';
import { styles as s } from '../../../ui';
import { TableHead, TableRow, useRenderTable } from '../../../ui/DataTable';
import { LIST_SORTS, sortedList, type ListSort } from '../list-state';
import type { FunnelListPaging } from './FunnelList';
import * as css from './funnels.css';

const isSort = (id: string): id is ListSort => (LIST_SORTS as readonly string[]).includes(id);
const funnelId = (f: FunnelListItem) => String(f.ID);

/** See the module comment. `columns` with an `id` of {@link LIST_SORTS} sort on the server. */
export function FunnelTable({ columns, funnels, list }: { columns: ColumnDef<FunnelListItem, unknown>[]; funnels: FunnelListItem[]; list?: FunnelListPaging }) {
  const table = useRenderTable(funnels, columns, funnelId, list?.state);
  return (
    <table className={s.table} aria-label="Funnels" aria-busy={list?.loading || undefined}>
      <TableHead table={table} sort={list && { sorts: isSort, onSort: (id: ListSort) => list.onChange(sortedList(list.state, id)) }} />
      <tbody className={list?.loading ? css.stale : undefined} aria-busy={list?.loading ? true : undefined}>
        {table.getRowModel().rows.map((r) => (
          <TableRow key={r.id} row={r} />
        ))}
      </tbody>
    </table>
  );
}

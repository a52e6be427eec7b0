/**
 * The shipping methods (001 §2 "/shipping", §3 Shipping: ID, name, description, price,
 * shipping_code), sorted by ID, with Add shipping method, and per row Edit, Sync (re-read from
 * the store) and Delete for an admin (`shippings.write`). Others see the list and a note
 * saying why there are no actions. With `list` it is one page the server searched and sorted
 * (search box, sortable headers, pager; the screen keeps that state in the URL).
 *
 * Presentational: the screen (screens/ShippingScreen.tsx) reads the data and performs the actions.
 */
import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { formatMoney, SHIPPING_SORTS, type Shipping } from '../../../model';
import { Button } from '../../../ui';
import type { ListPaging } from '../../../ui/list/PagedTable';
import { addControl, ListSection } from '../../../ui/list/ListFrame';
import { withRowActions } from '../../../ui/list/useAddEdit';

/** What the empty list says (the seeds give no wording; this follows their 'No … added'). */
export const noShippings = (canWrite: boolean) =>
  `No shipping methods added. ${canWrite ? 'Use Add shipping method to add one from the store.' : 'Ask an admin to add one from the store.'}`;

/** Why a non-admin sees no actions (001 §6 "Edit buttons on some tables are visible only if the user's role is admin"). */
export const ADMIN_ONLY = 'Only an admin can add, edit, sync or delete shipping methods.';

/** A column the shipping list sorts by on the server. */
export type ShippingSort = (typeof SHIPPING_SORTS)[number];

const shippingRowId = (sh: Shipping) => String(sh.ID);
const shippingName = (sh: Shipping) => sh.name;

const BASE_COLUMNS: ColumnDef<Shipping, unknown>[] = [
  { id: 'id', header: 'ID', accessorKey: 'ID' },
  { id: 'name', header: 'Name', accessorKey: 'name' },
  { id: 'description', header: 'Description', accessorKey: 'description' },
  { id: 'price', header: 'Price', cell: ({ row: { original: sh } }) => formatMoney(sh.price) },
  { id: 'code', header: 'Shipping code', accessorKey: 'shipping_code' },
];

/** Props of {@link ShippingList}. */
export interface ShippingListProps {
  /** The methods (of the page). */
  shippings: readonly Shipping[];
  /** The server-paged list (search, sortable headers, pager); without it `shippings` is the whole list, by ID. */
  list?: ListPaging<ShippingSort>;
  /** Add, Edit, Sync and Delete are offered (shippings.write, admin). */
  canWrite: boolean;
  /** False while the signed-in role is loading: no note yet. Default true. */
  roleKnown?: boolean;
  /** Methods with a sync running (their Sync waits). */
  syncing?: ReadonlySet<number>;
  onAdd: () => void;
  onEdit: (sh: Shipping) => void;
  onSync: (sh: Shipping) => void;
  onDelete: (sh: Shipping) => void;
}

/** The shipping list: its heading, table and search box ({@link ListSection}). */
const SHIPPING_LIST = {
  title: 'Shipping',
  label: 'Shipping methods',
  noun: 'shipping methods',
  sorts: SHIPPING_SORTS,
  getRowId: shippingRowId,
  searchHint: 'Name, shipping code or ID',
};

/** See the module comment. */
export function ShippingList({ shippings, list, canWrite, roleKnown = true, syncing, onAdd, onEdit, onSync, onDelete }: ShippingListProps) {
  // A server page comes in the order asked for; a whole list is shown by ID.
  const rows = useMemo(() => (list ? [...shippings] : [...shippings].sort((a, b) => a.ID - b.ID)), [shippings, list]);
  const columns = useMemo(
    () =>
      withRowActions(BASE_COLUMNS, canWrite, shippingName, onEdit, onDelete, (sh) => (
        <Button size="sm" variant="ghost" isDisabled={syncing?.has(sh.ID)} onPress={() => onSync(sh)} aria-label={`Sync ${sh.name} from the store`}>
          {syncing?.has(sh.ID) ? 'Syncing…' : 'Sync'}
        </Button>
      )),
    [canWrite, syncing, onEdit, onSync, onDelete],
  );
  return (
    <ListSection
      {...SHIPPING_LIST}
      note={roleKnown && !canWrite && ADMIN_ONLY}
      add={addControl({ label: 'Add shipping method', onPress: onAdd, canAdd: canWrite, rows, list })}
      columns={columns}
      rows={rows}
      emptyMessage={noShippings(canWrite)}
      list={list}
    />
  );
}

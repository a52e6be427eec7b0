/**
 * The shipping methods (001 §2 "/shipping", §3 Shipping: ID, name, description, price,
 * shipping_code), sorted by ID, with Add shipping method, and per row Edit, Sync (re-read from
 * the store) and Delete for an admin (`shippings.write`). Others see the list and a note
 * saying why there are no actions.
 *
 * Presentational: the screen (screens/ShippingScreen.tsx) reads the data and performs the actions.
 */
import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { formatMoney, type Shipping } from '../../../model';
import { Box, Button, DataTable, Inline, styles as s } from '../../../ui';

/** What the empty list says (the seeds give no wording; this follows their 'No … added'). */
export const noShippings = (canWrite: boolean) =>
  `No shipping methods added. ${canWrite ? 'Use Add shipping method to add one from the store.' : 'Ask an admin to add one from the store.'}`;

/** Why a non-admin sees no actions (001 §6 "Edit buttons on some tables are visible only if the user's role is admin"). */
export const ADMIN_ONLY = 'Only an admin can add, edit, sync or delete shipping methods.';

/** Props of {@link ShippingList}. */
export interface ShippingListProps {
  shippings: readonly Shipping[];
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

/** See the module comment. */
export function ShippingList({ shippings, canWrite, roleKnown = true, syncing, onAdd, onEdit, onSync, onDelete }: ShippingListProps) {
  const rows = useMemo(() => [...shippings].sort((a, b) => a.ID - b.ID), [shippings]);
  const columns = useMemo<ColumnDef<Shipping, unknown>[]>(
    () => [
      { header: 'ID', accessorKey: 'ID' },
      { header: 'Name', accessorKey: 'name' },
      { header: 'Description', accessorKey: 'description' },
      { header: 'Price', cell: ({ row: { original: sh } }) => formatMoney(sh.price) },
      { header: 'Shipping code', accessorKey: 'shipping_code' },
      ...(canWrite
        ? [
            {
              header: 'Actions',
              cell: ({ row: { original: sh } }) => (
                <div className={s.row}>
                  <Button size="sm" variant="ghost" onPress={() => onEdit(sh)} aria-label={`Edit ${sh.name}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" isDisabled={syncing?.has(sh.ID)} onPress={() => onSync(sh)} aria-label={`Sync ${sh.name} from the store`}>
                    {syncing?.has(sh.ID) ? 'Syncing…' : 'Sync'}
                  </Button>
                  <Button size="sm" variant="ghost" onPress={() => onDelete(sh)} aria-label={`Delete ${sh.name}`}>
                    Delete
                  </Button>
                </div>
              ),
            } satisfies ColumnDef<Shipping, unknown>,
          ]
        : []),
    ],
    [canWrite, syncing, onEdit, onSync, onDelete],
  );
  // One Add control: on an empty list it moves next to the empty message, for whoever may add.
  const addButton = (
    <Button variant="primary" onPress={onAdd}>
      Add shipping method
    </Button>
  );
  const addInEmpty = canWrite && rows.length === 0;
  return (
    <section aria-labelledby="shipping-title">
      <Inline marginBottom="md">
        <Box as="h1" id="shipping-title" margin="none">
          Shipping
        </Box>
        <span className={s.spacer} />
        {roleKnown && !canWrite && (
          <Box as="span" role="note" fontSize="small" color="muted">
            {ADMIN_ONLY}
          </Box>
        )}
        {canWrite && !addInEmpty && addButton}
      </Inline>
      <DataTable
        label="Shipping methods"
        columns={columns}
        data={rows}
        getRowId={(sh) => String(sh.ID)}
        emptyMessage={noShippings(canWrite)}
        emptyAction={addInEmpty && addButton}
      />
    </section>
  );
}

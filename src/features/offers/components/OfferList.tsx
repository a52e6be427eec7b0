/**
 * The offer list (001 §2 "/offers", §3 Offer: ID, offer_id, ef_offer_id, name, platform,
 * store) in the shared table, each name opening its offer page (/offers/{id}/funnels); for
 * whoever may write offers (`offers.write`) Add offer, and per row Edit and Delete (with a
 * confirmation). The heading shows at once; while the list loads, or when it cannot be read,
 * that is said where the list would be. Presentational: the screen connects it.
 */
import { useMemo, useState } from 'react';
import { InUseNotice, useInUseRefusal } from '../../../ui/InUseNotice';
import { Link } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import type { Offer, Store } from '../../../model';
import { Box, Button, ConfirmDialog, DataTable, FormModal, Inline, styles as s, useBusyAction, Skeleton } from '../../../ui';
import { OfferForm, type OfferFormValues } from './OfferForm';

/** The empty list (001 §2 empty states: 'No Offer added'). */
export const NO_OFFERS = 'No Offer added';

/** The delete confirmation's question (after the seeds' 'Are you sure you want to delete this page?'). */
export const deleteOfferQuestion = (o: Pick<Offer, 'name' | 'offer_id'>) =>
  `Are you sure you want to delete the offer ${o.offer_id} ${o.name}? Its products are deleted with it.`;

/** Why a role without `offers.write` sees no actions. */
export const OFFERS_READ_ONLY = 'Your role may read offers but not add, edit or delete them.';

/** An offer's platform and store as one text: "29next · Store 2". */
export const platformText = (o: Pick<Offer, 'platform' | 'store'>) => (o.store ? `${o.platform} · ${o.store.name}` : o.platform);

/** Props of {@link OfferList}. */
export interface OfferListProps {
  /** The offers, or undefined while they load (or could not be read: `loadError`). */
  offers: Offer[] | undefined;
  loadError?: string;
  /** The stores for the form's Store select. */
  stores: readonly Store[];
  /** Add, Edit and Delete are offered (`offers.write`). */
  canWrite: boolean;
  /** False while the signed-in role is loading: no read-only note yet. Default true. */
  roleKnown?: boolean;
  /** Each write rejects when the server refuses (the dialog then stays open). */
  onCreate: (v: OfferFormValues) => Promise<unknown>;
  onUpdate: (o: Offer, v: OfferFormValues) => Promise<unknown>;
  onDelete: (o: Offer) => Promise<unknown>;
  /** A duplicate refused before the call (001 §8 info toast). */
  onDuplicate: (message: string) => void;
}

const BASE_COLUMNS: ColumnDef<Offer, unknown>[] = [
  { header: 'ID', accessorKey: 'ID' },
  { header: 'Offer ID', accessorKey: 'offer_id' },
  { header: 'Everflow ID', cell: ({ row: { original: o } }) => o.ef_offer_id ?? '—' },
  { header: 'Name', cell: ({ row: { original: o } }) => <Link to={`/offers/${o.ID}/funnels`}>{o.name}</Link> },
  { header: 'Platform', cell: ({ row: { original: o } }) => platformText(o) },
];

/** See {@link OfferListProps}. */
export function OfferList({ offers, loadError, stores, canWrite, roleKnown = true, onCreate, onUpdate, onDelete, onDuplicate }: OfferListProps) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Offer | null>(null);
  const [deleting, setDeleting] = useState<Offer | null>(null);
  const [busy, run] = useBusyAction();
  const { refusal, setRefusal, refusable } = useInUseRefusal();
  const columns = useMemo<ColumnDef<Offer, unknown>[]>(
    () =>
      canWrite
        ? [
            ...BASE_COLUMNS,
            {
              header: 'Actions',
              cell: ({ row: { original: o } }) => (
                <div className={s.row}>
                  <Button size="sm" variant="ghost" onPress={() => setEditing(o)} aria-label={`Edit ${o.name}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" onPress={() => setDeleting(o)} aria-label={`Delete ${o.name}`}>
                    Delete
                  </Button>
                </div>
              ),
            },
          ]
        : BASE_COLUMNS,
    [canWrite],
  );
  // One Add control: on an empty list it moves next to the empty message, for whoever may add.
  const addButton = (
    <Button variant="primary" onPress={() => setAdding(true)}>
      Add offer
    </Button>
  );
  const addInEmpty = canWrite && !!offers && offers.length === 0;
  return (
    <section aria-labelledby="offers-title">
      <Inline marginBottom="md">
        <Box as="h1" id="offers-title" margin="none">
          Offers
        </Box>
        <span className={s.spacer} />
        {roleKnown && !canWrite && (
          <Box as="span" role="note" fontSize="small" color="muted">
            {OFFERS_READ_ONLY}
          </Box>
        )}
        {canWrite && offers && !addInEmpty && addButton}
      </Inline>
      {offers ? (
        <DataTable
          label="Offers"
          columns={columns}
          data={offers}
          getRowId={(o) => String(o.ID)}
          emptyMessage={NO_OFFERS}
          emptyAction={addInEmpty && addButton}
        />
      ) : loadError ? (
        <p role="alert">{loadError}</p>
      ) : (
        <Skeleton label="Loading offers…" />
      )}
      {canWrite && offers && (
        <>
          <FormModal title="Add offer" isOpen={adding} formId="offer-form" busy={busy} onCancel={() => setAdding(false)}>
            {adding && (
              <OfferForm
                id="offer-form"
                offers={offers}
                stores={stores}
                onDuplicate={onDuplicate}
                onSave={(v) =>
                  run(
                    () => onCreate(v),
                    () => setAdding(false),
                  )
                }
              />
            )}
          </FormModal>
          <FormModal
            title={editing ? `Edit ${editing.name}` : 'Edit offer'}
            isOpen={!!editing}
            formId="edit-offer-form"
            busy={busy}
            onCancel={() => setEditing(null)}
          >
            {editing && (
              <OfferForm
                id="edit-offer-form"
                offer={editing}
                offers={offers}
                stores={stores}
                onDuplicate={onDuplicate}
                onSave={(v) =>
                  run(
                    () => onUpdate(editing, v),
                    () => setEditing(null),
                  )
                }
              />
            )}
          </FormModal>
          <ConfirmDialog
            isOpen={!!deleting}
            title="Delete offer"
            danger
            confirmLabel="Delete"
            busy={busy}
            message={
              deleting ? (
                <>
                  {deleteOfferQuestion(deleting)}
                  <InUseNotice refusal={refusal} />
                </>
              ) : (
                ''
              )
            }
            onCancel={() => {
              setDeleting(null);
              setRefusal(null);
            }}
            onConfirm={() => {
              if (deleting)
                void run(
                  refusable(() => onDelete(deleting)),
                  () => {
                    setDeleting(null);
                    setRefusal(null);
                  },
                );
            }}
          />
        </>
      )}
    </section>
  );
}

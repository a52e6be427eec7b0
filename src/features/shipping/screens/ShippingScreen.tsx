/**
 * /shipping (001 §2, §3 Shipping, §5, §7), connected: the list of shipping methods; for an
 * admin Add shipping method (the store's ID; the server reads the rest from the store), Edit
 * (name, description, price required; the code kept), Sync (re-reads the method from the
 * store) and Delete after a confirmation. A refusal of create stays in its form at the ID;
 * other refusals are shown by the API client as a toast and leave the dialog open. Add shows
 * when the store's list was read and Refresh reads it again (its failure shown in the dialog).
 * The list is searched, sorted and paged on the server, that state in the URL
 * (`/shipping?q=express&sort=price`: shareable, Back restores the previous one).
 */
import { lazy, useCallback, useState } from 'react';
import { useCan, useRole } from '../../../api';
import { SHIPPING_SORTS, type Shipping } from '../../../model';
import { useBusyAction, useDocumentTitle, Skeleton } from '../../../ui';
import { listQueryOf, useListState } from '../../../ui/list/list-state';
import { csvExport } from '../../../api/csv-export';
import { SHIPPING_ROUTES } from '../../../model/contracts/shippings';
import { useScreenActions } from '../../../ui/screen-actions';
import { DialogsLoading, LazyConfirmDialog as ConfirmDialog, LazyFormModal as FormModal } from '../../../ui/list/ListFrame';
import { useRefreshStoreShippings, useShippingMutations, useShippingPage, useStoreShippings } from '../api';
import { ShippingList } from '../components/ShippingList';

// The dialogs (react-aria) and the forms (react-hook-form) load when one opens: the list's
// first visit does without them.
const loadForms = () => import('../components/ShippingForms');
const ShippingCreateForm = lazy(() => loadForms().then((m) => ({ default: m.ShippingCreateForm })));
const ShippingEditForm = lazy(() => loadForms().then((m) => ({ default: m.ShippingEditForm })));

/** See the module comment. */
export function ShippingScreen() {
  useDocumentTitle(['Shipping']);
  const { state, go } = useListState(SHIPPING_SORTS);
  const list = useShippingPage(state);
  const canWrite = useCan('shippings.write');
  const roleKnown = useRole() !== null;
  const m = useShippingMutations();
  const [adding, setAdding] = useState(false);
  const store = useStoreShippings(adding);
  const refresh = useRefreshStoreShippings();
  const [editing, setEditing] = useState<Shipping | null>(null);
  const [deleting, setDeleting] = useState<Shipping | null>(null);
  const [syncing, setSyncing] = useState<ReadonlySet<number>>(new Set());
  const [busy, run] = useBusyAction();
  const [creating, setCreating] = useState(false);

  const onSync = useCallback(
    (sh: Shipping) => {
      setSyncing((b) => new Set(b).add(sh.ID));
      m.sync
        .mutateAsync(sh)
        .catch(() => {
          /* shown by the API client */
        })
        .finally(() =>
          setSyncing((b) => {
            const n = new Set(b);
            n.delete(sh.ID);
            return n;
          }),
        );
    },
    [m.sync],
  );

  // The command palette's actions here (Ctrl/Cmd+K).
  useScreenActions(
    canWrite
      ? [
          {
            id: 'add-shipping',
            label: 'Add shipping method',
            run: () => {
              refresh.reset();
              setAdding(true);
            },
          },
        ]
      : [],
  );
  if (list.isPending) return <Skeleton label="Loading shipping methods…" />;
  if (list.isError) throw list.error;
  return (
    <>
      <ShippingList
        shippings={list.data.rows}
        list={{
          state,
          total: list.data.total,
          loading: list.isPlaceholderData && list.isFetching,
          onChange: go,
          exportCsv: csvExport(SHIPPING_ROUTES.export.path, listQueryOf(state), 'shipping.csv'),
        }}
        canWrite={canWrite}
        roleKnown={roleKnown}
        syncing={syncing}
        onAdd={() => {
          refresh.reset();
          setAdding(true);
        }}
        onEdit={setEditing}
        onSync={onSync}
        onDelete={setDeleting}
      />
      {(adding || !!editing || !!deleting) && (
        <DialogsLoading>
          <FormModal title="Add shipping method" isOpen={adding} formId="shipping-form" busy={creating} onCancel={() => setAdding(false)}>
            {adding && (
              <ShippingCreateForm
                id="shipping-form"
                storeMethods={store.data?.items}
                storeError={store.isError}
                sync={{
                  syncedAt: store.data?.syncedAt ?? null,
                  platform: store.data?.platform ?? null,
                  syncError: store.data?.syncError ?? null,
                  onRefresh: () => refresh.mutate(),
                  refreshing: refresh.isPending,
                  refreshError: refresh.error?.message ?? null,
                }}
                onSave={async (ID) => {
                  setCreating(true);
                  try {
                    await m.create.mutateAsync(ID);
                    setAdding(false);
                  } finally {
                    setCreating(false);
                  }
                }}
              />
            )}
          </FormModal>
          <FormModal
            title={editing ? `Edit ${editing.name}` : 'Edit shipping method'}
            isOpen={!!editing}
            formId="edit-shipping-form"
            busy={busy}
            onCancel={() => setEditing(null)}
          >
            {editing && (
              <ShippingEditForm
                id="edit-shipping-form"
                shipping={editing}
                onSave={(body) =>
                  run(
                    () => m.update.mutateAsync({ id: editing.ID, body }),
                    () => setEditing(null),
                  )
                }
              />
            )}
          </FormModal>
          <ConfirmDialog
            isOpen={!!deleting}
            title="Delete shipping method"
            danger
            confirmLabel="Delete"
            busy={busy}
            message={deleting ? `Are you sure you want to delete shipping method ${deleting.ID} ${deleting.name}?` : ''}
            onCancel={() => setDeleting(null)}
            onConfirm={() => {
              if (deleting) {
                const d = deleting;
                void run(
                  () => m.remove.mutateAsync(d),
                  () => setDeleting(null),
                );
              }
            }}
          />
        </DialogsLoading>
      )}
    </>
  );
}

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
import { useDocumentTitle, Skeleton } from '../../../ui';
import { listPaging, listQueryOf, useListState } from '../../../ui/list/list-state';
import { csvExport } from '../../../api/csv-export';
import { SHIPPING_ROUTES } from '../../../model/contracts/shippings';
import { useScreenActions } from '../../../ui/screen-actions';
import { DialogsLoading, LazyConfirmDialog as ConfirmDialog } from '../../../ui/list/ListFrame';
import { useAddEdit } from '../../../ui/list/useAddEdit';
import { useConfirmDelete } from '../../../ui/list/useConfirmDelete';
import { useRefreshStoreShippings, useShippingMutations, useShippingPage, useStoreShippings, type ShippingEditValues } from '../api';
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
  const refresh = useRefreshStoreShippings();
  // A refused create stays in its form at the ID; a refused edit is toasted.
  const crud = useAddEdit<Shipping, number, ShippingEditValues>({
    noun: 'shipping method',
    formId: 'shipping-form',
    nameOf: (sh) => sh.name,
    onCreate: (ID) => m.create.mutateAsync(ID),
    onUpdate: (sh, body) => m.update.mutateAsync({ id: sh.ID, body }),
    addForm: (slot) => (
      <ShippingCreateForm
        {...slot}
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
      />
    ),
    editForm: (slot, shipping) => <ShippingEditForm {...slot} shipping={shipping} />,
    errorsTo: { add: 'form', edit: 'toast' },
  });
  const store = useStoreShippings(crud.adding);
  const {
    deleting,
    ask: setDeleting,
    dialog: deleteDialog,
  } = useConfirmDelete(
    (sh: Shipping) => `Are you sure you want to delete shipping method ${sh.ID} ${sh.name}?`,
    (sh) => m.remove.mutateAsync(sh),
  );
  const [syncing, setSyncing] = useState<ReadonlySet<number>>(new Set());

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
              crud.add();
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
        list={listPaging(state, go, list, csvExport(SHIPPING_ROUTES.export.path, listQueryOf(state), 'shipping.csv'))}
        canWrite={canWrite}
        roleKnown={roleKnown}
        syncing={syncing}
        onAdd={() => {
          refresh.reset();
          crud.add();
        }}
        onEdit={crud.edit}
        onSync={onSync}
        onDelete={setDeleting}
      />
      {(crud.open || !!deleting) && (
        <DialogsLoading>
          {crud.dialogs()}
          <ConfirmDialog title="Delete shipping method" {...deleteDialog} />
        </DialogsLoading>
      )}
    </>
  );
}

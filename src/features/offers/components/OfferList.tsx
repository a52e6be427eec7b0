/**
 * The offer list (001 §2 "/offers", §3 Offer: ID, offer_id, ef_offer_id, name, platform,
 * store) in the shared paged table, each name opening its offer page (/offers/{id}/funnels); for
 * whoever may write offers (`offers.write`) Add offer, and per row Edit and Delete (with a
 * confirmation). With `list` it is one page the server searched and sorted (search box, sortable
 * headers, pager; the screen keeps that state in the URL). The heading shows at once; while the
 * list loads, or when it cannot be read, that is said where the list would be. Presentational:
 * the screen connects it.
 */
import { lazy, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import { OFFER_SORTS, type Offer, type Store } from '../../../model';
import type { ListPaging } from '../../../ui/list/PagedTable';
import { useInUseDelete } from '../../../ui/list/useInUseDelete';
import { ListSection } from '../../../ui/list/ListFrame';
import { withRowActions, type FormSlot } from '../../../ui/list/useAddEdit';
import { useCrudList } from '../../../ui/list/useCrudList';
import type { OfferFormValues } from './OfferForm';

// The dialogs (react-aria) and the form (react-hook-form) load when one opens: the list's
// first visit does without them.
const OfferForm = lazy(() => import('./OfferForm').then((m) => ({ default: m.OfferForm })));

/** The empty list (001 §2 empty states: 'No Offer added'). */
export const NO_OFFERS = 'No Offer added';

/** The delete confirmation's question (after the seeds' 'Are you sure you want to delete this page?'). */
export const deleteOfferQuestion = (o: Pick<Offer, 'name' | 'offer_id'>) =>
  `Are you sure you want to delete the offer ${o.offer_id} ${o.name}? Its products are deleted with it.`;

/** Why a role without `offers.write` sees no actions. */
export const OFFERS_READ_ONLY = 'Your role may read offers but not add, edit or delete them.';

/** An offer's platform and store as one text: "29next · Store 2". */
export const platformText = (o: Pick<Offer, 'platform' | 'store'>) => (o.store ? `${o.platform} · ${o.store.name}` : o.platform);

/** A column the offer list sorts by on the server. */
export type OfferSort = (typeof OFFER_SORTS)[number];

/** Props of {@link OfferList}. */
export interface OfferListProps {
  /** The offers (of the page), or undefined while they load (or could not be read: `loadError`). */
  offers: Offer[] | undefined;
  /** Every offer, for the form's duplicate check (default: `offers`). */
  allOffers?: Offer[];
  /** The server-paged list (search, sortable headers, pager); without it `offers` is the whole list. */
  list?: ListPaging<OfferSort>;
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
  { id: 'id', header: 'ID', accessorKey: 'ID' },
  { id: 'offer_id', header: 'Offer ID', accessorKey: 'offer_id' },
  { id: 'ef_offer_id', header: 'Everflow ID', cell: ({ row: { original: o } }) => o.ef_offer_id ?? '—' },
  { id: 'name', header: 'Name', cell: ({ row: { original: o } }) => <Link to={`/offers/${o.ID}/funnels`}>{o.name}</Link> },
  { id: 'platform', header: 'Platform', cell: ({ row: { original: o } }) => platformText(o) },
];

const offerRowId = (o: Offer) => String(o.ID);
const offerName = (o: Offer) => o.name;

/** The offers list: its heading, table and search box ({@link ListSection}). */
const OFFER_LIST = {
  title: 'Offers',
  noun: 'offers',
  sorts: OFFER_SORTS,
  getRowId: offerRowId,
  emptyMessage: NO_OFFERS,
  searchHint: 'Name, ID, offer ID or Everflow ID',
};

/** See {@link OfferListProps}. */
export function OfferList({
  offers,
  allOffers = offers,
  list,
  loadError,
  stores,
  canWrite,
  roleKnown = true,
  onCreate,
  onUpdate,
  onDelete,
  onDuplicate,
}: OfferListProps) {
  const form = (slot: FormSlot<OfferFormValues>, offer?: Offer) => (
    <OfferForm {...slot} offer={offer} offers={allOffers ?? offers ?? []} stores={stores} onDuplicate={onDuplicate} />
  );
  const confirm = useInUseDelete(deleteOfferQuestion, onDelete);
  const addEdit = { noun: 'offer', formId: 'offer-form', nameOf: offerName, onCreate, onUpdate, addForm: form, editForm: form };
  const { edit, remove, section } = useCrudList({ ...addEdit, canWrite, rows: offers, list, confirm });
  const columns = useMemo(() => withRowActions(BASE_COLUMNS, canWrite, offerName, edit, remove), [canWrite, edit, remove]);
  return (
    <ListSection
      {...OFFER_LIST}
      {...section}
      note={roleKnown && !canWrite && OFFERS_READ_ONLY}
      rows={offers}
      loadError={loadError}
      columns={columns}
      list={list}
    />
  );
}

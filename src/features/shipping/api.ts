/**
 * The shipping slice's calls (001 §7 "GET, POST /api/v1/shippings", "PUT, DELETE
 * /api/v1/shippings/{id}", "POST /api/v1/shippings/sync/{id}"): the list, create (the store's
 * ID; the server reads name, description, price and code from the store), edit, delete and
 * sync (re-read one method from the store). Answers are parsed with the model's schemas. The
 * store's list comes from the server's cache of the order platform: its headers say when it was
 * read (X-Synced-At), from where (X-Order-Platform) and whether reading it again failed
 * (X-Sync-Error); Refresh asks the server to read it again (`refresh=true`).
 * Shipping methods are plain rows (no version, no PATCH), so their writes are mutations, not
 * commands of the editor store.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call, parseAnswer, rawRequest, urlOf, useRecordWrites, useWrite } from '../../api';
import { notify } from '../../ui';
import { useListPage } from '../../api/list';
import { listQueryOf, type ListState } from '../../ui/list/list-state';
import { SHIPPING_ROUTES, type Shipping, type ShippingEditSchema, type StoreShipping } from '../../model';

/** The slice's query key (no other slice reads shipping methods as a list yet). */
export const shippingKeys = { list: ['shippings'] as const, store: ['shippings', 'store'] as const };

/** A valid edit form as the model's schema outputs it (001 §5: name, description, price required). */
export type ShippingEditValues = z.output<typeof ShippingEditSchema>;

/** The store's shipping methods as `GET /api/v1/shippings/store` answers them, with when and where they were read. */
export interface StoreShippings {
  /** The methods by ID, each with `added`. */
  items: StoreShipping[];
  /** ISO 8601 time the server read the list from the order platform (X-Synced-At); null when it did not say. */
  syncedAt: string | null;
  /** The order platform as operators name it, e.g. "Sticky.io" (X-Order-Platform); null when not said. */
  platform: string | null;
  /** Why reading the platform again failed, when the list is the last copy read (X-Sync-Error); else null. */
  syncError: string | null;
}

/** A header's text as the server encodes it (percent-encoded beyond printable ASCII). */
const headerText = (v: string | null) => {
  if (v === null) return null;
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
};

/**
 * The calls as plain functions (the hooks wrap them).
 * @throws ApiError on a non-2xx status; AnswerShapeError when an answer does not match the model.
 */
export const shippingCalls = {
  /**
   * `GET /api/v1/shippings/store`: the store's methods, by ID, each with `added`, and when the
   * server read them; `refresh` asks it to read them from the platform now (its failure is not
   * notified: the dialog shows it).
   */
  store: async (refresh = false): Promise<StoreShippings> => {
    const path = urlOf(SHIPPING_ROUTES.store, { query: refresh ? { refresh } : {} });
    const res = await rawRequest('GET', path, { notify: !refresh });
    const items = parseAnswer(SHIPPING_ROUTES.store.answer, 'GET', path, await res.json());
    const h = res.headers;
    return { items, syncedAt: h.get('X-Synced-At'), platform: h.get('X-Order-Platform'), syncError: headerText(h.get('X-Sync-Error')) };
  },
  /** Every method, by ID. */
  list: () => call(SHIPPING_ROUTES.list, {}),
  /**
   * Adds `{ ID }`: the server reads the rest from the store. Not
   * notified: the form shows a refusal (409 already added, 404 not in the store) at the ID.
   */
  create: (ID: number) => call(SHIPPING_ROUTES.create, { body: { ID }, notify: false }),
  /** Name, description, price and the code (sent as it is, so an edit keeps it). */
  update: (id: number, body: ShippingEditValues) => call(SHIPPING_ROUTES.update, { params: { id }, body }),
  /** Deletes the method. */
  remove: (id: number) => call(SHIPPING_ROUTES.remove, { params: { id } }),
  /** The method as the store has it now. */
  sync: (id: number) => call(SHIPPING_ROUTES.sync, { params: { id } }),
};

/** One page of the shipping methods as `state` asks for it (searched, sorted and paged on the server; see src/api/list.ts). */
export const useShippingPage = (state: ListState) => useListPage(shippingKeys.list, SHIPPING_ROUTES.list, listQueryOf(state));

/** The store's shipping methods (what Add offers) and when they were read; read when `enabled` (the Add dialog is open). */
export const useStoreShippings = (enabled: boolean) => useQuery({ queryKey: shippingKeys.store, queryFn: () => shippingCalls.store(), enabled });

/** Refresh: the server reads the store's list from the platform now; the answer replaces the one shown. */
export function useRefreshStoreShippings() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => shippingCalls.store(true), onSuccess: (data) => qc.setQueryData(shippingKeys.store, data) });
}

/** Create, edit, delete and sync; each refreshes the list (and what the store offers to add) before it resolves, and says so. */
export function useShippingMutations() {
  const o = { refresh: [{ queryKey: shippingKeys.list }], awaitRefresh: true, toasts: notify };
  return {
    ...useRecordWrites(shippingCalls, o, (sh: Pick<Shipping, 'ID' | 'name'>) => `Shipping ${sh.ID} ${sh.name}`),
    sync: useWrite((sh: Pick<Shipping, 'ID'>) => shippingCalls.sync(sh.ID), { ...o, success: (r) => `Shipping ${r.ID} ${r.name} synced from the store` }),
  };
}

/**
 * What the funnel page (the `funnels/:id` layout route) hands its tab routes (001 §2 "Funnel
 * page"): the funnel as the editor store holds it, and whether it is locked. A tab route module
 * exports `Component` and a `loader` that starts the tab's reads ({@link tabLoader}).
 */
import { useOutletContext, type LoaderFunctionArgs } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { loaderClient } from '../../../api';
import { notify } from '../../../ui';
import type { Funnel } from '../../../model';

/** The outlet context of the funnel page's tabs. */
export interface FunnelTabContext {
  funnelId: number;
  funnel: Funnel;
  locked: boolean;
}

/** The funnel page's context, in one of its tabs. */
export const useFunnelTab = (): FunnelTabContext => useOutletContext<FunnelTabContext>();

/**
 * A tab route's loader: `start(qc, funnelId, url)` starts the tab's reads in the app's query
 * client without waiting for them (`void qc.prefetchQuery(…)`: the tab renders at once and finds
 * them in the cache); nothing before sign-in or for a non-numeric ID. @returns null.
 */
export function tabLoader(start: (qc: QueryClient, funnelId: number, url: URL) => void) {
  return ({ params, request }: LoaderFunctionArgs): null => {
    const id = Number(params.id);
    const qc = loaderClient();
    if (qc && Number.isInteger(id)) start(qc, id, new URL(request.url));
    return null;
  };
}

/** A record mutation as a tab calls it (TanStack Query's `mutateAsync`). */
interface Mutate<A, R> {
  mutateAsync: (arg: A) => Promise<R>;
}

/**
 * The create, save and delete handlers of a tab's records (001 §7 writes), each saying its
 * success in a toast with the record's name ("Added the …", "Saved the …", "Deleted the …"); a
 * refusal is said by the API client and keeps the dialog open.
 */
export function recordHandlers<R extends { ID: number }, F>(
  m: { create: Mutate<F, R>; update: Mutate<{ id: number; form: F }, R>; remove: Mutate<number, unknown> },
  nameOf: (r: R) => string,
) {
  return {
    onCreate: async (v: F) => notify.success(`Added the ${nameOf(await m.create.mutateAsync(v))}`),
    onUpdate: async (r: R, form: F) => notify.success(`Saved the ${nameOf(await m.update.mutateAsync({ id: r.ID, form }))}`),
    onDelete: async (r: R) => {
      await m.remove.mutateAsync(r.ID);
      notify.success(`Deleted the ${nameOf(r)}`);
    },
  };
}

/**
 * What the funnel page (the `funnels/:id` layout route) hands its tab routes (001 §2 "Funnel
 * page"): the funnel as the editor store holds it, and whether it is locked. A tab route module
 * exports `Component` and a `loader` that starts the tab's reads ({@link tabLoader}).
 */
import { useOutletContext, type LoaderFunctionArgs } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { loaderClient } from '../../../api';
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

/**
 * What the offer page (the `offers/:id` layout route) hands its tab routes (001 §2 "Offer page;
 * tabs: funnels, products, campaign"): the offer as read, with its products and funnels. A tab
 * route module exports `Component` and, when the tab reads more than the offer, a `loader` that
 * starts those reads ({@link offerTabLoader}).
 */
import { useOutletContext, type LoaderFunctionArgs } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { loaderClient } from '../../../api';
import { OFFER_TABS, type OfferTab } from '../../../model';
import type { OfferDetail } from '../api';

/** True when `t` names a tab of the offer page (the address's `{tab}`). */
export const isOfferTab = (t: string | undefined): t is OfferTab => (OFFER_TABS as readonly string[]).includes(t ?? '');

/** The outlet context of the offer page's tabs. */
export interface OfferTabContext {
  /** The offer's row ID (the address's `{id}`). */
  id: number;
  offer: OfferDetail;
}

/** The offer page's context, in one of its tabs. */
export const useOfferTab = (): OfferTabContext => useOutletContext<OfferTabContext>();

/**
 * A route loader of the offer page: `start(qc, id)` starts reads in the app's query client
 * without waiting for them (the screen renders at once and finds them in the cache); nothing
 * before sign-in or for an ID that is not a number. @returns null.
 */
export function offerTabLoader(start: (qc: QueryClient, id: number) => void) {
  return ({ params }: LoaderFunctionArgs): null => {
    const id = Number(params.id);
    const qc = loaderClient();
    if (qc && /^\d{1,9}$/.test(params.id ?? '')) start(qc, id);
    return null;
  };
}

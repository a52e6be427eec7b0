/**
 * The offer page's tab modules, each loaded on its tab's first visit. Loaded itself with the
 * offer page (routes.tsx asks it for a tab's module), so the route table — part of the sign-in
 * page's entry chunk — holds one lazy import instead of one per tab.
 */
import type { LoaderFunction } from 'react-router-dom';
import type { OfferTab } from '../../../model';

/** A tab route module (./<tab>.tsx): its component and, when the tab reads more than the offer, the loader that starts those reads. */
export interface OfferTabModule {
  Component: () => React.JSX.Element;
  loader?: LoaderFunction;
}

/** Each tab's module (a record: a new tab without a module does not compile). */
const TAB_MODULES: Record<OfferTab, () => Promise<OfferTabModule>> = {
  funnels: () => import('./funnels'),
  products: () => import('./products'),
  campaign: () => import('./campaign'),
};

/** Tab `tab`'s route parts (react-router `lazy`): its component and loader. */
export async function loadOfferTab(tab: OfferTab): Promise<OfferTabModule> {
  const m = await TAB_MODULES[tab]();
  return { Component: m.Component, ...(m.loader ? { loader: m.loader } : {}) };
}

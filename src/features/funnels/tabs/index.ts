/**
 * The funnel page's tab modules, each loaded on its tab's first visit. Loaded itself with the
 * funnel page (routes.tsx asks it for a tab's module), so the route table — part of the sign-in
 * page's entry chunk — holds one lazy import instead of one per tab.
 */
import type { LoaderFunction } from 'react-router-dom';
import type { FunnelTab } from '../../../model';

/** A tab route module (./<tab>.tsx): its component and the loader that starts its reads. */
export interface TabModule {
  Component: () => React.JSX.Element;
  loader: LoaderFunction;
}

/** Each tab's module (a record: a new tab without a module does not compile). */
const TAB_MODULES: Record<FunnelTab, () => Promise<TabModule>> = {
  domains: () => import('./domains'),
  campaigns: () => import('./campaigns'),
  products: () => import('./products'),
  scrubs: () => import('./scrubs'),
  pages: () => import('./pages'),
  pixels: () => import('./pixels'),
  gallery: () => import('./gallery'),
  blockers: () => import('./blockers'),
  logs: () => import('./logs'),
  releases: () => import('./releases'),
  analytics: () => import('./analytics'),
  details: () => import('./details'),
};

/** Tab `tab`'s route parts (react-router `lazy`): its component and loader. */
export async function loadTab(tab: FunnelTab): Promise<TabModule> {
  const m = await TAB_MODULES[tab]();
  return { Component: m.Component, loader: m.loader };
}

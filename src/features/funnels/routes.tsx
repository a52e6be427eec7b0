/**
 * The funnels slice's routes (001 §2): the list and the funnel page with its tabs, loaded on
 * first visit. The funnel page is a layout route; each tab a child route whose module brings a
 * loader that starts the tab's reads. `handle.editing` names the documents the shell's editor bar
 * saves and undoes.
 */
import { Navigate, type RouteObject } from 'react-router-dom';
import { FUNNEL_TABS, type FunnelTab } from '../../model';

/** A tab route module (./tabs/<tab>.tsx): its component and the loader that starts its reads. */
type TabModule = { Component: () => React.JSX.Element; loader: RouteObject['loader'] };

/** Each tab's module, loaded on its first visit (a record: a new tab without a module does not compile). */
const TAB_MODULES: Record<FunnelTab, () => Promise<TabModule>> = {
  domains: () => import('./tabs/domains'),
  campaigns: () => import('./tabs/campaigns'),
  products: () => import('./tabs/products'),
  scrubs: () => import('./tabs/scrubs'),
  pages: () => import('./tabs/pages'),
  pixels: () => import('./tabs/pixels'),
  gallery: () => import('./tabs/gallery'),
  blockers: () => import('./tabs/blockers'),
  logs: () => import('./tabs/logs'),
  releases: () => import('./tabs/releases'),
  analytics: () => import('./tabs/analytics'),
  details: () => import('./tabs/details'),
};

/** The child route of tab `tab` under `funnels/:id`. */
const tabRoute = (tab: FunnelTab): RouteObject => ({
  path: tab,
  lazy: () => TAB_MODULES[tab]().then((m) => ({ Component: m.Component, loader: m.loader })),
});

export const routes: RouteObject[] = [
  { path: 'funnels', lazy: () => import('./screens/FunnelsScreen').then((m) => ({ Component: m.FunnelsScreen })) },
  // What deleted funnels left: their logs, for an admin.
  { path: 'funnels/deleted', lazy: () => import('./screens/DeletedFunnelsScreen').then((m) => ({ Component: m.DeletedFunnelsScreen })) },
  // The wizards (000 §2 build wizard; 001 §2 quick wizard) load only when opened.
  { path: 'funnels/build', lazy: () => import('./wizard/BuildWizardScreen').then((m) => ({ Component: m.BuildWizardScreen })) },
  // Once built, the quick wizard's address names the new funnel: its Faq and Manual steps edit that document.
  {
    path: 'funnels/quick/:id?',
    handle: { editing: (p: { id?: string }) => (p.id ? [`funnel:${p.id}`] : []) },
    lazy: () => import('./wizard/QuickWizardScreen').then((m) => ({ Component: m.QuickWizardScreen })),
  },
  {
    path: 'funnels/:id',
    handle: { editing: (p: { id?: string }) => [`funnel:${p.id}`] },
    lazy: () => import('./screens/FunnelScreen').then((m) => ({ Component: m.FunnelScreen })),
    children: [
      { index: true, element: <Navigate to="pages" replace /> },
      ...FUNNEL_TABS.map((tab) => tabRoute(tab)),
      // Another segment: the funnel page says Not Found.
      { path: '*', element: null },
    ],
  },
];

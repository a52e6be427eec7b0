/**
 * The funnels slice's routes (001 §2): the list and the funnel page with its tabs, loaded on
 * first visit. The funnel page is a layout route; each tab a child route whose module brings a
 * loader that starts the tab's reads. `handle.editing` names the documents the shell's editor bar
 * saves and undoes.
 */
import { Navigate, type RouteObject } from 'react-router-dom';
// The constants are in the entry chunk already (the policy table reads them); the model's index is not.
import { FUNNEL_TABS } from '../../model/constants';

/** The tabs' child routes under `funnels/:id`, each loaded on first visit with its loader (./tabs). */
const tabRoutes: RouteObject[] = FUNNEL_TABS.map((path) => ({
  path,
  lazy: () => import('./tabs').then((m) => m.loadTab(path)),
}));

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
      ...tabRoutes,
      // Another segment: the funnel page says Not Found.
      { path: '*', element: null },
    ],
  },
];

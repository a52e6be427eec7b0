/**
 * The offers slice's routes (001 §2): /offers, the offer list, and /offers/{id}, the offer page:
 * a layout route whose tabs (funnels, products, campaign) are child routes, each loaded on first
 * visit with its loader (./tabs). /offers/{id} without a tab, or with an unknown one, opens the
 * first tab, as /funnels/{id} does.
 */
import { Navigate, type RouteObject } from 'react-router-dom';
// The constants are in the entry chunk already (the policy table reads them); the model's index is not.
import { OFFER_TABS } from '../../model/constants';

/**
 * The tabs' child routes under `offers/:id`, each loaded on first visit (./tabs), asked of the
 * offer page's module, which the tab needs anyway: the route table (in the entry chunk) then holds
 * no import of its own for them.
 */
const tabRoutes: RouteObject[] = OFFER_TABS.map((path) => ({
  path,
  lazy: () => import('./screens/OfferScreen').then((m) => m.loadOfferTab(path)),
}));

export const routes: RouteObject[] = [
  { path: 'offers', lazy: () => import('./screens/OffersScreen').then((m) => ({ Component: m.OffersScreen })) },
  {
    path: 'offers/:id',
    lazy: () => import('./screens/OfferScreen').then((m) => ({ Component: m.OfferScreen, loader: m.loader })),
    children: [
      { index: true, element: <Navigate to={OFFER_TABS[0]} replace /> },
      ...tabRoutes,
      // An unknown tab: the offer page sends it to the first tab.
      { path: '*', element: null },
    ],
  },
];

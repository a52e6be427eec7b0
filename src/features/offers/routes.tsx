/**
 * The offers slice's routes (001 §2): /offers, the offer list, and /offers/{id}/{tab}, the
 * offer page (tabs funnels, products, campaign; an unknown tab redirects to funnels), each
 * loaded on first visit. /offers/{id} without a tab opens the first tab, as /funnels/{id} does.
 */
import { Navigate, type RouteObject } from 'react-router-dom';

export const routes: RouteObject[] = [
  { path: 'offers', lazy: () => import('./screens/OffersScreen').then((m) => ({ Component: m.OffersScreen })) },
  { path: 'offers/:id', element: <Navigate to="funnels" replace /> },
  { path: 'offers/:id/:tab', lazy: () => import('./screens/OfferScreen').then((m) => ({ Component: m.OfferScreen })) },
];

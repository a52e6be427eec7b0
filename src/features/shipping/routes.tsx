/** The shipping slice's routes (001 §2): /shipping, the shipping methods, loaded on first visit. */
import type { RouteObject } from 'react-router-dom';

export const routes: RouteObject[] = [
  {
    path: 'shipping',
    lazy: () => import('./screens/ShippingScreen').then((m) => ({ Component: m.ShippingScreen })),
  },
];

/** The orders slice's routes (001 §2): /orders, the paginated orders table, loaded on first visit. */
import type { RouteObject } from 'react-router-dom';

export const routes: RouteObject[] = [
  {
    path: 'orders',
    lazy: () => import('./screens/OrdersScreen').then((m) => ({ Component: m.OrdersScreen })),
  },
];

/** The dashboard slice's routes (001 §2): `/`, the dashboard, loaded on first visit. */
import type { RouteObject } from 'react-router-dom';

export const routes: RouteObject[] = [
  {
    path: '',
    lazy: () => import('./screens/DashboardScreen').then((m) => ({ Component: m.DashboardScreen })),
  },
];

/** The domains slice's routes (001 §2): /domains, every domain, loaded on first visit. */
import type { RouteObject } from 'react-router-dom';

export const routes: RouteObject[] = [
  {
    path: 'domains',
    lazy: () => import('./screens/DomainsScreen').then((m) => ({ Component: m.DomainsScreen })),
  },
];

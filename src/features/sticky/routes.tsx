/** The sticky slice's routes (001 §2): /sticky, the CSV uploads to the order platform, loaded on first visit. */
import type { RouteObject } from 'react-router-dom';

export const routes: RouteObject[] = [
  {
    path: 'sticky',
    lazy: () => import('./screens/StickyScreen').then((m) => ({ Component: m.StickyScreen })),
  },
];

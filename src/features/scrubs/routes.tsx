/** The scrubs slice's routes (001 §2): /scrubs/{id}, the scrub detail, loaded on first visit. */
import type { RouteObject } from 'react-router-dom';

export const routes: RouteObject[] = [
  {
    path: 'scrubs/:id',
    lazy: () => import('./screens/ScrubScreen').then((m) => ({ Component: m.ScrubScreen })),
  },
];

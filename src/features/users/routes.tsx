/** The users slice's routes (001 §2): /users, the users by role (admins only), loaded on first visit. */
import type { RouteObject } from 'react-router-dom';

export const routes: RouteObject[] = [
  {
    path: 'users',
    lazy: () => import('./screens/UsersScreen').then((m) => ({ Component: m.UsersScreen })),
  },
];

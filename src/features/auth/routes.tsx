/**
 * The auth slice's routes (001 §2): /login and /login/callback, outside the shell. Eager: they
 * are the first screen a signed-out operator sees, and small.
 */
import type { RouteObject } from 'react-router-dom';
import { CallbackRoute, LoginRoute } from './screens/LoginRoute';

export const publicRoutes: RouteObject[] = [
  { path: '/login', element: <LoginRoute /> },
  { path: '/login/callback', element: <CallbackRoute /> },
];

/** The categories slice's route (001 §2): /categories, the list with create, edit, import and delete, loaded on first visit. */
import type { RouteObject } from 'react-router-dom';

export const routes: RouteObject[] = [
  { path: 'categories', lazy: () => import('./screens/CategoriesScreen').then((m) => ({ Component: m.CategoriesScreen })) },
];

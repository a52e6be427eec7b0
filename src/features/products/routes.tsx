/**
 * The products slice's routes (001 §2): /products, every product with its offer, and
 * /products/{id}, the product detail (opened from a list with the product as router state;
 * without it, it redirects to /products), each loaded on first visit.
 */
import type { RouteObject } from 'react-router-dom';

export const routes: RouteObject[] = [
  { path: 'products', lazy: () => import('./screens/ProductsScreen').then((m) => ({ Component: m.ProductsScreen })) },
  { path: 'products/:id', lazy: () => import('./screens/ProductScreen').then((m) => ({ Component: m.ProductScreen })) },
];

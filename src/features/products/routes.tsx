/** The products slice's routes (001 §2): Products. The screens arrive with issue 13; until then each says so. */
import { Navigate, type RouteObject } from 'react-router-dom';
import { LaterScreen } from '../../ui';

export const routes: RouteObject[] = [
  { path: 'products', element: <LaterScreen title="Products" issue="issue 13" /> },
  { path: 'products/:id', element: <Navigate to="/products" replace /> },
];

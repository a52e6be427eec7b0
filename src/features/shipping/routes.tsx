/** The shipping slice's routes (001 §2): Shipping. The screens arrive with issue 13; until then each says so. */
import type { RouteObject } from 'react-router-dom';
import { LaterScreen } from '../../ui';

export const routes: RouteObject[] = [
  { path: 'shipping', element: <LaterScreen title="Shipping" issue="issue 13" /> },
];

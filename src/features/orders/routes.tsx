/** The orders slice's routes (001 §2): Orders. The screens arrive with issue 13; until then each says so. */
import type { RouteObject } from 'react-router-dom';
import { LaterScreen } from '../../ui';

export const routes: RouteObject[] = [
  { path: 'orders', element: <LaterScreen title="Orders" issue="issue 13" /> },
];

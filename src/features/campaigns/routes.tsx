/** The campaigns slice's routes (001 §2): Campaign. The screens arrive with issue 13; until then each says so. */
import type { RouteObject } from 'react-router-dom';
import { LaterScreen } from '../../ui';

export const routes: RouteObject[] = [
  { path: 'campaigns/:id', element: <LaterScreen title="Campaign" issue="issue 13" /> },
];

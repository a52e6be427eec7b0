/** The users slice's routes (001 §2): Users. The screens arrive with issue 13; until then each says so. */
import type { RouteObject } from 'react-router-dom';
import { LaterScreen } from '../../ui';

export const routes: RouteObject[] = [
  { path: 'users', element: <LaterScreen title="Users" issue="issue 13" /> },
];

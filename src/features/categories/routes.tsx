/** The categories slice's routes (001 §2): Categories. The screens arrive with issue 13; until then each says so. */
import type { RouteObject } from 'react-router-dom';
import { LaterScreen } from '../../ui';

export const routes: RouteObject[] = [
  { path: 'categories', element: <LaterScreen title="Categories" issue="issue 13" /> },
];

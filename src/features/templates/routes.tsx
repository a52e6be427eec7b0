/** The templates slice's routes (001 §2): Templates. The screens arrive with issue 12; until then each says so. */
import type { RouteObject } from 'react-router-dom';
import { LaterScreen } from '../../ui';

export const routes: RouteObject[] = [
  { path: 'templates', element: <LaterScreen title="Templates" issue="issue 12" /> },
];

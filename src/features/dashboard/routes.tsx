/** The dashboard slice's routes (001 §2): Dashboard. The screens arrive with issue 13; until then each says so. */
import type { RouteObject } from 'react-router-dom';
import { LaterScreen } from '../../ui';

export const routes: RouteObject[] = [
  { path: '', element: <LaterScreen title="Dashboard" issue="issue 13" /> },
];

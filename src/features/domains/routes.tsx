/** The domains slice's routes (001 §2): Domains. The screens arrive with issue 13; until then each says so. */
import type { RouteObject } from 'react-router-dom';
import { LaterScreen } from '../../ui';

export const routes: RouteObject[] = [
  { path: 'domains', element: <LaterScreen title="Domains" issue="issue 13" /> },
];

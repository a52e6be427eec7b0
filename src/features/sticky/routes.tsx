/** The sticky slice's routes (001 §2): Sticky. The screens arrive with issue 13; until then each says so. */
import type { RouteObject } from 'react-router-dom';
import { LaterScreen } from '../../ui';

export const routes: RouteObject[] = [
  { path: 'sticky', element: <LaterScreen title="Sticky" issue="issue 13" /> },
];

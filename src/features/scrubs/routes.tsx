/** The scrubs slice's routes (001 §2): Scrub. The screens arrive with issue 13; until then each says so. */
import type { RouteObject } from 'react-router-dom';
import { LaterScreen } from '../../ui';

export const routes: RouteObject[] = [
  { path: 'scrubs/:id', element: <LaterScreen title="Scrub" issue="issue 13" /> },
];

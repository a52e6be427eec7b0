/** The offers slice's routes (001 §2): Offers, Offer. The screens arrive with issue 13; until then each says so. */
import type { RouteObject } from 'react-router-dom';
import { LaterScreen } from '../../ui';

export const routes: RouteObject[] = [
  { path: 'offers', element: <LaterScreen title="Offers" issue="issue 13" /> },
  { path: 'offers/:id/:tab', element: <LaterScreen title="Offer" issue="issue 13" /> },
];

/** The campaigns slice's route (000 §2; 001 §2): /campaigns/{id}, the campaign detail, loaded on first visit. */
import type { RouteObject } from 'react-router-dom';

export const routes: RouteObject[] = [{ path: 'campaigns/:id', lazy: () => import('./screens/CampaignScreen').then((m) => ({ Component: m.CampaignScreen })) }];

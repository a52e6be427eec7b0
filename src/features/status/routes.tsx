/** The status slice's route (001 §2 header menu "Status"). */
import type { RouteObject } from 'react-router-dom';

export const routes: RouteObject[] = [{ path: 'status', lazy: () => import('./screens/StatusScreen').then((m) => ({ Component: m.StatusScreen })) }];

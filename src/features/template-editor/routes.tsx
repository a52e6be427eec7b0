/** The template-editor slice's routes (001 §2): Template editor. The screens arrive with issue 12; until then each says so. */
import { Navigate, type RouteObject } from 'react-router-dom';
import { LaterScreen } from '../../ui';

export const routes: RouteObject[] = [
  { path: 'template-editor', element: <Navigate to="/funnels" replace /> },
  { path: 'template-editor/:id', element: <LaterScreen title="Template editor" issue="issue 12" /> },
];

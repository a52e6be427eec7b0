/**
 * The template-editor slice's route (001 §2: /template-editor/{id}, the page id; without one it
 * redirects to /funnels). Loaded on first visit; the editor bar saves the page (`handle.editing`).
 */
import { Navigate, type RouteObject } from 'react-router-dom';

export const routes: RouteObject[] = [
  { path: 'template-editor', element: <Navigate to="/funnels" replace /> },
  {
    path: 'template-editor/:id',
    // A bad id never loads a document (the screen redirects), so the bar has nothing to save.
    handle: { editing: (p: { id?: string }) => [`page:${p.id}`] },
    lazy: () => import('./screens/TemplateEditorScreen').then((m) => ({ Component: m.TemplateEditorScreen })),
  },
];

/**
 * The page editor's route (000 §2 "Page editor"): loaded on first visit with its panels,
 * lexical and dnd-kit. The editor bar saves the page and its funnel (`handle.editing`).
 */
import type { RouteObject } from 'react-router-dom';

export const routes: RouteObject[] = [
  {
    path: 'funnels/:id/pages/:pageId',
    handle: { editing: (p: { id?: string; pageId?: string }) => [`page:${p.pageId}`, `funnel:${p.id}`] },
    lazy: () => import('./screens/PageEditorScreen').then((m) => ({ Component: m.PageEditorScreen })),
  },
];

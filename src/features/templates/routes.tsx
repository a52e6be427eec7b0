/**
 * The templates slice's routes (001 §2): the template library at /templates, loaded on first
 * visit (`?type=` names the filter tab).
 *
 * `handle.editing` names no document up front: the library's dialogs edit `template:<id>` as
 * they are opened and save at once, so there is no editor bar here (`bar: false`: its code is
 * not loaded either). Having the handle still loads the shell's editor part with the screen
 * (src/app/router.tsx `guarded`), so the command log is there for those edits.
 */
import type { RouteObject } from 'react-router-dom';

export const routes: RouteObject[] = [
  {
    path: 'templates',
    handle: { editing: () => [], bar: false },
    lazy: () => import('./screens/TemplatesScreen').then((m) => ({ Component: m.TemplatesScreen })),
  },
];

/**
 * The templates slice's routes (001 §2): the template library at /templates, loaded on first
 * visit (`?type=` names the filter tab).
 *
 * No `handle.editing`: the library's dialogs edit `template:<id>` as they are opened and save
 * at once, so there is no editor bar, and the command log loads only when an edit starts (the
 * screen asks the shell for the store, `useEditorOnDemand`): the list carries no editor code.
 */
import type { RouteObject } from 'react-router-dom';

export const routes: RouteObject[] = [
  {
    path: 'templates',
    lazy: () => import('./screens/TemplatesScreen').then((m) => ({ Component: m.TemplatesScreen })),
  },
];

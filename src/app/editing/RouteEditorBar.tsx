/**
 * The editor bar of the current route: a slice's route names the documents its screen edits
 * in `handle.editing(params)` (e.g. the page editor: the page and its funnel), and the shell
 * shows one bar for them above the screen. After a save every active query is refetched
 * (pages lists, the audit log and the funnel list all show what a save changed).
 */
import { lazy, Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { editorBarModule } from './bar-load';
import { useRouteDocs } from './route-docs';

export { useRouteDocs, type EditingHandle } from './route-docs';
// Live presence and changes load after the editor bar: nothing on first paint waits for them (bundle budget).
const LivePresence = lazy(() => import('./LivePresence').then((m) => ({ default: m.LivePresence })));

/**
 * The editor bar for the current route's documents (EditorBar also shows any other loaded
 * document's conflicts and restore offers, e.g. a page reverted from the funnel's Logs tab);
 * nothing on routes that edit none.
 */
export function RouteEditorBar() {
  const routeDocs = useRouteDocs();
  const qc = useQueryClient();
  // The bar (with react-aria) is apart from the editor part: a list whose dialogs edit documents
  // through the store (/templates) never loads it. The shell shows a route that names documents
  // once the bar has loaded (bar-load.ts), so it is there from the first paint.
  const bar = editorBarModule();
  if (!routeDocs.length || !bar) return null;
  return (
    <bar.EditorBar
      docs={routeDocs}
      onSaved={() => void qc.invalidateQueries()}
      presence={
        <Suspense fallback={null}>
          <LivePresence docs={routeDocs} />
        </Suspense>
      }
    />
  );
}

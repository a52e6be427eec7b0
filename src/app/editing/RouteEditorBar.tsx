/**
 * The editor bar of the current route: a slice's route names the documents its screen edits
 * in `handle.editing(params)` (e.g. the page editor: the page and its funnel), and the shell
 * shows one bar for them above the screen. After a save every active query is refetched
 * (pages lists, the audit log and the funnel list all show what a save changed).
 */
import { useQueryClient } from '@tanstack/react-query';
import { EditorBar } from './EditorBar';
import { useRouteDocs } from './route-docs';

export { useRouteDocs, type EditingHandle } from './route-docs';

/** The editor bar for the current route's documents; nothing on routes that edit none. */
export function RouteEditorBar() {
  const docs = useRouteDocs();
  const qc = useQueryClient();
  if (!docs.length) return null;
  return <EditorBar docs={docs} onSaved={() => void qc.invalidateQueries()} />;
}

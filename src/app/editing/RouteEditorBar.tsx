/**
 * The editor bar of the current route: a slice's route names the documents its screen edits
 * in `handle.editing(params)` (e.g. the page editor: the page and its funnel), and the shell
 * shows one bar for them above the screen. After a save every active query is refetched
 * (pages lists, the audit log and the funnel list all show what a save changed).
 */
import { useMatches } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { DocId } from '../../editor';
import { EditorBar } from './EditorBar';

/** What a route's `handle` may carry for the shell. */
export interface EditingHandle {
  /** The editor documents of the route's screen, from its params. */
  editing?: (params: Record<string, string | undefined>) => DocId[];
}

/** The documents the deepest matching route edits, or none. */
export function useRouteDocs(): DocId[] {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i];
    const editing = (m?.handle as EditingHandle | undefined)?.editing;
    if (m && editing) return editing(m.params);
  }
  return [];
}

/** The editor bar for the current route's documents; nothing on routes that edit none. */
export function RouteEditorBar() {
  const docs = useRouteDocs();
  const qc = useQueryClient();
  if (!docs.length) return null;
  return <EditorBar docs={docs} onSaved={() => void qc.invalidateQueries()} />;
}

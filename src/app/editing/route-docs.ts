/**
 * Which documents the current route edits: a slice's route names them in
 * `handle.editing(params)`. Apart from the editor bar, so the shell can ask without loading
 * the editor (src/app/editing/load.ts loads it for the routes that edit).
 */
import { useMatches, type UIMatch } from 'react-router-dom';
import { useRole } from '../../api';
import type { DocId } from '../../editor';
import { editingOf, type EditingHandle } from './handle';
import { canOpenScreen, type RoleName } from '../../model';

export { editingOf, type EditingHandle } from './handle';

/**
 * The documents the deepest of `matches` edits, or none; none too when `role` (once known)
 * may not open that route's screen: the screen says "You do not have access to this page"
 * and no editor bar shows above it.
 */
export function routeDocs(matches: readonly UIMatch[], role: RoleName | null): DocId[] {
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i];
    const editing = editingOf(m?.handle);
    if (m && editing) {
      const screen = (m.handle as EditingHandle).screen;
      if (role !== null && screen !== undefined && !canOpenScreen(role, screen)) return [];
      return editing(m.params);
    }
  }
  return [];
}

/** The documents the deepest matching route edits, or none (none on a refused screen). */
export function useRouteDocs(): DocId[] {
  return routeDocs(useMatches(), useRole());
}

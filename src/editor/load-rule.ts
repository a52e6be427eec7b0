/**
 * The one load rule of the editor store, apart from its React hook (useLoadDoc.ts) so a
 * screen that loads documents only when asked carries no hooks of the editor with it.
 */
import type { DocId, EditorStore } from './types';

/**
 * Puts `entity` (as the server sent it, `version` its ETag version) into the store as `doc`
 * when the store has no copy, or a clean copy older than it, and restores the journal's
 * unsent edits for it; a dirty or as-new copy is left alone, so a refetch never wipes
 * unsaved edits.
 * @returns true when it loaded.
 */
export function loadIfNewer(store: EditorStore, doc: DocId, entity: { version: number }): boolean {
  const have = store.getState().docs[doc];
  if (have && (store.actions.isDirty(doc) || entity.version <= have.version)) return false;
  store.actions.load(doc, entity, entity.version);
  void store.actions.hydrate(doc);
  return true;
}

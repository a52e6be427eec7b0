import { useEffect } from 'react';
import { useEditorStore, useEditorStoreApi } from './react';
import type { DocId, EditorStore } from './types';

/**
 * The one load rule: puts `entity` (as the server sent it, `version` its ETag version) into
 * the store as `doc` when the store has no copy, or a clean copy older than it, and restores
 * the journal's unsent edits for it; a dirty or as-new copy is left alone, so a refetch never
 * wipes unsaved edits.
 * @returns true when it loaded.
 */
export function loadIfNewer(store: EditorStore, doc: DocId, entity: { version: number }): boolean {
  const have = store.getState().docs[doc];
  if (have && (store.actions.isDirty(doc) || entity.version <= have.version)) return false;
  store.actions.load(doc, entity, entity.version);
  void store.actions.hydrate(doc);
  return true;
}

/**
 * Loads a fetched entity into the editor store as remote data (never history). A newer
 * server version replaces the store's copy only while the operator has nothing unsent for
 * it, so a refetch never wipes unsaved edits.
 * @returns true once the document is in the store.
 */
export function useLoadDoc(doc: DocId, entity: { version: number } | undefined): boolean {
  const store = useEditorStoreApi();
  const present = useEditorStore((st) => !!st.docs[doc]);
  const version = useEditorStore((st) => st.docs[doc]?.version);
  useEffect(() => {
    if (entity) loadIfNewer(store, doc, entity);
  }, [doc, entity, version, store]);
  return present;
}

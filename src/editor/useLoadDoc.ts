import { useEffect } from 'react';
import { useEditorStore, useEditorStoreApi } from './react';
import { loadIfNewer } from './load-rule';
import type { DocId } from './types';

export { loadIfNewer } from './load-rule';

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

import { useEffect } from 'react';
import { useEditor, useEditorStore } from './react';
import type { DocId } from './types';

/**
 * Loads a fetched entity into the editor store as remote data (never history). A newer
 * server version replaces the store's copy only while the operator has nothing unsent for
 * it, so a refetch never wipes unsaved edits.
 * @returns true once the document is in the store.
 */
export function useLoadDoc(doc: DocId, entity: { version: number } | undefined): boolean {
  const { load, isDirty, hydrate } = useEditor();
  const present = useEditorStore((st) => !!st.docs[doc]);
  const version = useEditorStore((st) => st.docs[doc]?.version);
  useEffect(() => {
    if (!entity) return;
    if (version === undefined || (!isDirty(doc) && entity.version > version)) {
      load(doc, entity, entity.version);
      void hydrate(doc);
    }
  }, [doc, entity, version, load, isDirty, hydrate]);
  return present;
}

/**
 * React bindings of the editor store: provider, selector hook, document hook, actions,
 * undo/redo keyboard shortcuts and the unsaved-changes prompt.
 *
 * Source: src/editor/README.md.
 */
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { selectAnyUnsaved } from './selectors';
import { EditorRequestContext } from './context';
import type { DocId, DocValue, EditorActions, EditorState, EditorStore } from './types';

const EditorContext = createContext<EditorStore | null>(null);

/** Makes `store` available to the hooks below, and to `useEditorOnDemand` (on-demand.ts). */
export function EditorProvider({ store, children }: { store: EditorStore; children?: ReactNode }) {
  const request = useMemo(() => () => Promise.resolve(store), [store]);
  return (
    <EditorContext.Provider value={store}>
      <EditorRequestContext.Provider value={request}>{children}</EditorRequestContext.Provider>
    </EditorContext.Provider>
  );
}

/**
 * The store from context.
 * @throws Error outside an {@link EditorProvider}.
 */
export function useEditorStoreApi(): EditorStore {
  const store = useContext(EditorContext);
  if (!store) throw new Error('useEditorStore must be used inside <EditorProvider>');
  return store;
}

/** Subscribes to a slice of the editor state (zustand `useStore`); the selector's result must be stable. */
export function useEditorStore<U>(selector: (s: EditorState) => U): U {
  return useStore(useEditorStoreApi(), selector);
}

/** The current value of `doc` (undefined until loaded), typed by its kind (`page:3` → Page; src/model/documents.ts). */
export function useDoc<D extends DocId>(doc: D): DocValue<D> | undefined {
  return useEditorStore((s) => s.docs[doc]?.value) as DocValue<D> | undefined;
}

/** The store's actions (stable; using them does not re-render). */
export function useEditor(): EditorActions {
  return useEditorStoreApi().actions;
}

/**
 * Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z and Ctrl+Y redo, from anywhere in the window — text
 * fields included (preventDefault keeps the browser's own field undo from fighting ours).
 * Keys an inner editor already handled (`defaultPrevented`, e.g. a code editor with its own
 * history) and IME composition are left alone.
 */
export function useUndoRedoShortcuts(): void {
  const store = useEditorStoreApi();
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented || e.isComposing || e.altKey) return;
      const key = e.key.toLowerCase();
      const mod = e.ctrlKey || e.metaKey;
      if (!mod) return;
      let act: 'undo' | 'redo' | undefined;
      if (key === 'z') act = e.shiftKey ? 'redo' : 'undo';
      else if (key === 'y' && e.ctrlKey && !e.metaKey && !e.shiftKey) act = 'redo';
      if (!act) return;
      e.preventDefault();
      if (act === 'undo') store.actions.undo();
      else store.actions.redo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}

/** Asks before the tab closes while anything is unsaved (unsent ops, a save in flight, journal writes). */
export function useBeforeUnloadWhileDirty(): void {
  const unsaved = useEditorStore(selectAnyUnsaved);
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (e: BeforeUnloadEvent): void => {
      e.preventDefault();
      e.returnValue = ''; // older Chromium needs it set to show the prompt
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);
}

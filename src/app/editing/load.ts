/**
 * Loads the editor's part of the shell (src/app/editing/EditingArea.tsx) and the editor bar
 * (EditorBar.tsx, with react-aria) once each: the router starts them beside the screen of a
 * route that edits documents (src/app/router.tsx `guarded`; the bar only for a route that
 * shows it), and the shell reads them when such a route renders.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

/** The lazily loaded module. */
export type EditingModule = typeof import('./EditingArea');

let loaded: EditingModule | undefined;
let loading: Promise<EditingModule> | undefined;
const listeners = new Set<() => void>();

/** Starts (or joins) loading the editor; a failed load is tried again on the next call. */
export function loadEditing(): Promise<EditingModule> {
  loading ??= import('./EditingArea').then(
    (m) => {
      loaded = m;
      for (const l of listeners) l();
      return m;
    },
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

/** The editor bar's module. */
export type EditorBarModule = typeof import('./EditorBar');
let bar: EditorBarModule | undefined;
let barLoading: Promise<EditorBarModule> | undefined;

/** Starts (or joins) loading the editor bar; a failed load is tried again on the next call. */
export function loadEditorBar(): Promise<EditorBarModule> {
  barLoading ??= import('./EditorBar').then(
    (m) => {
      bar = m;
      for (const l of listeners) l();
      return m;
    },
    (e: unknown) => {
      barLoading = undefined;
      throw e;
    },
  );
  return barLoading;
}

/** The editor bar's module once loaded (the shell renders the bar only then). */
export const editorBarModule = (): EditorBarModule | undefined => bar;

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

/**
 * The editor module once loaded (undefined before); loads it when `needed`.
 * @throws the load's error while `needed`, for the route's error overlay.
 */
export function useEditing(needed: boolean): EditingModule | undefined {
  const mod = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => loaded,
  );
  const [error, setError] = useState<Error | undefined>(undefined);
  useEffect(() => {
    if (needed && !mod) loadEditing().catch((e: unknown) => setError(e instanceof Error ? e : new Error(String(e))));
  }, [needed, mod]);
  if (needed && !mod && error) throw error;
  return mod;
}

/**
 * Whether the editor bar has loaded; loads it when `needed` (the route names documents).
 * @throws the load's error while `needed`, for the route's error overlay.
 */
export function useEditorBar(needed: boolean): boolean {
  const ready = useSyncExternalStore(
    subscribe,
    () => bar !== undefined,
    () => bar !== undefined,
  );
  const [error, setError] = useState<Error | undefined>(undefined);
  useEffect(() => {
    if (needed && !ready) loadEditorBar().catch((e: unknown) => setError(e instanceof Error ? e : new Error(String(e))));
  }, [needed, ready]);
  if (needed && !ready && error) throw error;
  return ready;
}

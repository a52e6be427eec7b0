/**
 * Loads the editor's part of the shell (src/app/editing/EditingArea.tsx) once: the router
 * starts it beside the screen of a route that edits documents (src/app/router.tsx
 * `guarded`), and the shell reads it when such a route renders.
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

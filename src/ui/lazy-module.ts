/**
 * A module loaded on demand and then kept (the shell's editor part and bar, the code editor, the
 * rich-text field): one load
 * at a time, tried again after a failure, and a hook that re-renders its callers once it has
 * loaded. Kept out of React.lazy so that the shell can tell "loaded" from "loading" and keep a
 * screen's place in the tree while it waits.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

/** What {@link lazyModule} returns for the module `M`. */
export interface LazyModule<M> {
  /** Starts (or joins) loading; a failed load is tried again on the next call. */
  load: () => Promise<M>;
  /** The module once loaded, else undefined. */
  current: () => M | undefined;
  /**
   * The module once loaded (undefined before); loads it when `needed`.
   * @throws the load's error while `needed`, for the route's error overlay — unless `failed` is
   * 'wait': then a failed load leaves undefined (a placeholder stays) and the next mount tries again.
   */
  useModule: (needed: boolean, failed?: 'throw' | 'wait') => M | undefined;
}

/** Wraps `importer` (a dynamic `import()`) as a {@link LazyModule}. */
export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  };
  const load = (): Promise<M> => {
    loading ??= importer().then(
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
  };
  const current = () => loaded;
  function useModule(needed: boolean, failed: 'throw' | 'wait' = 'throw'): M | undefined {
    const mod = useSyncExternalStore(subscribe, current, current);
    const [error, setError] = useState<Error | undefined>(undefined);
    useEffect(() => {
      if (needed && !mod) load().catch((e: unknown) => setError(e instanceof Error ? e : new Error(String(e))));
    }, [needed, mod]);
    if (needed && !mod && error && failed === 'throw') throw error;
    return mod;
  }
  return { load, current, useModule };
}

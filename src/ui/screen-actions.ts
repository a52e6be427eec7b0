/**
 * What the open screen can do, for the command palette: a screen registers its actions with
 * {@link useScreenActions} and the palette (src/features/palette, loaded on first Ctrl/Cmd+K)
 * lists them with {@link useRegisteredScreenActions}. A module-level registry, not a context:
 * the shell needs no provider, and a screen that is not mounted has no actions listed.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';

/** One action of the open screen, e.g. "Add template" on /templates. */
export interface ScreenAction {
  /** Unique among the screen's actions; the palette's item key. */
  id: string;
  /** What the palette shows, in the button's words. */
  label: string;
  /** Does it, as pressing the screen's own control would. */
  run: () => void;
}

const registered = new Map<object, readonly ScreenAction[]>();
const listeners = new Set<() => void>();
let current: readonly ScreenAction[] = [];

function changed(): void {
  current = [...registered.values()].flat();
  for (const l of listeners) l();
}

/**
 * Lists `actions` in the command palette while the calling screen is mounted. Pass only what
 * the role may do (a role that may not add gets no "Add …"). `run` is always the latest
 * one given, so it may close over the screen's state.
 */
export function useScreenActions(actions: readonly ScreenAction[]): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  // Registered again only when the list of ids and labels changes, not on every render.
  const shape = actions.map((a) => `${a.id}\u0001${a.label}`).join('\u0002');
  useEffect(() => {
    const token = {};
    // `run` looks the action up when it runs, so it is the latest render's.
    registered.set(
      token,
      latest.current.map(({ id, label }) => ({ id, label, run: () => latest.current.find((a) => a.id === id)?.run() })),
    );
    changed();
    return () => {
      registered.delete(token);
      changed();
    };
  }, [shape]);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const read = () => current;

/** The actions the mounted screens registered, in mount order. */
export function useRegisteredScreenActions(): readonly ScreenAction[] {
  return useSyncExternalStore(subscribe, read, read);
}

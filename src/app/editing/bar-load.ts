/**
 * Loads the editor bar (EditorBar.tsx, with react-aria) once, apart from the editor part: the
 * router starts it beside the screen of a route that shows it (src/app/router.tsx `guarded`),
 * the shell waits for it before showing such a route, and RouteEditorBar renders it.
 */
import { lazyModule } from '../../ui/lazy-module';

/** The editor bar's module. */
export type EditorBarModule = typeof import('./EditorBar');

const bar = lazyModule<EditorBarModule>(() => import('./EditorBar'));

/** Starts (or joins) loading the editor bar; a failed load is tried again on the next call. */
export const loadEditorBar = bar.load;

/** The editor bar's module once loaded (the shell renders the bar only then). */
export const editorBarModule = bar.current;

/**
 * Whether the editor bar has loaded; loads it when `needed` (the route names documents).
 * @throws the load's error while `needed`, for the route's error overlay.
 */
export const useEditorBar = (needed: boolean): boolean => bar.useModule(needed) !== undefined;

/**
 * Loads the editor's part of the shell (src/app/editing/EditingArea.tsx) once: the router
 * starts it beside the screen of a route that edits documents (src/app/router.tsx
 * `guarded`), and the shell reads it when such a route renders. The editor bar loads apart
 * (bar-load.ts).
 */
import { lazyModule } from '../../ui/lazy-module';

/** The lazily loaded module. */
export type EditingModule = typeof import('./EditingArea');

const editing = lazyModule<EditingModule>(() => import('./EditingArea'));

/** Starts (or joins) loading the editor; a failed load is tried again on the next call. */
export const loadEditing = editing.load;

/**
 * The editor module once loaded (undefined before); loads it when `needed`.
 * @throws the load's error while `needed`, for the route's error overlay.
 */
export const useEditing = editing.useModule;

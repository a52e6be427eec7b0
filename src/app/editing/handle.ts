/**
 * What a route's `handle` may carry for the shell (`editing`: the documents its screen edits;
 * `screen`: its SCREENS pattern). Kept apart from route-docs.ts: the router reads it in the
 * entry chunk, which must not load the API client's session reads (and zod) for /login.
 */
import type { DocId } from '../../editor';
import type { ScreenPattern } from '../../model';

/** What a route's `handle` may carry for the shell. */
export interface EditingHandle {
  /** The editor documents of the route's screen, from its params. */
  editing?: (params: Record<string, string | undefined>) => DocId[];
  /**
   * false: the screen edits documents of its own choosing (its dialogs), never the route's, so
   * no editor bar shows and the bar's code is not loaded with the route (default true).
   */
  bar?: boolean;
  /** The route's SCREENS pattern (set by the router's `guarded`). */
  screen?: ScreenPattern;
}

/** The `editing` function of a route's handle, if it has one. */
export const editingOf = (handle: unknown): EditingHandle['editing'] => (handle as EditingHandle | undefined)?.editing;

/** Whether a route with `handle` shows the editor bar (it names documents and has no `bar: false`). */
export const showsBar = (handle: unknown): boolean =>
  !!editingOf(handle) && !(typeof handle === 'object' && handle !== null && 'bar' in handle && handle.bar === false);

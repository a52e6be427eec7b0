/**
 * The editor's part of the shell: the signed-in user's editor store (command log and
 * journal), the editor bar and the leave warning. Loaded with the first route that edits
 * documents (src/app/editing/load.ts), so the funnel list and the other screens that edit
 * nothing do not load the command log. Unsent edits are safe either way: the journal is read
 * when a document loads (it offers "Restore N unsaved changes" then), and once created the
 * store lives as long as the shell.
 */
import type { ReactNode } from 'react';
import { EditorProvider, useBeforeUnloadWhileDirty, type EditorStore } from '../../editor';
import { RouteEditorBar } from './RouteEditorBar';

export { appEditorStore } from '../editor-store';

/** Provides `store` to the screen in `children`, with the route's editor bar above it. */
export function EditingArea({ store, children }: { store: EditorStore; children: ReactNode }) {
  return (
    <EditorProvider store={store}>
      <LeaveWarning />
      <RouteEditorBar />
      {children}
    </EditorProvider>
  );
}

/** Asks before the tab closes while anything in `store` is unsaved (beside a screen that edits only when asked). */
export function StoreLeaveWarning({ store }: { store: EditorStore }) {
  return (
    <EditorProvider store={store}>
      <LeaveWarning />
    </EditorProvider>
  );
}

/** Asks before the tab closes while anything is unsaved. */
function LeaveWarning() {
  useBeforeUnloadWhileDirty();
  return null;
}

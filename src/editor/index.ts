/**
 * The command log (`src/editor`): public API.
 *
 * Source: src/editor/README.md; README.md "One edit, end to end".
 */
export { createEditorStore, type EditorStoreOptions } from './store';
export { createIdbJournal, createMemoryJournal, journalName } from './journal';
export { migrateRecord } from './journal-record';
export { createEmitter, type EditorEvent, type Emitter, type Listener } from './events';
export { HISTORY_WINDOW, historyLabels, selectAnyUnsaved, selectDirty, type HistoryLabels } from './selectors';
export { applyShared, recordOps, squashOps, type Applied } from './patch';
// The types module is the command log's vocabulary: every type in it is public. Of its values,
// the errors and the journal's constants are; `baseKey` and `messageOf` stay internal.
export type * from './types';
export { ConflictError, JOURNAL_SET_ASIDE_MESSAGE, JOURNAL_VERSION, RejectedError } from './types';
export { EditorProvider, useBeforeUnloadWhileDirty, useDoc, useEditor, useEditorStore, useEditorStoreApi, useUndoRedoShortcuts } from './react';
export { loadIfNewer, useLoadDoc } from './useLoadDoc';
export { EditorRequestContext, type EditorStoreRequest } from './context';
export { NO_EDITOR_MESSAGE, useEditorOnDemand } from './on-demand';

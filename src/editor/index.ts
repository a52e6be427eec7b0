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
export type { RebaseConflict } from '../model/rebase';
export {
  ConflictError,
  JOURNAL_SET_ASIDE_MESSAGE,
  JOURNAL_VERSION,
  RejectedError,
  type Command,
  type ConflictChoice,
  type DocConflict,
  type DocId,
  type DocState,
  type DocValue,
  type EditOptions,
  type EditorActions,
  type EditorState,
  type EditorStore,
  type HistoryConflict,
  type HistoryEntry,
  type Journal,
  type JournalRecord,
  type Operation,
  type RemoteDoc,
  type SaveResult,
  type SaveTransport,
} from './types';
export { EditorProvider, useBeforeUnloadWhileDirty, useDoc, useEditor, useEditorStore, useEditorStoreApi, useUndoRedoShortcuts } from './react';
export { loadIfNewer, useLoadDoc } from './useLoadDoc';
export { EditorRequestContext, type EditorStoreRequest } from './context';
export { NO_EDITOR_MESSAGE, useEditorOnDemand } from './on-demand';

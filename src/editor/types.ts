/**
 * Public types of the command log.
 *
 * Source: src/editor/README.md; README.md "One edit, end to end".
 */
import type { StoreApi } from 'zustand/vanilla';
import type { DocId, DocValue } from '../model/documents';
import type { Operation } from '../model/jsonpatch';
import type { RebaseConflict } from '../model/rebase';
import type { EditorEvent } from './events';

export type { Operation } from '../model/jsonpatch';
export type { RebaseConflict } from '../model/rebase';

/**
 * One editable aggregate, named by entity kind and server id (`page:12`), and its value's type
 * by that id: the document registry (src/model/documents.ts) declares the kinds.
 */
export type { DocId, DocValue } from '../model/documents';

/**
 * One recorded change to one document: RFC 6902 `ops` (JSON Pointers into the whole entity)
 * and the `inverse` that undoes them. Immutable once recorded.
 */
export interface Command {
  readonly id: string;
  readonly label: string;
  readonly doc: DocId;
  readonly ops: readonly Operation[];
  readonly inverse: readonly Operation[];
  /** When it was recorded (ms, from the store's clock); the time of the last merged edit. */
  readonly at: number;
  readonly mergeKey?: string;
}

/** One undo step: the commands it applies in order (a transaction may span documents). */
export interface HistoryEntry {
  readonly id: string;
  readonly label: string;
  readonly commands: readonly Command[];
  readonly at: number;
}

/** A document as the server last sent it. */
export interface RemoteDoc {
  readonly value: unknown;
  readonly version: number;
}

/**
 * How the store talks to the API (`PATCH …` with `Content-Type: application/json-patch+json`,
 * `If-Match: "<version>"`, `Idempotency-Key`).
 */
export interface SaveTransport {
  /**
   * PATCH the doc; resolves with the server's new entity + version.
   * @throws ConflictError on 412 (carrying the server's current entity + version).
   * @throws RejectedError (or any Error with a numeric 4xx `status`) when the server refused
   *   the patch, so the batch may be rebuilt; 401/403/407/408/425/429 and any other Error are
   *   treated as "may or may not have been applied" and the same batch is retried with the
   *   same idempotency key. The server must answer a replayed Idempotency-Key with the
   *   original response before checking If-Match or validating.
   */
  patch(doc: DocId, ops: Operation[], o: { version: number; idempotencyKey: string; label: string }): Promise<RemoteDoc>;
}

/** 412 Precondition Failed: the document changed on the server; `current` is its latest state. */
export class ConflictError extends Error {
  readonly current: RemoteDoc;
  constructor(current: RemoteDoc, message = 'The document was changed by someone else') {
    super(message);
    this.name = 'ConflictError';
    this.current = current;
  }
}

/** The server answered and refused the patch (4xx other than 412): it was certainly not applied. */
export class RejectedError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'RejectedError';
    this.status = status;
  }
}

/**
 * A 412 (or a restore) whose unsent ops collide with someone else's saved change: an item
 * they edit was removed, or a value they change was also changed. The operator settles each
 * item (keep mine / keep theirs); the other ops are already carried over by identity.
 */
export interface DocConflict {
  /** Whether a save (412) or restoring journaled changes met the collision. */
  readonly source: 'save' | 'restore';
  /** The server's newer copy (for a restore: the copy loaded now). */
  readonly current: RemoteDoc;
  /** The copy the unsent ops were recorded against. */
  readonly base: unknown;
  readonly unsent: readonly Operation[];
  /** What collides, with both values. */
  readonly items: readonly RebaseConflict[];
}

/**
 * An undo or redo that would overwrite someone else's change since, or addresses an item they
 * removed. Nothing of the step was applied; the operator answers per item — keep
 * theirs (skip that part) or keep mine (apply it anyway) — with
 * {@link EditorActions.resolveHistoryConflict}. Saving is not blocked meanwhile.
 */
export interface HistoryConflict {
  /** Which step waits. */
  readonly source: 'undo' | 'redo';
  /** Id and label of the waiting history entry. */
  readonly entry: string;
  readonly label: string;
  /** The document the colliding part is on. */
  readonly doc: DocId;
  /** The copy the step's ops were recorded against (where the items' paths point). */
  readonly base: unknown;
  /** What collides: `mine` is the value the step would put, `theirs` the value now. */
  readonly items: readonly RebaseConflict[];
  /** Answers already given for other documents of the same entry. */
  readonly choices: Readonly<Partial<Record<DocId, Readonly<Record<string, 'mine' | 'theirs'>>>>>;
}

/** Per-document state. `version` is the server version the unsent ops are based on. */
export interface DocState {
  readonly value: unknown;
  readonly version: number;
  readonly saving: boolean;
  /** Ops applied since the last server acknowledgement are waiting to be sent. */
  readonly dirty: boolean;
  readonly error?: string;
  readonly conflict?: DocConflict;
}

/** Outcome of {@link EditorActions.save}, per document. */
export interface SaveResult {
  readonly saved: DocId[];
  readonly conflicts: DocId[];
  readonly errors: Partial<Record<DocId, string>>;
  /** The RFC 6902 ops the server acknowledged in this save, per saved document (for the save-proof dialog). */
  readonly sent: Partial<Record<DocId, Operation[]>>;
  /** True when nothing is left unsent because of a conflict or an error. */
  readonly ok: boolean;
}

/** A journaled outbox unit: ops applied locally, not yet acknowledged by the server. */
export interface JournalRecord {
  /** Append order (assigned by the journal). */
  readonly seq: number;
  readonly doc: DocId;
  readonly ops: Operation[];
  readonly label: string;
  /** Server version the document had when the ops were recorded. */
  readonly baseVersion: number;
  readonly at: number;
  /**
   * The record's schema version ({@link JOURNAL_VERSION} when written by this build). Records
   * read back are checked first (`migrateRecord` in journal.ts): a record without one (written
   * before records were versioned) is taken as version 1 when its shape is version 1's; others are set aside.
   */
  readonly v: number;
}

/**
 * The schema version of the journal records this build writes and replays. Bump it
 * when {@link JournalRecord} or the meaning of its ops changes, and teach `migrateRecord` the old one.
 */
export const JOURNAL_VERSION = 1;

/** Said once when records of another version could not be migrated and were set aside. */
export const JOURNAL_SET_ASIDE_MESSAGE = 'Unsaved edits from an older version of Funnel Admin could not be restored';

/**
 * Durable write-ahead log of unsent ops (IndexedDB in the browser). Methods resolve once the
 * write is durable. Source: src/editor/README.md ("Modules and who listens": journaled
 * before the UI counts it done).
 */
export interface Journal {
  /**
   * Opens the store and returns every record left by earlier sessions, in append order, as
   * stored: possibly written by another version of Funnel Admin (checked by the reader).
   */
  open(): Promise<unknown[]>;
  /** Appends a record and resolves with its `seq`. */
  append(rec: Omit<JournalRecord, 'seq'>): Promise<number>;
  /**
   * Rewrites the ops and label of a record (an outbox unit that grew by coalescing), and its
   * `baseVersion` when given (the unit now layers on a newer acknowledged copy).
   */
  update(seq: number, patch: { ops: Operation[]; label: string; baseVersion?: number }): Promise<void>;
  /** Deletes records (acknowledged by the server, undone before sending, or discarded). */
  remove(seqs: readonly number[]): Promise<void>;
  /**
   * Moves records that cannot be replayed (another schema version or shape) out of the log into
   * a store nothing replays, so they are never offered again and are not lost either.
   */
  setAside(seqs: readonly number[]): Promise<void>;
  /** Records, in append order, optionally of one document. */
  list(doc?: DocId): Promise<JournalRecord[]>;
  /**
   * Keeps the server's copy of `doc` at `base.version` that records with that `baseVersion`
   * are layered on, so records restored in a later session are rebased by identity onto a
   * newer copy.
   */
  saveBase(doc: DocId, base: RemoteDoc): Promise<void>;
  /**
   * The kept copies that records still refer to, keyed `<doc>@<version>` ({@link baseKey});
   * the others are deleted.
   */
  bases(): Promise<Map<string, RemoteDoc>>;
  close(): void;
}

/** Options of {@link EditorActions.edit}. */
export interface EditOptions {
  /** Edits with the same key on the same doc within the merge window form one undo step. */
  mergeKey?: string;
}

/**
 * How {@link EditorActions.resolveConflict} settles a conflict: every item theirs, every item
 * mine ('overwrite'), or per item (by {@link RebaseConflict.id}; unlisted items keep theirs).
 */
export type ConflictChoice = 'keep-theirs' | 'overwrite' | Readonly<Record<string, 'mine' | 'theirs'>>;

/**
 * The store's actions (stable functions; also reachable as `store.actions`). Declared as
 * function-typed properties: they are closures that never use `this`, so callers may
 * destructure them (`const { edit } = useEditor()`).
 */
export interface EditorActions {
  /**
   * Puts remote data into the store; never recorded as history. `value` is deep-frozen, not
   * copied. A newer version (or a reload while dirty) replaces the document, drops its history
   * steps and turns its unsent ops into `restorable` ones (they stay in the journal).
   * @throws TypeError when `value` is not an object.
   */
  load: (doc: DocId, value: unknown, version: number) => void;
  /** Waits for the journal index and resolves with the number of restorable commands of `doc`. */
  hydrate: (doc: DocId) => Promise<number>;
  /**
   * Runs `recipe` on an immer draft of the doc (mutate it; `T` is the entity type, inferred
   * from the recipe's parameter annotation) and records the change as one command.
   * @returns false when the recipe changed nothing (nothing is recorded).
   * @throws Error when `doc` is not loaded; rethrows what the recipe throws (nothing recorded).
   */
  edit: <D extends DocId>(doc: D, label: string, recipe: (draft: DocValue<D>) => void, opts?: EditOptions) => boolean;
  /**
   * Reorders an array with exactly one RFC 6902 `move` op (element ends at index `to`).
   * @throws Error when the pointer is not an array or an index is out of range.
   */
  move: (doc: DocId, label: string, arrayPointer: string, from: number, to: number) => boolean;
  /**
   * Records ready-made RFC 6902 `ops` (valid on the doc as it is now) as one command: a revert
   * or a restored version. All or nothing.
   * @returns false when `ops` is empty (nothing is recorded).
   * @throws PatchError when an op does not apply; Error when `doc` is not loaded.
   */
  apply: (doc: DocId, label: string, ops: readonly Operation[]) => boolean;
  /**
   * Another operator saved `doc` as `value` at `version` (a live event): the store
   * takes the newer copy without a reload, with this operator's unsent edits rebased onto it by
   * identity exactly as after a 412 (a collision becomes the conflict question; nothing is
   * lost). Undo steps of `doc` are kept: each is carried onto the document as it is when it
   * is taken. 'busy' while a save of
   * `doc` is on its way (its answer brings the copy), 'stale' when the store is as new,
   * 'absent' when `doc` is not loaded. `note` (who saved what) travels with the `remote` event.
   */
  remoteUpdate: (doc: DocId, value: unknown, version: number, note?: string) => 'absent' | 'busy' | 'stale' | 'updated' | 'rebased' | 'conflict';
  /** Groups every edit made inside synchronous `fn` into one history entry; rolls back if it throws. */
  transact: <R>(label: string, fn: () => R) => R;
  /** Starts a gesture (a drag): edits until {@link endGesture} become one entry. */
  beginGesture: (label: string) => void;
  /** Squashes the gesture's edits into one entry (none if nothing changed). */
  endGesture: () => HistoryEntry | undefined;
  /** Rolls back the gesture's edits; nothing is recorded. */
  cancelGesture: () => void;
  /**
   * Undoes the newest entry, carried by identity onto the documents as they are now.
   * False if there is none, a {@link HistoryConflict} is open, the step would overwrite someone
   * else's change (then `historyConflict` asks) or it no longer applies at all (then it is
   * dropped, with `error`).
   */
  undo: () => boolean;
  /** Redoes the next entry; same rules as {@link undo}. */
  redo: () => boolean;
  /**
   * Answers the open {@link HistoryConflict}: 'keep-theirs' skips the colliding parts,
   * 'overwrite' applies them anyway, or per item. The rest of the step is applied; a step left
   * with nothing to apply is dropped. @returns whether the step was taken.
   */
  resolveHistoryConflict: (choice: ConflictChoice) => boolean;
  /** Whether `doc` (or any doc) has ops not yet acknowledged by the server. */
  isDirty: (doc?: DocId) => boolean;
  dirtyDocs: () => DocId[];
  /** Sends each dirty document's net ops as one PATCH; README.md "One edit, end to end". */
  save: () => Promise<SaveResult>;
  /** Saves only `doc` (a dialog that commits one document must not send unsaved edits of others). */
  saveDoc: (doc: DocId) => Promise<SaveResult>;
  /** Settles a conflict left by {@link save}; 'overwrite' saves right away. */
  resolveConflict: (doc: DocId, choice: ConflictChoice) => Promise<SaveResult>;
  /**
   * Re-applies the journaled unsent ops of `doc` as one entry "Restore N unsaved changes",
   * rebased by identity from the copy they were recorded against onto the loaded one; ops
   * that collide are left as a conflict to settle (nothing lands on another item).
   */
  restore: (doc: DocId) => boolean;
  /** Forgets the journaled unsent ops of `doc`. */
  discardRestorable: (doc: DocId) => Promise<void>;
  /**
   * Forgets every unsent and restorable change of every document (memory and journal) and
   * puts each document back to the server's copy, with no history: "Discard them" at logout.
   * Resolves once the journal is empty of them.
   */
  discardAll: () => Promise<void>;
  /** Resolves when every journal write issued so far is durable. */
  flushJournal: () => Promise<void>;
  /** Clears the store-level error and, given a doc, that doc's error. */
  clearError: (doc?: DocId) => void;
  /**
   * Adds a listener of the command log's events (recorded, replayed, rolled back, loaded,
   * remote, saved), called synchronously in order; the returned function removes it.
   */
  listen: (listener: (event: EditorEvent) => void) => () => void;
}

/**
 * The store's state. Reading counts and top labels is O(1); `past`/`future` are built from
 * persistent stacks only when read (a history list should read {@link historyLabels}' window).
 */
export interface EditorState extends EditorActions {
  readonly docs: Readonly<Partial<Record<DocId, DocState>>>;
  /** Undo stack, oldest first (the next undo is the last element). */
  readonly past: readonly HistoryEntry[];
  /** Redo stack, the next redo first. */
  readonly future: readonly HistoryEntry[];
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** Entries on the undo / redo stack (O(1): what the editor bar shows). */
  readonly undoCount: number;
  readonly redoCount: number;
  /** Label of the next undo / redo, or null. */
  readonly undoLabel: string | null;
  readonly redoLabel: string | null;
  /** Journaled unsent commands per doc, left by an earlier session or a reload. */
  readonly restorable: Readonly<Partial<Record<DocId, number>>>;
  /** Journal writes not yet durable; the UI counts an edit as done at 0. */
  readonly journalPending: number;
  /** Label of the gesture in progress, if any. */
  readonly gesture: string | null;
  /** Last history or journal error (e.g. an undo that no longer applies). */
  readonly error?: string;
  /** An undo or redo waiting for the operator's answer, if any. */
  readonly historyConflict?: HistoryConflict;
}

/** The zustand vanilla store returned by `createEditorStore`, plus its stable actions. */
export type EditorStore = StoreApi<EditorState> & { readonly actions: EditorActions };

/** Key of a kept base copy: `<doc>@<version>`. */
export const baseKey = (doc: DocId, version: number): string => `${doc}@${version}`;

/** The message of a thrown value (errors end up as text in `error` fields). */
export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

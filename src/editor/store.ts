/**
 * The event-sourced command log: a zustand vanilla store whose documents change only through
 * immer `produceWithPatches` (recorded as RFC 6902 commands), with transactions, gestures and
 * the actions of {@link EditorActions}.
 *
 * The store records commands and emits them ({@link EditorEvent}, `events.ts`); the other parts
 * are modules beside it:
 * - `history.ts` places each command in the undo/redo stacks (coalescing, groups, steps) and
 *   carries a step onto the documents as they are now, by identity. Its pure steps run first,
 *   because they decide which entry — and so which outbox unit — a command joins; the stacks
 *   live on the state object.
 * - `outbox.ts` listens to the events and keeps the unsent ops per document, flushed by
 *   `save()` with 412 rebase by identity; it emits its units.
 * - `journal-writer.ts` listens to the outbox's units, mirrors them to the journal and holds
 *   the restorable records.
 * - anything else (live presence notes, telemetry) listens with `listen()` and is disposed by
 *   the function it returns.
 *
 * Source: src/editor/README.md; README.md "One edit, end to end" and "Architecture".
 */
import { createStore } from 'zustand/vanilla';
import { enablePatches, freeze, produceWithPatches, type Draft } from 'immer';
import { applyShared, getIn, parsePointer, type Operation } from '../model/jsonpatch';
import { rebase } from '../model/rebase';
import { recordOps } from './patch';
import {
  dropped,
  freezeCommand,
  groupEntry,
  HIST,
  nextStep,
  pushEntry,
  recordCommand,
  replayEntry,
  stackBottomFirst,
  stackSize,
  stackTopFirst,
  stepped,
  stripDoc,
  type Hist,
  type StepChoices,
  type StepDir,
} from './history';
import { createJournalWriter, type Orphan } from './journal-writer';
import { createEmitter, type EditorEvent } from './events';
import { conflictMessage, createOutboxes, summarize, type Outcome } from './outbox';
import {
  messageOf,
  type Command,
  type ConflictChoice,
  type DocConflict,
  type DocId,
  type DocValue,
  type DocState,
  type EditOptions,
  type EditorActions,
  type EditorState,
  type EditorStore,
  type HistoryConflict,
  type HistoryEntry,
  type Journal,
  type SaveTransport,
} from './types';

enablePatches();

/** Options of {@link createEditorStore}. */
export interface EditorStoreOptions {
  transport: SaveTransport;
  /** Write-ahead journal of unsent ops; without one, unsent edits live only in memory. */
  journal?: Journal;
  /** Clock for command timestamps and the merge window (tests inject one). */
  now?: () => number;
  /** Same-`mergeKey` edits closer than this join one undo step. Default 500 ms. */
  mergeWindowMs?: number;
}

type Data = {
  docs: EditorState['docs'];
  restorable: EditorState['restorable'];
  gesture: string | null;
  error: string | undefined;
  historyConflict: HistoryConflict | undefined;
  [HIST]: Hist;
};

interface Group {
  kind: 'transaction' | 'gesture';
  label: string;
  tag: string;
  commands: Command[];
  /** Per command, its doc's copy right after it (the entry's anchors). */
  after: unknown[];
  touched: Set<DocId>;
}

/**
 * Creates the editor store (zustand vanilla + immer). See {@link EditorActions} for the
 * actions and {@link EditorState} for the state.
 * Source: src/editor/README.md.
 */
export function createEditorStore(o: EditorStoreOptions): EditorStore {
  const now = o.now ?? Date.now;
  const mergeWindowMs = o.mergeWindowMs ?? 500;
  const idPrefix = Math.random().toString(36).slice(2, 7);
  let idSeq = 0;
  const newId = (kind: string): string => `${kind}${idPrefix}${(++idSeq).toString(36)}`;

  let group: Group | null = null;
  /** Id of the entry the next same-`mergeKey` edit may join (none after undo/redo). */
  let mergeable: string | null = null;

  // ---- state plumbing ------------------------------------------------------------------

  // Actions and the lazily built `past`/`future` live on a shared prototype, so each new
  // state object only carries data and recording never copies the history.
  const proto = {} as EditorActions;
  Object.defineProperties(proto, {
    past: {
      get(this: Data) {
        return stackBottomFirst(this[HIST].past);
      },
      enumerable: true,
    },
    future: {
      get(this: Data) {
        return stackTopFirst(this[HIST].future);
      },
      enumerable: true,
    },
  });

  const make = (d: Data): EditorState => {
    const s = Object.create(proto) as Data & Record<string, unknown>;
    s.docs = d.docs;
    s.restorable = d.restorable;
    s.gesture = d.gesture;
    s.error = d.error;
    s.historyConflict = d.historyConflict;
    s.journalPending = jw.pending();
    s.canUndo = d[HIST].past !== null && group === null;
    s.canRedo = d[HIST].future !== null && group === null;
    s.undoCount = stackSize(d[HIST].past);
    s.redoCount = stackSize(d[HIST].future);
    s.undoLabel = d[HIST].past?.entry.label ?? null;
    s.redoLabel = d[HIST].future?.entry.label ?? null;
    s[HIST] = d[HIST];
    return s as unknown as EditorState;
  };

  const cur = (): Data & EditorState => store.getState() as Data & EditorState;

  const commit = (p: Partial<Data>): void => {
    const c = cur();
    store.setState(
      make({
        docs: p.docs ?? c.docs,
        restorable: p.restorable ?? c.restorable,
        gesture: 'gesture' in p ? (p.gesture ?? null) : c.gesture,
        error: 'error' in p ? p.error : c.error,
        historyConflict: 'historyConflict' in p ? p.historyConflict : c.historyConflict,
        [HIST]: p[HIST] ?? c[HIST],
      }),
      true,
    );
  };

  const withDoc = (docs: Data['docs'], doc: DocId, patch: Partial<DocState>): Data['docs'] => {
    const prev = docs[doc];
    if (!prev) throw new Error(`Document ${doc} is not loaded`);
    return { ...docs, [doc]: { ...prev, ...patch } };
  };

  const setDoc = (doc: DocId, patch: Partial<DocState>): void => {
    if (cur().docs[doc]) commit({ docs: withDoc(cur().docs, doc, patch) });
  };

  const requireDoc = (doc: DocId): DocState => {
    const d = cur().docs[doc];
    if (!d) throw new Error(`Document ${doc} is not loaded`);
    return d;
  };

  const restorableWith = (doc: DocId): Data['restorable'] => {
    const r = { ...cur().restorable };
    const n = jw.count(doc);
    if (n && cur().docs[doc]) r[doc] = n;
    else delete r[doc];
    return r;
  };

  // ---- the modules that listen ---------------------------------------------------------

  const jw = createJournalWriter({
    journal: o.journal,
    now,
    baseOf: (doc) => outbox.bases.get(doc),
    versionOf: (doc) => cur().docs[doc]?.version,
    settled: (error) => commit(error ? { error } : {}),
  });

  const outbox = createOutboxes({
    transport: o.transport,
    journal: jw,
    newId,
    host: {
      doc: (doc) => cur().docs[doc],
      setDoc,
      rebased(doc, patch) {
        // History is kept: its steps are carried onto this copy by identity when taken.
        commit({ docs: withDoc(cur().docs, doc, patch) });
        mergeable = null;
      },
      restorableChanged: (doc) => commit({ restorable: restorableWith(doc) }),
    },
  });
  /** Where recorded commands, undo/redo, rollbacks, loads, remote copies and saves are emitted. */
  // A listener that throws (telemetry, a note) never undoes the edit: the bar says so once the edit is in.
  const events = createEmitter<EditorEvent>((err, e) => {
    queueMicrotask(() => commit({ error: `A listener of the editor failed on "${e.type}": ${messageOf(err)}` }));
  });
  events.listen((e) => outbox.onEvent(e));
  outbox.units.listen((e) => jw.onUnit(e));
  /** The per-document outcomes of a save, emitted for each acknowledged document. */
  const emitSaved = (results: readonly (readonly [DocId, Outcome])[]): readonly (readonly [DocId, Outcome])[] => {
    for (const [doc, oc] of results) if (oc.kind === 'saved') events.emit({ type: 'saved', doc, ops: oc.ops });
    return results;
  };

  const store = createStore<EditorState>()(() =>
    make({ docs: {}, restorable: {}, gesture: null, error: undefined, historyConflict: undefined, [HIST]: { past: null, future: null } }),
  );

  const ready: Promise<void> = o.journal
    ? jw.open().then(() => {
        const r = { ...cur().restorable };
        for (const [doc, list] of jw.restorableDocs()) if (cur().docs[doc]) r[doc] = list.length;
        commit({ restorable: r });
      })
    : Promise.resolve();

  // ---- recording -----------------------------------------------------------------------

  const record = (
    doc: DocId,
    label: string,
    next: unknown,
    ops: Operation[],
    inverse: Operation[],
    mergeKey: string | undefined,
    extra: Partial<Data> = {},
  ): void => {
    const c = cur();
    const at = now();
    const id = newId('c');
    const cmd = freezeCommand(mergeKey !== undefined ? { id, label, doc, ops, inverse, at, mergeKey } : { id, label, doc, ops, inverse, at });

    if (group) {
      group.commands.push(cmd);
      group.after.push(next);
      events.emit({ type: 'recorded', cmd, entry: group.tag, start: !group.touched.has(doc) });
      group.touched.add(doc);
      commit({ ...extra, docs: withDoc(c.docs, doc, { value: next, dirty: true }) });
      return;
    }

    const r = recordCommand(c[HIST], cmd, mergeable, mergeWindowMs, next, c.docs[doc]?.value);
    events.emit({ type: 'recorded', cmd, entry: r.entry, start: r.start });
    mergeable = r.mergeable;
    // A new edit goes on top of the step that was asking: the question is gone with it.
    commit({ ...extra, docs: withDoc(c.docs, doc, { value: next, dirty: true }), historyConflict: undefined, [HIST]: r.hist });
  };

  const commitGroup = (g: Group): HistoryEntry | undefined => {
    mergeable = null;
    if (!g.commands.length) {
      commit({ gesture: null });
      return undefined;
    }
    const entry = groupEntry(g.tag, g.label, g.commands, g.after, now());
    commit({ gesture: null, [HIST]: pushEntry(cur()[HIST], entry) });
    return entry;
  };

  /** Reverts the group's commands from index `mark` on; `mark === 0` abandons the group. */
  const rollback = (g: Group, mark: number): void => {
    const undone = g.commands.splice(mark);
    g.after.splice(mark);
    if (!undone.length) return;
    let docs = cur().docs;
    let error: string | undefined;
    const inverses = new Map<DocId, Operation[]>();
    for (const c of [...undone].reverse()) {
      const ds = docs[c.doc];
      if (!ds) continue;
      try {
        docs = withDoc(docs, c.doc, { value: applyShared(ds.value, c.inverse).value });
        inverses.set(c.doc, [...(inverses.get(c.doc) ?? []), ...c.inverse]);
      } catch (e) {
        error = `Could not roll back "${c.label}": ${messageOf(e)}`;
      }
    }
    for (const [doc, inv] of inverses) {
      events.emit({ type: 'rolledBack', doc, entry: g.tag, inverse: inv, label: g.label, abandoned: mark === 0 });
      docs = withDoc(docs, doc, { dirty: outbox.isDirty(doc) });
    }
    commit(error ? { docs, error } : { docs });
  };

  const step = (dir: StepDir, choices: StepChoices = {}): boolean => {
    if (group) return false;
    const c = cur();
    const h = c[HIST];
    const node = nextStep(h, dir);
    if (!node) return false;
    const e = node.entry;
    mergeable = null;
    const r = replayEntry(e, dir, c.docs, choices);
    if ('error' in r) {
      // All or nothing: the entry no longer fits the document (a list without identity changed under it); drop it.
      commit({ error: r.error, historyConflict: undefined, docs: r.doc ? withDoc(c.docs, r.doc, { error: r.error }) : c.docs, [HIST]: dropped(h, dir, node) });
      return false;
    }
    if ('items' in r) {
      // Someone else changed what this step would put back: ask, as after a 412.
      const historyConflict: HistoryConflict = { source: dir, entry: e.id, label: e.label, doc: r.doc, base: r.base, items: r.items, choices };
      commit({ historyConflict });
      return false;
    }
    if (!r.entry) {
      // Every part was skipped (keep theirs): the step is spent; the others stay.
      commit({ historyConflict: undefined, [HIST]: dropped(h, dir, node) });
      return true;
    }
    let docs = c.docs;
    for (const [doc, ops] of r.ops) {
      events.emit({ type: 'replayed', doc, entry: e.id, dir: dir === 'undo' ? -1 : 1, ops, label: dir === 'undo' ? `Undo ${e.label}` : e.label });
      docs = withDoc(docs, doc, { value: r.values.get(doc), dirty: outbox.isDirty(doc) });
    }
    commit({ docs, historyConflict: undefined, [HIST]: stepped(h, dir, node, r.entry) });
    return true;
  };

  /** Records restored ops as one undoable entry and forgets their journal records. */
  const finishRestore = (doc: DocId, recs: readonly Orphan[], ops: Operation[], value: unknown): void => {
    jw.forget(doc, recs);
    if (!ops.length) {
      commit({ restorable: restorableWith(doc) });
      return;
    }
    const inverse = applyShared(requireDoc(doc).value, ops).inverse;
    record(doc, `Restore ${recs.length} unsaved changes`, value, ops, inverse, undefined, { restorable: restorableWith(doc) });
  };

  // ---- actions -------------------------------------------------------------------------

  const actions: EditorActions = {
    load(doc, value, version) {
      if (value === null || typeof value !== 'object') throw new TypeError(`load(${doc}): the document must be an object`);
      const c = cur();
      const prev = c.docs[doc];
      const frozen = freeze(value, true);
      const hadUnits = outbox.reset(doc, { value: frozen, version });
      let h = c[HIST];
      if (prev && (prev.version !== version || hadUnits)) {
        h = stripDoc(h, doc);
        mergeable = null;
      }
      const docs = { ...c.docs, [doc]: { value: frozen, version, saving: false, dirty: false } };
      // A reload replaces the document under a waiting undo or redo question: it no longer holds.
      const asked = c.historyConflict?.doc === doc && h !== c[HIST] ? { historyConflict: undefined } : {};
      const restorable = { ...c.restorable };
      const n = jw.count(doc);
      if (n) restorable[doc] = n;
      else delete restorable[doc];
      commit({ docs, restorable, ...asked, [HIST]: h });
      events.emit({ type: 'loaded', doc, version });
    },

    async hydrate(doc) {
      await ready;
      return jw.count(doc);
    },

    edit<D extends DocId>(doc: D, label: string, recipe: (draft: DocValue<D>) => void, opts?: EditOptions): boolean {
      // The store holds what the server sent for `doc`, validated as its kind when loaded.
      const base = requireDoc(doc).value as DocValue<D>;
      const [next, patches, inversePatches] = produceWithPatches(base, recipe as (d: Draft<DocValue<D>>) => void);
      if (patches.length === 0) return false;
      const { ops, inverse } = recordOps(base, next, patches, inversePatches);
      record(doc, label, next, ops, inverse, opts?.mergeKey);
      return true;
    },

    move(doc, label, arrayPointer, from, to) {
      const value = requireDoc(doc).value;
      const arr = getIn(value, parsePointer(arrayPointer));
      if (!Array.isArray(arr)) throw new Error(`move: ${arrayPointer} is not an array in ${doc}`);
      for (const i of [from, to]) {
        if (!Number.isInteger(i) || i < 0 || i >= arr.length) throw new RangeError(`move: index ${i} is out of range`);
      }
      if (from === to) return false;
      const ops: Operation[] = [{ op: 'move', from: `${arrayPointer}/${from}`, path: `${arrayPointer}/${to}` }];
      const inverse: Operation[] = [{ op: 'move', from: `${arrayPointer}/${to}`, path: `${arrayPointer}/${from}` }];
      record(doc, label, applyShared(value, ops).value, ops, inverse, undefined);
      return true;
    },

    remoteUpdate(doc, value, version, note) {
      const ds = cur().docs[doc];
      if (!ds) return 'absent';
      if (version <= ds.version) return 'stale';
      if (value === null || typeof value !== 'object') throw new TypeError(`remoteUpdate(${doc}): the document must be an object`);
      const outcome = outbox.remote(doc, { value, version });
      events.emit(note === undefined ? { type: 'remote', doc, version, outcome } : { type: 'remote', doc, version, outcome, note });
      return outcome;
    },

    listen: (listener) => events.listen(listener),

    apply(doc, label, ops) {
      if (!ops.length) return false;
      const { value, inverse } = applyShared(requireDoc(doc).value, ops);
      record(doc, label, value, [...ops], inverse, undefined);
      return true;
    },

    transact<R>(label: string, fn: () => R): R {
      const outer = group === null;
      const g: Group = group ?? { kind: 'transaction', label, tag: newId('e'), commands: [], after: [], touched: new Set() };
      const mark = g.commands.length;
      group = g;
      let result: R;
      try {
        result = fn();
        if (result instanceof Promise) {
          throw new TypeError('transact() takes a synchronous function; use beginGesture() for edits spread over time');
        }
      } catch (e) {
        if (outer) group = null;
        rollback(g, mark);
        throw e;
      }
      if (outer) {
        group = null;
        commitGroup(g);
      }
      return result;
    },

    beginGesture(label) {
      if (group) throw new Error(`Cannot start "${label}" while "${group.label}" is in progress`);
      group = { kind: 'gesture', label, tag: newId('e'), commands: [], after: [], touched: new Set() };
      commit({ gesture: label });
    },

    endGesture() {
      if (!group || group.kind !== 'gesture') return undefined;
      const g = group;
      group = null;
      return commitGroup(g);
    },

    cancelGesture() {
      if (!group || group.kind !== 'gesture') return;
      const g = group;
      group = null;
      rollback(g, 0);
      commit({ gesture: null });
    },

    undo: () => !cur().historyConflict && step('undo'),
    redo: () => !cur().historyConflict && step('redo'),

    resolveHistoryConflict(choice) {
      const q = cur().historyConflict;
      if (!q) return false;
      const node = nextStep(cur()[HIST], q.source);
      if (!node || node.entry.id !== q.entry) {
        commit({ historyConflict: undefined });
        return false;
      }
      const answer: Record<string, 'mine' | 'theirs'> = Object.fromEntries(
        q.items.map((i) => [i.id, choice === 'overwrite' ? 'mine' : choice === 'keep-theirs' ? 'theirs' : (choice[i.id] ?? 'theirs')]),
      );
      return step(q.source, { ...q.choices, [q.doc]: { ...q.choices[q.doc], ...answer } });
    },

    isDirty: (doc) => outbox.isDirty(doc),

    dirtyDocs: () => outbox.dirtyDocs(),

    async save() {
      await jw.flush();
      const docs = actions.dirtyDocs();
      return summarize(emitSaved(await Promise.all(docs.map(async (d) => [d, await outbox.save(d)] as const))));
    },

    async saveDoc(doc) {
      await jw.flush();
      return summarize(emitSaved(outbox.isDirty(doc) ? [[doc, await outbox.save(doc)]] : []));
    },

    async resolveConflict(doc: DocId, choice: ConflictChoice) {
      const ds = cur().docs[doc];
      if (!ds?.conflict) return summarize([]);
      const conflict = ds.conflict;
      const all = Object.fromEntries(conflict.items.map((i) => [i.id, 'theirs' as const]));
      const choices: Record<string, 'mine' | 'theirs'> =
        choice === 'keep-theirs'
          ? all
          : choice === 'overwrite'
            ? Object.fromEntries(conflict.items.map((i) => [i.id, 'mine' as const]))
            : { ...all, ...choice };
      mergeable = null;
      if (conflict.source === 'restore') {
        const recs = jw.restorable(doc) ?? [];
        const r = rebase(conflict.base, conflict.unsent, ds.value, choices);
        setDoc(doc, { conflict: undefined, error: undefined });
        finishRestore(doc, recs, r.ops, r.value);
        return summarize([]);
      }
      const value = outbox.resolve(doc, conflict, choices);
      // History stays: a step whose edit was dropped here meets their value and asks.
      commit({
        docs: withDoc(cur().docs, doc, { value, version: conflict.current.version, dirty: outbox.isDirty(doc), conflict: undefined, error: undefined }),
      });
      if (!outbox.isDirty(doc)) return summarize([]);
      return summarize(emitSaved([[doc, await outbox.save(doc)]]));
    },

    restore(doc) {
      const recs = jw.restorable(doc);
      if (!recs?.length) return false;
      const ds = requireDoc(doc);
      const ops = recs.flatMap((r) => r.ops);
      const newest = recs.at(-1);
      const base = newest && jw.baseOfRecord(newest);
      if (!base) {
        // Recorded before base copies were kept: they apply as they are, or not at all.
        let applied;
        try {
          applied = applyShared(ds.value, ops);
        } catch (e) {
          setDoc(doc, { error: `Could not restore unsaved changes: ${messageOf(e)}` });
          return false;
        }
        finishRestore(doc, recs, ops, applied.value);
        return true;
      }
      // Rebased by identity from the copy they were made on onto the one loaded now.
      const r = rebase(base.value, ops, ds.value);
      if (r.conflicts.length) {
        const conflict: DocConflict = {
          source: 'restore',
          current: { value: ds.value, version: ds.version },
          base: base.value,
          unsent: ops,
          items: r.conflicts,
        };
        setDoc(doc, { conflict, error: conflictMessage(r.conflicts.length) });
        return false;
      }
      finishRestore(doc, recs, r.ops, r.value);
      return true;
    },

    async discardRestorable(doc) {
      jw.forget(doc, jw.restorable(doc) ?? []);
      const c = cur();
      const restoring = c.docs[doc]?.conflict?.source === 'restore';
      commit({
        restorable: restorableWith(doc),
        ...(restoring ? { docs: withDoc(c.docs, doc, { conflict: undefined, error: undefined }) } : {}),
      });
      await jw.flush();
    },

    async discardAll() {
      group = null;
      mergeable = null;
      outbox.discardAll();
      jw.forgetAll();
      let docs = cur().docs;
      for (const [doc, b] of outbox.bases) {
        if (docs[doc]) docs = withDoc(docs, doc, { value: b.value, version: b.version, dirty: false, conflict: undefined, error: undefined });
      }
      commit({ docs, restorable: {}, gesture: null, error: undefined, historyConflict: undefined, [HIST]: { past: null, future: null } });
      await jw.flush();
    },

    flushJournal: () => jw.flush(),

    clearError(doc) {
      const c = cur();
      commit({ error: undefined, docs: doc && c.docs[doc] ? withDoc(c.docs, doc, { error: undefined }) : c.docs });
    },
  };

  Object.assign(proto, actions);
  return Object.assign(store, { actions });
}

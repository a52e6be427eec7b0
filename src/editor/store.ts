/**
 * The event-sourced command log: a zustand vanilla store whose documents change only through
 * immer `produceWithPatches` (recorded as RFC 6902 commands), with undo/redo, coalescing,
 * transactions, gestures, a per-document outbox flushed by `save()`, 412 rebase and a journal.
 *
 * Source: DESIGN.md — The command log, precisely; The flow of one edit.
 */
import { createStore } from 'zustand/vanilla';
import { enablePatches, freeze, produceWithPatches, type Draft } from 'immer';
import { applyShared, getIn, parsePointer, type Operation } from '../model/jsonpatch';
import { guardOps, rebase } from '../model/rebase';
import { pushSquashed, recordOps, squashOps } from './patch';
import { freezeCommand, freezeEntry, pushStack, stackBottomFirst, stackSize, stackTopFirst, stripDoc, type Hist } from './history';
import {
  baseKey,
  ConflictError,
  type Command,
  type ConflictChoice,
  type DocConflict,
  type DocId,
  type DocState,
  type EditOptions,
  type EditorActions,
  type EditorState,
  type EditorStore,
  type HistoryEntry,
  type Journal,
  type RemoteDoc,
  type SaveResult,
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

/** Internal key of the history stacks on each state object. */
const HIST = Symbol('history');

/** The persistent undo/redo stacks behind a state (for windowed reads, {@link historyLabels}). */
export const historyOf = (s: EditorState): Hist => (s as unknown as { [HIST]: Hist })[HIST];

type Data = {
  docs: EditorState['docs'];
  restorable: EditorState['restorable'];
  gesture: string | null;
  error: string | undefined;
  [HIST]: Hist;
};

/**
 * An outbox unit: ops applied locally since the last acknowledgement, tagged with the entry
 * that produced them. `whole` means it holds all of that entry's ops for the doc, so undoing
 * the entry may simply drop the unit instead of sending ops and their inverse.
 */
interface Unit {
  readonly tag: string;
  readonly dir: 1 | -1;
  whole: boolean;
  /** Shared with the command (frozen) until the unit grows; then its own array. */
  ops: readonly Operation[];
  labels: string | string[];
}

/**
 * A PATCH being sent (and re-sent with the same key after a network error). Its units are a
 * prefix of the outbox and are never changed or dropped until the batch is settled.
 */
interface Batch {
  units: Unit[];
  ops: Operation[];
  /** `ops` with `test` guards on the identity of every list item they address (what is sent). */
  wire: Operation[];
  key: string;
  version: number;
  label: string;
}

interface Outbox {
  units: Unit[];
  batch?: Batch;
  running?: Promise<Outcome>;
}

/** A journal record left by an earlier session, or a unit dropped by a reload. */
interface Orphan {
  readonly seq?: number;
  readonly ops: readonly Operation[];
}

interface Group {
  kind: 'transaction' | 'gesture';
  label: string;
  tag: string;
  commands: Command[];
  touched: Set<DocId>;
}

type Outcome = { kind: 'clean' | 'conflict' } | { kind: 'saved'; ops: Operation[] } | { kind: 'error'; message: string };

/** 4xx answers that come before the server looks at the request (auth, throttling) say nothing about an earlier attempt. */
const NOT_PROCESSED = new Set([401, 403, 407, 408, 425, 429]);

/**
 * Whether the server processed and refused the batch, so it was certainly not applied (the
 * server answers a replayed Idempotency-Key with the original response, so this holds for
 * retries too) and the batch may be rebuilt with a new key.
 */
const isRejection = (e: unknown): boolean => {
  const status = (e as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && !NOT_PROCESSED.has(status);
};
const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
const conflictMessage = (n: number): string =>
  `Someone else saved this meanwhile: ${n} of your changes collide with theirs. Choose which to keep.`;
const randomKey = (): string => globalThis.crypto.randomUUID();
const labelList = (u: Unit): readonly string[] => (typeof u.labels === 'string' ? [u.labels] : u.labels);
/** Whether `u` is in the batch being sent (never changed or dropped then). */
const isSent = (ob: Outbox, u: Unit): boolean => !!ob.batch && ob.batch.units.includes(u);

/**
 * Creates the editor store (zustand vanilla + immer). See {@link EditorActions} for the
 * actions and {@link EditorState} for the state.
 * Source: DESIGN.md — The command log, precisely.
 */
export function createEditorStore(o: EditorStoreOptions): EditorStore {
  const now = o.now ?? Date.now;
  const mergeWindowMs = o.mergeWindowMs ?? 500;
  const journal = o.journal;
  const idPrefix = Math.random().toString(36).slice(2, 7);
  let idSeq = 0;
  const newId = (kind: string): string => `${kind}${idPrefix}${(++idSeq).toString(36)}`;

  const outboxes = new Map<DocId, Outbox>();
  const orphans = new Map<DocId, Orphan[]>();
  /** Per doc: the server's copy the outbox is layered on (what its ops were recorded against). */
  const bases = new Map<DocId, RemoteDoc>();
  /** Per restorable record or dropped unit: the server's copy its ops were recorded against (when known). */
  const orphanBases = new WeakMap<Orphan, RemoteDoc>();
  /** Base copies the journal holds already (`<doc>@<version>`). */
  const savedBases = new Set<string>();
  let group: Group | null = null;
  /** Id of the entry the next same-`mergeKey` edit may join (none after undo/redo). */
  let mergeable: string | null = null;
  let jPending = 0;
  let jChain: Promise<void> = Promise.resolve();
  // Journal bookkeeping lives beside the units so units stay small when there is no journal.
  const seqs = new WeakMap<Orphan, number>();
  const queued = new WeakSet<Unit>();
  const seqOf = (r: Orphan): number | undefined => seqs.get(r) ?? r.seq;

  // ---- state plumbing ------------------------------------------------------------------

  // Actions and the lazily built `past`/`future` live on a shared prototype, so each new
  // state object only carries data and recording never copies the history.
  const proto = {} as EditorActions;
  Object.defineProperties(proto, {
    past: { get(this: Data) { return stackBottomFirst(this[HIST].past); }, enumerable: true },
    future: { get(this: Data) { return stackTopFirst(this[HIST].future); }, enumerable: true },
  });

  const make = (d: Data): EditorState => {
    const s = Object.create(proto) as Data & Record<string, unknown>;
    s.docs = d.docs;
    s.restorable = d.restorable;
    s.gesture = d.gesture;
    s.error = d.error;
    s.journalPending = jPending;
    s.canUndo = d[HIST].past !== null && group === null;
    s.canRedo = d[HIST].future !== null && group === null;
    s.undoCount = stackSize(d[HIST].past);
    s.redoCount = stackSize(d[HIST].future);
    s.undoLabel = d[HIST].past?.entry.label ?? null;
    s.redoLabel = d[HIST].future?.entry.label ?? null;
    s[HIST] = d[HIST];
    return s as unknown as EditorState;
  };

  const store = createStore<EditorState>()(() =>
    make({ docs: {}, restorable: {}, gesture: null, error: undefined, [HIST]: { past: null, future: null } }),
  );

  const cur = (): Data & EditorState => store.getState() as Data & EditorState;

  const commit = (p: Partial<Data>): void => {
    const c = cur();
    store.setState(
      make({
        docs: p.docs ?? c.docs,
        restorable: p.restorable ?? c.restorable,
        gesture: 'gesture' in p ? (p.gesture ?? null) : c.gesture,
        error: 'error' in p ? p.error : c.error,
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

  const outbox = (doc: DocId): Outbox => {
    let ob = outboxes.get(doc);
    if (!ob) outboxes.set(doc, (ob = { units: [] }));
    return ob;
  };

  // ---- journal -------------------------------------------------------------------------

  const jRun = (task: (j: Journal) => Promise<void>): Promise<void> => {
    if (!journal) return Promise.resolve();
    jPending++;
    const done = (error?: string): void => {
      jPending--;
      commit(error ? { error } : {});
    };
    jChain = jChain.then(() => task(journal)).then(
      () => done(),
      (e: unknown) => done(`Journal write failed: ${messageOf(e)}`),
    );
    return jChain;
  };

  /** Makes sure the journal keeps the copy `doc`'s records are layered on (written once per version). */
  const jBase = (doc: DocId): number => {
    const base = bases.get(doc);
    const version = base?.version ?? cur().docs[doc]?.version ?? 0;
    const key = baseKey(doc, version);
    if (base && !savedBases.has(key)) {
      savedBases.add(key);
      void jRun((j) => j.saveBase(doc, base));
    }
    return version;
  };

  const jAppend = (doc: DocId, u: Unit): void => {
    if (!journal) return;
    const baseVersion = jBase(doc);
    const at = now();
    queued.add(u);
    void jRun(async (j) => {
      queued.delete(u);
      seqs.set(u, await j.append({ doc, ops: [...u.ops], label: labelList(u).join(', '), baseVersion, at }));
    });
  };

  const jUpdate = (doc: DocId, u: Unit): void => {
    if (!journal) return;
    jBase(doc); // the copy the record will name is written first
    if (queued.has(u)) return; // a queued write will read the latest ops and base
    queued.add(u);
    void jRun(async (j) => {
      queued.delete(u);
      const seq = seqs.get(u);
      const baseVersion = bases.get(doc)?.version;
      if (seq !== undefined) await j.update(seq, { ops: [...u.ops], label: labelList(u).join(', '), baseVersion });
    });
  };

  const jRemove = (recs: readonly Orphan[]): void => {
    if (!journal || !recs.length) return;
    void jRun(async (j) => {
      const list = recs.map(seqOf).filter((s): s is number => s !== undefined);
      if (list.length) await j.remove(list);
    });
  };

  const flushJournal = async (): Promise<void> => {
    for (let c = jChain; ; c = jChain) {
      await c;
      if (c === jChain) return;
    }
  };

  const restorableWith = (doc: DocId): Data['restorable'] => {
    const r = { ...cur().restorable };
    const n = orphans.get(doc)?.length ?? 0;
    if (n && cur().docs[doc]) r[doc] = n;
    else delete r[doc];
    return r;
  };

  const ready: Promise<void> = journal
    ? jRun(async (j) => {
        const records = await j.open();
        const kept = await j.bases();
        for (const rec of records) {
          const list = orphans.get(rec.doc) ?? [];
          list.push(rec);
          orphans.set(rec.doc, list);
          const b = kept.get(baseKey(rec.doc, rec.baseVersion));
          if (b) {
            orphanBases.set(rec, { value: freeze(b.value, true), version: b.version });
            savedBases.add(baseKey(rec.doc, rec.baseVersion));
          }
        }
      }).then(() => {
        const r = { ...cur().restorable };
        for (const [doc, list] of orphans) if (cur().docs[doc]) r[doc] = list.length;
        commit({ restorable: r });
      })
    : Promise.resolve();

  // ---- outbox --------------------------------------------------------------------------

  const outboxPush = (doc: DocId, tag: string, dir: 1 | -1, ops: readonly Operation[], label: string, start: boolean): void => {
    const ob = outbox(doc);
    const last = ob.units[ob.units.length - 1];
    if (last && !isSent(ob, last) && last.tag === tag && last.dir === dir) {
      const grown = Object.isFrozen(last.ops) ? [...last.ops] : (last.ops as Operation[]);
      for (const op of ops) pushSquashed(grown, op);
      last.ops = grown;
      const labels = labelList(last);
      if (labels[labels.length - 1] !== label) last.labels = [...labels, label];
      jUpdate(doc, last);
      return;
    }
    // `ops` is either a recorded command's frozen list or a fresh array nobody else holds.
    const u: Unit = { tag, dir, whole: start, ops, labels: label };
    ob.units.push(u);
    jAppend(doc, u);
  };

  /** Undo/redo of entry `tag` on `doc`: drop the unit it cancels, or queue the ops. */
  const outboxReverse = (doc: DocId, tag: string, dir: 1 | -1, ops: readonly Operation[], label: string): void => {
    const ob = outbox(doc);
    const last = ob.units[ob.units.length - 1];
    if (last && !isSent(ob, last) && last.whole && last.tag === tag && last.dir === -dir) {
      ob.units.pop();
      jRemove([last]);
    } else outboxPush(doc, tag, dir, ops, label, true);
  };

  const isDirty = (doc?: DocId): boolean =>
    doc ? (outboxes.get(doc)?.units.length ?? 0) > 0 : [...outboxes.values()].some((ob) => ob.units.length > 0);

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
    // A single-command entry shares its command's id (one string less per history step).
    const id = newId('c');
    const cmd = freezeCommand(
      mergeKey !== undefined ? { id, label, doc, ops, inverse, at, mergeKey } : { id, label, doc, ops, inverse, at },
    );
    const h = c[HIST];

    if (group) {
      group.commands.push(cmd);
      outboxPush(doc, group.tag, 1, ops, label, !group.touched.has(doc));
      group.touched.add(doc);
      commit({ ...extra, docs: withDoc(c.docs, doc, { value: next, dirty: true }) });
      return;
    }

    const top = h.past?.entry;
    const prev = top?.commands.length === 1 ? top.commands[0] : undefined;
    if (mergeKey !== undefined && h.past && top && prev && mergeable === top.id) {
      if (prev.doc === doc && prev.mergeKey === mergeKey && at - top.at <= mergeWindowMs) {
        const merged = freezeCommand({
          ...prev,
          ops: squashOps([...prev.ops, ...ops]),
          inverse: squashOps([...inverse, ...prev.inverse]),
          at,
        });
        const entry = freezeEntry({ id: top.id, label: top.label, commands: [merged], at });
        outboxPush(doc, top.id, 1, ops, label, false);
        commit({
          ...extra,
          docs: withDoc(c.docs, doc, { value: next, dirty: true }),
          [HIST]: { past: pushStack(h.past.next, entry), future: null },
        });
        return;
      }
    }

    const entry = freezeEntry({ id, label, commands: [cmd], at });
    outboxPush(doc, entry.id, 1, ops, label, true);
    mergeable = mergeKey !== undefined ? entry.id : null;
    commit({
      ...extra,
      docs: withDoc(c.docs, doc, { value: next, dirty: true }),
      [HIST]: { past: pushStack(h.past, entry), future: null },
    });
  };

  /** Joins adjacent commands on the same doc (a gesture's 100 drag steps become one). */
  const squashCommands = (commands: readonly Command[], label: string): Command[] => {
    const out: Command[] = [];
    for (const c of commands) {
      const prev = out[out.length - 1];
      if (prev && prev.doc === c.doc) {
        out[out.length - 1] = freezeCommand({
          id: prev.id,
          label,
          doc: c.doc,
          ops: squashOps([...prev.ops, ...c.ops]),
          inverse: squashOps([...c.inverse, ...prev.inverse]),
          at: c.at,
        });
      } else out.push(c);
    }
    return out;
  };

  const commitGroup = (g: Group): HistoryEntry | undefined => {
    mergeable = null;
    if (!g.commands.length) {
      commit({ gesture: null });
      return undefined;
    }
    const entry = freezeEntry({ id: g.tag, label: g.label, commands: squashCommands(g.commands, g.label), at: now() });
    commit({ gesture: null, [HIST]: { past: pushStack(cur()[HIST].past, entry), future: null } });
    return entry;
  };

  /** Reverts the group's commands from index `mark` on; `mark === 0` abandons the group. */
  const rollback = (g: Group, mark: number): void => {
    const undone = g.commands.splice(mark);
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
      const ob = outbox(doc);
      const last = ob.units[ob.units.length - 1];
      if (mark === 0 && last && !isSent(ob, last) && last.whole && last.tag === g.tag && last.dir === 1) {
        ob.units.pop();
        jRemove([last]);
      } else outboxPush(doc, g.tag, 1, inv, g.label, false);
      docs = withDoc(docs, doc, { dirty: isDirty(doc) });
    }
    commit(error ? { docs, error } : { docs });
  };

  // ---- undo / redo ---------------------------------------------------------------------

  const step = (dir: 'undo' | 'redo'): boolean => {
    if (group) return false;
    const c = cur();
    const h = c[HIST];
    const node = dir === 'undo' ? h.past : h.future;
    if (!node) return false;
    const e = node.entry;
    mergeable = null;
    const cmds = dir === 'undo' ? [...e.commands].reverse() : e.commands;
    const values = new Map<DocId, unknown>();
    const perDoc = new Map<DocId, Operation[]>();
    for (const cmd of cmds) {
      const ds = c.docs[cmd.doc];
      const ops = dir === 'undo' ? cmd.inverse : cmd.ops;
      try {
        if (!ds) throw new Error(`${cmd.doc} is not loaded`);
        values.set(cmd.doc, applyShared(values.has(cmd.doc) ? values.get(cmd.doc) : ds.value, ops).value);
        perDoc.set(cmd.doc, [...(perDoc.get(cmd.doc) ?? []), ...ops]);
      } catch (err) {
        // All or nothing: the entry no longer fits the document (e.g. after a rebase); drop it.
        const error = `Could not ${dir} "${e.label}": ${messageOf(err)}`;
        const rest = node.next;
        commit({
          error,
          docs: ds ? withDoc(c.docs, cmd.doc, { error }) : c.docs,
          [HIST]: dir === 'undo' ? { past: rest, future: h.future } : { past: h.past, future: rest },
        });
        return false;
      }
    }
    let docs = c.docs;
    for (const [doc, ops] of perDoc) {
      if (dir === 'undo') outboxReverse(doc, e.id, -1, ops, `Undo ${e.label}`);
      else outboxReverse(doc, e.id, 1, ops, e.label);
      docs = withDoc(docs, doc, { value: values.get(doc), dirty: isDirty(doc) });
    }
    commit({
      docs,
      [HIST]: dir === 'undo' ? { past: node.next, future: pushStack(h.future, e) } : { past: pushStack(h.past, e), future: node.next },
    });
    return true;
  };

  // ---- saving --------------------------------------------------------------------------

  const labelsOf = (units: readonly Unit[]): string[] => {
    const labels: string[] = [];
    for (const u of units) for (const l of labelList(u)) if (labels[labels.length - 1] !== l) labels.push(l);
    return labels;
  };

  const makeBatch = (doc: DocId, units: Unit[], version: number): Batch => {
    const ops = squashOps(units.flatMap((u) => u.ops));
    let wire = ops;
    const base = bases.get(doc);
    if (base && base.version === version) {
      try {
        wire = guardOps(base.value, ops);
      } catch {
        wire = ops; // the outbox does not fit its base (a bug elsewhere): If-Match still guards the write
      }
    }
    return { units, ops, wire, key: randomKey(), version, label: labelsOf(units).join(', ') };
  };

  /**
   * Replaces `doc`'s outbox by one unit holding `ops` (rebased onto the copy now in `bases`),
   * journaled afresh; returns it (undefined when `ops` is empty).
   */
  const replaceOutbox = (doc: DocId, ob: Outbox, ops: Operation[], labels: string[]): Unit | undefined => {
    jRemove(ob.units.splice(0));
    ob.batch = undefined;
    if (!ops.length) return undefined;
    const u: Unit = { tag: newId('o'), dir: 1, whole: false, ops, labels: labels.length === 1 && labels[0] !== undefined ? labels[0] : labels };
    ob.units.push(u);
    jAppend(doc, u);
    return u;
  };

  const ack = (doc: DocId, ob: Outbox, batch: Batch, res: RemoteDoc): void => {
    ob.units.splice(0, batch.units.length);
    ob.batch = undefined;
    jRemove(batch.units);
    const server = freeze(res.value, true);
    bases.set(doc, { value: server, version: res.version });
    // Units still waiting now layer on the acknowledged copy.
    for (const u of ob.units) jUpdate(doc, u);
    let value: unknown = server;
    let error: string | undefined;
    if (ob.units.length) {
      // Edits made while the PATCH was in flight go on top of the server's answer.
      try {
        value = applyShared(server, ob.units.flatMap((u) => u.ops)).value;
      } catch (e) {
        value = cur().docs[doc]?.value;
        error = `Saved, but later edits do not fit the server's document: ${messageOf(e)}`;
      }
    }
    setDoc(doc, { value, version: res.version, dirty: ob.units.length > 0, error, conflict: undefined });
  };

  /** Sends the units present now (and a batch left by a network error first); one at a time per doc. */
  const send = async (doc: DocId, ob: Outbox): Promise<Outcome> => {
    await flushJournal();
    if (outboxes.get(doc) !== ob || !cur().docs[doc]) return { kind: 'clean' };
    if (cur().docs[doc]?.conflict) return { kind: 'conflict' };
    const targets = new Set(ob.units);
    if (!targets.size) return { kind: 'clean' };
    let rebased = false;
    const acked: Operation[] = [];
    setDoc(doc, { saving: true, error: undefined });
    try {
      for (;;) {
        if (outboxes.get(doc) !== ob) return { kind: 'clean' };
        const units = ob.units.filter((u) => targets.has(u));
        if (!units.length) return { kind: 'saved', ops: acked };
        let batch = ob.batch;
        batch ??= ob.batch = makeBatch(doc, units, requireDoc(doc).version);
        try {
          const res = await o.transport.patch(doc, [...batch.wire], {
            version: batch.version,
            idempotencyKey: batch.key,
            label: batch.label,
          });
          if (outboxes.get(doc) !== ob) {
            // Reloaded meanwhile: the server has these ops, so they are not restorable.
            const sent: readonly Orphan[] = batch.units;
            const left = (orphans.get(doc) ?? []).filter((r) => !sent.includes(r));
            if (left.length) orphans.set(doc, left);
            else orphans.delete(doc);
            jRemove(batch.units);
            commit({ restorable: restorableWith(doc) });
            return { kind: 'saved', ops: [...acked, ...batch.ops] };
          }
          ack(doc, ob, batch, res);
          acked.push(...batch.ops);
        } catch (e) {
          if (outboxes.get(doc) !== ob) return { kind: 'clean' };
          if (e instanceof ConflictError || isRejection(e)) {
            // The server certainly did not apply the batch: it may be rebuilt with a new key.
            ob.batch = undefined;
          }
          if (!(e instanceof ConflictError)) {
            const message = messageOf(e);
            setDoc(doc, { error: message });
            return { kind: 'error', message };
          }
          const current: RemoteDoc = { value: freeze(e.current.value, true), version: e.current.version };
          const unsent = ob.units.flatMap((u) => u.ops);
          const base = bases.get(doc) ?? { value: requireDoc(doc).value, version: requireDoc(doc).version };
          // Carry the unsent ops onto the newer copy by identity (DESIGN.md "Rebase by identity").
          const r = rebase(base.value, unsent, current.value);
          if (r.conflicts.length) {
            const conflict: DocConflict = { source: 'save', current, base: base.value, unsent, items: r.conflicts };
            setDoc(doc, { conflict, error: conflictMessage(r.conflicts.length) });
            return { kind: 'conflict' };
          }
          // Rebased: one unit on the new copy; undo steps pointing at moved items are dropped.
          const u = replaceOutbox(doc, ob, r.ops, labelsOf(ob.units));
          if (u) targets.add(u);
          bases.set(doc, current);
          const c2 = cur();
          commit({
            docs: withDoc(c2.docs, doc, { value: r.value, version: current.version, dirty: ob.units.length > 0 }),
            ...(r.moved ? { [HIST]: stripDoc(c2[HIST], doc) } : {}),
          });
          if (r.moved) mergeable = null;
          if (rebased) {
            const message = 'The document keeps changing on the server; your changes were rebased, save again';
            setDoc(doc, { error: message });
            return { kind: 'error', message };
          }
          rebased = true;
        }
      }
    } finally {
      setDoc(doc, { saving: false });
    }
  };

  const saveDoc = (doc: DocId): Promise<Outcome> => {
    const ob = outbox(doc);
    const prev = ob.running ?? Promise.resolve<Outcome>({ kind: 'clean' });
    const run = prev.catch(() => undefined).then(() => send(doc, ob));
    ob.running = run;
    void run.finally(() => {
      if (ob.running === run) ob.running = undefined;
    });
    return run;
  };

  /** One outcome per document, in the same order. */
  const summarize = (results: readonly (readonly [DocId, Outcome])[]): SaveResult => {
    const r = { saved: [] as DocId[], conflicts: [] as DocId[], errors: {} as Partial<Record<DocId, string>>, sent: {} as Partial<Record<DocId, Operation[]>> };
    for (const [doc, oc] of results) {
      if (oc.kind === 'saved') { r.saved.push(doc); r.sent[doc] = oc.ops; }
      else if (oc.kind === 'conflict') r.conflicts.push(doc);
      else if (oc.kind === 'error') r.errors[doc] = oc.message;
    }
    return { ...r, ok: r.conflicts.length === 0 && Object.keys(r.errors).length === 0 };
  };

  /** Records restored ops as one undoable entry and forgets their journal records. */
  const finishRestore = (doc: DocId, recs: readonly Orphan[], ops: Operation[], value: unknown): void => {
    orphans.delete(doc);
    jRemove(recs);
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
      const ob = outboxes.get(doc);
      const hadUnits = !!ob && ob.units.length > 0;
      if (ob && hadUnits) {
        // Unsent ops stay in the journal and become restorable against the new data.
        const base = bases.get(doc);
        if (base) for (const u of ob.units) orphanBases.set(u, base);
        orphans.set(doc, [...(orphans.get(doc) ?? []), ...ob.units]);
      }
      outboxes.set(doc, { units: [] });
      const frozen = freeze(value, true);
      bases.set(doc, { value: frozen, version });
      let h = c[HIST];
      if (prev && (prev.version !== version || hadUnits)) {
        h = stripDoc(h, doc);
        mergeable = null;
      }
      const docs = { ...c.docs, [doc]: { value: frozen, version, saving: false, dirty: false } };
      const restorable = { ...c.restorable };
      const n = orphans.get(doc)?.length ?? 0;
      if (n) restorable[doc] = n;
      else delete restorable[doc];
      commit({ docs, restorable, [HIST]: h });
    },

    async hydrate(doc) {
      await ready;
      return orphans.get(doc)?.length ?? 0;
    },

    edit<T>(doc: DocId, label: string, recipe: (draft: T) => void, opts?: EditOptions): boolean {
      const base = requireDoc(doc).value as T;
      const [next, patches, inversePatches] = produceWithPatches(base, recipe as (d: Draft<T>) => void);
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

    transact<R>(label: string, fn: () => R): R {
      const outer = group === null;
      const g: Group = group ?? { kind: 'transaction', label, tag: newId('e'), commands: [], touched: new Set() };
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
      group = { kind: 'gesture', label, tag: newId('e'), commands: [], touched: new Set() };
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

    undo: () => step('undo'),
    redo: () => step('redo'),

    isDirty,

    dirtyDocs: () => [...outboxes].filter(([, ob]) => ob.units.length > 0).map(([doc]) => doc),

    async save() {
      await flushJournal();
      const docs = actions.dirtyDocs();
      return summarize(await Promise.all(docs.map(async (d) => [d, await saveDoc(d)] as const)));
    },

    async resolveConflict(doc: DocId, choice: ConflictChoice) {
      const ds = cur().docs[doc];
      if (!ds?.conflict) return summarize([]);
      const conflict = ds.conflict;
      const all = Object.fromEntries(conflict.items.map((i) => [i.id, 'theirs' as const]));
      const choices: Record<string, 'mine' | 'theirs'> =
        choice === 'keep-theirs' ? all
        : choice === 'overwrite' ? Object.fromEntries(conflict.items.map((i) => [i.id, 'mine' as const]))
        : { ...all, ...choice };
      mergeable = null;
      if (conflict.source === 'restore') {
        const recs = orphans.get(doc) ?? [];
        const r = rebase(conflict.base, conflict.unsent, ds.value, choices);
        setDoc(doc, { conflict: undefined, error: undefined });
        finishRestore(doc, recs, r.ops, r.value);
        return summarize([]);
      }
      const ob = outbox(doc);
      const base = bases.get(doc) ?? { value: conflict.base, version: ds.version };
      // Edits made while the conflict was open are part of the outbox too.
      const r = rebase(base.value, ob.units.flatMap((u) => u.ops), conflict.current.value, choices);
      replaceOutbox(doc, ob, r.ops, labelsOf(ob.units));
      bases.set(doc, conflict.current);
      const c = cur();
      commit({
        docs: withDoc(c.docs, doc, { value: r.value, version: conflict.current.version, dirty: ob.units.length > 0, conflict: undefined, error: undefined }),
        [HIST]: stripDoc(c[HIST], doc),
      });
      if (!ob.units.length) return summarize([]);
      return summarize([[doc, await saveDoc(doc)]]);
    },

    restore(doc) {
      const recs = orphans.get(doc);
      if (!recs?.length) return false;
      const ds = requireDoc(doc);
      const ops = recs.flatMap((r) => r.ops);
      const newest = recs.at(-1);
      const base = newest && orphanBases.get(newest);
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
        const conflict: DocConflict = { source: 'restore', current: { value: ds.value, version: ds.version }, base: base.value, unsent: ops, items: r.conflicts };
        setDoc(doc, { conflict, error: conflictMessage(r.conflicts.length) });
        return false;
      }
      finishRestore(doc, recs, r.ops, r.value);
      return true;
    },

    async discardRestorable(doc) {
      const recs = orphans.get(doc) ?? [];
      orphans.delete(doc);
      jRemove(recs);
      const c = cur();
      const restoring = c.docs[doc]?.conflict?.source === 'restore';
      commit({
        restorable: restorableWith(doc),
        ...(restoring ? { docs: withDoc(c.docs, doc, { conflict: undefined, error: undefined }) } : {}),
      });
      await flushJournal();
    },

    async discardAll() {
      group = null;
      mergeable = null;
      for (const ob of outboxes.values()) {
        jRemove(ob.units.splice(0));
        ob.batch = undefined;
      }
      for (const recs of orphans.values()) jRemove(recs);
      orphans.clear();
      let docs = cur().docs;
      for (const [doc, b] of bases) {
        if (docs[doc]) docs = withDoc(docs, doc, { value: b.value, version: b.version, dirty: false, conflict: undefined, error: undefined });
      }
      commit({ docs, restorable: {}, gesture: null, error: undefined, [HIST]: { past: null, future: null } });
      await flushJournal();
    },

    flushJournal,

    clearError(doc) {
      const c = cur();
      commit({ error: undefined, docs: doc && c.docs[doc] ? withDoc(c.docs, doc, { error: undefined }) : c.docs });
    },
  };

  Object.assign(proto, actions);
  return Object.assign(store, { actions });
}

/**
 * The outbox of the command log: per document, the ops applied locally since the server last
 * acknowledged them, in units tagged with the history entry that produced them; `save` sends
 * them as one guarded PATCH per document (same Idempotency-Key on retries), settles the
 * acknowledgement, and on 412 rebases the unsent ops by identity onto the server's copy.
 *
 * It listens to the store's events ({@link Outboxes.onEvent}) and talks back through
 * {@link OutboxHost}; it emits every unit it creates, grows or drops ({@link UnitEvent}), which
 * the journal writer mirrors.
 *
 * Source: src/editor/README.md ("Modules and who listens", "Rebase by identity, never by
 * position"); README.md "One edit, end to end".
 */
import { freeze } from 'immer';
import { applyShared, type Operation } from '../model/jsonpatch';
import { guardOps, rebase } from '../model/rebase';
import { randomId } from '../model/random-id';
import { createEmitter, type EditorEvent, type Emitter, type UnitEvent } from './events';
import type { Journaled, JournalWriter, Orphan } from './journal-writer';
import { pushSquashed, squashOps } from './patch';
import { ConflictError, messageOf, type DocConflict, type DocId, type DocState, type RemoteDoc, type SaveResult, type SaveTransport } from './types';

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

/** How one document's save ended. */
export type Outcome = { kind: 'clean' | 'conflict' } | { kind: 'saved'; ops: Operation[] } | { kind: 'error'; message: string };

/** The store, as the outbox sees it while saving. */
export interface OutboxHost {
  /** `doc` as the store holds it now. */
  doc(doc: DocId): DocState | undefined;
  /** Merges `patch` into `doc`'s state (no-op when not loaded). */
  setDoc(doc: DocId, patch: Partial<DocState>): void;
  /**
   * `doc` now layers on a newer server copy (the unsent ops rebased onto it, or none).
   * @throws Error when `doc` is not loaded.
   */
  rebased(doc: DocId, patch: Partial<DocState>): void;
  /** `doc`'s count of restorable records changed. */
  restorableChanged(doc: DocId): void;
}

/** Options of {@link createOutboxes}. */
export interface OutboxOptions {
  transport: SaveTransport;
  /** What the outbox asks of the journal besides mirroring its units: durability and restorable records. */
  journal: Pick<JournalWriter, 'flush' | 'keep' | 'forgetSent'>;
  host: OutboxHost;
  /** Store-unique ids; a rebased unit gets a fresh tag (kind `o`). */
  newId(kind: string): string;
}

/** Every document's outbox, and the server copies they are layered on. */
export interface Outboxes {
  /** The store's events it acts on (recorded, replayed, rolled back); the store adds it as a listener. */
  onEvent(e: EditorEvent): void;
  /** Units created, grown and dropped, in order (the journal writer listens). */
  readonly units: Emitter<UnitEvent>;
  /** Per doc: the server's copy the outbox is layered on (what its ops were recorded against). */
  readonly bases: ReadonlyMap<DocId, RemoteDoc>;
  /** Whether `doc` (or any doc) has units not yet acknowledged. */
  isDirty(doc?: DocId): boolean;
  /** Documents with units not yet acknowledged, in first-edit order. */
  dirtyDocs(): DocId[];
  /**
   * `doc` was (re)loaded as `base`: a fresh outbox layered on it; units still waiting become
   * restorable (their journal records stay).
   * @returns whether there were such units.
   */
  reset(doc: DocId, base: RemoteDoc): boolean;
  /**
   * Sends `doc`'s units present now (first a batch left by a network error); saves of one doc
   * run one after another. Never rejects for server answers (they are outcomes).
   * @throws Error (as a rejection) when `doc` is not loaded.
   */
  save(doc: DocId): Promise<Outcome>;
  /**
   * Settles a save conflict: rebases every unit (including those added while the conflict was
   * open) onto `conflict.current` with the operator's `choices`, as one fresh unit.
   * @returns the settled value of `doc` (to publish with version `conflict.current.version`).
   */
  resolve(doc: DocId, conflict: DocConflict, choices: Readonly<Record<string, 'mine' | 'theirs'>>): unknown;
  /**
   * Another operator saved `doc` (a live event): carries the unsent ops onto
   * `current` by identity, as a 412 does, without sending anything. 'busy' while a save of
   * `doc` is on its way or a conflict is open (the save or the operator settles it), 'stale'
   * when `current` is not newer than the copy the outbox is layered on.
   */
  remote(doc: DocId, current: RemoteDoc): 'busy' | 'stale' | 'updated' | 'rebased' | 'conflict';
  /** Drops every unit of every doc (memory and journal). */
  discardAll(): void;
}

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
/** A new Idempotency-Key: works on a plain-http host too (no `crypto.randomUUID` there). */
const randomKey = (): string => randomId();
const labelList = (u: Unit): readonly string[] => (typeof u.labels === 'string' ? [u.labels] : u.labels);
/** Whether `u` is in the batch being sent (never changed or dropped then). */
const isSent = (ob: Outbox, u: Unit): boolean => !!ob.batch && ob.batch.units.includes(u);

const labelsOf = (units: readonly Unit[]): string[] => {
  const labels: string[] = [];
  for (const u of units) for (const l of labelList(u)) if (labels[labels.length - 1] !== l) labels.push(l);
  return labels;
};

/**
 * The message shown when a save or restore meets a collision the operator settles.
 * Source: src/editor/README.md.
 */
export const conflictMessage = (n: number): string => `Someone else saved this meanwhile: ${n} of your changes collide with theirs. Choose which to keep.`;

/**
 * Folds per-document outcomes, in order, into a {@link SaveResult} (`ok` when nothing was left
 * by a conflict or an error).
 */
export function summarize(results: readonly (readonly [DocId, Outcome])[]): SaveResult {
  const r = { saved: [] as DocId[], conflicts: [] as DocId[], errors: {} as Partial<Record<DocId, string>>, sent: {} as Partial<Record<DocId, Operation[]>> };
  for (const [doc, oc] of results) {
    if (oc.kind === 'saved') {
      r.saved.push(doc);
      r.sent[doc] = oc.ops;
    } else if (oc.kind === 'conflict') r.conflicts.push(doc);
    else if (oc.kind === 'error') r.errors[doc] = oc.message;
  }
  return { ...r, ok: r.conflicts.length === 0 && Object.keys(r.errors).length === 0 };
}

/**
 * Creates the outboxes of one store. Mutable by design: a unit grows in place while typing,
 * so the hot path allocates no new outbox per edit.
 * Source: src/editor/README.md; README.md "One edit, end to end".
 */
export function createOutboxes(o: OutboxOptions): Outboxes {
  const { journal: jw, host } = o;
  const unitEvents = createEmitter<UnitEvent>();
  const mirror = {
    append: (doc: DocId, unit: Journaled) => unitEvents.emit({ type: 'append', doc, unit }),
    update: (doc: DocId, unit: Journaled) => unitEvents.emit({ type: 'update', doc, unit }),
    remove: (units: readonly Orphan[]) => {
      if (units.length) unitEvents.emit({ type: 'remove', units });
    },
  };
  const outboxes = new Map<DocId, Outbox>();
  const bases = new Map<DocId, RemoteDoc>();

  const outbox = (doc: DocId): Outbox => {
    let ob = outboxes.get(doc);
    if (!ob) outboxes.set(doc, (ob = { units: [] }));
    return ob;
  };

  const requireDoc = (doc: DocId): DocState => {
    const d = host.doc(doc);
    if (!d) throw new Error(`Document ${doc} is not loaded`);
    return d;
  };

  const push = (doc: DocId, tag: string, dir: 1 | -1, ops: readonly Operation[], label: string, start: boolean): void => {
    const ob = outbox(doc);
    const last = ob.units[ob.units.length - 1];
    if (last && !isSent(ob, last) && last.tag === tag && last.dir === dir) {
      const grown = Object.isFrozen(last.ops) ? [...last.ops] : (last.ops as Operation[]);
      for (const op of ops) pushSquashed(grown, op);
      last.ops = grown;
      const labels = labelList(last);
      if (labels[labels.length - 1] !== label) last.labels = [...labels, label];
      mirror.update(doc, last);
      return;
    }
    // `ops` is either a recorded command's frozen list or a fresh array nobody else holds.
    const u: Unit = { tag, dir, whole: start, ops, labels: label };
    ob.units.push(u);
    mirror.append(doc, u);
  };

  /** Drops the newest unit when it is all of entry `tag` in direction `dir` and not being sent. */
  const cancels = (doc: DocId, tag: string, dir: 1 | -1): boolean => {
    const ob = outbox(doc);
    const last = ob.units[ob.units.length - 1];
    if (!last || isSent(ob, last) || !last.whole || last.tag !== tag || last.dir !== dir) return false;
    ob.units.pop();
    mirror.remove([last]);
    return true;
  };

  const isDirty = (doc?: DocId): boolean => (doc ? (outboxes.get(doc)?.units.length ?? 0) > 0 : [...outboxes.values()].some((ob) => ob.units.length > 0));

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
  const replaceUnits = (doc: DocId, ob: Outbox, ops: Operation[], labels: string[]): Unit | undefined => {
    mirror.remove(ob.units.splice(0));
    ob.batch = undefined;
    if (!ops.length) return undefined;
    const u: Unit = { tag: o.newId('o'), dir: 1, whole: false, ops, labels: labels.length === 1 && labels[0] !== undefined ? labels[0] : labels };
    ob.units.push(u);
    mirror.append(doc, u);
    return u;
  };

  const ack = (doc: DocId, ob: Outbox, batch: Batch, res: RemoteDoc): void => {
    ob.units.splice(0, batch.units.length);
    ob.batch = undefined;
    mirror.remove(batch.units);
    const server = freeze(res.value, true);
    bases.set(doc, { value: server, version: res.version });
    // Units still waiting now layer on the acknowledged copy.
    for (const u of ob.units) mirror.update(doc, u);
    let value: unknown = server;
    let error: string | undefined;
    if (ob.units.length) {
      // Edits made while the PATCH was in flight go on top of the server's answer.
      try {
        value = applyShared(
          server,
          ob.units.flatMap((u) => u.ops),
        ).value;
      } catch (e) {
        value = host.doc(doc)?.value;
        error = `Saved, but later edits do not fit the server's document: ${messageOf(e)}`;
      }
    }
    host.setDoc(doc, { value, version: res.version, dirty: ob.units.length > 0, error, conflict: undefined });
  };

  /** Sends the units present now (and a batch left by a network error first); one at a time per doc. */
  const send = async (doc: DocId, ob: Outbox): Promise<Outcome> => {
    await jw.flush();
    if (outboxes.get(doc) !== ob || !host.doc(doc)) return { kind: 'clean' };
    if (host.doc(doc)?.conflict) return { kind: 'conflict' };
    const targets = new Set(ob.units);
    if (!targets.size) return { kind: 'clean' };
    let rebased = false;
    const acked: Operation[] = [];
    host.setDoc(doc, { saving: true, error: undefined });
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
            jw.forgetSent(doc, sent);
            host.restorableChanged(doc);
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
            host.setDoc(doc, { error: message });
            return { kind: 'error', message };
          }
          const current: RemoteDoc = { value: freeze(e.current.value, true), version: e.current.version };
          const unsent = ob.units.flatMap((u) => u.ops);
          const base = bases.get(doc) ?? { value: requireDoc(doc).value, version: requireDoc(doc).version };
          // Carry the unsent ops onto the newer copy by identity (src/editor/README.md, "Rebase by
          // identity, never by position").
          const r = rebase(base.value, unsent, current.value);
          if (r.conflicts.length) {
            const conflict: DocConflict = { source: 'save', current, base: base.value, unsent, items: r.conflicts };
            host.setDoc(doc, { conflict, error: conflictMessage(r.conflicts.length) });
            return { kind: 'conflict' };
          }
          // Rebased: one unit on the new copy (history steps follow by identity when taken).
          const u = replaceUnits(doc, ob, r.ops, labelsOf(ob.units));
          if (u) targets.add(u);
          bases.set(doc, current);
          host.rebased(doc, { value: r.value, version: current.version, dirty: ob.units.length > 0 });
          if (rebased) {
            const message = 'The document keeps changing on the server; your changes were rebased, save again';
            host.setDoc(doc, { error: message });
            return { kind: 'error', message };
          }
          rebased = true;
        }
      }
    } finally {
      host.setDoc(doc, { saving: false });
    }
  };

  return {
    bases,
    units: unitEvents,

    onEvent(e) {
      if (e.type === 'recorded') push(e.cmd.doc, e.entry, 1, e.cmd.ops, e.cmd.label, e.start);
      // Undoing an entry whose unit was never sent cancels out: nothing to send.
      else if (e.type === 'replayed') {
        if (!cancels(e.doc, e.entry, e.dir === 1 ? -1 : 1)) push(e.doc, e.entry, e.dir, e.ops, e.label, true);
      } else if (e.type === 'rolledBack') {
        if (!(e.abandoned && cancels(e.doc, e.entry, 1))) push(e.doc, e.entry, 1, e.inverse, e.label, false);
      }
    },

    isDirty,

    dirtyDocs: () => [...outboxes].filter(([, ob]) => ob.units.length > 0).map(([doc]) => doc),

    reset(doc, base) {
      const ob = outboxes.get(doc);
      const hadUnits = !!ob && ob.units.length > 0;
      // Unsent ops stay in the journal and become restorable against the new data.
      if (ob && hadUnits) jw.keep(doc, ob.units, bases.get(doc));
      outboxes.set(doc, { units: [] });
      bases.set(doc, base);
      return hadUnits;
    },

    save(doc) {
      const ob = outbox(doc);
      const prev = ob.running ?? Promise.resolve<Outcome>({ kind: 'clean' });
      const run = prev.catch(() => undefined).then(() => send(doc, ob));
      ob.running = run;
      void run.finally(() => {
        if (ob.running === run) ob.running = undefined;
      });
      return run;
    },

    resolve(doc, conflict, choices) {
      const ob = outbox(doc);
      const base = bases.get(doc) ?? { value: conflict.base };
      // Edits made while the conflict was open are part of the outbox too.
      const r = rebase(
        base.value,
        ob.units.flatMap((u) => u.ops),
        conflict.current.value,
        choices,
      );
      replaceUnits(doc, ob, r.ops, labelsOf(ob.units));
      bases.set(doc, conflict.current);
      return r.value;
    },

    remote(doc, current) {
      const ob = outbox(doc);
      const d = host.doc(doc);
      if (!d || ob.running || ob.batch || d.saving || d.conflict) return 'busy';
      const base = bases.get(doc) ?? { value: d.value, version: d.version };
      if (current.version <= base.version) return 'stale';
      const copy: RemoteDoc = { value: freeze(current.value, true), version: current.version };
      if (!ob.units.length) {
        bases.set(doc, copy);
        host.rebased(doc, { value: copy.value, version: copy.version, dirty: false });
        return 'updated';
      }
      const unsent = ob.units.flatMap((u) => u.ops);
      const r = rebase(base.value, unsent, copy.value);
      if (r.conflicts.length) {
        host.setDoc(doc, {
          conflict: { source: 'save', current: copy, base: base.value, unsent, items: r.conflicts },
          error: conflictMessage(r.conflicts.length),
        });
        return 'conflict';
      }
      replaceUnits(doc, ob, r.ops, labelsOf(ob.units));
      bases.set(doc, copy);
      host.rebased(doc, { value: r.value, version: copy.version, dirty: ob.units.length > 0 });
      return 'rebased';
    },

    discardAll() {
      for (const ob of outboxes.values()) {
        mirror.remove(ob.units.splice(0));
        ob.batch = undefined;
      }
    },
  };
}

/**
 * What the command log writes to the write-ahead journal and when, and the restorable records
 * read back from it (or left in memory by a reload): the store's side of `journal.ts`.
 *
 * Writes run one after another on one chain, so a record is appended before it is updated or
 * removed, and a base copy is written before the first record that names it.
 *
 * Source: src/editor/README.md ("Modules and who listens": a command is journaled before the UI
 * counts it done and leaves the journal only once acknowledged).
 */
import { freeze } from 'immer';
import type { Operation } from '../model/jsonpatch';
import type { UnitEvent } from './events';
import { migrateRecord, storedSeq } from './journal-record';
import { baseKey, JOURNAL_SET_ASIDE_MESSAGE, JOURNAL_VERSION, messageOf, type DocId, type Journal, type JournalRecord, type RemoteDoc } from './types';

/** A journal record left by an earlier session, or an outbox unit dropped by a reload. */
export interface Orphan {
  readonly seq?: number;
  readonly ops: readonly Operation[];
}

/**
 * What is journaled: an outbox unit. Read when its write runs, not when it is queued, so a
 * queued write carries the unit's latest ops and labels.
 */
export interface Journaled extends Orphan {
  readonly labels: string | readonly string[];
}

/** Options of {@link createJournalWriter}. */
export interface JournalWriterOptions {
  /** Without one, unsent edits live only in memory and every write is a no-op. */
  journal?: Journal;
  now: () => number;
  /** The server copy `doc`'s outbox is layered on (the base its records name), if known. */
  baseOf(doc: DocId): RemoteDoc | undefined;
  /** The version of `doc` as loaded now, if loaded. */
  versionOf(doc: DocId): number | undefined;
  /** After each write settles (with a message when it failed): the store republishes `journalPending`. */
  settled(error?: string): void;
}

/** The store's journal side: write-behind of outbox units and the restorable records. */
export interface JournalWriter {
  /** Mirrors one outbox unit event (the writer listens to the outbox's `units`). */
  onUnit(e: UnitEvent): void;
  /** Writes issued and not yet durable (the state's `journalPending`). */
  pending(): number;
  /** Journals a new outbox unit of `doc`. */
  append(doc: DocId, u: Journaled): void;
  /** Rewrites a unit that grew, or whose outbox now layers on a newer base (once per queued write). */
  update(doc: DocId, u: Journaled): void;
  /** Deletes the records of acknowledged, undone or discarded units. */
  remove(recs: readonly Orphan[]): void;
  /** Resolves when every write issued so far is durable (also those issued while waiting). */
  flush(): Promise<void>;
  /**
   * Reads the records and base copies left by earlier sessions into the restorable set.
   * Resolves when done; a failed read is reported through `settled`, never rejected.
   */
  open(): Promise<void>;
  /** Restorable records of `doc`, oldest first. */
  restorable(doc: DocId): readonly Orphan[] | undefined;
  /** Number of restorable records of `doc`. */
  count(doc: DocId): number;
  /** Every document with restorable records. */
  restorableDocs(): IterableIterator<[DocId, readonly Orphan[]]>;
  /** The server copy a restorable record was recorded against, when it is known. */
  baseOfRecord(rec: Orphan): RemoteDoc | undefined;
  /** Makes a reloaded document's unsent units restorable (they stay in the journal). */
  keep(doc: DocId, units: readonly Orphan[], base: RemoteDoc | undefined): void;
  /** Forgets `doc`'s restorable records and deletes `recs` from the journal. */
  forget(doc: DocId, recs: readonly Orphan[]): void;
  /** `sent` reached the server after a reload made them restorable: they are not restorable any more. */
  forgetSent(doc: DocId, sent: readonly Orphan[]): void;
  /** Forgets every restorable record, in memory and in the journal. */
  forgetAll(): void;
}

/**
 * Creates the store's journal writer. Never throws: a failed write is reported through
 * `settled` (the store shows it as its error) and the chain goes on.
 * Source: src/editor/README.md.
 */
export function createJournalWriter(o: JournalWriterOptions): JournalWriter {
  const { journal, now } = o;
  let pending = 0;
  let chain: Promise<void> = Promise.resolve();
  const orphans = new Map<DocId, Orphan[]>();
  /** Per restorable record or dropped unit: the server's copy its ops were recorded against (when known). */
  const orphanBases = new WeakMap<Orphan, RemoteDoc>();
  /** Base copies the journal holds already (`<doc>@<version>`). */
  const savedBases = new Set<string>();
  // Bookkeeping lives beside the units so units stay small when there is no journal.
  const seqs = new WeakMap<Orphan, number>();
  const queued = new WeakSet<Orphan>();
  const seqOf = (r: Orphan): number | undefined => seqs.get(r) ?? r.seq;
  const labelText = (u: Journaled): string => (typeof u.labels === 'string' ? u.labels : u.labels.join(', '));

  /** Queues `task` on the write chain; a task may resolve with a message for the operator. */
  const run = (task: (j: Journal) => Promise<void | string>): Promise<void> => {
    if (!journal) return Promise.resolve();
    pending++;
    const done = (error?: string): void => {
      pending--;
      o.settled(error);
    };
    chain = chain
      .then(() => task(journal))
      .then(
        (message) => done(message || undefined),
        (e: unknown) => done(`Journal write failed: ${messageOf(e)}`),
      );
    return chain;
  };

  /** Makes sure the journal keeps the copy `doc`'s records are layered on (written once per version). */
  const saveBase = (doc: DocId): number => {
    const base = o.baseOf(doc);
    const version = base?.version ?? o.versionOf(doc) ?? 0;
    const key = baseKey(doc, version);
    if (base && !savedBases.has(key)) {
      savedBases.add(key);
      void run((j) => j.saveBase(doc, base));
    }
    return version;
  };

  const remove = (recs: readonly Orphan[]): void => {
    if (!journal || !recs.length) return;
    void run(async (j) => {
      const list = recs.map(seqOf).filter((s): s is number => s !== undefined);
      if (list.length) await j.remove(list);
    });
  };

  const writer: JournalWriter = {
    pending: () => pending,

    onUnit(e) {
      if (e.type === 'remove') writer.remove(e.units);
      else writer[e.type](e.doc, e.unit);
    },

    append(doc, u) {
      if (!journal) return;
      const baseVersion = saveBase(doc);
      const at = now();
      queued.add(u);
      void run(async (j) => {
        queued.delete(u);
        seqs.set(u, await j.append({ doc, ops: [...u.ops], label: labelText(u), baseVersion, at, v: JOURNAL_VERSION }));
      });
    },

    update(doc, u) {
      if (!journal) return;
      saveBase(doc); // the copy the record will name is written first
      if (queued.has(u)) return; // a queued write will read the latest ops and base
      queued.add(u);
      void run(async (j) => {
        queued.delete(u);
        const seq = seqs.get(u);
        const baseVersion = o.baseOf(doc)?.version;
        if (seq !== undefined) await j.update(seq, { ops: [...u.ops], label: labelText(u), baseVersion });
      });
    },

    remove,

    async flush() {
      for (let c = chain; ; c = chain) {
        await c;
        if (c === chain) return;
      }
    },

    open: () =>
      run(async (j) => {
        // Records of another schema version or shape are set aside, never replayed;
        // they leave the log, so the operator is told once.
        const records: JournalRecord[] = [];
        const aside: number[] = [];
        for (const raw of await j.open()) {
          const rec = migrateRecord(raw);
          const seq = storedSeq(raw);
          if (rec) records.push(rec);
          else if (seq !== undefined) aside.push(seq);
        }
        if (aside.length) await j.setAside(aside);
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
        return aside.length ? JOURNAL_SET_ASIDE_MESSAGE : undefined;
      }),

    restorable: (doc) => orphans.get(doc),
    count: (doc) => orphans.get(doc)?.length ?? 0,
    restorableDocs: () => orphans.entries(),
    baseOfRecord: (rec) => orphanBases.get(rec),

    keep(doc, units, base) {
      if (base) for (const u of units) orphanBases.set(u, base);
      orphans.set(doc, [...(orphans.get(doc) ?? []), ...units]);
    },

    forget(doc, recs) {
      orphans.delete(doc);
      remove(recs);
    },

    forgetSent(doc, sent) {
      const left = (orphans.get(doc) ?? []).filter((r) => !sent.includes(r));
      if (left.length) orphans.set(doc, left);
      else orphans.delete(doc);
      remove(sent);
    },

    forgetAll() {
      for (const recs of orphans.values()) remove(recs);
      orphans.clear();
    },
  };
  return writer;
}

/**
 * Persistent (immutable, structure-sharing) stacks for undo/redo. Push, pop and size are O(1)
 * at any depth, so recording the 10,000th edit costs what the 100th does; the editor bar reads
 * counts and top labels from state, a history list reads the top entries ({@link stackTop});
 * the full `past`/`future` arrays are built only when read and cached per stack node.
 *
 * Source: DESIGN.md — The command log, precisely ("Undo/redo never mutate old entries").
 */
import type { Command, DocId, HistoryEntry } from './types';

/** A node of a persistent stack: `entry` on top of `next`; `size` counts the entries (O(1) reads). */
export interface Stack {
  readonly entry: HistoryEntry;
  readonly next: Stack | null;
  readonly size: number;
}

/** Both stacks; `past.entry` is the next undo, `future.entry` the next redo. */
export interface Hist {
  readonly past: Stack | null;
  readonly future: Stack | null;
}

const EMPTY: readonly HistoryEntry[] = Object.freeze([]);
const topFirst = new WeakMap<Stack, readonly HistoryEntry[]>();
const bottomFirst = new WeakMap<Stack, readonly HistoryEntry[]>();

/** Returns a new stack with `entry` on top of `s`. */
export const pushStack = (s: Stack | null, entry: HistoryEntry): Stack => ({ entry, next: s, size: (s?.size ?? 0) + 1 });

/** Number of entries in `s`, O(1). */
export const stackSize = (s: Stack | null): number => s?.size ?? 0;

const topCache = new WeakMap<Stack, Map<number, readonly HistoryEntry[]>>();

/**
 * The first `limit` entries of `s` from the top (cached per node and limit): what a history
 * list shows without materializing a long history. O(limit).
 */
export function stackTop(s: Stack | null, limit: number): readonly HistoryEntry[] {
  if (!s) return EMPTY;
  let byLimit = topCache.get(s);
  if (!byLimit) topCache.set(s, (byLimit = new Map()));
  let arr = byLimit.get(limit);
  if (!arr) {
    const out: HistoryEntry[] = [];
    for (let n: Stack | null = s; n && out.length < limit; n = n.next) out.push(n.entry);
    arr = Object.freeze(out);
    byLimit.set(limit, arr);
  }
  return arr;
}

/** Entries from top to bottom (cached). */
export function stackTopFirst(s: Stack | null): readonly HistoryEntry[] {
  if (!s) return EMPTY;
  let arr = topFirst.get(s);
  if (!arr) {
    const out: HistoryEntry[] = [];
    for (let n: Stack | null = s; n; n = n.next) out.push(n.entry);
    arr = Object.freeze(out);
    topFirst.set(s, arr);
  }
  return arr;
}

/** Entries from bottom to top (cached): the undo stack as `past`, newest last. */
export function stackBottomFirst(s: Stack | null): readonly HistoryEntry[] {
  if (!s) return EMPTY;
  let arr = bottomFirst.get(s);
  if (!arr) {
    arr = Object.freeze([...stackTopFirst(s)].reverse());
    bottomFirst.set(s, arr);
  }
  return arr;
}

function fromTopFirst(entries: readonly HistoryEntry[]): Stack | null {
  let s: Stack | null = null;
  for (const entry of [...entries].reverse()) s = pushStack(s, entry);
  return s;
}

/** Freezes a command and its op lists (entries are immutable values). */
export function freezeCommand(c: Command): Command {
  for (const op of c.ops) Object.freeze(op);
  for (const op of c.inverse) Object.freeze(op);
  Object.freeze(c.ops);
  Object.freeze(c.inverse);
  return Object.freeze(c);
}

/** Freezes an entry and its command list. */
export function freezeEntry(e: HistoryEntry): HistoryEntry {
  Object.freeze(e.commands);
  return Object.freeze(e);
}

/**
 * Removes `doc`'s commands from every entry (entries left empty disappear). Used when the
 * document is replaced under the history (reload, "keep theirs"): its inverses describe a
 * document we no longer hold. O(history), never on the edit path.
 */
export function stripDoc(h: Hist, doc: DocId): Hist {
  const strip = (entries: readonly HistoryEntry[]): HistoryEntry[] =>
    entries.flatMap((e) => {
      if (!e.commands.some((c) => c.doc === doc)) return [e];
      const commands = e.commands.filter((c) => c.doc !== doc);
      return commands.length ? [freezeEntry({ ...e, commands })] : [];
    });
  return { past: fromTopFirst(strip(stackTopFirst(h.past))), future: fromTopFirst(strip(stackTopFirst(h.future))) };
}

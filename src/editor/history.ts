/**
 * The history of the command log: persistent (immutable, structure-sharing) undo/redo stacks
 * and the pure steps over them — placing a recorded command (its own entry, or coalesced into
 * the top one within the merge window), a transaction's or gesture's entry, and undo/redo
 * moves. Push, pop and size are O(1) at any depth, so recording the 10,000th edit costs what
 * the 100th does; the editor bar reads counts and top labels from state, a history list reads
 * the top entries ({@link stackTop}); the full `past`/`future` arrays are built only when read
 * and cached per stack node.
 *
 * Source: src/editor/README.md ("Typing coalesces", "Modules and who listens").
 */
import { applyShared, squashOps } from './patch';
import type { Operation } from '../model/jsonpatch';
import { rebase, type RebaseConflict } from '../model/rebase';
import { messageOf, type Command, type DocId, type DocState, type EditorState, type HistoryEntry } from './types';

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

/** The array cached under `key` in `cache`, built (and frozen) on the first read. */
function cached<K>(
  cache: { get(k: K): readonly HistoryEntry[] | undefined; set(k: K, v: readonly HistoryEntry[]): unknown },
  key: K,
  build: () => HistoryEntry[],
) {
  let arr = cache.get(key);
  if (!arr) {
    arr = Object.freeze(build());
    cache.set(key, arr);
  }
  return arr;
}

/** The first `limit` entries of `s`, top first. O(limit). */
function collect(s: Stack, limit: number): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  for (let n: Stack | null = s; n && out.length < limit; n = n.next) out.push(n.entry);
  return out;
}

/**
 * The first `limit` entries of `s` from the top (cached per node and limit): what a history
 * list shows without materializing a long history. O(limit).
 */
export function stackTop(s: Stack | null, limit: number): readonly HistoryEntry[] {
  if (!s) return EMPTY;
  let byLimit = topCache.get(s);
  if (!byLimit) topCache.set(s, (byLimit = new Map<number, readonly HistoryEntry[]>()));
  return cached(byLimit, limit, () => collect(s, limit));
}

/** Entries from top to bottom (cached). */
export function stackTopFirst(s: Stack | null): readonly HistoryEntry[] {
  return s ? cached(topFirst, s, () => collect(s, Infinity)) : EMPTY;
}

/** Entries from bottom to top (cached): the undo stack as `past`, newest last. */
export function stackBottomFirst(s: Stack | null): readonly HistoryEntry[] {
  return s ? cached(bottomFirst, s, () => [...stackTopFirst(s)].reverse()) : EMPTY;
}

function fromTopFirst(entries: readonly HistoryEntry[]): Stack | null {
  let s: Stack | null = null;
  for (const entry of [...entries].reverse()) s = pushStack(s, entry);
  return s;
}

/**
 * Per entry, per command: the copy of the command's document its next step's ops are valid on
 * (on the undo stack the copy right after the command, where its inverse applies; on the redo
 * stack the copy right after it was undone, where its ops apply). A step re-addresses its ops
 * from that copy onto the document as it is now, by identity, so a colleague's
 * insert, removal or move never costs an undo step. Kept off the entry (a WeakMap) so entries
 * stay plain values; the copies share structure with the document (immer), so an anchor costs
 * only what the edit changed.
 */
const anchors = new WeakMap<HistoryEntry, readonly unknown[]>();

/**
 * The anchor of a single-command entry whose copy is the one the edit above it started from:
 * it is that edit's anchor with that edit's inverse applied, so it is not kept (on a 2,000-page
 * funnel each kept copy held its own 2,000-slot pages array, 16 KB per undo step). It is worked
 * out again when the entry above leaves the undo stack ({@link settleBelow}); the entry on top
 * of the undo stack never holds it.
 */
const DERIVED: unique symbol = Symbol('derived anchor');
/** The anchors of every entry whose one anchor is {@link DERIVED} (one array for all of them). */
const DERIVED_ANCHORS: readonly unknown[] = Object.freeze([DERIVED]);

/** `e` with `list` as its anchors (one per command, same order). */
function anchored(e: HistoryEntry, list: readonly unknown[]): HistoryEntry {
  anchors.set(e, list);
  return e;
}

/**
 * Before `top` (a single command on `doc`, anchored on the copy right after it) goes on the undo
 * stack above `below`: when `below` is a single command on the same doc whose anchor is `before`,
 * the copy `top`'s edit started from (nothing else changed the doc between the two), `below`
 * keeps {@link DERIVED} instead of that copy.
 */
function deriveBelow(below: HistoryEntry | undefined, doc: DocId, before: unknown): void {
  if (!below || below.commands.length !== 1 || below.commands[0]?.doc !== doc) return;
  const list = anchors.get(below);
  if (list?.length === 1 && list[0] === before) anchors.set(below, DERIVED_ANCHORS);
}

/**
 * When `node` leaves the undo stack (undone or dropped), the entry below it becomes the next undo:
 * a {@link DERIVED} anchor there is worked out from `node`'s — its anchor with its inverse applied.
 * If that cannot be done, the entry keeps no anchor, and its ops apply as they are.
 */
function settleBelow(node: Stack): void {
  const below = node.next?.entry;
  if (!below || anchors.get(below)?.[0] !== DERIVED) return;
  // Undone on its own anchor (nothing else had changed the doc): the copy the undo made is it, and
  // the next undo finds it is the document as it is.
  const made = undoneOnAnchor.get(node.entry);
  if (made !== undefined) {
    anchors.set(below, [made]);
    return;
  }
  const top = anchors.get(node.entry)?.[0];
  const cmd = node.entry.commands.length === 1 ? node.entry.commands[0] : undefined;
  try {
    if (top !== undefined && top !== DERIVED && cmd) {
      anchors.set(below, [applyShared(top, cmd.inverse).value]);
      return;
    }
  } catch {
    // an inverse that no longer applies: no anchor, as below
  }
  anchors.delete(below);
}

/** A single-command entry undone on its own anchor: the copy that undo made ({@link settleBelow}). */
const undoneOnAnchor = new WeakMap<HistoryEntry, unknown>();

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

/** Key of the history stacks on each state object (kept off the public state type). */
export const HIST = Symbol('history');

/**
 * The persistent undo/redo stacks behind a state (for windowed reads, see `historyLabels`).
 * Source: src/editor/README.md.
 */
export const historyOf = (s: EditorState): Hist => (s as unknown as { [HIST]: Hist })[HIST];

/** Where {@link recordCommand} put a command. */
export interface Recorded {
  readonly hist: Hist;
  /** Id of the entry the command now belongs to (what its outbox unit is tagged with). */
  readonly entry: string;
  /** Whether the command began that entry (false when it was coalesced into the top one). */
  readonly start: boolean;
  /** Id of the entry the next same-`mergeKey` edit may join, or null. */
  readonly mergeable: string | null;
}

/**
 * Puts a recorded command on the undo stack and clears redo. A command with a `mergeKey`
 * joins the top entry when that entry is `mergeable`, holds one command on the same doc with
 * the same key, and was last touched at most `windowMs` before `cmd.at` (first inverse, last
 * forward); otherwise it becomes its own entry, sharing the command's id. `before`, the copy
 * the command started from, lets the entry below drop a kept copy that is the same one.
 * Source: src/editor/README.md ("Typing coalesces", "Undo survives colleagues").
 */
export function recordCommand(h: Hist, cmd: Command, mergeable: string | null, windowMs: number, after: unknown, before: unknown): Recorded {
  const top = h.past?.entry;
  if (cmd.mergeKey !== undefined && h.past && top && mergeable === top.id && top.commands.length === 1) {
    const prev = top.commands[0];
    if (prev && prev.doc === cmd.doc && prev.mergeKey === cmd.mergeKey && cmd.at - top.at <= windowMs) {
      const merged = freezeCommand({
        ...prev,
        ops: squashOps([...prev.ops, ...cmd.ops]),
        inverse: squashOps([...cmd.inverse, ...prev.inverse]),
        at: cmd.at,
      });
      const entry = anchored(freezeEntry({ id: top.id, label: top.label, commands: [merged], at: cmd.at }), [after]);
      return { hist: { past: pushStack(h.past.next, entry), future: null }, entry: top.id, start: false, mergeable };
    }
  }
  deriveBelow(top, cmd.doc, before);
  // A single-command entry shares its command's id (one string less per history step).
  const entry = anchored(freezeEntry({ id: cmd.id, label: cmd.label, commands: [cmd], at: cmd.at }), [after]);
  return {
    hist: { past: pushStack(h.past, entry), future: null },
    entry: entry.id,
    start: true,
    mergeable: cmd.mergeKey !== undefined ? entry.id : null,
  };
}

/**
 * Joins adjacent commands on the same doc (a gesture's 100 drag steps become one); `after[i]`
 * is the copy right after `commands[i]`, and the squashed command keeps the last one's.
 */
function squashCommands(commands: readonly Command[], after: readonly unknown[], label: string): { commands: Command[]; after: unknown[] } {
  const out: Command[] = [];
  const at: unknown[] = [];
  for (const [i, c] of commands.entries()) {
    const prev = out[out.length - 1];
    if (prev && prev.doc === c.doc) {
      at[at.length - 1] = after[i];
      out[out.length - 1] = freezeCommand({
        id: prev.id,
        label,
        doc: c.doc,
        ops: squashOps([...prev.ops, ...c.ops]),
        inverse: squashOps([...c.inverse, ...prev.inverse]),
        at: c.at,
      });
    } else {
      out.push(c);
      at.push(after[i]);
    }
  }
  return { commands: out, after: at };
}

/**
 * The one entry a finished transaction or gesture becomes: its commands with adjacent ones on
 * the same doc squashed. `commands` must not be empty (an empty group records nothing);
 * `after[i]` is the copy of `commands[i]`'s doc right after it.
 * Source: src/editor/README.md.
 */
export function groupEntry(id: string, label: string, commands: readonly Command[], after: readonly unknown[], at: number): HistoryEntry {
  const squashed = squashCommands(commands, after, label);
  return anchored(freezeEntry({ id, label, commands: squashed.commands, at }), squashed.after);
}

/** `entry` on top of the undo stack; a new entry clears redo (src/editor/README.md, "A new edit clears redo"). */
export const pushEntry = (h: Hist, entry: HistoryEntry): Hist => ({ past: pushStack(h.past, entry), future: null });

/** Direction of a history step. */
export type StepDir = 'undo' | 'redo';

/** The stack node an undo or redo would apply: the entry on top of `past` or `future`. */
export const nextStep = (h: Hist, dir: StepDir): Stack | null => (dir === 'undo' ? h.past : h.future);

/** The stacks after `node` ({@link nextStep}) was applied: it leaves, and `entry` (what it became, {@link Replayed}) goes onto the other stack. */
export const stepped = (h: Hist, dir: StepDir, node: Stack, entry: HistoryEntry): Hist => {
  if (dir === 'redo') return { past: pushStack(h.past, entry), future: node.next };
  settleBelow(node);
  return { past: node.next, future: pushStack(h.future, entry) };
};

/** The stacks after `node` failed to apply: it is dropped (an entry no longer fitting its document). */
export const dropped = (h: Hist, dir: StepDir, node: Stack): Hist => {
  if (dir === 'redo') return { past: h.past, future: node.next };
  settleBelow(node);
  return { past: node.next, future: h.future };
};

/**
 * An entry applied to the documents: new values and the ops applied, per doc, and `entry`,
 * what the applied entry becomes on the other stack (its ops as applied now, anchored on the
 * result), or null when every op was skipped.
 */
export interface Replayed {
  readonly values: Map<DocId, unknown>;
  readonly ops: Map<DocId, Operation[]>;
  readonly entry: HistoryEntry | null;
}

/** Why an entry did not apply: the message, and the doc it failed on when that doc is loaded. */
export interface ReplayFailure {
  readonly error: string;
  readonly doc: DocId | undefined;
}

/**
 * A step that would overwrite someone else's change, or addresses an item someone else removed:
 * nothing was applied; the operator settles each item (keep theirs skips that
 * part, keep mine applies it anyway) and the step runs again with those choices.
 */
export interface ReplayConflict {
  readonly doc: DocId;
  /** The copy the colliding ops were recorded against (where `items`' paths point). */
  readonly base: unknown;
  readonly items: readonly RebaseConflict[];
}

/** Per doc, the operator's answers to a {@link ReplayConflict} (by {@link RebaseConflict.id}). */
export type StepChoices = Readonly<Partial<Record<DocId, Readonly<Record<string, 'mine' | 'theirs'>>>>>;

/** Whether `a` are `b` at the same addresses (a rebase that re-addressed nothing and skipped nothing). */
const sameAddresses = (a: readonly Operation[], b: readonly Operation[]): boolean =>
  a.length === b.length &&
  a.every((op, i) => {
    const o = b[i];
    const from = (x: Operation): string | undefined => ('from' in x ? x.from : undefined);
    return o !== undefined && op.op === o.op && op.path === o.path && from(op) === from(o);
  });

/**
 * Applies an entry's inverses (undo, last command first) or ops (redo) to `docs`, all or
 * nothing; nothing is mutated. Each command's ops are carried from its anchor onto the
 * document as it is now by identity ({@link rebase}): list items someone else inserted,
 * removed or moved are re-addressed; a value someone else changed since, or an item they
 * removed, is a {@link ReplayConflict} unless `choices` settle it.
 * @returns the failure when a command no longer fits its document (e.g. a list without
 *   identity changed under it) or its doc is not loaded.
 * Source: src/editor/README.md ("Undo survives colleagues").
 */
export function replayEntry(
  e: HistoryEntry,
  dir: StepDir,
  docs: Readonly<Partial<Record<DocId, DocState>>>,
  choices: StepChoices = {},
): Replayed | ReplayFailure | ReplayConflict {
  const list = anchors.get(e);
  const order = e.commands.map((c, i) => [c, i] as const);
  if (dir === 'undo') order.reverse();
  const values = new Map<DocId, unknown>();
  const perDoc = new Map<DocId, Operation[]>();
  const next: { cmd: Command; at: unknown; i: number }[] = [];
  for (const [cmd, i] of order) {
    const ds = docs[cmd.doc];
    const ops = dir === 'undo' ? cmd.inverse : cmd.ops;
    try {
      if (!ds) throw new Error(`${cmd.doc} is not loaded`);
      const now = values.has(cmd.doc) ? values.get(cmd.doc) : ds.value;
      const anchor = list?.[i];
      let mapped = ops;
      if (anchor !== undefined && anchor !== now) {
        const r = rebase(anchor, ops, now, choices[cmd.doc] ?? {});
        if (r.conflicts.length) return { doc: cmd.doc, base: anchor, items: r.conflicts };
        if (!sameAddresses(r.ops, ops)) mapped = r.ops;
      }
      if (!mapped.length) continue;
      const applied = applyShared(now, mapped);
      if (dir === 'undo' && anchor === now && e.commands.length === 1) undoneOnAnchor.set(e, applied.value);
      values.set(cmd.doc, applied.value);
      perDoc.set(cmd.doc, [...(perDoc.get(cmd.doc) ?? []), ...mapped]);
      // Unchanged ops keep the command (and its identity); re-addressed ones make a new one.
      const same = mapped === ops;
      const moved = same
        ? cmd
        : freezeCommand(dir === 'undo' ? { ...cmd, ops: applied.inverse, inverse: [...mapped] } : { ...cmd, ops: [...mapped], inverse: applied.inverse });
      next.push({ cmd: moved, at: applied.value, i });
    } catch (err) {
      return { error: `Could not ${dir} "${e.label}": ${messageOf(err)}`, doc: ds ? cmd.doc : undefined };
    }
  }
  if (!next.length) return { values, ops: perDoc, entry: null };
  next.sort((a, b) => a.i - b.i);
  const entry = anchored(
    freezeEntry({ ...e, commands: next.map((n) => n.cmd) }),
    next.map((n) => n.at),
  );
  return { values, ops: perDoc, entry };
}

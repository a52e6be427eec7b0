/**
 * Rebase by identity, never by position (src/editor/README.md).
 *
 * List items of funnel, page and template documents carry a stable identity ({@link
 * LIST_IDENTITY}: their own `id`, or a `uid` we add). Ops recorded against one copy of a
 * document are
 * - guarded on the wire with RFC 6902 `test` ops on the identity of every list item they
 *   address ({@link guardOps}), so a server never applies them to another item, and
 * - re-addressed onto a newer copy by identity ({@link rebase}): an op whose item moved
 *   follows it; an op whose item was removed, or whose field the other side also changed,
 *   becomes a {@link RebaseConflict} the operator settles (keep mine / keep theirs).
 *
 * Source: RFC 6902 §4.6 (`test`), RFC 6901; seed 000 §3 / 001 §3 (the lists of a page).
 */
import { DOCUMENTS, type ListIdentity } from './documents';
import { applyShared, getIn, jsonEqual, parsePointer, toPointer, type Operation } from './jsonpatch';
import { newItemId, newUid } from './random-id';

/**
 * Which member identifies the items of each list (`*` stands for any index): every kind's
 * identified lists (documents.ts), as one table — the lists of different kinds never share a path
 * with a different key.
 */
export const LIST_IDENTITY: readonly ListIdentity[] = [...new Map(Object.values(DOCUMENTS).flatMap((d) => d.lists.map((l) => [l.path, l] as const))).values()];

const RULES = LIST_IDENTITY.map((r) => ({ tokens: parsePointer(r.path), key: r.key, prefix: r.key === 'id' ? r.prefix : '' }));

type Token = string | number;
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The identity member of the items of the array at `arrayTokens` (indices match `*`), if the list has one. */
export function identityKeyAt(arrayTokens: readonly Token[]): 'id' | 'uid' | undefined {
  for (const r of RULES) {
    if (r.tokens.length !== arrayTokens.length) continue;
    if (r.tokens.every((t, i) => t === '*' || t === String(arrayTokens[i]))) return r.key;
  }
  return undefined;
}

export { newItemId, newUid } from './random-id';

/**
 * The `add` ops that give every item of every {@link LIST_IDENTITY} list in `doc` a unique
 * identity: missing, empty or duplicate ones get a new one. Empty when all are in place.
 * The server appends these to every write (so the audit log replays to the stored document)
 * and the data migration runs them over existing rows.
 */
export function listIdOps(doc: unknown): Operation[] {
  const ops: Operation[] = [];
  for (const rule of RULES) {
    const visit = (node: unknown, depth: number, at: Token[]): void => {
      if (depth === rule.tokens.length) {
        if (!Array.isArray(node)) return;
        const seen = new Set<string>();
        node.forEach((item, i) => {
          if (!isObj(item)) return;
          const v = item[rule.key];
          if (typeof v === 'string' && v !== '' && !seen.has(v)) {
            seen.add(v);
            return;
          }
          const id = rule.key === 'id' ? newItemId(rule.prefix) : newUid();
          seen.add(id);
          ops.push({ op: 'add', path: toPointer([...at, i, rule.key]), value: id });
        });
        return;
      }
      const t = rule.tokens[depth];
      if (t === undefined) return;
      if (t === '*') {
        if (Array.isArray(node)) node.forEach((x, i) => visit(x, depth + 1, [...at, i]));
      } else if (isObj(node) && Object.prototype.hasOwnProperty.call(node, t)) {
        visit(node[t], depth + 1, [...at, t]);
      }
    };
    visit(doc, 0, []);
  }
  return ops;
}

/** Identity of `item` in the array at `arrayTokens`: its key and value, the value itself (primitives), or none. */
function identity(arrayTokens: readonly Token[], item: unknown): { key?: 'id' | 'uid'; value: unknown } | undefined {
  if (!isObj(item) && !Array.isArray(item)) return { value: item };
  if (!isObj(item)) return undefined;
  const key = identityKeyAt(arrayTokens);
  if (!key) return undefined;
  const v = item[key];
  return typeof v === 'string' && v !== '' ? { key, value: v } : undefined;
}

const INDEX = /^(0|[1-9][0-9]*)$/;

/** Which tokens of an op's pointers address an existing item (vs a position to insert at). */
const positional = (op: Operation, which: 'path' | 'from'): boolean => which === 'path' && (op.op === 'add' || op.op === 'move' || op.op === 'copy');

/**
 * `ops` (valid in order on `base`) with an RFC 6902 `test` op before each op on the identity
 * of every list item it addresses (in `path` or `from`; not the position an `add` inserts
 * at), repeated only after the list's shape changed. Lists without identity are not guarded.
 * @throws PatchError when `ops` do not apply to `base`.
 */
export function guardOps(base: unknown, ops: readonly Operation[]): Operation[] {
  const out: Operation[] = [];
  let doc = base;
  let valid = new Set<string>();
  for (const op of ops) {
    for (const which of ['from', 'path'] as const) {
      const ptr = (op as { from?: string; path: string })[which];
      if (typeof ptr !== 'string') continue;
      const tokens = parsePointer(ptr);
      const items = positional(op, which) ? tokens.slice(0, -1) : tokens;
      let node: unknown = doc;
      for (const [j, t] of items.entries()) {
        if (Array.isArray(node) && INDEX.test(t)) {
          const item: unknown = node[Number(t)];
          const id = identity(tokens.slice(0, j), item);
          if (id?.key) {
            const test = toPointer([...tokens.slice(0, j + 1), id.key]);
            const mark = `${test}=${String(id.value)}`;
            if (!valid.has(mark)) {
              out.push({ op: 'test', path: test, value: id.value });
              valid.add(mark);
            }
          }
          node = item;
        } else node = getIn(node, [t]);
        if (node === undefined) break;
      }
    }
    out.push(op);
    doc = applyShared(doc, [op]).value;
    // Inserting, removing or moving list items shifts indices: guards must be stated again.
    if (op.op !== 'replace' && op.op !== 'test') valid = new Set();
  }
  return out;
}

/** Why an op could not be carried onto the newer copy. */
export type ConflictKind = 'changed' | 'removed';

/** One place where the operator's unsent edits and someone else's saved change collide. */
export interface RebaseConflict {
  /** Stable within one rebase of the same inputs: the key of a choice in {@link rebase}'s `choices`. */
  readonly id: string;
  /** 'changed': the other side also changed this value; 'removed': the item (or its container) is gone. */
  readonly kind: ConflictKind;
  /** Where the operator edited, as a JSON Pointer into the operator's copy. */
  readonly path: string;
  /** The operator's value there after their edits (undefined: they removed it). */
  readonly mine: unknown;
  /** The value in the newer copy (undefined: not there any more). */
  readonly theirs: unknown;
}

/** Result of {@link rebase}. */
export interface Rebased<T> {
  /** The ops to apply to `current`, re-addressed by identity (without conflicting ones unless chosen 'mine'). */
  readonly ops: Operation[];
  /** `current` with `ops` applied. */
  readonly value: T;
  /** Conflicts left undecided (decided ones are settled by `choices`). */
  readonly conflicts: RebaseConflict[];
  /** Whether some op now points elsewhere than it did on `base` (history inverses are stale). */
  readonly moved: boolean;
}

class Miss extends Error {
  constructor(
    readonly kind: ConflictKind,
    readonly depth: number,
  ) {
    super(kind);
  }
}

/**
 * Carries `ops` — recorded in order on `base` — onto `current` (a newer copy of the same
 * document), by identity: list indices are re-addressed through the items' identity, an
 * `add` into a list lands after the same predecessor item, and a write to a value that the
 * other side also changed (or to an item it removed) is a conflict. `choices` settles
 * conflicts by id: 'mine' applies the operator's edit anyway (re-adding a removed item with
 * the operator's version of it), 'theirs' (the default for an id not listed) drops it.
 * Never applies an edit to an item other than the one it was made on.
 */
export function rebase<T>(base: T, ops: readonly Operation[], current: T, choices: Readonly<Record<string, 'mine' | 'theirs'>> = {}): Rebased<T> {
  let mine: unknown = base;
  let theirs: unknown = current;
  const out: Operation[] = [];
  const conflicts = new Map<string, RebaseConflict>();
  const decided = new Set<string>();
  let moved = false;

  /** Maps a pointer valid on `mine` to one valid on `theirs`. @throws Miss */
  const map = (ptr: string, isPosition: boolean): string => {
    const tokens = parsePointer(ptr);
    const outT: Token[] = [];
    let m: unknown = mine;
    let r: unknown = theirs;
    for (const [j, t] of tokens.entries()) {
      const last = j === tokens.length - 1;
      if (Array.isArray(m)) {
        if (!Array.isArray(r)) throw new Miss('changed', j);
        if (last && isPosition) {
          if (t === '-') outT.push('-');
          else {
            const i = Number(t);
            if (i === 0) outT.push(0);
            else {
              const prev: unknown = m[i - 1];
              const at = findItem(tokens.slice(0, j), r, prev, i - 1);
              outT.push(at >= 0 ? at + 1 : Math.min(i, r.length));
            }
          }
          break;
        }
        const i = Number(t);
        const item: unknown = m[i];
        const at = findItem(tokens.slice(0, j), r, item, i);
        if (at < 0) {
          const id = identity(tokens.slice(0, j), item);
          throw new Miss(id?.key ? 'removed' : 'changed', j);
        }
        outT.push(at);
        m = item;
        r = r[at];
      } else {
        outT.push(t);
        if (last) break;
        m = getIn(m, [t]);
        r = getIn(r, [t]);
        if (r === undefined || r === null || typeof r !== 'object') {
          if (m !== undefined) throw new Miss('removed', j);
        }
      }
    }
    return toPointer(outT);
  };

  for (const op of ops) {
    // Guards are stated afresh for the new copy when it is sent.
    if (op.op === 'test') continue;
    const group = (ptr: string, depth: number | null): string => {
      // One conflict per place: the field (or, for a removed item, the item) in the operator's copy.
      const tokens = parsePointer(ptr);
      return depth === null ? ptr : toPointer(tokens.slice(0, depth + 1));
    };
    let mapped: Operation | undefined;
    let conflict: Clash | undefined;
    let skip = false;
    try {
      const path = map(op.path, positional(op, 'path'));
      const from = 'from' in op ? map(op.from, false) : undefined;
      mapped = (from !== undefined ? { ...op, path, from } : { ...op, path }) as Operation;
      if (path !== op.path || (from !== undefined && from !== (op as { from: string }).from)) moved = true;
      // Field check: the value this op overwrites or removes must be what the operator saw.
      const writesValue = op.op === 'replace' || op.op === 'remove' || ((op.op === 'add' || op.op === 'copy') && !isArrayPosition(mine, op.path));
      if (writesValue) {
        const before = getIn(mine, parsePointer(op.path));
        const now = getIn(theirs, parsePointer(path));
        if (!jsonEqual(before, now)) {
          const after = op.op === 'remove' ? undefined : op.op === 'copy' ? getIn(mine, parsePointer(op.from)) : op.value;
          if (jsonEqual(after, now))
            skip = true; // both sides made the same change
          else conflict = { kind: 'changed', key: op.path, depth: null };
        }
      } else if (op.op === 'add') {
        // Inserting an item whose identity their copy already holds (an undone removal of an
        // item they kept or put back): never a second copy; the same item is no change.
        const list = parsePointer(path).slice(0, -1);
        const id = identity(parsePointer(op.path).slice(0, -1), op.value);
        const there: unknown = getIn(theirs, list);
        const i = id?.key && Array.isArray(there) ? there.findIndex((x) => isObj(x) && x[id.key!] === id.value) : -1;
        if (i >= 0) {
          if (jsonEqual((there as unknown[])[i], op.value)) skip = true;
          else conflict = { kind: 'changed', key: op.path, depth: null, at: toPointer([...list, i]) };
        }
      }
    } catch (e) {
      if (!(e instanceof Miss)) throw e;
      const ptr = e.kind === 'removed' || op.op === 'move' ? ((op as { from?: string }).from ?? op.path) : op.path;
      // Removing what the other side removed already is no conflict.
      if (e.kind === 'removed' && op.op === 'remove' && parsePointer(op.path).length === e.depth + 1) skip = true;
      else conflict = { kind: e.kind, key: group(ptr, e.depth), depth: e.depth };
    }
    const nextMine = applyShared(mine, [op]).value;
    if (skip) {
      mine = nextMine;
      continue;
    }
    let nextTheirs: unknown;
    if (!conflict) {
      try {
        nextTheirs = applyShared(theirs, [mapped!]).value;
      } catch {
        conflict = { kind: 'changed', key: op.path, depth: null };
      }
    }
    if (conflict) {
      const id = conflict.key;
      const choice = choices[id] ?? 'theirs';
      if (choice === 'mine') {
        decided.add(id);
        theirs = force(op, mapped, conflict, nextMine, theirs, out, (p) => map(p, true));
      } else if (!(id in choices)) {
        const theirsValue =
          conflict.kind === 'removed'
            ? undefined
            : conflict.at
              ? getIn(theirs, parsePointer(conflict.at))
              : mapped
                ? getIn(theirs, parsePointer(mapped.path))
                : getIn(theirs, parsePointer(id));
        conflicts.set(id, { id, kind: conflict.kind, path: id, mine: getIn(nextMine, parsePointer(id)), theirs: theirsValue });
      } else decided.add(id);
      mine = nextMine;
      continue;
    }
    mine = nextMine;
    theirs = nextTheirs;
    out.push(mapped!);
  }
  for (const id of decided) conflicts.delete(id);
  return { ops: out, value: theirs as T, conflicts: [...conflicts.values()], moved };
}

/** Where an op collides: its kind, the conflict's id, the depth of a missing item, and `at`, where their copy already holds the item an `add` inserts. */
interface Clash {
  kind: ConflictKind;
  key: string;
  depth: number | null;
  at?: string;
}

/** Whether `pointer` names a position inside an array of `doc` (an insert), not an object member. */
function isArrayPosition(doc: unknown, pointer: string): boolean {
  const tokens = parsePointer(pointer);
  return Array.isArray(getIn(doc, tokens.slice(0, -1)));
}

/** Index in `list` of the item `item` had at index `i` of the operator's copy, or -1. */
function findItem(arrayTokens: readonly Token[], list: readonly unknown[], item: unknown, i: number): number {
  const id = identity(arrayTokens, item);
  if (id?.key) return list.findIndex((x) => isObj(x) && x[id.key!] === id.value);
  if (id) return jsonEqual(list[i], item) ? i : list.findIndex((x) => jsonEqual(x, item));
  // No identity: only the same item at the same place counts.
  return i < list.length && jsonEqual(list[i], item) ? i : -1;
}

/** Applies the operator's side of a conflict onto `theirs` ("keep mine") and returns the new copy. */
function force(
  op: Operation,
  mapped: Operation | undefined,
  c: Clash,
  nextMine: unknown,
  theirs: unknown,
  out: Operation[],
  position: (p: string) => string,
): unknown {
  let fix: Operation[];
  if (c.at && op.op === 'add') {
    // Their copy holds the item already: mine replaces it there.
    fix = [{ op: 'replace', path: c.at, value: op.value }];
  } else if (mapped) {
    // The value changed on both sides: write mine (an `add` also covers a member they removed).
    fix =
      mapped.op === 'replace' && getIn(theirs, parsePointer(mapped.path)) === undefined ? [{ op: 'add', path: mapped.path, value: mapped.value }] : [mapped];
  } else {
    // The item (or container) is gone or changed beyond recognition on their side: put the
    // operator's version of it back — in place of an item without identity that is still
    // there, else where it stood.
    const mineValue = getIn(nextMine, parsePointer(c.key));
    if (mineValue === undefined) return theirs;
    let at: string;
    try {
      at = position(c.key);
    } catch {
      return theirs;
    }
    const tokens = parsePointer(at);
    const list = getIn(theirs, tokens.slice(0, -1));
    const i = Number(parsePointer(c.key).pop());
    const replaceAt = c.kind === 'changed' && Array.isArray(list) && Number.isInteger(i) && i < list.length;
    fix = replaceAt ? [{ op: 'replace', path: toPointer([...tokens.slice(0, -1), i]), value: mineValue }] : [{ op: 'add', path: at, value: mineValue }];
  }
  try {
    const next = applyShared(theirs, fix).value;
    out.push(...fix);
    return next;
  } catch {
    return theirs;
  }
}

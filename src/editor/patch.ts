/**
 * JSON Patch plumbing for the command log: immer patches → RFC 6902 operations, and an
 * RFC 6902 applier that shares structure with its input (copies only the nodes on the
 * touched paths) so undo, redo and rebase never clone whole documents.
 *
 * Source: DESIGN.md — The command log, precisely; RFC 6902 (JSON Patch); RFC 6901 (JSON Pointer).
 */
import { freeze, type Patch } from 'immer';
import { PatchError, parsePointer, toPointer, type Operation } from '../model/jsonpatch';

type Container = Record<string, unknown> | unknown[];
type Token = string | number;

const INDEX = /^(0|[1-9][0-9]*)$/;
const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);
const isContainer = (v: unknown): v is Container => v !== null && typeof v === 'object';

function child(node: unknown, token: Token): unknown {
  if (!isContainer(node)) return undefined;
  if (Array.isArray(node)) {
    const i = typeof token === 'number' ? token : INDEX.test(token) ? Number(token) : -1;
    return i >= 0 && i < node.length ? node[i] : undefined;
  }
  const k = String(token);
  return hasOwn(node, k) ? node[k] : undefined;
}

/** Value at `tokens` inside `doc`, or `undefined` when the path does not resolve. */
export function getIn(doc: unknown, tokens: readonly Token[]): unknown {
  let cur = doc;
  for (const t of tokens) {
    cur = child(cur, t);
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** Deep equality of JSON values (object key order ignored), used by `test` ops. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => jsonEqual(v, bb[i]));
  }
  const ka = Object.keys(a);
  const bo = b as Record<string, unknown>;
  return ka.length === Object.keys(bo).length && ka.every((k) => hasOwn(bo, k) && jsonEqual(a[k], bo[k]));
}

// ---------------------------------------------------------------------------------------
// immer patches → RFC 6902
// ---------------------------------------------------------------------------------------

const samePrefix = (path: readonly Token[], prefix: readonly Token[]): boolean =>
  path.length > prefix.length && prefix.every((t, i) => path[i] === t);

/**
 * Converts immer patches (path arrays) into RFC 6902 operations (JSON Pointers), valid when
 * applied in order to `base`. A `replace` of an array's `length` (older immer output) is
 * turned into `remove`s from the end.
 * @throws PatchError if a `length` patch grows an array (not expressible in JSON).
 */
export function patchesToOps(patches: readonly Patch[], base: unknown, names?: Map<string, string>): Operation[] {
  const ops: Operation[] = [];
  // Reuse one string per pointer (ops and inverse mostly share paths; history keeps both).
  const name = (ptr: string): string => {
    if (!names) return ptr;
    const known = names.get(ptr);
    if (known !== undefined) return known;
    names.set(ptr, ptr);
    return ptr;
  };
  // Net length change per array pointer so far, to size later `length` patches.
  const delta = new Map<string, number>();
  for (const p of patches) {
    const path = p.path as Token[];
    const last = path[path.length - 1];
    const parentPtr = toPointer(path.slice(0, -1));
    if (p.op === 'replace' && last === 'length' && Array.isArray(getIn(base, path.slice(0, -1)))) {
      const arr = getIn(base, path.slice(0, -1)) as unknown[];
      const len = arr.length + (delta.get(parentPtr) ?? 0);
      const target = Number(p.value);
      if (!(target <= len)) throw new PatchError(`Cannot grow array ${parentPtr} through its length`, ops.length);
      for (let i = len - 1; i >= target; i--) ops.push({ op: 'remove', path: `${parentPtr}/${i}` });
      delta.set(parentPtr, (delta.get(parentPtr) ?? 0) - (len - target));
      continue;
    }
    const ptr = name(toPointer(path));
    if (typeof last === 'number') {
      if (p.op === 'add') delta.set(parentPtr, (delta.get(parentPtr) ?? 0) + 1);
      if (p.op === 'remove') delta.set(parentPtr, (delta.get(parentPtr) ?? 0) - 1);
    }
    if (p.op === 'remove') ops.push({ op: 'remove', path: ptr });
    else ops.push({ op: p.op, path: ptr, value: p.value as unknown });
  }
  return ops.slice(); // exact capacity: these arrays live as long as the history
}

/**
 * Turns one produce's patches into `{ops, inverse}`. When every patch touches the elements of
 * one array and the change is a contiguous splice (immer describes `splice`/`shift` as a
 * replace of every later index), emits the splice itself — `remove /list/3` instead of
 * twenty shifted replaces — when that is shorter.
 */
export function recordOps(
  base: unknown,
  next: unknown,
  patches: readonly Patch[],
  inversePatches: readonly Patch[],
): { ops: Operation[]; inverse: Operation[] } {
  const compact = patches.length > 1 ? compactSplice(base, next, patches) : undefined;
  if (compact) return compact;
  const names = new Map<string, string>();
  return { ops: patchesToOps(patches, base, names), inverse: patchesToOps(inversePatches, next, names) };
}

function compactSplice(
  base: unknown,
  next: unknown,
  patches: readonly Patch[],
): { ops: Operation[]; inverse: Operation[] } | undefined {
  const first = patches[0].path as Token[];
  if (first.length === 0) return undefined;
  const prefix = first.slice(0, -1);
  if (!patches.every((p) => samePrefix(p.path as Token[], prefix))) return undefined;
  const b = getIn(base, prefix);
  const c = getIn(next, prefix);
  if (!Array.isArray(b) || !Array.isArray(c)) return undefined;
  let pre = 0;
  const min = Math.min(b.length, c.length);
  while (pre < min && b[pre] === c[pre]) pre++;
  let suf = 0;
  while (suf < min - pre && b[b.length - 1 - suf] === c[c.length - 1 - suf]) suf++;
  const removed = b.length - pre - suf;
  const added = c.length - pre - suf;
  if (removed + added >= patches.length) return undefined;
  const at = `${toPointer(prefix)}/${pre}`;
  const ops: Operation[] = [];
  const inverse: Operation[] = [];
  for (let i = 0; i < removed; i++) ops.push({ op: 'remove', path: at });
  for (let i = 0; i < added; i++) ops.push({ op: 'add', path: `${toPointer(prefix)}/${pre + i}`, value: c[pre + i] });
  for (let i = 0; i < added; i++) inverse.push({ op: 'remove', path: at });
  for (let i = 0; i < removed; i++) inverse.push({ op: 'add', path: `${toPointer(prefix)}/${pre + i}`, value: b[pre + i] });
  return { ops: ops.slice(), inverse: inverse.slice() };
}

/**
 * Collapses adjacent operations on the same path that a later one makes redundant
 * (`replace` after `add`/`replace`, `remove` after `replace`), so coalesced typing sends one
 * op. Never reorders; the result applies exactly like the input.
 */
export function squashOps(ops: readonly Operation[]): Operation[] {
  const out: Operation[] = [];
  for (const op of ops) pushSquashed(out, op);
  return out;
}

/** Appends `op` to `out` in place, squashing it into the last op when {@link squashOps} would. */
export function pushSquashed(out: Operation[], op: Operation): void {
  const prev = out[out.length - 1];
  if (prev && prev.path === op.path && !op.path.endsWith('/-')) {
    if (op.op === 'replace' && (prev.op === 'replace' || prev.op === 'add')) {
      out[out.length - 1] = { op: prev.op, path: op.path, value: op.value };
      return;
    }
    if (op.op === 'remove' && prev.op === 'replace') {
      out[out.length - 1] = op;
      return;
    }
  }
  out.push(op);
}

// ---------------------------------------------------------------------------------------
// Structure-sharing RFC 6902 applier
// ---------------------------------------------------------------------------------------

/** Result of {@link applyShared}: the new document and the ops that turn it back. */
export interface Applied<T> {
  value: T;
  inverse: Operation[];
}

/**
 * Applies RFC 6902 `ops` to `doc` without mutating it: only containers on touched paths are
 * copied (and frozen), everything else is shared. All-or-nothing (RFC 6902 §5). Also returns
 * the inverse operations, in the order to apply them.
 * @throws PatchError naming the first operation that does not apply.
 */
export function applyShared<T>(doc: T, ops: readonly Operation[]): Applied<T> {
  let root: unknown = doc;
  const owned = new Set<Container>();
  const inv: Operation[] = [];

  const own = (node: Container): Container => {
    if (owned.has(node)) return node;
    const copy: Container = Array.isArray(node) ? node.slice() : { ...node };
    owned.add(copy);
    return copy;
  };

  // Writable parent of the node `tokens` points at, copying containers along the way.
  const parentOf = (tokens: string[]): Container => {
    if (!isContainer(root)) throw new Error('the document is not an object');
    root = own(root);
    let node = root as Container;
    for (let k = 0; k < tokens.length - 1; k++) {
      const next = child(node, tokens[k]);
      if (!isContainer(next)) throw new Error(`path not found at /${tokens.slice(0, k + 1).join('/')}`);
      const w = own(next);
      if (Array.isArray(node)) node[Number(tokens[k])] = w;
      else node[tokens[k]] = w;
      node = w;
    }
    return node;
  };

  const checkKey = (t: string): void => {
    if (t === '__proto__' || t === 'constructor' || t === 'prototype') throw new Error(`forbidden key "${t}"`);
  };

  const arrayIndex = (arr: unknown[], t: string, allowEnd: boolean): number => {
    if (allowEnd && t === '-') return arr.length;
    if (!INDEX.test(t)) throw new Error(`"${t}" is not an array index`);
    const i = Number(t);
    if (i > arr.length || (!allowEnd && i === arr.length)) throw new Error(`index ${i} out of bounds`);
    return i;
  };

  const parentPointer = (path: string): string => path.slice(0, path.lastIndexOf('/'));

  const add = (path: string, value: unknown): void => {
    const tokens = parsePointer(path);
    freeze(value, true);
    if (tokens.length === 0) {
      inv.push({ op: 'replace', path: '', value: root });
      root = value;
      return;
    }
    const parent = parentOf(tokens);
    const last = tokens[tokens.length - 1];
    if (Array.isArray(parent)) {
      const i = arrayIndex(parent, last, true);
      parent.splice(i, 0, value);
      inv.push({ op: 'remove', path: `${parentPointer(path)}/${i}` });
    } else {
      checkKey(last);
      if (hasOwn(parent, last)) inv.push({ op: 'replace', path, value: parent[last] });
      else inv.push({ op: 'remove', path });
      parent[last] = value;
    }
  };

  const remove = (path: string): unknown => {
    const tokens = parsePointer(path);
    if (tokens.length === 0) throw new Error('cannot remove the whole document');
    const parent = parentOf(tokens);
    const last = tokens[tokens.length - 1];
    let old: unknown;
    if (Array.isArray(parent)) {
      const i = arrayIndex(parent, last, false);
      old = parent[i];
      parent.splice(i, 1);
    } else {
      if (!hasOwn(parent, last)) throw new Error('path not found');
      old = parent[last];
      delete parent[last];
    }
    inv.push({ op: 'add', path, value: old });
    return old;
  };

  ops.forEach((op, index) => {
    try {
      switch (op.op) {
        case 'add':
          add(op.path, op.value);
          break;
        case 'remove':
          remove(op.path);
          break;
        case 'replace': {
          const tokens = parsePointer(op.path);
          freeze(op.value, true);
          if (tokens.length === 0) {
            inv.push({ op: 'replace', path: '', value: root });
            root = op.value;
            break;
          }
          const parent = parentOf(tokens);
          const last = tokens[tokens.length - 1];
          if (Array.isArray(parent)) {
            const i = arrayIndex(parent, last, false);
            inv.push({ op: 'replace', path: op.path, value: parent[i] });
            parent[i] = op.value;
          } else {
            if (!hasOwn(parent, last)) throw new Error('path not found');
            inv.push({ op: 'replace', path: op.path, value: parent[last] });
            parent[last] = op.value;
          }
          break;
        }
        case 'move': {
          if (op.path === '') throw new Error('cannot move onto the whole document');
          if (op.from === op.path) break;
          if (op.path.startsWith(op.from + '/')) throw new Error('cannot move a value into itself');
          const mark = inv.length;
          const value = remove(op.from);
          add(op.path, value);
          const addInv = inv[inv.length - 1];
          // A plain relocation inverts to one move back; an add that overwrote a key also needs the old value.
          if (addInv.op === 'remove') inv.splice(mark, 2, { op: 'move', from: addInv.path, path: op.from });
          // (listed in reverse: the final reverse() puts the move back first)
          else if (addInv.op === 'replace') inv.splice(mark, 2, { op: 'add', path: op.path, value: addInv.value }, { op: 'move', from: op.path, path: op.from });
          break;
        }
        case 'copy': {
          const value = getIn(root, parsePointer(op.from));
          if (value === undefined) throw new Error('from path not found');
          add(op.path, value);
          break;
        }
        case 'test': {
          if (!jsonEqual(getIn(root, parsePointer(op.path)), op.value)) throw new Error('test failed');
          break;
        }
        default:
          throw new Error(`unknown op "${(op as { op: string }).op}"`);
      }
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw new PatchError(`Operation ${index} (${op.op} ${op.path}) does not apply: ${why}`, index);
    }
  });

  for (const node of owned) Object.freeze(node);
  inv.reverse();
  return { value: root as T, inverse: inv };
}

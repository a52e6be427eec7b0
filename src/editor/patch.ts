/**
 * JSON Patch plumbing for the command log: immer patches → RFC 6902 operations (one `move`
 * op for an element moved inside a recipe, one splice instead of shifted replaces) and op
 * squashing for coalesced typing. Applying and inverting ops is the model's one RFC 6902
 * implementation (`src/model/jsonpatch.ts`), shared with the server.
 *
 * Source: src/editor/README.md; RFC 6902 (JSON Patch); RFC 6901 (JSON Pointer).
 */
import type { Patch } from 'immer';
import { getIn, PatchError, toPointer, type Operation } from '../model/jsonpatch';

export { applyShared, getIn, jsonEqual, type Applied } from '../model/jsonpatch';

type Token = string | number;

// ---------------------------------------------------------------------------------------
// immer patches → RFC 6902
// ---------------------------------------------------------------------------------------

const samePrefix = (path: readonly Token[], prefix: readonly Token[]): boolean => path.length > prefix.length && prefix.every((t, i) => path[i] === t);

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

function compactSplice(base: unknown, next: unknown, patches: readonly Patch[]): { ops: Operation[]; inverse: Operation[] } | undefined {
  const first = patches[0]?.path;
  if (!first?.length) return undefined;
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
  const arr = toPointer(prefix);
  const moved = removed === added && removed >= 2 ? rotation(b, c, pre, removed) : undefined;
  if (moved) {
    const [from, to] = moved;
    return {
      ops: [{ op: 'move', from: `${arr}/${from}`, path: `${arr}/${to}` }],
      inverse: [{ op: 'move', from: `${arr}/${to}`, path: `${arr}/${from}` }],
    };
  }
  if (removed + added >= patches.length) return undefined;
  const at = `${arr}/${pre}`;
  const ops: Operation[] = [];
  const inverse: Operation[] = [];
  for (let i = 0; i < removed; i++) ops.push({ op: 'remove', path: at });
  for (let i = 0; i < added; i++) ops.push({ op: 'add', path: `${toPointer(prefix)}/${pre + i}`, value: c[pre + i] });
  for (let i = 0; i < added; i++) inverse.push({ op: 'remove', path: at });
  for (let i = 0; i < removed; i++) inverse.push({ op: 'add', path: `${toPointer(prefix)}/${pre + i}`, value: b[pre + i] });
  return { ops: ops.slice(), inverse: inverse.slice() };
}

/**
 * Whether `c[pre, pre+n)` is `b[pre, pre+n)` with one element moved from one end of the
 * window to the other (what `splice` out and `splice` back in produces), by identity.
 * @returns `[from, to]` indices of that one RFC 6902 `move`, or undefined.
 */
function rotation(b: readonly unknown[], c: readonly unknown[], pre: number, n: number): [number, number] | undefined {
  const last = pre + n - 1;
  let down = c[last] === b[pre];
  for (let k = pre; down && k < last; k++) down = c[k] === b[k + 1];
  if (down) return [pre, last];
  let up = c[pre] === b[last];
  for (let k = pre + 1; up && k <= last; k++) up = c[k] === b[k - 1];
  return up ? [last, pre] : undefined;
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

/**
 * The one RFC 6902 (JSON Patch) implementation of the product, used by the editor (client)
 * and the API (server) alike: pointer parsing (RFC 6901), pointer and value safety, a
 * structure-sharing applier that also returns the inverse ops, and deep JSON equality.
 * Client and server therefore apply and invert every op identically, and the inverse the
 * audit log stores is the one the editor would use to undo.
 *
 * Source: README.md "One edit, end to end" and "Architecture" (model: the one RFC 6902
 * implementation); RFC 6902 (JSON Patch), RFC 6901 (JSON Pointer).
 */
import { jsonEqual } from './json-equal';

export { jsonEqual };

/** An RFC 6902 operation (§4.1–4.6). */
export type Operation =
  | { op: 'add'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'replace'; path: string; value: unknown }
  | { op: 'move'; from: string; path: string }
  | { op: 'copy'; from: string; path: string }
  | { op: 'test'; path: string; value: unknown };

/** The op names of RFC 6902 §4. */
export const OP_NAMES = ['add', 'remove', 'replace', 'move', 'copy', 'test'] as const;

/**
 * Raised when a patch cannot be applied to a document (RFC 6902 §5: the whole patch fails)
 * or is refused before anything is applied (malformed, or a forbidden pointer segment).
 */
export class PatchError extends Error {
  /** Index of the failing operation in the patch, or -1 when the patch itself is malformed. */
  readonly index: number;
  /** The failing operation's `op` ('test' when a guard did not hold), if known. */
  readonly op?: string;
  /** True when the patch was refused for safety (forbidden pointer segment or key). */
  readonly forbidden: boolean;
  constructor(message: string, index: number, op?: string, forbidden = false) {
    super(message);
    this.name = 'PatchError';
    this.index = index;
    this.op = op;
    this.forbidden = forbidden;
  }
}

/**
 * Pointer segments and object keys never accepted anywhere in a document: writing them would
 * reach `Object.prototype` (prototype pollution) in code that copies with plain assignment.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

type Container = Record<string, unknown> | unknown[];
type Token = string | number;

const INDEX = /^(0|[1-9][0-9]*)$/;
const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);
const isContainer = (v: unknown): v is Container => v !== null && typeof v === 'object';

/** Decodes a JSON Pointer (RFC 6901) into its reference tokens. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Encodes reference tokens as a JSON Pointer (RFC 6901). */
export function toPointer(tokens: readonly Token[]): string {
  let out = '';
  for (const t of tokens) {
    const s = String(t);
    out += '/' + (s.includes('~') || s.includes('/') ? s.replace(/~/g, '~0').replace(/\//g, '~1') : s);
  }
  return out;
}

/** The first forbidden segment of `pointer` ({@link FORBIDDEN_KEYS}), after RFC 6901 decoding. */
function forbiddenSegment(pointer: string): string | undefined {
  if (!pointer.includes('__proto__') && !pointer.includes('constructor') && !pointer.includes('prototype')) return undefined;
  return parsePointer(pointer).find((t) => FORBIDDEN_KEYS.has(t));
}

/** The first forbidden key found anywhere inside `value` (own keys, any depth), if any. */
export function forbiddenKeyIn(value: unknown): string | undefined {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (!isContainer(v)) continue;
    if (Array.isArray(v)) {
      for (const x of v) if (isContainer(x)) stack.push(x);
      continue;
    }
    for (const k of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(k)) return k;
      const x = v[k];
      if (isContainer(x)) stack.push(x);
    }
  }
  return undefined;
}

const refused = (i: number, o: { op?: unknown; path?: unknown }, what: string): PatchError =>
  new PatchError(`Operation ${i} (${String(o.op)} ${String(o.path)}) is refused: ${what} is not allowed in a JSON Patch`, i, String(o.op), true);

/**
 * Validates a patch before anything is applied: an array of RFC 6902 operation objects with
 * well-formed pointers, no pointer segment and no key inside a value that is one of
 * {@link FORBIDDEN_KEYS} (`__proto__`, `constructor`, `prototype`, in any RFC 6901 spelling,
 * in `path` or `from`).
 * @throws PatchError when `ops` is malformed or unsafe (`forbidden` set for the latter).
 */
export function assertOperations(ops: unknown): asserts ops is Operation[] {
  if (!Array.isArray(ops)) throw new PatchError('A JSON Patch must be an array of operations', -1);
  ops.forEach((op: unknown, i) => {
    if (!op || typeof op !== 'object' || Array.isArray(op)) throw new PatchError(`Operation ${i} is not an object`, i);
    const o = op as Record<string, unknown>;
    if (!(OP_NAMES as readonly unknown[]).includes(o.op)) {
      throw new PatchError(o.op === undefined ? `Operation ${i} has no op` : `Operation ${i} has an unknown op ${JSON.stringify(o.op)}`, i);
    }
    if (typeof o.path !== 'string' || (o.path !== '' && !o.path.startsWith('/'))) {
      throw new PatchError(`Operation ${i} has an invalid path`, i, String(o.op));
    }
    if ((o.op === 'move' || o.op === 'copy') && (typeof o.from !== 'string' || (o.from !== '' && !o.from.startsWith('/')))) {
      throw new PatchError(`Operation ${i} has an invalid from`, i, String(o.op));
    }
    if ((o.op === 'add' || o.op === 'replace' || o.op === 'test') && !hasOwn(o, 'value')) {
      throw new PatchError(`Operation ${i} has no value`, i, String(o.op));
    }
    for (const p of [o.path, o.from]) {
      if (typeof p !== 'string') continue;
      const bad = forbiddenSegment(p);
      if (bad !== undefined) throw refused(i, o, `the pointer segment "${bad}"`);
    }
    if (hasOwn(o, 'value')) {
      const bad = forbiddenKeyIn(o.value);
      if (bad !== undefined) throw refused(i, o, `the key "${bad}" inside a value`);
    }
  });
}

function child(node: unknown, token: Token): unknown {
  if (!isContainer(node)) return undefined;
  if (Array.isArray(node)) {
    const i = typeof token === 'number' ? token : INDEX.test(token) ? Number(token) : -1;
    return i >= 0 && i < node.length ? node[i] : undefined;
  }
  const k = String(token);
  return hasOwn(node, k) ? node[k] : undefined;
}

/** Value at `tokens` inside `doc` (own members only), or `undefined` when the path does not resolve. */
export function getIn(doc: unknown, tokens: readonly Token[]): unknown {
  let cur = doc;
  for (const t of tokens) {
    cur = child(cur, t);
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** Value at JSON Pointer `pointer` inside `doc`, or `undefined`. */
export const getAt = (doc: unknown, pointer: string): unknown => getIn(doc, parsePointer(pointer));

/** Deep-freezes a JSON value in place (already frozen subtrees are skipped). */
export function deepFreeze<T>(value: T): T {
  if (!isContainer(value) || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Array.isArray(value) ? value : Object.values(value)) deepFreeze(v);
  return value;
}

/** Result of {@link applyShared}: the new document and the ops that turn it back. */
export interface Applied<T> {
  value: T;
  inverse: Operation[];
}

/**
 * Applies RFC 6902 `ops` to `doc` without mutating it: only containers on touched paths are
 * copied (and frozen), everything else is shared, so undo, redo and rebase never clone whole
 * documents. Op values become part of the result and are deep-frozen. All-or-nothing
 * (RFC 6902 §5). Also returns the inverse operations, in the order to apply them: a `move`
 * that overwrote a key inverts to a move back plus the `add` of the overwritten value.
 * Pointer segments in {@link FORBIDDEN_KEYS} are refused before anything is applied.
 * @throws PatchError naming the first operation that does not apply (`op` 'test' when a guard failed).
 */
export function applyShared<T>(doc: T, ops: readonly Operation[]): Applied<T> {
  ops.forEach((op, i) => {
    for (const p of [op.path, (op as { from?: unknown }).from]) {
      const bad = typeof p === 'string' ? forbiddenSegment(p) : undefined;
      if (bad !== undefined) throw refused(i, op, `the pointer segment "${bad}"`);
    }
  });
  let root: unknown = doc;
  const owned = new Set<Container>();
  const inv: Operation[] = [];

  const own = (node: Container): Container => {
    if (owned.has(node)) return node;
    const copy: Container = Array.isArray(node) ? node.slice() : { ...node };
    owned.add(copy);
    return copy;
  };

  // Writable parent of the node `tokens` points at (copying containers along the way), and
  // the last token: the member or index within that parent.
  const parentOf = (tokens: readonly string[]): { parent: Container; last: string } => {
    const last = tokens.at(-1);
    if (last === undefined) throw new Error('the whole document has no parent');
    if (!isContainer(root)) throw new Error('the document is not an object');
    root = own(root);
    let node = root as Container;
    const upTo = tokens.slice(0, -1);
    upTo.forEach((t, k) => {
      const next = child(node, t);
      if (!isContainer(next)) throw new Error(`path not found at ${toPointer(upTo.slice(0, k + 1))}`);
      const w = own(next);
      if (Array.isArray(node)) node[Number(t)] = w;
      else node[t] = w;
      node = w;
    });
    return { parent: node, last };
  };

  // Freezes the containers of `value` this patch copied, so a later write copies them again:
  // the value also lives on in an inverse op, which must not change under it.
  const release = (value: unknown): void => {
    if (!isContainer(value) || !owned.delete(value)) return;
    Object.freeze(value);
    for (const v of Array.isArray(value) ? value : Object.values(value)) release(v);
  };

  const arrayIndex = (arr: unknown[], t: string, allowEnd: boolean): number => {
    if (allowEnd && t === '-') return arr.length;
    if (!INDEX.test(t)) throw new Error(`"${t}" is not an array index`);
    const i = Number(t);
    if (i > arr.length || (!allowEnd && i === arr.length)) throw new Error(`index ${i} out of bounds`);
    return i;
  };

  const parentPointer = (path: string): string => path.slice(0, path.lastIndexOf('/'));

  // `external`: a value from an op (frozen, then shared); otherwise one already in the document.
  const add = (path: string, value: unknown, external = true): void => {
    const tokens = parsePointer(path);
    if (external) deepFreeze(value);
    if (tokens.length === 0) {
      inv.push({ op: 'replace', path: '', value: root });
      root = value;
      return;
    }
    const { parent, last } = parentOf(tokens);
    if (Array.isArray(parent)) {
      const i = arrayIndex(parent, last, true);
      parent.splice(i, 0, value);
      inv.push({ op: 'remove', path: `${parentPointer(path)}/${i}` });
    } else {
      if (hasOwn(parent, last)) inv.push({ op: 'replace', path, value: parent[last] });
      else inv.push({ op: 'remove', path });
      parent[last] = value;
    }
  };

  const remove = (path: string): unknown => {
    const tokens = parsePointer(path);
    if (tokens.length === 0) throw new Error('cannot remove the whole document');
    const { parent, last } = parentOf(tokens);
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
          deepFreeze(op.value);
          if (tokens.length === 0) {
            inv.push({ op: 'replace', path: '', value: root });
            root = op.value;
            break;
          }
          const { parent, last } = parentOf(tokens);
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
          release(value);
          add(op.path, value, false);
          const addInv = inv.at(-1);
          if (!addInv) throw new Error('the moved value was not placed');
          // A plain relocation inverts to one move back. A move that overwrote a member inverts
          // to putting the overwritten value back, then the moved one where it came from
          // (listed in reverse: the final reverse() restores this order).
          if (addInv.op === 'remove') {
            // RFC 6902 §4.4 forbids moving a value into its own child: then remove and add back.
            inv.splice(
              mark,
              2,
              ...(op.from.startsWith(addInv.path + '/')
                ? [{ op: 'add', path: op.from, value } as const, { op: 'remove', path: addInv.path } as const]
                : [{ op: 'move', from: addInv.path, path: op.from } as const]),
            );
          } else if (addInv.op === 'replace') inv.splice(mark, 2, { op: 'add', path: op.from, value }, { op: 'replace', path: op.path, value: addInv.value });
          break;
        }
        case 'copy': {
          const value = getIn(root, parsePointer(op.from));
          if (value === undefined) throw new Error('from path not found');
          // A copy of its own: later ops of this patch may write into the source or the copy.
          add(op.path, isContainer(value) ? JSON.parse(JSON.stringify(value)) : value);
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
      // A RangeError (a stack overflow on a value nested too deeply) is the runtime's words, not ours.
      const why = e instanceof RangeError ? 'its value is nested too deeply' : e instanceof Error ? e.message : String(e);
      throw new PatchError(`Operation ${index} (${op.op} ${op.path}) does not apply: ${why}`, index, op.op);
    }
  });

  for (const node of owned) Object.freeze(node);
  inv.reverse();
  return { value: root as T, inverse: inv };
}

/**
 * Checks `ops` ({@link assertOperations}) and applies them to `doc`; `doc` is never mutated
 * (the result shares untouched subtrees with it). All-or-nothing as RFC 6902 §5 requires.
 * @throws PatchError when the patch is malformed or unsafe, or names the first op that does not apply.
 */
export function applyOps<T>(doc: T, ops: readonly Operation[]): T {
  assertOperations(ops);
  return applyShared(doc, ops).value;
}

/**
 * The inverse of `ops` against the document they are applied to, so that
 * `applyOps(applyOps(doc, ops), invertOps(doc, ops))` deep-equals `doc` — the same inverse the
 * editor records for undo; the server stores it in the audit log ("revert this change").
 * @throws PatchError when `ops` does not apply to `doc`.
 */
export function invertOps(doc: unknown, ops: readonly Operation[]): Operation[] {
  assertOperations(ops);
  return applyShared(doc, ops).inverse;
}

/**
 * RFC 6902 JSON Patch helpers shared by the editor (client) and the API (server),
 * so both sides apply and invert operations identically.
 *
 * Source: DESIGN.md "The flow of one edit"; RFC 6902 (JSON Patch), RFC 6901 (JSON Pointer).
 */
import fjp from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';

export type { Operation } from 'fast-json-patch';

/** Raised when a patch cannot be applied to a document (RFC 6902 §5: the whole patch fails). */
export class PatchError extends Error {
  /** Index of the failing operation in the patch, or -1 when the patch itself is malformed. */
  readonly index: number;
  constructor(message: string, index: number) {
    super(message);
    this.name = 'PatchError';
    this.index = index;
  }
}

/**
 * Validates the shape of a patch (an array of RFC 6902 operation objects).
 * @throws PatchError when `ops` is not a well-formed operation list.
 */
export function assertOperations(ops: unknown): asserts ops is Operation[] {
  if (!Array.isArray(ops)) throw new PatchError('A JSON Patch must be an array of operations', -1);
  ops.forEach((op, i) => {
    if (!op || typeof op !== 'object') throw new PatchError(`Operation ${i} is not an object`, i);
    const o = op as Record<string, unknown>;
    if (!['add', 'remove', 'replace', 'move', 'copy', 'test'].includes(String(o.op))) {
      throw new PatchError(`Operation ${i} has an unknown op "${String(o.op)}"`, i);
    }
    if (typeof o.path !== 'string' || (o.path !== '' && !o.path.startsWith('/'))) {
      throw new PatchError(`Operation ${i} has an invalid path`, i);
    }
    if ((o.op === 'move' || o.op === 'copy') && (typeof o.from !== 'string' || (o.from !== '' && !o.from.startsWith('/')))) {
      throw new PatchError(`Operation ${i} has an invalid from`, i);
    }
    if ((o.op === 'add' || o.op === 'replace' || o.op === 'test') && !('value' in o)) {
      throw new PatchError(`Operation ${i} has no value`, i);
    }
  });
}

/**
 * Applies `ops` to a deep copy of `doc` and returns the new document; `doc` is never mutated.
 * All-or-nothing as RFC 6902 §5 requires.
 * @throws PatchError naming the first operation that does not apply.
 */
export function applyOps<T>(doc: T, ops: readonly Operation[]): T {
  assertOperations(ops);
  const copy = fjp.deepClone(doc) as T;
  let result: T = copy;
  ops.forEach((op, i) => {
    try {
      // A copy of the op: its value must not become part of the document, or a later op of
      // the same patch would write into it (and into a frozen recorded command).
      result = fjp.applyOperation(result, fjp.deepClone(op) as Operation, true, true, false, i).newDocument as T;
    } catch (e) {
      const why = e instanceof Error ? e.message.split('\n')[0] : String(e);
      throw new PatchError(`Operation ${i} (${op.op} ${op.path}) does not apply: ${why}`, i);
    }
  });
  return result;
}

/** Decodes a JSON Pointer (RFC 6901) into its reference tokens. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Encodes reference tokens as a JSON Pointer (RFC 6901). */
export function toPointer(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => '/' + String(t).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

function getAt(doc: unknown, tokens: string[]): unknown {
  let cur: unknown = doc;
  for (const t of tokens) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[t];
  }
  return cur;
}

/**
 * Computes the inverse of `ops` against the document they are applied to, so that
 * `applyOps(applyOps(doc, ops), invertOps(doc, ops))` deep-equals `doc`.
 * Used by the server to store `inverse` in the audit log ("revert this change").
 * @throws PatchError when `ops` does not apply to `doc`.
 */
export function invertOps(doc: unknown, ops: readonly Operation[]): Operation[] {
  const inverse: Operation[] = [];
  let cur = fjp.deepClone(doc);
  ops.forEach((op, i) => {
    const tokens = parsePointer(op.path);
    const before = getAt(cur, tokens);
    const parent = getAt(cur, tokens.slice(0, -1));
    switch (op.op) {
      case 'add': {
        const last = tokens[tokens.length - 1];
        if (Array.isArray(parent)) {
          const idx = last === '-' ? parent.length : Number(last);
          inverse.unshift({ op: 'remove', path: toPointer([...tokens.slice(0, -1), idx]) });
        } else if (before === undefined) {
          inverse.unshift({ op: 'remove', path: op.path });
        } else {
          inverse.unshift({ op: 'replace', path: op.path, value: fjp.deepClone(before) });
        }
        break;
      }
      case 'remove':
        inverse.unshift({ op: 'add', path: op.path, value: fjp.deepClone(before) });
        break;
      case 'replace':
        inverse.unshift({ op: 'replace', path: op.path, value: fjp.deepClone(before) });
        break;
      case 'move':
        inverse.unshift({ op: 'move', from: op.path, path: op.from });
        break;
      case 'copy': {
        const last = tokens[tokens.length - 1];
        if (Array.isArray(parent)) {
          const idx = last === '-' ? parent.length : Number(last);
          inverse.unshift({ op: 'remove', path: toPointer([...tokens.slice(0, -1), idx]) });
        } else if (before === undefined) inverse.unshift({ op: 'remove', path: op.path });
        else inverse.unshift({ op: 'replace', path: op.path, value: fjp.deepClone(before) });
        break;
      }
      case 'test':
        break;
    }
    cur = applyOps(cur, [op]);
    void i;
  });
  return inverse;
}

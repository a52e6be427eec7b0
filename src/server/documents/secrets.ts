/**
 * The funnel's write-only secret (`details.cf_secret_key`) in JSON-Patch writes: ops that
 * would read it, set it other than by value, or write its derived members are refused, and
 * the ops the audit log stores carry '[redacted]' instead of its value.
 *
 * Source: src/server/README.md (secrets are write-only, redacted in audit diffs); RFC 6902.
 */
import { REDACTED, SECRET_DERIVED_POINTERS, SECRET_KEY_POINTER, WRITE_MSG, type Operation } from '../../model/index.ts';
import { ApiError } from '../http.ts';

/** True when pointer `p` is `target` or inside it. */
const within = (p: string, target: string) => p === target || p.startsWith(`${target}/`);
/** True when pointer `p` is a proper ancestor of `target` ('' is the root). */
const ancestorOf = (p: string, target: string) => target.startsWith(p === '' ? '/' : `${p}/`);

/**
 * Refuses the ops that would write the derived members (`has_cf_secret_key`,
 * `cf_secret_key_hint`), read the write-only secret (a `test` on it, `copy`/`move` from it or
 * from/at an ancestor: it cannot be probed), set it by `copy`/`move` (only by value), or
 * write the audit's '[redacted]' placeholder as the secret. Source: src/server/README.md (secrets are write-only).
 * @throws ApiError 422 with WRITE_MSG.secretDerived / secretRead / secretRedacted.
 */
export function checkSecretOps(ops: Operation[]): void {
  for (const op of ops) {
    const from = 'from' in op ? op.from : undefined;
    const written = op.op === 'test' ? [] : op.op === 'move' ? [op.path, from as string] : [op.path];
    if (written.some((p) => SECRET_DERIVED_POINTERS.some((d) => within(p, d)))) throw new ApiError(422, WRITE_MSG.secretDerived);
    const read = op.op === 'test' ? [op.path] : from !== undefined ? [from] : [];
    if (read.some((p) => within(p, SECRET_KEY_POINTER) || ancestorOf(p, SECRET_KEY_POINTER))) throw new ApiError(422, WRITE_MSG.secretRead);
    // Set only by value (add/replace, which the audit redacts): a copy or move into it would log where its value came from.
    if (from !== undefined && within(op.path, SECRET_KEY_POINTER)) throw new ApiError(422, WRITE_MSG.secretRead);
    if ((op.op === 'add' || op.op === 'replace') && secretWritten(op.path, op.value) === REDACTED) throw new ApiError(422, WRITE_MSG.secretRedacted);
  }
}

/** The secret an op's value sets at `path` (the key itself, or the member of a whole `/details`), else undefined. */
function secretWritten(path: string, value: unknown): unknown {
  if (path === SECRET_KEY_POINTER) return value;
  if (path === '/details' && value && typeof value === 'object' && Object.hasOwn(value, 'cf_secret_key'))
    return (value as { cf_secret_key: unknown }).cf_secret_key;
  return undefined;
}

/**
 * The ops with the secret's values redacted ("[redacted]"): on `/details/cf_secret_key` and
 * inside a whole `/details` value. What the audit log stores, ops and inverse alike.
 */
export function redactSecretOps(ops: Operation[]): Operation[] {
  return ops.map((op) => {
    if (!('value' in op)) return op;
    if (op.path === SECRET_KEY_POINTER) return { ...op, value: REDACTED };
    if (secretWritten(op.path, op.value) !== undefined) return { ...op, value: { ...(op.value as object), cf_secret_key: REDACTED } };
    return op;
  });
}

/**
 * The audit log as an op stream: every saved change of a document is an audit diff
 * with its RFC 6902 ops and their inverse (README.md "One edit, end to end"), so a document can
 * be walked back to how it was after any entry (time travel), one change can be reverted on
 * top of everything that came after it, and an older version restored as one new change.
 *
 * What no replay, revert or restore writes ({@link UNREPLAYED}): the members the server keeps
 * (`ID`, `version`, `funnel_id`, `locked`, `archived`) and the write-only captcha secret with
 * what is derived from it (the audit stores it redacted; src/server/README.md).
 *
 * Source: RFC 6902 (JSON Patch), RFC 6901 (JSON Pointer); 001 §3 (audit log).
 */
import type { AuditLog } from './audit';
import { SECRET_DERIVED_POINTERS, SECRET_KEY_POINTER } from './funnel';
import { applyOps, jsonEqual, parsePointer, toPointer, type Operation } from './jsonpatch';
import { namedItem } from './named-item';
import { identityKeyAt, rebase, type RebaseConflict } from './rebase';

/** Pointers (and everything under them) that replay, revert and restore leave alone. */
export const UNREPLAYED: readonly string[] = ['/ID', '/version', '/funnel_id', '/locked', '/archived', SECRET_KEY_POINTER, ...SECRET_DERIVED_POINTERS];

const SECRET_MEMBERS = [SECRET_KEY_POINTER, ...SECRET_DERIVED_POINTERS].map((p) => p.slice('/details/'.length));
const within = (p: string, target: string) => p === target || p.startsWith(`${target}/`);
const untouchable = (p: string) => UNREPLAYED.some((u) => within(p, u));

/**
 * `ops` without what replay leaves alone: ops on {@link UNREPLAYED} members are dropped, and a
 * whole `/details` value loses the secret's members (a restore never writes '[redacted]').
 */
export function replayableOps(ops: readonly Operation[]): Operation[] {
  return ops.flatMap((op): Operation[] => {
    if (untouchable(op.path) || ('from' in op && untouchable(op.from))) return [];
    if (op.path === '/details' && 'value' in op && op.value && typeof op.value === 'object' && !Array.isArray(op.value)) {
      const value = Object.fromEntries(Object.entries(op.value).filter(([k]) => !SECRET_MEMBERS.includes(k)));
      return [{ ...op, value }];
    }
    return [op];
  });
}

/**
 * The diffs of one document (`funnel:3`, `page:12`) among a funnel's audit entries (as
 * `GET /api/v1/funnels/{id}/audit_log` answers them, newest first), oldest first: the order
 * they were applied in (by version, then ID).
 */
export function docHistory(entries: readonly AuditLog[], doc: string): AuditLog[] {
  return entries.filter((e) => e.type === 'diff' && e.doc === doc && e.ops).sort((a, b) => (a.version ?? 0) - (b.version ?? 0) || a.ID - b.ID);
}

/** Why a version cannot be rebuilt: an entry's inverse no longer applies to what came after it. */
export class ReplayError extends Error {
  constructor(
    readonly entry: AuditLog,
    cause: unknown,
  ) {
    super(`The change "${entry.title}" of ${entry.CreatedAt} cannot be replayed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ReplayError';
  }
}

/**
 * The document as it was right after `entryId` was saved: `current` (the server's copy at
 * version `current.version`) walked back through the inverse of every later entry of `history`
 * ({@link docHistory}, oldest first), newest first. Entries newer than `current` are skipped
 * (the audit list was read after the copy). Members in {@link UNREPLAYED} keep their current
 * values. `entryId` null: before the first entry of `history`.
 * @throws ReplayError when an inverse does not apply; Error when `entryId` is not in `history`.
 */
export function stateAfter<T extends { version: number }>(current: T, history: readonly AuditLog[], entryId: number | null): T {
  if (entryId !== null && !history.some((e) => e.ID === entryId)) throw new Error(`Entry ${entryId} is not a change of this document`);
  let doc = current;
  for (let i = history.length - 1; i >= 0; i--) {
    const e = history[i]!;
    if (e.ID === entryId) break;
    if (e.version != null && e.version > current.version) continue;
    try {
      doc = applyOps(doc, replayableOps(e.inverse ?? []));
    } catch (err) {
      throw new ReplayError(e, err);
    }
  }
  return doc;
}

/**
 * `base` with every entry of `history` (oldest first) applied in order: replaying the op
 * stream forward. With the document as its creation entry recorded it, this reproduces the
 * stored document (apart from {@link UNREPLAYED} members).
 * @throws ReplayError when an entry's ops do not apply.
 */
export function replay<T>(base: T, history: readonly AuditLog[]): T {
  let doc = base;
  for (const e of history) {
    try {
      doc = applyOps(doc, replayableOps(e.ops ?? []));
    } catch (err) {
      throw new ReplayError(e, err);
    }
  }
  return doc;
}

/**
 * Drops, from an inverse, the removal of an identity member (`…/3/uid`) right before the
 * removal of its item (`…/3`): undoing an insert whose identity the server added. Without
 * this the item would lose its identity before it is found by it.
 */
function withoutIdentityRemovals(ops: readonly Operation[]): Operation[] {
  return ops.filter((op, i) => {
    if (op.op !== 'remove') return true;
    const next = ops[i + 1];
    const tokens = parsePointer(op.path);
    const key = tokens.at(-1);
    const item = op.path.slice(0, op.path.lastIndexOf('/'));
    const isIdentity = tokens.length >= 2 && (key === 'id' || key === 'uid') && identityKeyAt(tokens.slice(0, -2)) === key;
    return !(isIdentity && next?.op === 'remove' && next.path === item);
  });
}

/** One place a revert would write over a later change: what the revert restores and what is there now. */
export type RevertConflict = RebaseConflict;

/** What reverting an entry would do on the current document. */
export interface RevertPlan<T> {
  /** The ops to record as the revert (on the current document). */
  ops: Operation[];
  /** The current document with `ops` applied. */
  value: T;
  /**
   * Places a later change (saved or not) also changed: `mine` is the value the revert would put
   * back, `theirs` the value now. Left as they are unless `choices` says 'mine'.
   */
  conflicts: RevertConflict[];
}

/**
 * Reverting `entry` on `current` (the operator's copy, unsaved edits included): the entry's
 * inverse, made on `after` (the document right after the entry, {@link stateAfter}), carried
 * onto `current` by identity ({@link rebase}). A value a later change also changed is a
 * conflict, never reverted silently; `choices` settles conflicts by id ('mine': revert it
 * anyway; 'theirs', the default: keep the later value).
 */
export function revertPlan<T>(entry: AuditLog, after: T, current: T, choices: Readonly<Record<string, 'mine' | 'theirs'>> = {}): RevertPlan<T> {
  const inverse = withoutIdentityRemovals(replayableOps(entry.inverse ?? []));
  const r = rebase(after, inverse, current, choices);
  return { ops: r.ops, value: r.value, conflicts: r.conflicts };
}

/**
 * The ops that turn `current` into `past` (restoring an older version as one change), leaving
 * {@link UNREPLAYED} members as they are. Empty when nothing differs.
 */
export function restoreOps(current: object, past: object): Operation[] {
  // Position by position (not by identity): every op addresses the current copy as it is.
  return differences(past, current, false).map(({ path, then, now }): Operation => {
    if (then === undefined) return { op: 'remove', path };
    if (now === undefined) return { op: 'add', path, value: then };
    return { op: 'replace', path, value: then };
  });
}

/** One value that differs between two versions of a document. */
export interface VersionDifference {
  /** JSON Pointer of the value (in the newer copy; a removed item: its list). */
  path: string;
  /** Its value in the older version (undefined: not there). */
  then: unknown;
  /** Its value now (undefined: not there any more). */
  now: unknown;
  /** 'order': the list's items (by name) were reordered; 'added'/'removed': one list item; else a changed value. */
  kind?: 'order' | 'added' | 'removed';
}

/** How list items are named in an order difference: their name, else their identity member `key`. */
const itemName = (item: unknown, key: string): string => namedItem(item) ?? String((item as Record<string, unknown>)[key]);

/**
 * The values that differ between `past` and `now`. Lists whose items have an identity
 * (src/model/rebase.ts) are compared item by item by identity, so a reorder is one 'order'
 * difference and an added or removed item one difference, not every shifted value; other
 * lists of a different length are one difference. {@link UNREPLAYED} members are skipped.
 */
export function versionDifferences(past: unknown, now: unknown): VersionDifference[] {
  return differences(past, now, true);
}

function differences(past: unknown, now: unknown, byIdentity: boolean): VersionDifference[] {
  const out: VersionDifference[] = [];
  const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  const walk = (a: unknown, b: unknown, tokens: (string | number)[]): void => {
    const at = toPointer(tokens);
    if (untouchable(at) || jsonEqual(a, b)) return;
    const key = byIdentity && Array.isArray(a) && Array.isArray(b) ? identityKeyAt(tokens) : undefined;
    if (key && Array.isArray(a) && Array.isArray(b)) {
      const idOf = (x: unknown) => (isObj(x) ? x[key] : undefined);
      const then = new Map(a.map((x, i) => [idOf(x), i] as const));
      const nowIds = new Set(b.map(idOf));
      b.forEach((item, i) => {
        const j = then.get(idOf(item));
        if (j === undefined) out.push({ path: toPointer([...tokens, i]), then: undefined, now: item, kind: 'added' });
        else walk(a[j], item, [...tokens, i]);
      });
      a.forEach((item) => {
        if (!nowIds.has(idOf(item))) out.push({ path: at, then: item, now: undefined, kind: 'removed' });
      });
      const kept = (list: unknown[], other: Set<unknown>) => list.filter((x) => other.has(idOf(x)));
      const thenOrder = kept(a, nowIds);
      const nowOrder = kept(b, new Set(a.map(idOf)));
      if (thenOrder.some((x, i) => idOf(x) !== idOf(nowOrder[i]))) {
        out.push({ path: at, then: thenOrder.map((x) => itemName(x, key)), now: nowOrder.map((x) => itemName(x, key)), kind: 'order' });
      }
      return;
    }
    if (isObj(a) && isObj(b)) {
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[k], b[k], [...tokens, k]);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
      a.forEach((x, i) => walk(x, b[i], [...tokens, i]));
      return;
    }
    out.push({ path: at, then: a, now: b });
  };
  walk(past, now, []);
  return out;
}

/**
 * Selectors over the editor state (stable results for equal inputs, so they can be used
 * directly with `useEditorStore`).
 *
 * Source: src/editor/README.md.
 */
import { historyOf, type Stack } from './history';
import type { DocId, EditorState } from './types';

/** Labels for a history list: `past` oldest first (newest last), `future` next redo first. */
export interface HistoryLabels {
  readonly past: readonly string[];
  readonly future: readonly string[];
  /** Entries older than the window (not listed). */
  readonly earlier: number;
  /** Redo entries beyond the window (not listed). */
  readonly later: number;
}

/** Entries a history list shows by default: the newest of each stack. */
export const HISTORY_WINDOW = 50;

/** Per undo-stack top: the last pair built on it (keyed again by the redo top and the window). */
const pairCache = new WeakMap<object, { future: Stack | null; limit: number; pair: HistoryLabels }>();
const NO_PAST = {};

/** Labels of the top `limit` entries of `stack`: oldest first when `oldestFirst`, else top first. */
function topLabels(stack: Stack | null, limit: number, oldestFirst: boolean): string[] {
  const n = Math.min(limit, stack?.size ?? 0);
  const out = new Array<string>(n);
  let node = stack;
  for (let i = 0; i < n && node; i++, node = node.next) out[oldestFirst ? n - 1 - i : i] = node.entry.label;
  return out;
}

/**
 * The labels a history list shows: the newest `limit` undo entries (oldest of them first) and
 * the next `limit` redo entries, read from the stacks' tops — O(limit) however long the
 * history, and the same object while the history is unchanged.
 */
export function historyLabels(s: EditorState, limit = HISTORY_WINDOW): HistoryLabels {
  const h = historyOf(s);
  const key = h.past ?? NO_PAST;
  const hit = pairCache.get(key);
  if (hit && hit.future === h.future && hit.limit === limit) return hit.pair;
  const past = topLabels(h.past, limit, true);
  const future = topLabels(h.future, limit, false);
  const pair = Object.freeze({ past, future, earlier: s.undoCount - past.length, later: s.redoCount - future.length });
  pairCache.set(key, { future: h.future, limit, pair });
  return pair;
}

/** Whether any document has unsent ops, is being saved, or has journal writes pending. */
export const selectAnyUnsaved = (s: EditorState): boolean =>
  s.journalPending > 0 || Object.values(s.docs).some((d) => d !== undefined && (d.dirty || d.saving));

/** Whether `doc` has unsent ops (reactive counterpart of `isDirty(doc)`). */
export const selectDirty =
  (doc: DocId) =>
  (s: EditorState): boolean =>
    s.docs[doc]?.dirty ?? false;

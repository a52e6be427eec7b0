/**
 * Selectors over the editor state (stable results for equal inputs, so they can be used
 * directly with `useEditorStore`).
 *
 * Source: DESIGN.md — The command log, precisely ("A history list shows the labels").
 */
import type { DocId, EditorState, HistoryEntry } from './types';

/** Labels for a history list: `past` oldest first (newest last), `future` next redo first. */
export interface HistoryLabels {
  readonly past: readonly string[];
  readonly future: readonly string[];
}

const labelCache = new WeakMap<readonly HistoryEntry[], readonly string[]>();
const pairCache = new WeakMap<readonly string[], WeakMap<readonly string[], HistoryLabels>>();

const labelsOf = (entries: readonly HistoryEntry[]): readonly string[] => {
  let l = labelCache.get(entries);
  if (!l) labelCache.set(entries, (l = Object.freeze(entries.map((e) => e.label))));
  return l;
};

/** The labels of past and future entries; the same object while the history is unchanged. */
export function historyLabels(s: EditorState): HistoryLabels {
  const past = labelsOf(s.past);
  const future = labelsOf(s.future);
  let inner = pairCache.get(past);
  if (!inner) pairCache.set(past, (inner = new WeakMap()));
  let pair = inner.get(future);
  if (!pair) inner.set(future, (pair = Object.freeze({ past, future })));
  return pair;
}

/** Whether any document has unsent ops, is being saved, or has journal writes pending. */
export const selectAnyUnsaved = (s: EditorState): boolean =>
  s.journalPending > 0 || Object.values(s.docs).some((d) => d !== undefined && (d.dirty || d.saving));

/** Whether `doc` has unsent ops (reactive counterpart of `isDirty(doc)`). */
export const selectDirty = (doc: DocId) => (s: EditorState): boolean => s.docs[doc]?.dirty ?? false;

/**
 * The command log's `edit` over the synthetic documents of the engine's tests and benches:
 * the store is document-agnostic at run time, while its typed `edit` takes the model's shapes
 * (src/model/documents.ts); these documents are small stand-ins (a page with two prices),
 * each a {@link LoosePage} with its own meta.
 */
import type { DocId, DocValue, EditOptions, EditorActions } from '../../../src/editor';

/** `actions.edit(doc, label, recipe, opts)` with `recipe` typed by its own annotation. */
export function editLoose<T>(actions: EditorActions, doc: DocId, label: string, recipe: (draft: T) => void, opts?: EditOptions): boolean {
  return actions.edit(doc, label, recipe as unknown as (draft: DocValue<DocId>) => void, opts);
}

/**
 * A synthetic page document: the page's own columns as the model has them and a `meta` of
 * the test's or bench's choosing (`M`), so each keeps only the meta it edits.
 */
export interface LoosePage<M> {
  ID: number;
  funnel_id: number;
  name: string;
  page_type: string;
  page_path: string;
  meta: M;
  version: number;
}

/**
 * The app's one editor store: the command log wired to the API (PATCH with JSON Patch,
 * If-Match, Idempotency-Key) and to the IndexedDB journal.
 */
import { ApiError, patchDocument, StaleError } from '../api';
import { ConflictError, createEditorStore, createIdbJournal, RejectedError, type EditorStore, type SaveTransport } from '../editor';

/** Adapts the API client to the command log's transport (412 → ConflictError, 4xx → RejectedError). */
export const apiTransport: SaveTransport = {
  async patch(doc, ops, o) {
    try {
      return await patchDocument(doc, ops, o);
    } catch (e) {
      if (e instanceof StaleError) throw new ConflictError(e.current);
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) throw new RejectedError(e.message, e.status);
      throw e;
    }
  },
};

/** Creates the store; the journal keeps unsent commands across reloads. */
export function createAppEditorStore(): EditorStore {
  return createEditorStore({ transport: apiTransport, journal: createIdbJournal() });
}

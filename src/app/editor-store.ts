/**
 * The app's one editor store: the command log wired to the API (PATCH with JSON Patch,
 * If-Match, Idempotency-Key) and to the IndexedDB journal.
 */
import { ApiError, patchDocument, StaleError } from '../api';
import { ConflictError, createEditorStore, createIdbJournal, journalName, RejectedError, type EditorStore, type SaveTransport } from '../editor';

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

/** The journal's database before it belonged to one user; deleted so nobody else restores from it. */
const SHARED_JOURNAL = 'funnel-admin-journal';

/**
 * Creates the store of one signed-in user: their journal (IndexedDB, named by issuer and
 * subject — {@link journalName}) keeps their unsent commands across reloads, and another
 * account on the same browser never sees, restores or saves them. Signed out (`user` null):
 * no journal, nothing is kept.
 */
export function createAppEditorStore(user: { issuer: string; subject: string } | null): EditorStore {
  if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(SHARED_JOURNAL);
  if (!user) return createEditorStore({ transport: apiTransport });
  return createEditorStore({ transport: apiTransport, journal: createIdbJournal(journalName(user.issuer, user.subject)) });
}

let current: { key: string; store: EditorStore } | undefined;

/**
 * The one store of the user `subject` of `issuer` (undefined: signed out), shared by everything
 * that asks (the shell, a screen that edits only when asked): created on the first ask, a new
 * one when another user signs in.
 */
export function appEditorStore(issuer: string, subject: string | undefined): EditorStore {
  const key = subject === undefined ? '' : JSON.stringify([issuer, subject]);
  if (current?.key !== key) current = { key, store: createAppEditorStore(subject === undefined ? null : { issuer, subject }) };
  return current.store;
}

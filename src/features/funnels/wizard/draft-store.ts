/**
 * The quick wizard's draft kept in IndexedDB (001 §2 Quick funnel wizard: the
 * wizard's state survives a reload — it is a draft, kept like the command log's journal).
 * One database per signed-in user, as the command log's journal is per user
 * (src/editor/journal.ts `journalName`): another account on the same browser never sees or
 * resumes it. The draft holds the ids the build created, so a reload after Build resumes
 * instead of creating anything twice. Uses `idb` (the journal's IndexedDB wrapper).
 */
import { openDB, type IDBPDatabase } from 'idb';
import type { WizardDraft } from './draft';

const STORE = 'drafts';
/** The key of the quick wizard's draft in the user's database. */
const QUICK = 'quick';

/** The database name of the wizard drafts of user `userId` (the API's user id). */
export const draftDbName = (userId: number) => `funnel-admin-wizard:${userId}`;

const dbs = new Map<string, Promise<IDBPDatabase>>();
function db(userId: number): Promise<IDBPDatabase> {
  const name = draftDbName(userId);
  let p = dbs.get(name);
  if (!p) {
    p = openDB(name, 1, {
      upgrade: (d) => {
        d.createObjectStore(STORE);
      },
    });
    dbs.set(name, p);
  }
  return p;
}

/** The user's kept quick-wizard draft, or undefined (none, or no IndexedDB). */
export async function loadDraft<D extends WizardDraft>(userId: number): Promise<D | undefined> {
  if (typeof indexedDB === 'undefined') return undefined;
  return (await (await db(userId)).get(STORE, QUICK)) as D | undefined;
}

/** Keeps `draft` as the user's quick-wizard draft (replacing the previous one). */
export async function saveDraft(userId: number, draft: WizardDraft): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await (await db(userId)).put(STORE, draft, QUICK);
}

/** Forgets the user's quick-wizard draft (Done, or "Discard draft"). */
export async function discardDraft(userId: number): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await (await db(userId)).delete(STORE, QUICK);
}

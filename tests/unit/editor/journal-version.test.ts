/**
 * Journal records carry a schema version: a journal written by an older version of
 * Funnel Admin is migrated when its records have today's shape, and set aside with a message
 * otherwise — never replayed wrongly. IndexedDB is fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { createEditorStore, createIdbJournal, JOURNAL_SET_ASIDE_MESSAGE, JOURNAL_VERSION, type DocId } from '../../../src/editor';
import { FakeServer } from './fake-server';
import { editLoose } from './loose-edit.ts';

interface Page {
  ID: number;
  name: string;
  meta: { reviews: string[] };
  version: number;
}
const PAGE: DocId = 'page:1';
const page = (): Page => ({ ID: 1, name: 'Checkout', meta: { reviews: ['a', 'b'] }, version: 3 });

let dbSeq = 0;
const freshDb = () => `journal-version-test-${++dbSeq}`;

/** Writes records the way the journal of before record versions did (IndexedDB version 2, no `v`). */
async function writeOldJournal(name: string, records: object[]): Promise<void> {
  const db = await openDB(name, 2, {
    upgrade(d) {
      const s = d.createObjectStore('commands', { keyPath: 'seq', autoIncrement: true });
      s.createIndex('doc', 'doc');
      d.createObjectStore('bases', { keyPath: 'key' });
    },
  });
  for (const r of records) await db.add('commands', r);
  db.close();
}

function session(name: string) {
  const journal = createIdbJournal(name);
  const server = new FakeServer({ [PAGE]: { value: page(), version: 3 } });
  const store = createEditorStore({ transport: server, journal, now: () => 0 });
  store.actions.load(PAGE, page(), 3);
  return { store, a: store.actions, journal };
}

describe('journal schema version', () => {
  it('writes the current version on every record', async () => {
    const s = session(freshDb());
    editLoose(s.a, PAGE, 'Rename', (d: Page) => {
      d.name = 'New';
    });
    await s.a.flushJournal();
    expect((await s.journal.list()).map((r) => r.v)).toEqual([JOURNAL_VERSION]);
  });

  it("restores a record of today's shape written without a version (migrated)", async () => {
    const name = freshDb();
    await writeOldJournal(name, [{ doc: PAGE, ops: [{ op: 'replace', path: '/name', value: 'Unsaved' }], label: 'Rename', baseVersion: 3, at: 5 }]);
    const s = session(name);
    expect(await s.a.hydrate(PAGE)).toBe(1);
    expect(s.store.getState().error).toBeUndefined();
    expect(s.a.restore(PAGE)).toBe(true);
    expect((s.store.getState().docs[PAGE]!.value as Page).name).toBe('Unsaved');
  });

  it('does not replay a record of a future or unknown version, or of another shape, and says so once', async () => {
    const name = freshDb();
    await writeOldJournal(name, [
      { v: JOURNAL_VERSION + 1, doc: PAGE, ops: [{ op: 'replace', path: '/name', value: 'From the future' }], label: 'Rename', baseVersion: 3, at: 5 },
      { v: 'x', doc: PAGE, ops: [{ op: 'replace', path: '/name', value: 'Unknown' }], label: 'Rename', baseVersion: 3, at: 6 },
      { doc: PAGE, changes: [{ field: 'name', to: 'Old shape' }], baseVersion: 3, at: 7 },
    ]);
    const s = session(name);
    expect(await s.a.hydrate(PAGE)).toBe(0);
    expect(s.store.getState().restorable).toEqual({});
    expect(s.a.restore(PAGE)).toBe(false);
    expect((s.store.getState().docs[PAGE]!.value as Page).name).toBe('Checkout');
    expect(s.store.getState().error).toBe(JOURNAL_SET_ASIDE_MESSAGE);
    expect(JOURNAL_SET_ASIDE_MESSAGE).toBe('Unsaved edits from an older version of Funnel Admin could not be restored');
    await s.a.flushJournal();
    expect(await s.journal.list()).toEqual([]); // set aside, not left to be offered again
    s.journal.close();

    const again = session(name); // the next session is not told again
    expect(await again.a.hydrate(PAGE)).toBe(0);
    expect(again.store.getState().error).toBeUndefined();
  });
});

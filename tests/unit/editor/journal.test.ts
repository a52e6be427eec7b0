/**
 * The journal (The command log, precisely): every command is written before the
 * UI counts it as done, leaves when the server acknowledges it, and a new session offers
 * "Restore N unsaved changes". IndexedDB is fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createEditorStore, createIdbJournal, createMemoryJournal, type DocId, type Journal } from '../../../src/editor';
import { FakeServer } from './fake-server';
import { at } from '../../at';
import { editLoose } from './loose-edit.ts';

interface Page {
  ID: number;
  name: string;
  page_path: string;
  meta: { reviews: string[] };
  version: number;
}
const PAGE: DocId = 'page:1';
const page = (): Page => ({ ID: 1, name: 'Checkout', page_path: 'checkout', meta: { reviews: ['a', 'b'] }, version: 3 });

let dbSeq = 0;
const freshDb = () => `journal-test-${++dbSeq}`;

function session(journal: Journal, server = new FakeServer({ [PAGE]: { value: page(), version: 3 } })) {
  const store = createEditorStore({ transport: server, journal, now: () => 0 });
  return { store, a: store.actions, server };
}

/**
 * A {@link session} with the page loaded at version 3 and one command, 'Rename' to `name`, made:
 * the start of most cases here.
 */
function renamedSession(journal: Journal, name: string, server?: FakeServer) {
  const opened = session(journal, server);
  opened.a.load(PAGE, page(), 3);
  editLoose(opened.a, PAGE, 'Rename', (d: Page) => {
    d.name = name;
  });
  return opened;
}

describe('IndexedDB journal', () => {
  it('journals each command before the UI counts it as done', async () => {
    const journal = createIdbJournal(freshDb());
    const { store, a } = renamedSession(journal, 'A');
    expect(store.getState().journalPending).toBeGreaterThan(0);
    await a.flushJournal();
    expect(store.getState().journalPending).toBe(0);
    const recs = await journal.list(PAGE);
    expect(recs).toHaveLength(1);
    expect(at(recs, 0, 'journal record')).toMatchObject({ doc: PAGE, label: 'Rename', baseVersion: 3, ops: [{ op: 'replace', path: '/name', value: 'A' }] });
    expect(typeof at(recs, 0, 'journal record').seq).toBe('number');
  });

  it('rewrites one record while typing coalesces, and removes it when the edit is undone', async () => {
    const journal = createIdbJournal(freshDb());
    const { a } = session(journal);
    a.load(PAGE, page(), 3);
    for (const t of ['S', 'Sa', 'Sal'])
      editLoose(
        a,
        PAGE,
        'Edit name',
        (d: Page) => {
          d.name = t;
        },
        { mergeKey: 'name' },
      );
    await a.flushJournal();
    expect((await journal.list()).map((r) => r.ops)).toEqual([[{ op: 'replace', path: '/name', value: 'Sal' }]]);
    a.undo();
    await a.flushJournal();
    expect(await journal.list()).toEqual([]);
  });

  it('deletes records once the server acknowledges them, keeping later ones', async () => {
    const journal = createIdbJournal(freshDb());
    const { a, server } = renamedSession(journal, 'A');
    editLoose(a, PAGE, 'Add review', (d: Page) => {
      d.meta.reviews.push('c');
    });
    const release = server.hold();
    const saving = a.save();
    while (server.calls.length === 0) await new Promise((r) => setTimeout(r, 1));
    editLoose(a, PAGE, 'Path', (d: Page) => {
      d.page_path = 'p';
    }); // made during the flight
    release();
    await saving;
    await a.flushJournal();
    expect((await journal.list()).map((r) => r.label)).toEqual(['Path']);
    await a.save();
    await a.flushJournal();
    expect(await journal.list()).toEqual([]);
  });

  it('a new session on the same database offers the unsent commands and restores them as one step', async () => {
    const name = freshDb();
    const first = renamedSession(createIdbJournal(name), 'Unsaved');
    first.a.move(PAGE, 'Reorder', '/meta/reviews', 0, 1);
    editLoose(first.a, PAGE, 'Add review', (d: Page) => {
      d.meta.reviews.push('c');
    });
    await first.a.flushJournal();
    const expected = first.store.getState().docs[PAGE]!.value;
    // the tab closes without saving

    const journal = createIdbJournal(name);
    const second = session(journal, first.server);
    second.a.load(PAGE, page(), 3);
    expect(await second.a.hydrate(PAGE)).toBe(3);
    expect(second.store.getState().restorable).toEqual({ [PAGE]: 3 });
    expect(second.store.getState().past).toHaveLength(0); // loading is not history

    expect(second.a.restore(PAGE)).toBe(true);
    expect(second.store.getState().docs[PAGE]!.value).toEqual(expected);
    expect(second.store.getState().past.map((e) => e.label)).toEqual(['Restore 3 unsaved changes']);
    expect(second.store.getState().restorable).toEqual({});
    expect(second.a.isDirty(PAGE)).toBe(true);

    await second.a.save();
    expect(second.server.current(PAGE).value).toEqual(expected);
    await second.a.flushJournal();
    expect(await journal.list()).toEqual([]);
    second.a.undo(); // the restore is an ordinary undo step
    expect(second.store.getState().docs[PAGE]!.value).toEqual(page());
  });

  it('discarding forgets the journaled commands', async () => {
    const name = freshDb();
    const first = renamedSession(createIdbJournal(name), 'Unsaved');
    await first.a.flushJournal();
    const journal = createIdbJournal(name);
    const second = session(journal);
    await second.a.hydrate(PAGE);
    second.a.load(PAGE, page(), 3); // loaded after the journal opened: consults the index
    expect(second.store.getState().restorable[PAGE]).toBe(1);
    await second.a.discardRestorable(PAGE);
    expect(second.store.getState().restorable).toEqual({});
    expect(await journal.list()).toEqual([]);
    expect(second.a.restore(PAGE)).toBe(false);
  });
});

describe('journal ordering', () => {
  it('save waits for pending journal writes before sending', async () => {
    const events: string[] = [];
    const mem = createMemoryJournal();
    const slow: Journal = {
      ...mem,
      async append(rec) {
        await new Promise((r) => setTimeout(r, 20));
        const seq = await mem.append(rec);
        events.push('journaled');
        return seq;
      },
    };
    const server = new FakeServer({ [PAGE]: { value: page(), version: 3 } });
    const patch = server.patch.bind(server);
    server.patch = async (...args) => {
      events.push('sent');
      return patch(...args);
    };
    const { a } = renamedSession(slow, 'A', server);
    await a.save();
    expect(events).toEqual(['journaled', 'sent']);
  });

  it('a reload of a dirty document keeps its unsent ops restorable instead of losing them', async () => {
    const journal = createMemoryJournal();
    const { store, a } = renamedSession(journal, 'Mine');
    a.load(PAGE, { ...page(), page_path: 'theirs' }, 4);
    expect(store.getState().restorable).toEqual({ [PAGE]: 1 });
    expect(a.isDirty(PAGE)).toBe(false);
    a.restore(PAGE);
    expect(store.getState().docs[PAGE]!.value).toMatchObject({ name: 'Mine', page_path: 'theirs' });
    await a.flushJournal();
    expect(journal.records.size).toBe(1); // the restore's own unit, the old record removed
  });
});

/**
 * Listeners that are listeners: the store emits each recorded command, undo/redo,
 * load, remote copy and save; a new listener — here telemetry — is one `listen()` call that
 * changes no module, sees every event in order, and is gone once disposed. The outbox and the
 * journal writer are wired the same way.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createEditorStore, createEmitter, createMemoryJournal, type DocId, type EditorEvent, type EditorStore } from '../../../src/editor';
import { FakeServer } from './fake-server';

interface Page {
  ID: number;
  name: string;
  page_path: string;
}
const PAGE: DocId = 'page:1';
const page = (): Page => ({ ID: 1, name: 'Checkout', page_path: '/checkout/' });

/** What a telemetry listener would keep of an event: its type and a short detail. */
const brief = (e: EditorEvent): string => {
  switch (e.type) {
    case 'recorded':
      return `recorded ${e.cmd.label}${e.start ? '' : ' (joined)'}`;
    case 'replayed':
      return `replayed ${e.label}`;
    case 'rolledBack':
      return `rolledBack ${e.label}`;
    case 'loaded':
      return `loaded v${e.version}`;
    case 'remote':
      return `remote v${e.version} ${e.outcome}${e.note ? `: ${e.note}` : ''}`;
    case 'saved':
      return `saved ${e.ops.length} ops`;
  }
};

let server: FakeServer;
let store: EditorStore;
beforeEach(() => {
  server = new FakeServer({ [PAGE]: { value: page(), version: 1 } });
  store = createEditorStore({ transport: server, journal: createMemoryJournal() });
});

describe('the command log emits; listeners subscribe and are disposed', () => {
  it('a telemetry listener sees load, edits, undo, redo, a rollback, a remote copy and a save, in order', async () => {
    const seen: string[] = [];
    store.actions.listen((e) => seen.push(brief(e)));
    store.actions.load(PAGE, page(), 1);
    store.actions.edit(PAGE, 'Rename', (d: Page) => {
      d.name = 'A';
    });
    store.actions.undo();
    store.actions.redo();
    expect(() =>
      store.actions.transact('Both', () => {
        store.actions.edit(PAGE, 'Path', (d: Page) => {
          d.page_path = '/x/';
        });
        throw new Error('abandon');
      }),
    ).toThrow('abandon');
    await store.actions.save();
    server.external(PAGE, [{ op: 'replace', path: '/page_path', value: '/theirs/' }]);
    const now = server.current(PAGE);
    store.actions.remoteUpdate(PAGE, now.value, now.version, 'Oscar saved Page Checkout');
    expect(seen).toEqual([
      'loaded v1',
      'recorded Rename',
      'replayed Undo Rename',
      'replayed Rename',
      'recorded Path',
      'rolledBack Both',
      'saved 1 ops',
      'remote v3 updated: Oscar saved Page Checkout',
    ]);
  });

  it('a disposed listener hears nothing more, and the others (outbox, journal) go on', async () => {
    const journal = createMemoryJournal();
    store = createEditorStore({ transport: server, journal });
    const seen: string[] = [];
    const dispose = store.actions.listen((e) => seen.push(e.type));
    store.actions.load(PAGE, page(), 1);
    dispose();
    dispose(); // twice is harmless
    store.actions.edit(PAGE, 'Rename', (d: Page) => {
      d.name = 'A';
    });
    expect(seen).toEqual(['loaded']);
    await store.actions.flushJournal();
    expect((await journal.list(PAGE)).map((r) => r.label)).toEqual(['Rename']); // the journal listens still
    expect((await store.actions.save()).ok).toBe(true); // and so does the outbox
    expect((server.current(PAGE).value as Page).name).toBe('A');
    expect(await journal.list(PAGE)).toEqual([]);
  });

  it('a listener that throws does not stop the edit or the other listeners; the store says which event failed', async () => {
    const seen: string[] = [];
    store.actions.listen(() => {
      throw new Error('telemetry is down');
    });
    store.actions.listen((e) => seen.push(e.type));
    store.actions.load(PAGE, page(), 1);
    expect(
      store.actions.edit(PAGE, 'Rename', (d: Page) => {
        d.name = 'A';
      }),
    ).toBe(true);
    expect((store.getState().docs[PAGE]!.value as Page).name).toBe('A');
    expect(store.getState().undoLabel).toBe('Rename');
    expect(seen).toEqual(['loaded', 'recorded']);
    await Promise.resolve();
    expect(store.getState().error).toBe('A listener of the editor failed on "recorded": telemetry is down');
    expect((await store.actions.save()).ok).toBe(true);
  });
});

describe('createEmitter', () => {
  it('calls listeners in the order added; the same function added twice is two listeners, each removed on its own', () => {
    const em = createEmitter<number>();
    const got: string[] = [];
    const f = (n: number) => got.push(`f${n}`);
    const offA = em.listen(f);
    em.listen((n) => got.push(`g${n}`));
    const offB = em.listen(f);
    em.emit(1);
    offA();
    em.emit(2);
    offB();
    em.emit(3);
    expect(got).toEqual(['f1', 'g1', 'f1', 'g2', 'f2', 'g3']);
    expect(em.size).toBe(1);
  });
});

/**
 * Rebase by identity, never by position ("The command log, precisely"):
 * two operators edit the same page; after both save, every field edit sits on the item it
 * was made on, or was reported as a conflict the operator settles — never on another item.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createEditorStore, createMemoryJournal, type DocId, type EditorStore, type Operation } from '../../../src/editor';
import { newUid } from '../../../src/model/rebase';
import { FakeServer } from './fake-server';
import { at } from '../../at';
import { editLoose } from './loose-edit.ts';

interface Item {
  uid: string;
  name: string;
  _price: number;
}
interface Page {
  ID: number;
  name: string;
  meta: { products: Item[] };
  version: number;
}

const PAGE: DocId = 'page:1';
const item = (uid: string, name: string, price: number): Item => ({ uid, name, _price: price });
const page = (): Page => ({
  ID: 1,
  name: 'Checkout',
  version: 3,
  meta: { products: [item('single', 'Single', 10), item('studio', 'Studio', 20), item('triple', 'Triple', 30)] },
});

const products = (s: EditorStore) => (s.getState().docs[PAGE]!.value as Page).meta.products;
const byUid = (list: readonly Item[], uid: string) => list.find((x) => x.uid === uid);

let server: FakeServer;
let a: EditorStore;
beforeEach(() => {
  server = new FakeServer({ [PAGE]: { value: page(), version: 3 } });
  a = createEditorStore({ transport: server });
  a.actions.load(PAGE, page(), 3);
});

/**
 * Another operator moves Triple first and saves; then a new tab (store) opens the page on the
 * same journal, finds one restorable record and restores it.
 */
async function reopenAfterReorder(journal: ReturnType<typeof createMemoryJournal>): Promise<EditorStore> {
  server.external(PAGE, [{ op: 'move', from: '/meta/products/2', path: '/meta/products/0' }]);
  const second = createEditorStore({ transport: server, journal });
  const now = server.current(PAGE);
  second.actions.load(PAGE, now.value, now.version);
  expect(await second.actions.hydrate(PAGE)).toBe(1);
  expect(second.actions.restore(PAGE)).toBe(true);
  return second;
}

describe('412 rebase by identity', () => {
  it("Single's price lands on Single after another operator moved Triple first (was: on Triple, save ok)", async () => {
    editLoose(a.actions, PAGE, 'Price', (d: Page) => {
      at(d.meta.products, 0, 'product')._price = 12;
    });
    server.external(PAGE, [{ op: 'move', from: '/meta/products/2', path: '/meta/products/0' }]);
    const r = await a.actions.save();
    expect(r.ok).toBe(true);
    const stored = (server.current(PAGE).value as Page).meta.products;
    expect(stored.map((p) => p.name)).toEqual(['Triple', 'Single', 'Studio']);
    expect(byUid(stored, 'single')!._price).toBe(12);
    expect(byUid(stored, 'triple')!._price).toBe(30);
    expect(products(a)).toEqual(stored);
  });

  it('sends a test guard on the identity of every list item an op addresses', async () => {
    editLoose(a.actions, PAGE, 'Price', (d: Page) => {
      at(d.meta.products, 1, 'product')._price = 21;
    });
    a.actions.move(PAGE, 'Reorder', '/meta/products', 2, 0);
    await a.actions.save();
    expect(at(server.calls, 0, 'PATCH call').ops).toEqual<Operation[]>([
      { op: 'test', path: '/meta/products/1/uid', value: 'studio' },
      { op: 'replace', path: '/meta/products/1/_price', value: 21 },
      { op: 'test', path: '/meta/products/2/uid', value: 'triple' },
      { op: 'move', from: '/meta/products/2', path: '/meta/products/0' },
    ]);
  });

  it('an edit of an item the other operator removed is a conflict: keep theirs drops it, keep mine puts the item back with my edit', async () => {
    editLoose(a.actions, PAGE, 'Price', (d: Page) => {
      at(d.meta.products, 1, 'product')._price = 25;
    });
    editLoose(a.actions, PAGE, 'Rename page', (d: Page) => {
      d.name = 'Mine';
    });
    server.external(PAGE, [{ op: 'remove', path: '/meta/products/1' }]);
    const r = await a.actions.save();
    expect(r).toMatchObject({ ok: false, conflicts: [PAGE] });
    const conflict = a.getState().docs[PAGE]!.conflict!;
    expect(conflict.items).toEqual([
      { id: '/meta/products/1', kind: 'removed', path: '/meta/products/1', mine: item('studio', 'Studio', 25), theirs: undefined },
    ]);
    await a.actions.resolveConflict(PAGE, { '/meta/products/1': 'mine' });
    const stored = server.current(PAGE).value as Page;
    expect(stored.name).toBe('Mine');
    expect(stored.meta.products).toEqual([item('single', 'Single', 10), item('studio', 'Studio', 25), item('triple', 'Triple', 30)]);
    expect(a.getState().docs[PAGE]).toMatchObject({ dirty: false, conflict: undefined });
  });

  it('a field both operators changed is a conflict showing both values; unrelated edits are carried over', async () => {
    editLoose(a.actions, PAGE, 'Price', (d: Page) => {
      at(d.meta.products, 0, 'product')._price = 11;
    });
    editLoose(a.actions, PAGE, 'Name', (d: Page) => {
      at(d.meta.products, 2, 'product').name = 'Triple pack';
    });
    server.external(PAGE, [
      { op: 'move', from: '/meta/products/0', path: '/meta/products/2' },
      { op: 'replace', path: '/meta/products/2/_price', value: 9 },
    ]);
    await a.actions.save();
    const items = a.getState().docs[PAGE]!.conflict!.items;
    expect(items).toEqual([{ id: '/meta/products/0/_price', kind: 'changed', path: '/meta/products/0/_price', mine: 11, theirs: 9 }]);
    await a.actions.resolveConflict(PAGE, 'keep-theirs');
    const stored = (server.current(PAGE).value as Page).meta.products;
    expect(stored).toEqual([item('studio', 'Studio', 20), item('triple', 'Triple pack', 30), item('single', 'Single', 9)]);
  });

  it('identical changes on both sides are no conflict', async () => {
    editLoose(a.actions, PAGE, 'Price', (d: Page) => {
      at(d.meta.products, 0, 'product')._price = 11;
    });
    server.external(PAGE, [{ op: 'replace', path: '/meta/products/0/_price', value: 11 }]);
    expect((await a.actions.save()).ok).toBe(true);
  });

  it('an item inserted after an item lands after that same item when the list was reordered', async () => {
    editLoose(a.actions, PAGE, 'Add', (d: Page) => {
      d.meta.products.splice(1, 0, item('new', 'New', 5));
    });
    server.external(PAGE, [{ op: 'move', from: '/meta/products/0', path: '/meta/products/2' }]);
    await a.actions.save();
    expect((server.current(PAGE).value as Page).meta.products.map((p) => p.uid)).toEqual(['studio', 'triple', 'single', 'new']);
  });

  it('restoring journaled changes rebases them from the copy they were made on', async () => {
    const journal = createMemoryJournal();
    const first = createEditorStore({ transport: server, journal });
    first.actions.load(PAGE, page(), 3);
    await first.actions.hydrate(PAGE);
    editLoose(first.actions, PAGE, 'Price', (d: Page) => {
      at(d.meta.products, 0, 'product')._price = 12;
    });
    await first.actions.flushJournal();
    // The tab closes; meanwhile another operator reorders and saves.
    const second = await reopenAfterReorder(journal);
    expect(byUid(products(second), 'single')!._price).toBe(12);
    expect(byUid(products(second), 'triple')!._price).toBe(30);
    expect((await second.actions.save()).ok).toBe(true);
    expect(byUid((server.current(PAGE).value as Page).meta.products, 'single')!._price).toBe(12);
  });

  it('records left after a save layer on the acknowledged copy; restored later they are rebased from it', async () => {
    const journal = createMemoryJournal();
    const first = createEditorStore({ transport: server, journal });
    first.actions.load(PAGE, page(), 3);
    editLoose(first.actions, PAGE, 'Rename page', (d: Page) => {
      d.name = 'Saved';
    });
    const release = server.hold();
    const saving = first.actions.save();
    await new Promise((r) => setTimeout(r, 0));
    editLoose(first.actions, PAGE, 'Price', (d: Page) => {
      at(d.meta.products, 2, 'product')._price = 33;
    }); // while the PATCH is in flight
    release();
    expect((await saving).ok).toBe(true);
    await first.actions.flushJournal();
    const rec = at([...journal.records.values()], 0, 'journal record');
    expect(rec.baseVersion).toBe(4); // the acknowledged version, not the one it was made on
    const second = await reopenAfterReorder(journal);
    expect(products(second).map((p) => [p.uid, p._price])).toEqual([
      ['triple', 33],
      ['single', 10],
      ['studio', 20],
    ]);
  });
});

// ---- property: two operators, random concurrent edits ----------------------------------

type Edit =
  | { k: 'field'; i: number; f: 'name' | '_price'; v: string | number }
  | { k: 'insert'; i: number }
  | { k: 'delete'; i: number }
  | { k: 'move'; i: number; j: number };

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ k: fc.constant('field' as const), i: fc.nat(20), f: fc.constant('_price' as const), v: fc.integer({ min: 1, max: 99 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ k: fc.constant('field' as const), i: fc.nat(20), f: fc.constant('name' as const), v: fc.string({ minLength: 1, maxLength: 4 }) }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('insert' as const), i: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('delete' as const), i: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('move' as const), i: fc.nat(20), j: fc.nat(20) }) },
);

/** Applies `e` through the store, logging a field edit by the item's identity. */
function perform(s: EditorStore, e: Edit, log: Map<string, unknown>, deleted: Set<string>): void {
  const list = products(s);
  if (e.k === 'insert') {
    editLoose(s.actions, PAGE, 'Add', (d: Page) => {
      d.meta.products.splice(e.i % (d.meta.products.length + 1), 0, item(newUid(), 'N', 1));
    });
    return;
  }
  if (!list.length) return;
  const i = e.i % list.length;
  const uid = at(list, i, 'product').uid;
  if (e.k === 'field') {
    // Setting the value it has already records nothing: not an edit.
    if (
      editLoose(s.actions, PAGE, 'Edit', (d: Page) => {
        (at(d.meta.products, i, 'product') as unknown as Record<string, unknown>)[e.f] = e.v;
      })
    ) {
      log.set(`${uid}|${e.f}`, e.v);
    }
  } else if (e.k === 'delete') {
    editLoose(s.actions, PAGE, 'Delete', (d: Page) => {
      d.meta.products.splice(i, 1);
    });
    deleted.add(uid);
  } else {
    const j = e.j % list.length;
    if (i !== j) s.actions.move(PAGE, 'Move', '/meta/products', i, j);
  }
}

describe('two operators, random concurrent edits (property)', () => {
  it('every field edit sits on the item it was made on or is reported as a conflict; never on another item', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(editArb, { minLength: 1, maxLength: 8 }), fc.array(editArb, { minLength: 1, maxLength: 8 }), async (editsA, editsB) => {
        const srv = new FakeServer({ [PAGE]: { value: page(), version: 3 } });
        const A = createEditorStore({ transport: srv });
        const B = createEditorStore({ transport: srv });
        A.actions.load(PAGE, page(), 3);
        B.actions.load(PAGE, page(), 3);
        const logA = new Map<string, unknown>();
        const logB = new Map<string, unknown>();
        const delA = new Set<string>();
        const delB = new Set<string>();
        for (const e of editsA) perform(A, e, logA, delA);
        for (const e of editsB) perform(B, e, logB, delB);

        expect((await A.actions.save()).ok).toBe(true);
        const afterA = (srv.current(PAGE).value as Page).meta.products;
        const bEdited = B.actions.isDirty(PAGE);
        const r = await B.actions.save();
        const conflicted = r.conflicts.includes(PAGE);
        if (conflicted) {
          expect(B.getState().docs[PAGE]!.conflict!.items.length).toBeGreaterThan(0);
          await B.actions.resolveConflict(PAGE, 'keep-theirs');
        } else expect(r.ok).toBe(true);
        const final = (srv.current(PAGE).value as Page).meta.products;
        if (bEdited) expect(products(B)).toEqual(final); // B converged on the server's copy

        // Nothing changed on an item unless B made exactly that change to exactly that item.
        for (const y of final) {
          const before = byUid(afterA, y.uid);
          if (!before) continue; // B's own new item
          for (const f of ['name', '_price'] as const) {
            if (y[f] !== before[f]) expect(logB.get(`${y.uid}|${f}`)).toBe(y[f]);
          }
        }
        // Every field edit of B landed on its item, or B was told of a conflict.
        for (const [key, v] of logB) {
          const [uid, f] = key.split('|') as [string, 'name' | '_price'];
          if (delB.has(uid)) continue;
          const y = byUid(final, uid);
          if (!y || y[f] !== v) expect(conflicted).toBe(true);
        }
        // A saved first without a conflict: its field edits are on its items unless B changed the same one.
        for (const [key, v] of logA) {
          const [uid, f] = key.split('|') as [string, 'name' | '_price'];
          const y = byUid(final, uid);
          if (!y || delA.has(uid) || delB.has(uid)) continue;
          if (!logB.has(key)) expect(y[f]).toBe(v);
        }
      }),
      { numRuns: 300 },
    );
  }, 120_000); // 300 pairs of stores and saves: seconds on a busy 2-core machine
});

describe("live: another operator's save reaches an open editor", () => {
  const theirSave = (ops: Operation[]) => {
    server.external(PAGE, ops);
    const now = server.current(PAGE);
    return a.actions.remoteUpdate(PAGE, now.value, now.version);
  };

  it('without unsent edits: the newer copy is taken, nothing to save, undo of my saved edit kept', async () => {
    editLoose(a.actions, PAGE, 'Rename page', (d: Page) => {
      d.name = 'Mine';
    });
    await a.actions.save();
    expect(theirSave([{ op: 'replace', path: '/meta/products/1/_price', value: 22 }])).toBe('updated');
    expect(byUid(products(a), 'studio')!._price).toBe(22);
    expect(a.getState().docs[PAGE]).toMatchObject({ dirty: false, version: server.current(PAGE).version });
    expect(a.getState().past.map((e) => e.label)).toEqual(['Rename page']);
  });

  it('with unsent edits: they are rebased by identity under the newer copy — no reload, nothing lost — and saved on top of it', async () => {
    editLoose(a.actions, PAGE, 'Price', (d: Page) => {
      at(d.meta.products, 0, 'product')._price = 12;
    });
    expect(theirSave([{ op: 'move', from: '/meta/products/2', path: '/meta/products/0' }])).toBe('rebased');
    expect(products(a).map((p) => `${p.name}:${p._price}`)).toEqual(['Triple:30', 'Single:12', 'Studio:20']);
    expect(a.getState().docs[PAGE]!.dirty).toBe(true);
    const r = await a.actions.save();
    expect(r.ok).toBe(true);
    // The save went on the newer version directly: no 412 round trip.
    expect(at(server.calls, 0, 'PATCH call').version).toBe(4);
    expect(byUid((server.current(PAGE).value as Page).meta.products, 'single')!._price).toBe(12);
    // The undo step follows Single by identity (it used to be dropped).
    expect(a.getState().past.map((e) => e.label)).toEqual(['Price']);
    expect(a.actions.undo()).toBe(true);
    expect(products(a).map((p) => `${p.name}:${p._price}`)).toEqual(['Triple:30', 'Single:10', 'Studio:20']);
  });

  it('a value both changed is the conflict question, with both values; nothing is overwritten silently', () => {
    editLoose(a.actions, PAGE, 'Price', (d: Page) => {
      at(d.meta.products, 1, 'product')._price = 25;
    });
    expect(theirSave([{ op: 'replace', path: '/meta/products/1/_price', value: 21 }])).toBe('conflict');
    const conflict = a.getState().docs[PAGE]!.conflict!;
    expect(conflict.items).toEqual([expect.objectContaining({ kind: 'changed', mine: 25, theirs: 21 })]);
    expect(byUid(products(a), 'studio')!._price).toBe(25);
  });

  it('is left to the save on its way (busy), ignores copies that are not newer, and documents that are not open', async () => {
    editLoose(a.actions, PAGE, 'Price', (d: Page) => {
      at(d.meta.products, 0, 'product')._price = 11;
    });
    const release = server.hold();
    const saving = a.actions.save();
    await vi.waitFor(() => expect(a.getState().docs[PAGE]!.saving).toBe(true));
    const now = server.current(PAGE);
    expect(a.actions.remoteUpdate(PAGE, { ...(now.value as Page), name: 'Theirs' }, now.version + 1)).toBe('busy');
    release();
    await saving;
    expect(a.actions.remoteUpdate(PAGE, page(), 3)).toBe('stale');
    expect(a.actions.remoteUpdate('page:99', page(), 9)).toBe('absent');
  });
});

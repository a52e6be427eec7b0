/**
 * The command log's behaviour (The command log, precisely): recording, coalescing,
 * transactions, gestures, moves, undo/redo, saving, retries, 412 rebase and conflicts.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyOps } from '../../../src/model/jsonpatch';
import { RejectedError, createEditorStore, historyLabels, type DocId, type EditorStore } from '../../../src/editor';
import { FakeServer } from './fake-server';
import { at } from '../../at';
import { editLoose, type LoosePage } from './loose-edit.ts';

interface Product {
  _id: string;
  _price: number;
}
type Page = LoosePage<{ products: Product[]; reviews: string[]; 'a/b': number; 'c~d': { x: number }; seo?: { title: string } }>;
interface Funnel {
  ID: number;
  name: string;
  version: number;
}

const PAGE: DocId = 'page:1';
const FUNNEL: DocId = 'funnel:7';

const page = (): Page => ({
  ID: 1,
  funnel_id: 7,
  name: 'Checkout',
  page_type: 'checkout',
  page_path: 'checkout',
  meta: {
    products: [
      { _id: 'p1', _price: 10 },
      { _id: 'p2', _price: 20 },
    ],
    reviews: ['r1', 'r2', 'r3'],
    'a/b': 1,
    'c~d': { x: 1 },
  },
  version: 3,
});
const funnel = (): Funnel => ({ ID: 7, name: 'Summer', version: 5 });

let clock: number;
let server: FakeServer;
let store: EditorStore;
const a = () => store.actions;
const s = () => store.getState();
/** Types `text` as the page's name: an 'Edit name' with merge key name, as each keystroke of the name field makes. */
const type = (text: string) =>
  editLoose(
    a(),
    PAGE,
    'Edit name',
    (d: Page) => {
      d.name = text;
    },
    { mergeKey: 'name' },
  );
const value = <T>(doc: DocId) => s().docs[doc]!.value as T;
/** The first command of the i-th history entry (negative i counts from the newest). */
const firstCommand = (i: number) => at(at(s().past, i, 'history entry').commands, 0, 'command');
/** The i-th PATCH the fake server received. */
const patchCall = (i: number) => at(server.calls, i, 'PATCH call');

beforeEach(() => {
  clock = 1_000;
  server = new FakeServer({ [PAGE]: { value: page(), version: 3 }, [FUNNEL]: { value: funnel(), version: 5 } });
  store = createEditorStore({ transport: server, now: () => clock });
  a().load(PAGE, page(), 3);
  a().load(FUNNEL, funnel(), 5);
});

describe('recording edits', () => {
  it('records a nested replace as ops + inverse with JSON Pointers', () => {
    expect(
      editLoose(a(), PAGE, 'Set price', (d: Page) => {
        at(d.meta.products, 0, 'product')._price = 12;
      }),
    ).toBe(true);
    const entry = at(s().past, 0, 'history entry');
    expect(entry.label).toBe('Set price');
    expect(entry.commands).toHaveLength(1);
    const cmd = at(entry.commands, 0, 'command');
    expect(cmd).toMatchObject({ label: 'Set price', doc: PAGE, at: 1_000 });
    expect(cmd.ops).toEqual([{ op: 'replace', path: '/meta/products/0/_price', value: 12 }]);
    expect(cmd.inverse).toEqual([{ op: 'replace', path: '/meta/products/0/_price', value: 10 }]);
    expect(at(value<Page>(PAGE).meta.products, 0, 'product')._price).toBe(12);
  });

  it('records array push, splice and remove with index pointers', () => {
    editLoose(a(), PAGE, 'Add review', (d: Page) => {
      d.meta.reviews.push('r4');
    });
    editLoose(a(), PAGE, 'Remove first review', (d: Page) => {
      d.meta.reviews.splice(0, 1);
    });
    editLoose(a(), PAGE, 'Insert review', (d: Page) => {
      d.meta.reviews.splice(1, 0, 'x');
    });
    editLoose(a(), PAGE, 'Drop products', (d: Page) => {
      d.meta.products.pop();
    });
    const [push, remove, insert, pop] = [firstCommand(0), firstCommand(1), firstCommand(2), firstCommand(3)] as const;
    expect(push.ops).toEqual([{ op: 'add', path: '/meta/reviews/3', value: 'r4' }]);
    expect(push.inverse).toEqual([{ op: 'remove', path: '/meta/reviews/3' }]);
    expect(remove.ops).toEqual([{ op: 'remove', path: '/meta/reviews/0' }]);
    expect(remove.inverse).toEqual([{ op: 'add', path: '/meta/reviews/0', value: 'r1' }]);
    expect(insert.ops).toEqual([{ op: 'add', path: '/meta/reviews/1', value: 'x' }]);
    expect(pop.ops).toEqual([{ op: 'remove', path: '/meta/products/1' }]);
    expect(value<Page>(PAGE).meta.reviews).toEqual(['r2', 'x', 'r3', 'r4']);
    // The recorded ops replayed on the original give the same document.
    const all = s().past.flatMap((e) => e.commands.flatMap((c) => [...c.ops]));
    expect(applyOps(page(), all)).toEqual(value(PAGE));
  });

  it('escapes keys containing "/" and "~" and records new nested objects as one add', () => {
    editLoose(a(), PAGE, 'Odd keys', (d: Page) => {
      d.meta['a/b'] = 2;
      d.meta['c~d'].x = 3;
    });
    editLoose(a(), PAGE, 'SEO', (d: Page) => {
      d.meta.seo = { title: 'Buy' };
    });
    const [odd, seo] = [firstCommand(0), firstCommand(1)] as const;
    expect(odd.ops).toEqual(
      expect.arrayContaining([
        { op: 'replace', path: '/meta/a~1b', value: 2 },
        { op: 'replace', path: '/meta/c~0d/x', value: 3 },
      ]),
    );
    expect(seo.ops).toEqual([{ op: 'add', path: '/meta/seo', value: { title: 'Buy' } }]);
    expect(seo.inverse).toEqual([{ op: 'remove', path: '/meta/seo' }]);
  });

  it('records nothing for a no-op edit or a recipe that throws', () => {
    expect(
      editLoose(a(), PAGE, 'Same name', (d: Page) => {
        d.name = 'Checkout';
      }),
    ).toBe(false);
    expect(() =>
      editLoose(a(), PAGE, 'Boom', (d: Page) => {
        d.name = 'half';
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(s().past).toHaveLength(0);
    expect(a().isDirty()).toBe(false);
    expect(value<Page>(PAGE).name).toBe('Checkout');
  });

  it('refuses to edit a document that is not loaded', () => {
    expect(() =>
      editLoose(a(), 'page:99', 'x', (d: Page) => {
        d.name = 'x';
      }),
    ).toThrow(/not loaded/);
  });

  it('keeps entries immutable through undo and redo', () => {
    editLoose(a(), PAGE, 'Rename', (d: Page) => {
      d.name = 'A';
    });
    const entry = at(s().past, 0, 'history entry');
    const snapshot = structuredClone(entry);
    expect(Object.isFrozen(entry)).toBe(true);
    expect(Object.isFrozen(at(entry.commands, 0, 'command').ops)).toBe(true);
    a().undo();
    a().redo();
    expect(s().past[0]).toEqual(entry); // the step taken is an equal value (re-anchored), not a changed one
    expect(entry).toEqual(snapshot);
  });

  it('keeps no copy of the document per undo step: each edit lets go of the copy it started from, and undo still restores every step', async () => {
    // Node's own collector, reachable without a flag at start (V8 reads --expose-gc on each new context).
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const prices = value<Page>(PAGE).meta.products.map((p) => p._price);
    const copies: WeakRef<Page>[] = [];
    for (const [i, price] of [11, 21, 12, 22].entries()) {
      editLoose(a(), PAGE, 'Edit price', (d: Page) => {
        at(d.meta.products, i % 2, 'product')._price = price;
      });
      copies.push(new WeakRef(value<Page>(PAGE)));
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    // The copy after each of the first three steps is gone; the document as it is stays.
    expect(copies.map((c) => c.deref() !== undefined)).toEqual([false, false, false, true]);
    expect(s().undoCount).toBe(4);
    const undone: number[][] = [];
    for (let i = 0; i < 4; i++) {
      a().undo();
      undone.push(value<Page>(PAGE).meta.products.map((p) => p._price));
    }
    expect(undone).toEqual([[12, 21], [11, 21], [11, 20], prices]);
  });
});

describe('coalescing', () => {
  it('joins same-key edits within the window into one undo step', () => {
    type('C');
    clock += 300;
    type('Ch');
    clock += 500; // exactly the window: still joins
    type('Cha');
    expect(s().past).toHaveLength(1);
    const cmd = firstCommand(0);
    expect(cmd.ops).toEqual([{ op: 'replace', path: '/name', value: 'Cha' }]);
    expect(cmd.inverse).toEqual([{ op: 'replace', path: '/name', value: 'Checkout' }]);
    a().undo();
    expect(value<Page>(PAGE).name).toBe('Checkout');
  });

  it('starts a new step beyond the window, for another key, another doc, or no key', () => {
    type('C');
    clock += 501;
    type('Ch');
    expect(s().past).toHaveLength(2);
    editLoose(
      a(),
      PAGE,
      'Path',
      (d: Page) => {
        d.page_path = 'p';
      },
      { mergeKey: 'path' },
    );
    editLoose(
      a(),
      FUNNEL,
      'Edit name',
      (d: Funnel) => {
        d.name = 'x';
      },
      { mergeKey: 'name' },
    );
    editLoose(a(), FUNNEL, 'Edit name', (d: Funnel) => {
      d.name = 'y';
    });
    expect(s().past).toHaveLength(5);
  });

  it('does not join an edit made after an undo', () => {
    type('C');
    type('Ch');
    a().undo();
    type('X');
    expect(s().past.map((e) => at(e.commands, 0, 'command').ops)).toEqual([[{ op: 'replace', path: '/name', value: 'X' }]]);
    a().undo();
    expect(value<Page>(PAGE).name).toBe('Checkout');
    // nor into an entry brought back by redo
    a().redo();
    type('XY');
    expect(s().past).toHaveLength(2);
  });
});

describe('transactions', () => {
  it('groups edits across documents into one entry, undone and redone together', () => {
    a().transact('Rename funnel and page', () => {
      editLoose(a(), FUNNEL, 'Funnel name', (d: Funnel) => {
        d.name = 'Winter';
      });
      editLoose(a(), PAGE, 'Page name', (d: Page) => {
        d.name = 'Winter checkout';
      });
    });
    expect(s().past).toHaveLength(1);
    expect(at(s().past, 0, 'history entry').label).toBe('Rename funnel and page');
    expect(at(s().past, 0, 'history entry').commands.map((c) => c.doc)).toEqual([FUNNEL, PAGE]);
    a().undo();
    expect(value(FUNNEL)).toEqual(funnel());
    expect(value(PAGE)).toEqual(page());
    a().redo();
    expect(value<Funnel>(FUNNEL).name).toBe('Winter');
    expect(value<Page>(PAGE).name).toBe('Winter checkout');
  });

  it('joins nested transactions into the outer one', () => {
    const r = a().transact('Outer', () => {
      editLoose(a(), PAGE, 'a', (d: Page) => {
        d.name = 'A';
      });
      a().transact('Inner', () => {
        editLoose(a(), FUNNEL, 'b', (d: Funnel) => {
          d.name = 'B';
        });
      });
      return 42;
    });
    expect(r).toBe(42);
    expect(s().past.map((e) => e.label)).toEqual(['Outer']);
  });

  it('rolls back and records nothing when the function throws', () => {
    editLoose(a(), PAGE, 'Before', (d: Page) => {
      d.page_path = 'before';
    });
    a().undo(); // leaves a redo step that a failed transaction must not clear
    expect(() =>
      a().transact('Broken', () => {
        editLoose(a(), PAGE, 'a', (d: Page) => {
          d.name = 'A';
          d.meta.reviews.push('x');
        });
        editLoose(a(), FUNNEL, 'b', (d: Funnel) => {
          d.name = 'B';
        });
        throw new Error('validation failed');
      }),
    ).toThrow('validation failed');
    expect(value(PAGE)).toEqual(page());
    expect(value(FUNNEL)).toEqual(funnel());
    expect(s().past).toHaveLength(0);
    expect(s().future).toHaveLength(1);
    expect(a().isDirty()).toBe(false);
  });

  it('rolls back only the inner part when a nested transaction throws and the outer catches', () => {
    a().transact('Outer', () => {
      editLoose(a(), PAGE, 'a', (d: Page) => {
        d.name = 'A';
      });
      try {
        a().transact('Inner', () => {
          editLoose(a(), PAGE, 'b', (d: Page) => {
            d.page_path = 'B';
          });
          throw new Error('inner');
        });
      } catch {
        /* handled */
      }
    });
    expect(value<Page>(PAGE)).toMatchObject({ name: 'A', page_path: 'checkout' });
    expect(s().past).toHaveLength(1);
    a().undo();
    expect(value(PAGE)).toEqual(page());
  });
});

describe('gestures', () => {
  it('squashes the edits of a drag into one entry', () => {
    a().beginGesture('Drag price');
    expect(s().gesture).toBe('Drag price');
    for (const p of [11, 12, 13, 14])
      editLoose(a(), PAGE, 'price', (d: Page) => {
        at(d.meta.products, 0, 'product')._price = p;
      });
    expect(s().canUndo).toBe(false);
    const entry = a().endGesture();
    expect(s().past).toEqual([entry]);
    expect(entry!.commands).toHaveLength(1);
    expect(at(entry!.commands, 0, 'command').ops).toEqual([{ op: 'replace', path: '/meta/products/0/_price', value: 14 }]);
    expect(at(entry!.commands, 0, 'command').inverse).toEqual([{ op: 'replace', path: '/meta/products/0/_price', value: 10 }]);
    a().undo();
    expect(value(PAGE)).toEqual(page());
  });

  it('cancel rolls the drag back and records nothing', () => {
    a().beginGesture('Drag');
    editLoose(a(), PAGE, 'price', (d: Page) => {
      at(d.meta.products, 0, 'product')._price = 99;
    });
    editLoose(a(), PAGE, 'reviews', (d: Page) => {
      d.meta.reviews.reverse();
    });
    a().cancelGesture();
    expect(value(PAGE)).toEqual(page());
    expect(s().past).toHaveLength(0);
    expect(s().gesture).toBeNull();
    expect(a().isDirty(PAGE)).toBe(false);
  });
});

describe('apply', () => {
  it('records ready-made ops (a revert, a restored version) as one undoable command with its label', () => {
    const before = value<Page>(PAGE);
    expect(
      a().apply(PAGE, 'Revert: Reorder reviews', [
        { op: 'move', from: '/meta/reviews/2', path: '/meta/reviews/0' },
        { op: 'replace', path: '/name', value: 'Reverted' },
      ]),
    ).toBe(true);
    expect(s().past.map((e) => e.label)).toEqual(['Revert: Reorder reviews']);
    expect(value<Page>(PAGE).meta.reviews).toEqual(['r3', 'r1', 'r2']);
    expect(value<Page>(PAGE).name).toBe('Reverted');
    expect(s().docs[PAGE]!.dirty).toBe(true);
    a().undo();
    expect(value<Page>(PAGE)).toEqual(before);
    a().redo();
    expect(value<Page>(PAGE).name).toBe('Reverted');
  });

  it('records nothing for no ops, and nothing at all when one op does not apply', () => {
    expect(a().apply(PAGE, 'Nothing', [])).toBe(false);
    expect(() =>
      a().apply(PAGE, 'Broken', [
        { op: 'replace', path: '/name', value: 'x' },
        { op: 'remove', path: '/meta/missing' },
      ]),
    ).toThrow();
    expect(s().past).toEqual([]);
    expect(value<Page>(PAGE).name).not.toBe('x');
  });
});

describe('move', () => {
  it('records exactly one move op and its opposite', () => {
    expect(a().move(PAGE, 'Reorder reviews', '/meta/reviews', 0, 2)).toBe(true);
    const cmd = firstCommand(0);
    expect(cmd.ops).toEqual([{ op: 'move', from: '/meta/reviews/0', path: '/meta/reviews/2' }]);
    expect(cmd.inverse).toEqual([{ op: 'move', from: '/meta/reviews/2', path: '/meta/reviews/0' }]);
    expect(value<Page>(PAGE).meta.reviews).toEqual(['r2', 'r3', 'r1']);
    a().undo();
    expect(value<Page>(PAGE).meta.reviews).toEqual(['r1', 'r2', 'r3']);
  });

  it('rejects out-of-range indices and non-arrays', () => {
    expect(() => a().move(PAGE, 'x', '/meta/reviews', 0, 3)).toThrow(RangeError);
    expect(() => a().move(PAGE, 'x', '/name', 0, 1)).toThrow(/not an array/);
    expect(a().move(PAGE, 'x', '/meta/reviews', 1, 1)).toBe(false);
  });

  it('a move made inside a recipe (splice out and back in) records one move op, not a replace per shifted index', () => {
    const BIG: DocId = 'page:2';
    const list = Array.from({ length: 1000 }, (_, i) => ({ id: `r${i}`, text: `Review number ${i} with some text` }));
    a().load(BIG, { ID: 2, list }, 1);
    const moves: [from: number, to: number][] = [
      [0, 999],
      [999, 0],
      [300, 700],
      [700, 300],
      [5, 6],
    ];
    for (const [from, to] of moves) {
      const before = value<{ list: typeof list }>(BIG).list;
      editLoose(a(), BIG, 'Move', (d: { list: typeof list }) => {
        const x = at(d.list.splice(from, 1), 0, 'removed item');
        d.list.splice(to, 0, x);
      });
      const cmd = firstCommand(-1);
      expect(cmd.ops).toEqual([{ op: 'move', from: `/list/${from}`, path: `/list/${to}` }]);
      expect(cmd.inverse).toEqual([{ op: 'move', from: `/list/${to}`, path: `/list/${from}` }]);
      expect(JSON.stringify(cmd).length).toBeLessThan(200); // was ~45 KB: ~300 replaces
      expect(applyOps(before, cmd.ops.map((o) => ({ ...o, path: o.path.slice(5), from: (o as { from: string }).from.slice(5) })) as never)).toEqual(
        value<{ list: typeof list }>(BIG).list,
      );
    }
  });

  it('sends the single move op on save', async () => {
    a().move(PAGE, 'Reorder products', '/meta/products', 1, 0);
    await a().save();
    expect(patchCall(0).ops).toEqual([{ op: 'move', from: '/meta/products/1', path: '/meta/products/0' }]);
    expect(server.current(PAGE).value).toEqual(value(PAGE));
  });
});

describe('undo / redo', () => {
  it('keeps counts and the next labels in state (O(1) reads for the editor bar)', () => {
    expect(s()).toMatchObject({ undoCount: 0, redoCount: 0, undoLabel: null, redoLabel: null });
    editLoose(a(), PAGE, 'a', (d: Page) => {
      d.name = 'a';
    });
    editLoose(a(), PAGE, 'b', (d: Page) => {
      d.name = 'b';
    });
    editLoose(a(), PAGE, 'c', (d: Page) => {
      d.name = 'c';
    });
    a().undo();
    expect(s()).toMatchObject({ undoCount: 2, redoCount: 1, undoLabel: 'b', redoLabel: 'c', canUndo: true, canRedo: true });
    expect(historyLabels(s(), 1)).toEqual({ past: ['b'], future: ['c'], earlier: 1, later: 0 });
  });

  it('restores exact values step by step', () => {
    const states = [value(PAGE)];
    editLoose(a(), PAGE, 'a', (d: Page) => {
      d.name = 'A';
    });
    states.push(value(PAGE));
    editLoose(a(), PAGE, 'b', (d: Page) => {
      d.meta.reviews.splice(1, 1);
    });
    states.push(value(PAGE));
    a().move(PAGE, 'c', '/meta/products', 0, 1);
    states.push(value(PAGE));
    for (let i = states.length - 2; i >= 0; i--) {
      expect(a().undo()).toBe(true);
      expect(value(PAGE)).toEqual(states[i]);
    }
    expect(a().undo()).toBe(false);
    expect(value(PAGE)).toEqual(page());
    for (let i = 1; i < states.length; i++) {
      expect(a().redo()).toBe(true);
      expect(value(PAGE)).toEqual(states[i]);
    }
    expect(a().redo()).toBe(false);
  });

  it('a new edit clears redo', () => {
    editLoose(a(), PAGE, 'a', (d: Page) => {
      d.name = 'A';
    });
    editLoose(a(), PAGE, 'b', (d: Page) => {
      d.name = 'B';
    });
    a().undo();
    expect(s().canRedo).toBe(true);
    editLoose(a(), PAGE, 'c', (d: Page) => {
      d.name = 'C';
    });
    expect(s().future).toHaveLength(0);
    expect(s().canRedo).toBe(false);
    expect(historyLabels(s())).toEqual({ past: ['a', 'c'], future: [], earlier: 0, later: 0 });
  });

  it('lists labels for the history UI: past oldest first, future next-redo first', () => {
    for (const l of ['a', 'b', 'c'])
      editLoose(a(), PAGE, l, (d: Page) => {
        d.name = l;
      });
    a().undo();
    a().undo();
    const labels = historyLabels(s());
    expect(labels).toEqual({ past: ['a'], future: ['b', 'c'], earlier: 0, later: 0 });
    expect(historyLabels(s())).toBe(labels); // stable for selectors
  });

  it('an edit undone before saving leaves nothing to send', () => {
    editLoose(a(), PAGE, 'a', (d: Page) => {
      d.name = 'A';
    });
    expect(a().isDirty(PAGE)).toBe(true);
    a().undo();
    expect(a().isDirty(PAGE)).toBe(false);
    expect(a().dirtyDocs()).toEqual([]);
    a().redo();
    expect(a().dirtyDocs()).toEqual([PAGE]);
  });
});

describe('load', () => {
  it('is never recorded as history', () => {
    a().load(PAGE, { ...page(), name: 'Fresh' }, 4);
    expect(s().past).toHaveLength(0);
    expect(s().canUndo).toBe(false);
    expect(a().isDirty()).toBe(false);
    expect(s().docs[PAGE]).toMatchObject({ version: 4, dirty: false, saving: false });
  });

  it('drops the history of a document replaced by a newer version, keeping other documents’ steps', () => {
    editLoose(a(), FUNNEL, 'f', (d: Funnel) => {
      d.name = 'F';
    });
    editLoose(a(), PAGE, 'p', (d: Page) => {
      d.name = 'P';
    });
    a().load(PAGE, page(), 9);
    expect(historyLabels(s()).past).toEqual(['f']);
    expect(value(PAGE)).toEqual(page());
  });
});

describe('save', () => {
  it('saveDoc sends only the named document; another dirty one stays unsent and dirty', async () => {
    editLoose(a(), PAGE, 'Set price', (d: Page) => {
      at(d.meta.products, 0, 'product')._price = 11;
    });
    editLoose(a(), FUNNEL, 'Rename', (d: Funnel) => {
      d.name = 'Autumn';
    });
    const r = await a().saveDoc(FUNNEL);
    expect(r.saved).toEqual([FUNNEL]);
    expect(server.calls.map((c) => c.doc)).toEqual([FUNNEL]);
    expect(a().isDirty(PAGE)).toBe(true);
    expect(a().isDirty(FUNNEL)).toBe(false);
    expect((await a().saveDoc(FUNNEL)).saved).toEqual([]);
  });

  it('sends each dirty document’s net ops as one PATCH with version, idempotency key and labels', async () => {
    editLoose(a(), PAGE, 'Set price', (d: Page) => {
      at(d.meta.products, 0, 'product')._price = 11;
    });
    editLoose(a(), PAGE, 'Add review', (d: Page) => {
      d.meta.reviews.push('r4');
    });
    editLoose(a(), FUNNEL, 'Rename', (d: Funnel) => {
      d.name = 'Autumn';
    });
    const r = await a().save();
    const pageCall = server.calls.find((c) => c.doc === PAGE)!;
    const funnelCall = server.calls.find((c) => c.doc === FUNNEL)!;
    expect(r).toEqual({ saved: [PAGE, FUNNEL], conflicts: [], errors: {}, sent: { [PAGE]: pageCall.ops, [FUNNEL]: funnelCall.ops }, ok: true });
    expect(pageCall.ops).toEqual([
      { op: 'replace', path: '/meta/products/0/_price', value: 11 },
      { op: 'add', path: '/meta/reviews/3', value: 'r4' },
    ]);
    expect(pageCall.version).toBe(3);
    expect(pageCall.label).toBe('Set price, Add review');
    expect(pageCall.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.calls.filter((c) => c.doc === PAGE)).toHaveLength(1);
    expect(s().docs[PAGE]).toMatchObject({ version: 4, dirty: false, saving: false });
    expect(value(PAGE)).toEqual(server.current(PAGE).value);
    expect(s().past).toHaveLength(3); // saving does not truncate history
  });

  it('sends coalesced typing as one op', async () => {
    for (const t of ['S', 'Sa', 'Sal', 'Sale']) type(t);
    await a().save();
    expect(patchCall(0).ops).toEqual([{ op: 'replace', path: '/name', value: 'Sale' }]);
    expect(patchCall(0).label).toBe('Edit name');
  });

  it('undo after save still works and produces new ops to send', async () => {
    editLoose(a(), PAGE, 'Rename', (d: Page) => {
      d.name = 'Renamed';
    });
    await a().save();
    expect(a().isDirty()).toBe(false);
    expect(a().undo()).toBe(true);
    expect(value<Page>(PAGE).name).toBe('Checkout');
    expect(a().isDirty(PAGE)).toBe(true);
    await a().save();
    expect(patchCall(1)).toMatchObject({ version: 4, ops: [{ op: 'replace', path: '/name', value: 'Checkout' }], label: 'Undo Rename' });
    expect(server.current(PAGE)).toEqual({ value: page(), version: 5 });
    // and redo after that save sends the forward op again
    a().redo();
    await a().save();
    expect(patchCall(2).ops).toEqual([{ op: 'replace', path: '/name', value: 'Renamed' }]);
  });

  it('retries a batch after a network error with the same idempotency key, then sends later edits', async () => {
    editLoose(a(), PAGE, 'a', (d: Page) => {
      d.name = 'A';
    });
    server.loseNextResponse = new Error('Network request failed');
    const r1 = await a().save();
    expect(r1.ok).toBe(false);
    expect(r1.errors[PAGE]).toBe('Network request failed');
    expect(s().docs[PAGE]).toMatchObject({ error: 'Network request failed', dirty: true, saving: false });
    editLoose(a(), PAGE, 'b', (d: Page) => {
      d.page_path = 'b';
    });
    const r2 = await a().save();
    expect(r2.ok).toBe(true);
    const [first, retry, rest] = [patchCall(0), patchCall(1), patchCall(2)] as const;
    expect(retry.idempotencyKey).toBe(first.idempotencyKey);
    expect(retry.ops).toEqual(first.ops);
    expect(retry.version).toBe(3);
    expect(rest).toMatchObject({ version: 4, ops: [{ op: 'replace', path: '/page_path', value: 'b' }] });
    expect(rest.idempotencyKey).not.toBe(first.idempotencyKey);
    // applied exactly once despite the retry
    expect(server.current(PAGE)).toEqual({ value: { ...page(), name: 'A', page_path: 'b' }, version: 5 });
    expect(s().docs[PAGE]).toMatchObject({ version: 5, dirty: false, error: undefined });
  });

  it('an edit cannot cancel ops that are in a failed, unsettled batch', async () => {
    editLoose(a(), PAGE, 'a', (d: Page) => {
      d.name = 'A';
    });
    server.failures.push(new Error('offline'));
    await a().save();
    a().undo(); // the batch may have reached the server: the undo must be sent, not dropped
    await a().save();
    expect(server.calls.map((c) => c.ops)).toEqual([
      [{ op: 'replace', path: '/name', value: 'A' }],
      [{ op: 'replace', path: '/name', value: 'A' }],
      [{ op: 'replace', path: '/name', value: 'Checkout' }],
    ]);
    expect(server.current(PAGE).value).toEqual(page());
  });

  it('builds a new batch and key after the server refused one (4xx)', async () => {
    editLoose(a(), PAGE, 'a', (d: Page) => {
      d.name = '';
    });
    server.rejections.push(new RejectedError('Name is required', 422));
    const r = await a().save();
    expect(r.errors[PAGE]).toBe('Name is required');
    a().undo(); // nothing was applied on the server, so this just empties the outbox
    expect(a().isDirty(PAGE)).toBe(false);
    editLoose(a(), PAGE, 'b', (d: Page) => {
      d.name = 'Fixed';
    });
    await a().save();
    expect(patchCall(1).idempotencyKey).not.toBe(patchCall(0).idempotencyKey);
    expect(patchCall(1).ops).toEqual([{ op: 'replace', path: '/name', value: 'Fixed' }]);
  });

  it('keeps edits made while a save is in flight for the next save', async () => {
    editLoose(a(), PAGE, 'a', (d: Page) => {
      d.name = 'A';
    });
    const release = server.hold();
    const saving = a().save();
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    expect(s().docs[PAGE]!.saving).toBe(true);
    editLoose(a(), PAGE, 'b', (d: Page) => {
      d.page_path = 'b';
    });
    a().undo(); // the in-flight batch is untouched
    editLoose(a(), PAGE, 'c', (d: Page) => {
      d.page_path = 'c';
    });
    release();
    await saving;
    expect(server.calls).toHaveLength(1);
    expect(value<Page>(PAGE)).toMatchObject({ name: 'A', page_path: 'c' });
    expect(a().isDirty(PAGE)).toBe(true);
    expect(s().docs[PAGE]!.version).toBe(4);
    await a().save();
    expect(patchCall(1)).toMatchObject({ version: 4, ops: [{ op: 'replace', path: '/page_path', value: 'c' }] });
    expect(server.current(PAGE).value).toEqual(value(PAGE));
  });
});

describe('412 Precondition Failed', () => {
  it('rebases the unsent ops on the server’s document and retries once', async () => {
    server.external(PAGE, [{ op: 'replace', path: '/page_path', value: 'theirs' }]);
    editLoose(a(), PAGE, 'Rename', (d: Page) => {
      d.name = 'Mine';
    });
    const r = await a().save();
    expect(r.ok).toBe(true);
    expect(server.calls.map((c) => c.version)).toEqual([3, 4]);
    expect(patchCall(1).idempotencyKey).not.toBe(patchCall(0).idempotencyKey);
    expect(value<Page>(PAGE)).toMatchObject({ name: 'Mine', page_path: 'theirs' });
    expect(s().docs[PAGE]).toMatchObject({ version: 5, dirty: false });
    expect(server.current(PAGE).value).toEqual(value(PAGE));
  });

  it('reports a conflict when an edited item was removed meanwhile; keep-theirs keeps their removal and still saves the other edits', async () => {
    editLoose(a(), PAGE, 'Rename', (d: Page) => {
      d.name = 'Mine';
    });
    editLoose(a(), PAGE, 'Price', (d: Page) => {
      at(d.meta.products, 1, 'product')._price = 25;
    });
    server.external(PAGE, [{ op: 'remove', path: '/meta/products/1' }]);
    const r = await a().save();
    expect(r).toMatchObject({ ok: false, conflicts: [PAGE] });
    const conflict = s().docs[PAGE]!.conflict!;
    expect(conflict.current.version).toBe(4);
    expect(conflict.unsent).toEqual([
      { op: 'replace', path: '/name', value: 'Mine' },
      { op: 'replace', path: '/meta/products/1/_price', value: 25 },
    ]);
    expect(value<Page>(PAGE).name).toBe('Mine'); // nothing lost until the operator decides
    expect((await a().save()).conflicts).toEqual([PAGE]); // not sent again meanwhile
    expect(server.calls).toHaveLength(1);
    expect(conflict.items).toEqual([{ id: '/meta/products/1', kind: 'changed', path: '/meta/products/1', mine: { _id: 'p2', _price: 25 }, theirs: undefined }]);
    await a().resolveConflict(PAGE, 'keep-theirs');
    expect(value(PAGE)).toEqual(server.current(PAGE).value);
    expect(value<Page>(PAGE).name).toBe('Mine'); // the rename did not collide: it was saved
    expect(value<Page>(PAGE).meta.products).toEqual([{ _id: 'p1', _price: 10 }]);
    expect(s().docs[PAGE]).toMatchObject({ version: 5, dirty: false, conflict: undefined });
    // History survives the settled conflict: undoing the price of the product they
    // removed asks first; skipping it leaves the rename undoable.
    expect(s().past.map((e) => e.label)).toEqual(['Rename', 'Price']);
    expect(a().undo()).toBe(false);
    expect(s().historyConflict).toMatchObject({ source: 'undo', label: 'Price', doc: PAGE, items: [{ path: '/meta/products/1' }] }); // these test products carry no uid: 'changed'
    expect(a().resolveHistoryConflict('keep-theirs')).toBe(true);
    expect(value<Page>(PAGE).meta.products).toEqual([{ _id: 'p1', _price: 10 }]); // their removal stands
    expect(s().historyConflict).toBeUndefined();
    expect(a().undo()).toBe(true);
    expect(value<Page>(PAGE).name).toBe('Checkout');
  });

  it('overwrite keeps mine where we collide and theirs elsewhere, on the current version', async () => {
    editLoose(a(), PAGE, 'Price', (d: Page) => {
      at(d.meta.products, 1, 'product')._price = 25;
    });
    server.external(PAGE, [
      { op: 'remove', path: '/meta/products/1' },
      { op: 'replace', path: '/page_path', value: 'theirs' },
    ]);
    await a().save();
    const r = await a().resolveConflict(PAGE, 'overwrite');
    expect(r.saved).toEqual([PAGE]);
    expect(patchCall(1).version).toBe(4);
    expect(server.current(PAGE)).toEqual({ value: value(PAGE), version: 5 });
    expect(at(value<Page>(PAGE).meta.products, 1, 'product')._price).toBe(25);
    expect(value<Page>(PAGE).page_path).toBe('theirs'); // their other change is not reverted
  });

  it('after a rebase, undoing an unsent edit sends its inverse instead of dropping it', async () => {
    server.external(PAGE, [{ op: 'replace', path: '/page_path', value: 'theirs' }]);
    editLoose(a(), PAGE, 'Rename', (d: Page) => {
      d.name = 'Mine';
    });
    const patch = server.patch.bind(server);
    let call = 0;
    server.patch = async (...args) => {
      if (++call === 2) throw new RejectedError('Try later', 422); // the rebased retry is refused
      return patch(...args);
    };
    expect((await a().save()).errors[PAGE]).toBe('Try later');
    expect(value<Page>(PAGE).name).toBe('Mine');
    a().undo(); // back to what this session started from, which the server no longer has
    expect(value<Page>(PAGE).name).toBe('Checkout');
    expect(a().isDirty(PAGE)).toBe(true);
    expect((await a().save()).ok).toBe(true);
    expect(server.current(PAGE).value).toEqual(value(PAGE));
  });

  it('gives up after one automatic retry when the document keeps changing, keeping the rebased edits', async () => {
    editLoose(a(), PAGE, 'Rename', (d: Page) => {
      d.name = 'Mine';
    });
    server.external(PAGE, [{ op: 'replace', path: '/page_path', value: 'v4' }]);
    const patch = server.patch.bind(server);
    let call = 0;
    server.patch = async (...args) => {
      if (++call === 2) server.external(PAGE, [{ op: 'replace', path: '/page_path', value: 'v5' }]);
      return patch(...args);
    };
    const r = await a().save();
    expect(r.errors[PAGE]).toMatch(/keeps changing/);
    expect(call).toBe(2);
    expect(value<Page>(PAGE)).toMatchObject({ name: 'Mine', page_path: 'v5' });
    expect(s().docs[PAGE]).toMatchObject({ version: 5, dirty: true });
    expect((await a().save()).ok).toBe(true);
    expect(server.current(PAGE)).toEqual({ value: value(PAGE), version: 6 });
  });

  it('asks before an undo whose item someone removed, applying none of it until answered; keep theirs undoes the rest', async () => {
    a().transact('Reprice and rename', () => {
      editLoose(a(), FUNNEL, 'Funnel name', (d: Funnel) => {
        d.name = 'Mine';
      });
      editLoose(a(), PAGE, 'Price', (d: Page) => {
        at(d.meta.products, 1, 'product')._price = 25;
        d.page_path = 'mine';
      });
    });
    await a().save();
    // Someone removes product 2; our next save rebases onto that.
    server.external(PAGE, [{ op: 'remove', path: '/meta/products/1' }]);
    editLoose(a(), PAGE, 'Rename page', (d: Page) => {
      d.name = 'Renamed';
    });
    expect((await a().save()).ok).toBe(true);
    expect(a().undo()).toBe(true); // "Rename page" still fits
    const funnelBefore = value(FUNNEL);
    const pageBefore = value(PAGE);
    expect(a().undo()).toBe(false); // its price inverse targets a product that is gone
    expect(s().historyConflict).toMatchObject({ source: 'undo', label: 'Reprice and rename', items: [{ path: '/meta/products/1' }] });
    expect(value(FUNNEL)).toBe(funnelBefore); // the funnel half was not applied either
    expect(value(PAGE)).toBe(pageBefore);
    expect(a().undo()).toBe(false); // nothing else is undone while the question is open
    expect(a().resolveHistoryConflict('keep-theirs')).toBe(true);
    expect(value<Funnel>(FUNNEL).name).not.toBe('Mine');
    expect(value<Page>(PAGE).page_path).not.toBe('mine');
    expect(value<Page>(PAGE).meta.products).toHaveLength(1); // the product stays removed
    expect(s().historyConflict).toBeUndefined();
    expect(s().past).toHaveLength(0);
    expect(s().future.map((e) => e.label)).toEqual(['Reprice and rename', 'Rename page']);
  });
});

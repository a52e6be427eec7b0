/**
 * Property tests of the command log against a fake-but-faithful server (RFC 6902 apply with
 * src/model/jsonpatch.ts, If-Match → 412, version + 1, Idempotency-Key replay): random edits,
 * moves, transactions, gestures, undos, redos, failing and overlapping saves.
 * Source: The command log, precisely.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RejectedError, createEditorStore, type DocId, type EditorStore } from '../../../src/editor';
import { FakeServer } from './fake-server';
import { at } from '../../at';
import { editLoose } from './loose-edit.ts';

interface Page {
  ID: number;
  name: string;
  meta: { note: string; products: { _id: string; _price: number }[]; reviews: string[] };
  version: number;
}
interface Funnel {
  ID: number;
  name: string;
  tags: string[];
  version: number;
}

const PAGE: DocId = 'page:1';
const FUNNEL: DocId = 'funnel:1';
const page = (): Page => ({
  ID: 1,
  name: 'Checkout',
  meta: {
    note: '',
    products: [
      { _id: 'a', _price: 1 },
      { _id: 'b', _price: 2 },
      { _id: 'c', _price: 3 },
    ],
    reviews: ['r1', 'r2', 'r3', 'r4'],
  },
  version: 1,
});
const funnel = (): Funnel => ({ ID: 1, name: 'Summer', tags: ['x'], version: 1 });

type Act =
  | { t: 'name'; v: string; merge: boolean; dt: number }
  | { t: 'price'; i: number; v: number }
  | { t: 'push'; v: string }
  | { t: 'remove'; i: number }
  | { t: 'move'; from: number; to: number }
  | { t: 'product'; at: number }
  | { t: 'tx'; name: string; tag: string; fail: boolean }
  | { t: 'gesture'; prices: number[]; cancel: boolean }
  | { t: 'undo' }
  | { t: 'redo' }
  | { t: 'save'; fail?: 'network' | 'lost' | 'reject' | 'auth' }
  | { t: 'saveDuring'; inner: Act };

const editArb: fc.Arbitrary<Act> = fc.oneof(
  fc.record({ t: fc.constant('name' as const), v: fc.string({ maxLength: 4 }), merge: fc.boolean(), dt: fc.nat(800) }),
  fc.record({ t: fc.constant('price' as const), i: fc.nat(9), v: fc.integer({ min: 0, max: 99 }) }),
  fc.record({ t: fc.constant('push' as const), v: fc.string({ maxLength: 3 }) }),
  fc.record({ t: fc.constant('remove' as const), i: fc.nat(9) }),
  fc.record({ t: fc.constant('move' as const), from: fc.nat(9), to: fc.nat(9) }),
  fc.record({ t: fc.constant('product' as const), at: fc.nat(9) }),
  fc.record({ t: fc.constant('tx' as const), name: fc.string({ maxLength: 3 }), tag: fc.string({ maxLength: 2 }), fail: fc.boolean() }),
  fc.record({ t: fc.constant('gesture' as const), prices: fc.array(fc.nat(50), { maxLength: 4 }), cancel: fc.boolean() }),
  fc.constant<Act>({ t: 'undo' }),
  fc.constant<Act>({ t: 'redo' }),
);
const actArb: fc.Arbitrary<Act> = fc.oneof(
  { arbitrary: editArb, weight: 6 },
  { arbitrary: fc.constant<Act>({ t: 'save' }), weight: 1 },
  {
    arbitrary: fc.record({ t: fc.constant('save' as const), fail: fc.constantFrom('network' as const, 'lost' as const, 'reject' as const, 'auth' as const) }),
    weight: 1,
  },
  { arbitrary: fc.record({ t: fc.constant('saveDuring' as const), inner: editArb }), weight: 1 },
);

function harness() {
  let clock = 0;
  const server = new FakeServer({ [PAGE]: { value: page(), version: 1 }, [FUNNEL]: { value: funnel(), version: 1 } });
  const store: EditorStore = createEditorStore({ transport: server, now: () => clock });
  const a = store.actions;
  a.load(PAGE, page(), 1);
  a.load(FUNNEL, funnel(), 1);
  const pg = () => store.getState().docs[PAGE]!.value as Page;

  const run = (act: Act): void => {
    const len = (xs: unknown[]) => Math.max(xs.length, 1);
    switch (act.t) {
      case 'name':
        clock += act.dt;
        editLoose(
          a,
          PAGE,
          'Edit name',
          (d: Page) => {
            d.name = act.v;
          },
          act.merge ? { mergeKey: 'name' } : undefined,
        );
        break;
      case 'price':
        if (pg().meta.products.length)
          editLoose(a, PAGE, 'Set price', (d: Page) => {
            at(d.meta.products, act.i % len(d.meta.products), 'product')._price = act.v;
          });
        break;
      case 'push':
        editLoose(a, PAGE, 'Add review', (d: Page) => {
          d.meta.reviews.push(act.v);
        });
        break;
      case 'remove':
        editLoose(a, PAGE, 'Remove review', (d: Page) => {
          d.meta.reviews.splice(act.i % len(d.meta.reviews), 1);
        });
        break;
      case 'move': {
        const n = pg().meta.reviews.length;
        if (n) a.move(PAGE, 'Reorder reviews', '/meta/reviews', act.from % n, act.to % n);
        break;
      }
      case 'product':
        editLoose(a, PAGE, 'Add product', (d: Page) => {
          d.meta.products.splice(act.at % (d.meta.products.length + 1), 0, { _id: `n${act.at}`, _price: act.at });
        });
        break;
      case 'tx':
        try {
          a.transact('Rename both', () => {
            editLoose(a, FUNNEL, 'Funnel name', (d: Funnel) => {
              d.name = act.name;
              d.tags.unshift(act.tag);
            });
            editLoose(a, PAGE, 'Page name', (d: Page) => {
              d.name = act.name;
            });
            if (act.fail) throw new Error('abort');
          });
        } catch {
          /* rolled back */
        }
        break;
      case 'gesture':
        a.beginGesture('Drag price');
        for (const p of act.prices)
          editLoose(a, PAGE, 'price', (d: Page) => {
            const first = d.meta.products[0];
            if (first) first._price = p;
          });
        if (act.cancel) a.cancelGesture();
        else a.endGesture();
        break;
      case 'undo':
        a.undo();
        break;
      case 'redo':
        a.redo();
        break;
      case 'save':
      case 'saveDuring':
        throw new Error('async');
    }
  };

  const runAsync = async (act: Act): Promise<void> => {
    if (act.t === 'save') {
      if (act.fail === 'network') server.failures.push(new Error('offline'), new Error('offline'));
      if (act.fail === 'reject') server.rejections.push(new RejectedError('Invalid', 422), new RejectedError('Invalid', 422));
      if (act.fail === 'auth') server.failures.push(new RejectedError('Session expired', 401));
      if (act.fail === 'lost') server.loseNextResponse = new Error('connection reset');
      await a.save();
      server.failures = [];
      server.rejections = [];
      server.loseNextResponse = undefined;
    } else if (act.t === 'saveDuring') {
      const before = server.calls.length;
      const release = server.hold();
      const saving = a.save();
      for (let i = 0; i < 50 && server.calls.length === before; i++) await Promise.resolve();
      run(act.inner); // while the PATCH is in flight
      release();
      await saving;
    } else run(act);
  };

  return { server, store, a, run: runAsync, external: (ops: Parameters<FakeServer['external']>[1]) => server.external(PAGE, ops) };
}

const snapshot = (store: EditorStore) => ({
  page: store.getState().docs[PAGE]!.value,
  funnel: store.getState().docs[FUNNEL]!.value,
});

describe('command log vs a faithful server (property)', () => {
  it('converges with the server after a final save; undo-all restores the original, redo-all the final state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actArb, { maxLength: 30 }), async (acts) => {
        const h = harness();
        for (const act of acts) await h.run(act);

        const r = await h.a.save();
        expect(r.ok).toBe(true);
        expect(h.a.isDirty()).toBe(false);
        for (const doc of [PAGE, FUNNEL]) {
          expect(h.store.getState().docs[doc]!.value).toEqual(h.server.current(doc).value);
          expect(h.store.getState().docs[doc]!.version).toBe(h.server.current(doc).version);
        }
        const final = structuredClone(snapshot(h.store));

        const depth = h.store.getState().past.length;
        for (let i = 0; i < depth; i++) expect(h.a.undo()).toBe(true);
        expect(h.a.undo()).toBe(false); // (redo steps left over from the run stay untouched below)
        expect(snapshot(h.store)).toEqual({ page: page(), funnel: funnel() });

        // Undoing past a save makes ops to send: the server follows back to the original.
        expect((await h.a.save()).ok).toBe(true);
        expect(h.server.current(PAGE).value).toEqual(page());
        expect(h.server.current(FUNNEL).value).toEqual(funnel());

        for (let i = 0; i < depth; i++) expect(h.a.redo()).toBe(true);
        expect(h.store.getState().past).toHaveLength(depth);
        expect(snapshot(h.store)).toEqual(final);
        expect((await h.a.save()).ok).toBe(true);
        expect(h.server.current(PAGE).value).toEqual(final.page);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('rebases onto concurrent server edits to other fields and still converges', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof({ arbitrary: actArb, weight: 4 }, { arbitrary: fc.string({ maxLength: 3 }).map((note) => ({ t: 'external' as const, note })), weight: 1 }),
          { maxLength: 30 },
        ),
        async (acts) => {
          const h = harness();
          let note = '';
          for (const act of acts) {
            if (act.t === 'external') {
              note = act.note;
              h.external([{ op: 'replace', path: '/meta/note', value: note }]);
            } else await h.run(act);
          }
          // A last edit makes the final save meet (and rebase onto) the server's newest version.
          editLoose(h.a, PAGE, 'Last', (d: Page) => {
            d.name = 'last';
          });
          expect((await h.a.save()).ok).toBe(true);
          expect(h.store.getState().docs[PAGE]!.value).toEqual(h.server.current(PAGE).value);
          expect((h.store.getState().docs[PAGE]!.value as Page).meta.note).toBe(note);
          const depth = h.store.getState().past.length;
          for (let i = 0; i < depth; i++) expect(h.a.undo()).toBe(true);
          expect(snapshot(h.store)).toEqual({ page: { ...page(), meta: { ...page().meta, note } }, funnel: funnel() });
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);
});

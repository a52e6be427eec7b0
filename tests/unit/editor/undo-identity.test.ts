/**
 * Undo that survives colleagues: history steps address list items by identity, so
 * another operator's insert, removal, move or field edit — arriving as a live update or as a
 * 412 on save — never costs an undo step, and a local undo never reverts their change: it
 * restores exactly its own change, or asks (the history conflict) when they changed the same
 * thing since.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createEditorStore, type DocId, type EditorStore, type Operation } from '../../../src/editor';
import { FakeServer } from './fake-server';
import { at } from '../../at';
import { editLoose } from './loose-edit.ts';

interface Item {
  uid: string;
  name: string;
  _price: string;
}
interface Page {
  ID: number;
  name: string;
  meta: { products: Item[] };
}

const PAGE: DocId = 'page:1';
const start = (): Page => ({
  ID: 1,
  name: 'Checkout',
  meta: { products: ['single', 'studio', 'triple', 'quad'].map((uid) => ({ uid, name: uid, _price: `${uid}$` })) },
});
const valueOf = (s: EditorStore): Page => s.getState().docs[PAGE]!.value as Page;
const byUid = (p: Page, uid: string): Item | undefined => p.meta.products.find((x) => x.uid === uid);

/** Where a field lives: the page's name, or a product's field by identity. */
type Field = { uid: null; f: 'name' } | { uid: string; f: 'name' | '_price' };
const read = (p: Page, x: Field): string | undefined => (x.uid === null ? p.name : byUid(p, x.uid)?.[x.f]);

type Step =
  | { who: 'local' | 'remote'; k: 'field'; i: number; f: 'name' | '_price' | 'page' }
  | { who: 'local' | 'remote'; k: 'insert'; i: number }
  | { who: 'local' | 'remote'; k: 'remove'; i: number }
  | { who: 'local' | 'remote'; k: 'move'; i: number; j: number }
  | { who: 'deliver' | 'save' };

const who = fc.constantFrom('local' as const, 'remote' as const);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ who, k: fc.constant('field' as const), i: fc.nat(9), f: fc.constantFrom('name' as const, '_price' as const, 'page' as const) }),
  },
  { weight: 1, arbitrary: fc.record({ who, k: fc.constantFrom('insert' as const, 'remove' as const), i: fc.nat(9) }) },
  { weight: 2, arbitrary: fc.record({ who, k: fc.constant('move' as const), i: fc.nat(9), j: fc.nat(9) }) },
  { weight: 2, arbitrary: fc.record({ who: fc.constantFrom('deliver' as const, 'save' as const) }) },
);

/** What one local history entry did, by identity. */
type Done = { label: string; field?: Field; before?: string; after?: string; inserted?: string; removed?: string };

/** One run: operator A edits in a store; operator B writes straight to the server. */
class Run {
  readonly server = new FakeServer({ [PAGE]: { value: start(), version: 1 } });
  readonly a = createEditorStore({ transport: this.server });
  readonly done: Done[] = [];
  /** Items B removed, and items A removed (both may remove the same one). */
  readonly remoteRemoved = new Set<string>();
  readonly localRemoved = new Set<string>();
  private n = 0;

  constructor() {
    this.a.actions.load(PAGE, start(), 1);
  }

  private fresh = (prefix: string): string => `${prefix}${++this.n}`;

  async take(step: Step): Promise<void> {
    if (step.who === 'deliver') {
      const now = this.server.current(PAGE);
      if (this.a.actions.remoteUpdate(PAGE, now.value, now.version) === 'conflict') await this.settle();
      return;
    }
    if (step.who === 'save') {
      const r = await this.a.actions.save();
      if (r.conflicts.length) await this.settle();
      return;
    }
    const s = step as Exclude<Step, { who: 'deliver' | 'save' }>;
    const doc = s.who === 'local' ? valueOf(this.a) : (this.server.current(PAGE).value as Page);
    const list = doc.meta.products;
    const ops: Operation[] = [];
    const done: Done = { label: this.fresh(s.who === 'local' ? 'L' : 'R') };
    if (s.k === 'field') {
      const v = this.fresh(s.who === 'local' ? 'L' : 'R');
      if (s.f === 'page') {
        ops.push({ op: 'replace', path: '/name', value: v });
        Object.assign(done, { field: { uid: null, f: 'name' }, before: doc.name, after: v });
      } else {
        if (!list.length) return;
        const i = s.i % list.length;
        const it = at(list, i, 'product');
        ops.push({ op: 'replace', path: `/meta/products/${i}/${s.f}`, value: v });
        Object.assign(done, { field: { uid: it.uid, f: s.f }, before: it[s.f], after: v });
      }
    } else if (s.k === 'insert') {
      const uid = this.fresh(s.who === 'local' ? 'l' : 'r');
      ops.push({ op: 'add', path: `/meta/products/${s.i % (list.length + 1)}`, value: { uid, name: uid, _price: uid } });
      done.inserted = uid;
    } else if (s.k === 'remove') {
      if (!list.length) return;
      const i = s.i % list.length;
      done.removed = at(list, i, 'product').uid;
      ops.push({ op: 'remove', path: `/meta/products/${i}` });
    } else {
      if (list.length < 2 || s.i % list.length === s.j % list.length) return;
      ops.push({ op: 'move', from: `/meta/products/${s.i % list.length}`, path: `/meta/products/${s.j % list.length}` });
    }
    if (s.who === 'remote') {
      this.server.external(PAGE, ops);
      if (done.removed) this.remoteRemoved.add(done.removed);
      return;
    }
    expect(this.a.actions.apply(PAGE, done.label, ops)).toBe(true);
    if (done.removed) this.localRemoved.add(done.removed);
    this.done.push(done);
  }

  /** A save conflict (B changed what A changed, unsaved): A keeps B's values. */
  private async settle(): Promise<void> {
    if (this.a.getState().docs[PAGE]?.conflict) await this.a.actions.resolveConflict(PAGE, 'keep-theirs');
  }
}

/** I set Single's price to 12 and saved; a colleague then set it to 15, and the live update arrived. */
async function priceChangedSince() {
  const run = new Run();
  const { a, server } = run;
  editLoose(a.actions, PAGE, 'Price', (d: Page) => {
    at(d.meta.products, 0, 'product')._price = '12';
  });
  await a.actions.save();
  server.external(PAGE, [{ op: 'replace', path: '/meta/products/0/_price', value: '15' }]);
  const now = server.current(PAGE);
  a.actions.remoteUpdate(PAGE, now.value, now.version);
  return { a, server, now };
}

describe('undo by identity across remote changes (property)', () => {
  it('every local undo restores exactly its own change or asks; no remote change is reverted; no step is lost', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 14 }), fc.boolean(), async (steps, deliverLast) => {
        const run = new Run();
        for (const s of steps) await run.take(s);
        if (deliverLast) await run.take({ who: 'deliver' });
        const { a } = run;
        expect(a.getState().undoCount).toBe(run.done.length); // nothing dropped by remote changes

        for (const entry of [...run.done].reverse()) {
          expect(a.getState().undoLabel).toBe(entry.label);
          const before = valueOf(a);
          const took = a.actions.undo();
          const q = a.getState().historyConflict;
          if (!took) {
            // Asked, never failed: a conflict is only raised when someone else changed it since.
            expect(q, a.getState().error).toMatchObject({ source: 'undo', label: entry.label });
            if (entry.field) {
              const now = read(before, entry.field);
              expect(now === undefined || now !== entry.after).toBe(true);
            }
            expect(valueOf(a)).toBe(before); // nothing applied while asking
            expect(a.actions.resolveHistoryConflict('keep-theirs')).toBe(true);
          }
          expect(a.getState()).toMatchObject({ historyConflict: undefined, error: undefined });
          const after = valueOf(a);
          // Its own change is restored exactly (when it was not asked about).
          if (took && entry.field && read(before, entry.field) !== undefined) expect(read(after, entry.field)).toBe(entry.before);
          if (took && entry.inserted) expect(byUid(after, entry.inserted)).toBeUndefined();
          // No remote change is reverted: B's values stay, B's items stay, B's removals stay.
          for (const it of before.meta.products) {
            const kept = byUid(after, it.uid);
            if (it.uid.startsWith('r')) expect(kept).toBeDefined();
            for (const f of ['name', '_price'] as const) if (it[f].startsWith('R') && kept) expect(kept[f]).toBe(it[f]);
          }
          if (before.name.startsWith('R')) expect(after.name).toBe(before.name);
          for (const uid of run.remoteRemoved) {
            if (!byUid(before, uid) && !run.localRemoved.has(uid)) expect(byUid(after, uid)).toBeUndefined();
          }
        }
        expect(a.getState().undoCount).toBe(0);
        // And the result saves onto whatever B has now (then A hears of B's last save, if not yet).
        const r = await a.actions.save();
        if (r.conflicts.length) await a.actions.resolveConflict(PAGE, 'keep-theirs');
        expect(a.actions.isDirty(PAGE)).toBe(false);
        await run.take({ who: 'deliver' });
        expect(valueOf(a)).toEqual(run.server.current(PAGE).value);
      }),
      { numRuns: 300 },
    );
  }, 120_000); // 300 runs of up to 14 steps and their undos: seconds on a busy 2-core machine

  it('keeps the undo of a headline and a price when a colleague inserts a review and moves a package (was: undoCount 2 → 0)', () => {
    const run = new Run();
    const { a, server } = run;
    editLoose(a.actions, PAGE, 'Price', (d: Page) => {
      at(d.meta.products, 1, 'product')._price = '25';
    });
    editLoose(a.actions, PAGE, 'Headline', (d: Page) => {
      d.name = 'Mine';
    });
    server.external(PAGE, [
      { op: 'add', path: '/meta/products/0', value: { uid: 'theirs', name: 'theirs', _price: '1' } },
      { op: 'move', from: '/meta/products/4', path: '/meta/products/1' },
    ]);
    const now = server.current(PAGE);
    expect(a.actions.remoteUpdate(PAGE, now.value, now.version)).toBe('rebased');
    expect(a.getState().undoCount).toBe(2);
    expect(a.actions.undo()).toBe(true);
    expect(a.actions.undo()).toBe(true);
    const v = valueOf(a);
    expect(v.name).toBe('Checkout');
    expect(byUid(v, 'studio')!._price).toBe('studio$');
    expect(v.meta.products.map((p) => p.uid)).toEqual(['theirs', 'quad', 'single', 'studio', 'triple']);
    expect(a.getState().redoCount).toBe(2);
    expect(a.actions.redo()).toBe(true);
    expect(byUid(valueOf(a), 'studio')!._price).toBe('25');
  });

  it('asks before an undo would overwrite their newer value; "overwrite" puts mine back, and redo asks in turn', async () => {
    const { a, server } = await priceChangedSince();
    expect(a.actions.undo()).toBe(false);
    expect(a.getState().historyConflict).toMatchObject({
      source: 'undo',
      label: 'Price',
      items: [{ kind: 'changed', path: '/meta/products/0/_price', mine: 'single$', theirs: '15' }],
    });
    expect(a.actions.resolveHistoryConflict('overwrite')).toBe(true);
    expect(byUid(valueOf(a), 'single')!._price).toBe('single$');
    // Redo of the same step, after they changed the price again, asks too.
    server.external(PAGE, [{ op: 'replace', path: '/meta/products/0/_price', value: '16' }]);
    await a.actions.save();
    if (a.getState().docs[PAGE]?.conflict) await a.actions.resolveConflict(PAGE, 'keep-theirs');
    expect(a.actions.redo()).toBe(false);
    expect(a.getState().historyConflict).toMatchObject({ source: 'redo', items: [{ mine: '12', theirs: '16' }] });
    expect(a.actions.resolveHistoryConflict('keep-theirs')).toBe(true);
    expect(byUid(valueOf(a), 'single')!._price).toBe('16');
    expect(a.getState()).toMatchObject({ undoCount: 0, redoCount: 0, historyConflict: undefined });
  });

  it('a new edit, or a reload of the document, withdraws a waiting question; the edit is on top of the step', async () => {
    const { a, now } = await priceChangedSince();
    expect(a.actions.undo()).toBe(false);
    expect(a.getState().historyConflict).toBeDefined();
    editLoose(a.actions, PAGE, 'Rename', (d: Page) => {
      d.name = 'Mine';
    });
    expect(a.getState()).toMatchObject({ historyConflict: undefined, undoLabel: 'Rename' });
    expect(a.actions.undo()).toBe(true);
    expect(a.actions.undo()).toBe(false); // 'Price' asks again
    expect(a.getState().historyConflict).toMatchObject({ label: 'Price' });
    a.actions.load(PAGE, now.value, now.version + 1);
    expect(a.getState().historyConflict).toBeUndefined();
  });
});

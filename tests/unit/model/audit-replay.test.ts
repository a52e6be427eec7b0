/**
 * Revert and replay over the audit log's op stream (src/model/audit-replay.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyOps,
  docHistory,
  invertOps,
  replay,
  ReplayError,
  restoreOps,
  revertPlan,
  stateAfter,
  versionDifferences,
  type AuditLog,
  type Operation,
} from '../../../src/model';

type Page = { ID: number; version: number; name: string; meta: { products: { uid: string; name: string; price: string }[]; headline?: string } };

let nextId = 1;
/** An audit diff of `doc` as the server writes it: ops, their inverse on `before`, the version after. */
function entry(before: Page, ops: Operation[], title: string): { e: AuditLog; after: Page } {
  const after = { ...applyOps(before, ops), version: before.version + 1 };
  const e: AuditLog = {
    ID: nextId++,
    funnel_id: 1,
    CreatedAt: new Date(2026, 10, nextId).toISOString(),
    type: 'diff',
    title,
    message: '',
    task_url: '',
    doc: 'page:7',
    ops,
    inverse: invertOps(before, ops),
    version: after.version,
    user: { name: 'Ada' },
  };
  return { e, after };
}

const v1: Page = {
  ID: 7,
  version: 1,
  name: 'Checkout',
  meta: {
    products: [
      { uid: 'a', name: 'Serum', price: '49.00' },
      { uid: 'b', name: 'Cream', price: '29.00' },
      { uid: 'c', name: 'Mask', price: '19.00' },
    ],
  },
};

describe('stateAfter and replay', () => {
  const price = entry(v1, [{ op: 'replace', path: '/meta/products/1/price', value: '24.00' }], 'Set price');
  const rename = entry(price.after, [{ op: 'replace', path: '/name', value: 'Checkout B' }], 'Rename');
  const reorder = entry(rename.after, [{ op: 'move', from: '/meta/products/2', path: '/meta/products/0' }], 'Reorder');
  const history = docHistory([reorder.e, rename.e, price.e], 'page:7');
  const now = reorder.after;

  it("orders a document's diffs by version, oldest first, and leaves out other documents and notes", () => {
    const note = { ...price.e, ID: 99, type: 'note' as const, ops: null };
    const other = { ...price.e, ID: 98, doc: 'page:8' };
    expect(docHistory([reorder.e, note, other, rename.e, price.e], 'page:7').map((e) => e.title)).toEqual(['Set price', 'Rename', 'Reorder']);
  });

  it('walks the current document back to how it was after each entry, keeping its version', () => {
    expect(stateAfter(now, history, rename.e.ID)).toEqual({ ...rename.after, version: now.version });
    expect(stateAfter(now, history, price.e.ID)).toEqual({ ...price.after, version: now.version });
    expect(stateAfter(now, history, null)).toEqual({ ...v1, version: now.version });
    expect(stateAfter(now, history, reorder.e.ID)).toBe(now);
  });

  it('skips entries newer than the copy it walks back from (the log was read after the copy)', () => {
    const later = entry(now, [{ op: 'replace', path: '/name', value: 'Later' }], 'Later');
    expect(stateAfter(now, [...history, later.e], price.e.ID)).toEqual({ ...price.after, version: now.version });
  });

  it('replays forward from the first version to the current one', () => {
    expect(replay(v1, history)).toEqual({ ...now, version: v1.version });
  });

  it('names the entry whose inverse does not apply', () => {
    const broken = { ...v1, meta: { products: [] } };
    expect(() => stateAfter({ ...broken, version: 4 }, history, price.e.ID)).toThrow(ReplayError);
    expect(() => stateAfter({ ...broken, version: 4 }, history, price.e.ID)).toThrow(/"Reorder"/);
  });

  it('never writes the captcha secret or server-kept members', () => {
    const f = { ID: 1, version: 3, locked: false, name: 'F', details: { has_cf_secret_key: true, cf_secret_key_hint: '••••1234', x: 1 } };
    const e: AuditLog = {
      ...price.e,
      doc: 'funnel:1',
      version: 3,
      inverse: [
        { op: 'replace', path: '/details/cf_secret_key', value: '[redacted]' },
        { op: 'replace', path: '/locked', value: true },
        { op: 'replace', path: '/details', value: { cf_secret_key: '[redacted]', has_cf_secret_key: false, x: 0 } },
      ],
    };
    expect(stateAfter(f, [e], null)).toEqual({ ...f, details: { x: 0 } });
  });

  it('replaying a random op stream and walking it back agree at every entry (property)', () => {
    const step = fc.record({ kind: fc.constantFrom('price', 'add', 'remove', 'move', 'name'), i: fc.nat(9), j: fc.nat(9), v: fc.string({ maxLength: 4 }) });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 10 }), (steps) => {
        let cur = v1;
        const entries: AuditLog[] = [];
        for (const [k, s] of steps.entries()) {
          const list = cur.meta.products;
          let op: Operation | null = null;
          if (s.kind === 'price' && list.length) op = { op: 'replace', path: `/meta/products/${s.i % list.length}/price`, value: s.v };
          if (s.kind === 'add') op = { op: 'add', path: `/meta/products/${s.i % (list.length + 1)}`, value: { uid: `n${k}`, name: s.v, price: '1.00' } };
          if (s.kind === 'remove' && list.length) op = { op: 'remove', path: `/meta/products/${s.i % list.length}` };
          if (s.kind === 'move' && list.length) op = { op: 'move', from: `/meta/products/${s.i % list.length}`, path: `/meta/products/${s.j % list.length}` };
          if (s.kind === 'name') op = { op: 'replace', path: '/name', value: s.v };
          if (!op) continue;
          const r = entry(cur, [op], `step ${k}`);
          entries.push(r.e);
          cur = r.after;
        }
        expect(replay(v1, entries)).toEqual({ ...cur, version: v1.version });
        for (const [k, e] of entries.entries()) {
          expect(stateAfter(cur, entries, e.ID)).toEqual({ ...replay(v1, entries.slice(0, k + 1)), version: cur.version });
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('revertPlan', () => {
  const price = entry(v1, [{ op: 'replace', path: '/meta/products/1/price', value: '24.00' }], 'Set price');

  it('puts the old value back when nothing later touched it', () => {
    const later = entry(price.after, [{ op: 'replace', path: '/name', value: 'Checkout B' }], 'Rename');
    const plan = revertPlan(price.e, price.after, later.after);
    expect(plan.conflicts).toEqual([]);
    expect(plan.value.meta.products[1]?.price).toBe('29.00');
    expect(plan.value.name).toBe('Checkout B');
  });

  it('follows the item by identity when a later change moved it', () => {
    const moved = entry(price.after, [{ op: 'move', from: '/meta/products/1', path: '/meta/products/2' }], 'Reorder');
    const plan = revertPlan(price.e, price.after, moved.after);
    expect(plan.ops).toEqual([{ op: 'replace', path: '/meta/products/2/price', value: '29.00' }]);
    expect(plan.value.meta.products.map((p) => `${p.uid}:${p.price}`)).toEqual(['a:49.00', 'c:19.00', 'b:29.00']);
  });

  it('asks when a later change (saved or unsaved) changed the same value: both values, nothing reverted silently', () => {
    const again = entry(price.after, [{ op: 'replace', path: '/meta/products/1/price', value: '21.00' }], 'Set price again');
    const plan = revertPlan(price.e, price.after, again.after);
    expect(plan.conflicts).toEqual([expect.objectContaining({ kind: 'changed', path: '/meta/products/1/price', mine: '29.00', theirs: '21.00' })]);
    expect(plan.ops).toEqual([]);
    expect(plan.value).toBe(again.after);
    const anyway = revertPlan(price.e, price.after, again.after, { [plan.conflicts[0]!.id]: 'mine' });
    expect(anyway.conflicts).toEqual([]);
    expect(anyway.value.meta.products[1]?.price).toBe('29.00');
  });

  it('asks when a later change removed the item the change was made on', () => {
    const gone = entry(price.after, [{ op: 'remove', path: '/meta/products/1' }], 'Remove Cream');
    const plan = revertPlan(price.e, price.after, gone.after);
    expect(plan.conflicts).toEqual([expect.objectContaining({ kind: 'removed' })]);
    expect(plan.value).toBe(gone.after);
  });

  it('reverts an insert whose identity the server added: the item goes, found by that identity', () => {
    // The client added an item without uid; the server added it (its own op, recorded after).
    const ops: Operation[] = [
      { op: 'add', path: '/meta/products/0', value: { name: 'Gift', price: '0.00' } },
      { op: 'add', path: '/meta/products/0/uid', value: 'g' },
    ];
    const ins = entry(v1, ops, 'Add gift');
    const moved = entry(ins.after, [{ op: 'move', from: '/meta/products/0', path: '/meta/products/3' }], 'Reorder');
    const plan = revertPlan(ins.e, ins.after, moved.after);
    expect(plan.conflicts).toEqual([]);
    expect(plan.value.meta.products.map((p) => p.uid)).toEqual(['a', 'b', 'c']);
  });
});

describe('restoreOps and versionDifferences', () => {
  const now: Page = { ...v1, version: 5, name: 'Checkout B', meta: { ...v1.meta, headline: 'New', products: v1.meta.products.slice(0, 2) } };

  it('turns the current document into the older version, leaving version and identity alone', () => {
    const past = { ...v1, version: 2 };
    const ops = restoreOps(now, past);
    expect(ops.some((o) => o.path === '/version' || o.path === '/ID')).toBe(false);
    expect(applyOps(now, ops)).toEqual({ ...v1, version: 5 });
    expect(restoreOps(now, now)).toEqual([]);
  });

  it('lists what differs between a version and now: changed values, and list items by identity (a removed item is one line)', () => {
    expect(versionDifferences({ ...v1, version: 2 }, now)).toEqual([
      { path: '/name', then: 'Checkout', now: 'Checkout B' },
      { path: '/meta/products', then: v1.meta.products[2], now: undefined, kind: 'removed' },
      { path: '/meta/headline', then: undefined, now: 'New' },
    ]);
  });

  it('shows a reorder as one order line, and an edit of a moved item at its place now', () => {
    const [a, b, c] = v1.meta.products;
    const moved = { ...v1, meta: { products: [c!, a!, { ...b!, price: '1.00' }, { uid: 'd', name: 'Gift', price: '0.00' }] } };
    expect(versionDifferences(v1, moved)).toEqual([
      { path: '/meta/products/2/price', then: '29.00', now: '1.00' },
      { path: '/meta/products/3', then: undefined, now: { uid: 'd', name: 'Gift', price: '0.00' }, kind: 'added' },
      { path: '/meta/products', then: ['Serum', 'Cream', 'Mask'], now: ['Mask', 'Serum', 'Cream'], kind: 'order' },
    ]);
    // Restoring is position by position: the ops turn the copy into the version exactly.
    expect(applyOps(moved, restoreOps(moved, v1))).toEqual(v1);
  });
});

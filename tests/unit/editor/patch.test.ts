/**
 * The op plumbing under the command log: immer patches → RFC 6902 ops (checked against the
 * shared RFC 6902 applier in src/model/jsonpatch.ts) and the structure-sharing applier.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { enablePatches, freeze, produceWithPatches } from 'immer';
import { applyOps, PatchError, type Operation } from '../../../src/model/jsonpatch';
import { applyShared, recordOps, squashOps } from '../../../src/editor/patch';
import { at } from '../../at';

enablePatches();

interface Item {
  id: number;
  n: number;
  tags: string[];
}
interface Doc {
  name: string;
  tags: string[];
  items: Item[];
  meta: Record<string, unknown>;
}

const itemArb: fc.Arbitrary<Item> = fc.record({ id: fc.nat(99), n: fc.integer(), tags: fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }) });
const docArb: fc.Arbitrary<Doc> = fc.record({
  name: fc.string({ maxLength: 5 }),
  tags: fc.array(fc.string({ maxLength: 3 }), { maxLength: 6 }),
  items: fc.array(itemArb, { maxLength: 6 }),
  meta: fc.record({ 'a/b': fc.integer(), 'c~d': fc.string({ maxLength: 3 }), nested: fc.record({ list: fc.array(fc.nat(9), { maxLength: 4 }) }) }),
});

type Action = (d: Doc) => void;
/** `i` wrapped into `[0, len)` (0 for an empty list). */
const wrap = (len: number, i: number) => (len === 0 ? 0 : i % len);
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.string({ maxLength: 4 }).map((s) => (d: Doc) => {
    d.name = s;
  }),
  fc.string({ maxLength: 3 }).map((s) => (d: Doc) => {
    d.tags.push(s);
  }),
  fc.tuple(fc.nat(9), fc.nat(3), fc.array(fc.string({ maxLength: 2 }), { maxLength: 2 })).map(([i, del, ins]) => (d: Doc) => {
    d.tags.splice(wrap(d.tags.length + 1, i), del, ...ins);
  }),
  fc.constant((d: Doc) => {
    d.tags.shift();
  }),
  fc.constant((d: Doc) => {
    d.tags.pop();
  }),
  fc.string({ maxLength: 2 }).map((s) => (d: Doc) => {
    d.tags.unshift(s);
  }),
  fc.nat(5).map((n) => (d: Doc) => {
    if (n < d.tags.length) d.tags.length = n;
  }),
  fc.tuple(fc.nat(9), fc.integer()).map(([i, n]) => (d: Doc) => {
    if (d.items.length) at(d.items, wrap(d.items.length, i), 'item').n = n;
  }),
  fc.tuple(fc.nat(9), fc.string({ maxLength: 2 })).map(([i, s]) => (d: Doc) => {
    if (d.items.length) at(d.items, wrap(d.items.length, i), 'item').tags.push(s);
  }),
  fc.nat(9).map((i) => (d: Doc) => {
    d.items.splice(wrap(d.items.length, i), 1);
  }),
  fc.tuple(fc.nat(9), itemArb).map(([i, it]) => (d: Doc) => {
    d.items.splice(wrap(d.items.length + 1, i), 0, it);
  }),
  fc.tuple(fc.nat(9), fc.nat(9)).map(([a, b]) => (d: Doc) => {
    if (!d.items.length) return;
    const x = at(d.items.splice(wrap(d.items.length, a), 1), 0, 'removed item');
    d.items.splice(wrap(d.items.length + 1, b), 0, x);
  }),
  fc.tuple(fc.nat(9), fc.integer()).map(([i, n]) => (d: Doc) => {
    // modify an element, then shift the array under it
    if (d.items.length < 2) return;
    at(d.items, wrap(d.items.length, i), 'item').n = n;
    d.items.shift();
  }),
  fc.constant((d: Doc) => {
    d.items.reverse();
  }),
  fc.integer().map((n) => (d: Doc) => {
    d.meta['a/b'] = n;
  }),
  fc.constant((d: Doc) => {
    delete d.meta['c~d'];
  }),
  fc.tuple(fc.constantFrom('x/y', '~0', 'new~key/', 'p'), fc.integer()).map(([k, n]) => (d: Doc) => {
    d.meta[k] = n;
  }),
  fc.nat(9).map((n) => (d: Doc) => {
    (d.meta.nested as { list: number[] }).list.push(n);
  }),
  fc.array(itemArb, { maxLength: 3 }).map((items) => (d: Doc) => {
    d.items = items;
  }),
);

describe('immer patches → RFC 6902 ops', () => {
  it('ops turn base into next and the inverse turns next back into base, for random recipes', () => {
    fc.assert(
      fc.property(docArb, fc.array(actionArb, { minLength: 1, maxLength: 4 }), (raw, actions) => {
        const base = freeze(structuredClone(raw), true);
        const [next, patches, inversePatches] = produceWithPatches(base, (d) => {
          for (const a of actions) a(d);
        });
        const { ops, inverse } = recordOps(base, next, patches, inversePatches);
        expect(patches.length === 0).toBe(ops.length === 0);
        expect(applyOps(base, ops)).toEqual(next);
        expect(applyOps(next, inverse)).toEqual(base);
        // The sharing applier agrees with the reference applier.
        const shared = applyShared(base, ops);
        expect(shared.value).toEqual(next);
        expect(applyShared(shared.value, shared.inverse).value).toEqual(base);
      }),
      { numRuns: 400 },
    );
  });

  it('records one op for a splice or a removal from the front of a list', () => {
    const base = freeze({ list: ['a', 'b', 'c', 'd', 'e'] }, true);
    const [n1, p1, i1] = produceWithPatches(base, (d) => {
      d.list.splice(1, 1);
    });
    expect(recordOps(base, n1, p1, i1)).toEqual({
      ops: [{ op: 'remove', path: '/list/1' }],
      inverse: [{ op: 'add', path: '/list/1', value: 'b' }],
    });
    const [n2, p2, i2] = produceWithPatches(base, (d) => {
      d.list.unshift('z');
    });
    expect(recordOps(base, n2, p2, i2)).toEqual({
      ops: [{ op: 'add', path: '/list/0', value: 'z' }],
      inverse: [{ op: 'remove', path: '/list/0' }],
    });
  });

  it('escapes "/" and "~" in keys as RFC 6901 requires', () => {
    const base = freeze({ 'a/b': 1, 'c~d': { 'e~/f': 2 } }, true);
    const [next, p, ip] = produceWithPatches(base, (d) => {
      d['a/b'] = 3;
      d['c~d']['e~/f'] = 4;
    });
    const { ops } = recordOps(base, next, p, ip);
    expect(ops).toEqual(
      expect.arrayContaining([
        { op: 'replace', path: '/a~1b', value: 3 },
        { op: 'replace', path: '/c~0d/e~0~1f', value: 4 },
      ]),
    );
  });

  it('turns a replace of an array length into removes from the end', async () => {
    const { patchesToOps } = await import('../../../src/editor/patch');
    const ops = patchesToOps([{ op: 'replace', path: ['list', 'length'], value: 2 }], { list: [1, 2, 3, 4] });
    expect(ops).toEqual([
      { op: 'remove', path: '/list/3' },
      { op: 'remove', path: '/list/2' },
    ]);
    expect(applyOps({ list: [1, 2, 3, 4] }, ops)).toEqual({ list: [1, 2] });
  });
});

describe('applyShared', () => {
  const base = freeze({ a: { x: 1 }, b: { y: [1, 2, 3] }, c: 'keep' }, true);

  it('copies only the touched path and shares the rest', () => {
    const { value } = applyShared(base, [{ op: 'replace', path: '/a/x', value: 2 }]);
    expect(value).toEqual({ a: { x: 2 }, b: { y: [1, 2, 3] }, c: 'keep' });
    expect(value.b).toBe(base.b);
    expect(base.a.x).toBe(1);
    expect(Object.isFrozen(value.a)).toBe(true);
  });

  it('is all-or-nothing and names the failing op', () => {
    const ops: Operation[] = [
      { op: 'replace', path: '/a/x', value: 5 },
      { op: 'remove', path: '/nope' },
    ];
    expect(() => applyShared(base, ops)).toThrow(PatchError);
    expect(() => applyShared(base, ops)).toThrow(/Operation 1 \(remove \/nope\)/);
    expect(base.a.x).toBe(1);
  });

  it('rejects what RFC 6902 rejects, like the reference applier', () => {
    const doc = freeze({ list: [1, 2], obj: { k: 1 } }, true);
    const bad: Operation[][] = [
      [{ op: 'replace', path: '/list/2', value: 0 }],
      [{ op: 'remove', path: '/list/2' }],
      [{ op: 'remove', path: '/list/-' }],
      [{ op: 'add', path: '/list/3', value: 0 }],
      [{ op: 'replace', path: '/obj/missing', value: 0 }],
      [{ op: 'remove', path: '/obj/missing' }],
      [{ op: 'add', path: '/missing/k', value: 0 }],
      [{ op: 'move', from: '/obj', path: '/obj/k/x' }],
      [{ op: 'copy', from: '/nope', path: '/x' }],
    ];
    for (const ops of bad) {
      expect(() => applyOps(doc, ops), JSON.stringify(ops)).toThrow(PatchError);
      expect(() => applyShared(doc, ops), JSON.stringify(ops)).toThrow(PatchError);
    }
    expect(() => applyShared(doc, [{ op: 'add', path: '/obj/__proto__', value: { polluted: true } }])).toThrow(PatchError);
    // RFC 6901: no leading zeros in array indices (stricter than fast-json-patch)
    expect(() => applyShared(doc, [{ op: 'add', path: '/list/01', value: 0 }])).toThrow(PatchError);
    expect(applyShared(doc, [{ op: 'add', path: '/list/2', value: 3 }]).value.list).toEqual([1, 2, 3]);
  });

  it('applies move/copy/test with RFC 6902 semantics and inverts them', () => {
    const ops: Operation[] = [
      { op: 'move', from: '/b/y/0', path: '/b/y/2' },
      { op: 'copy', from: '/a', path: '/d' },
      { op: 'test', path: '/d', value: { x: 1 } },
      { op: 'move', from: '/c', path: '/a' },
      { op: 'add', path: '/b/y/-', value: 9 },
    ];
    const r = applyShared(base, ops);
    expect(r.value).toEqual(applyOps(base, ops));
    expect(applyShared(r.value, r.inverse).value).toEqual(base);
    expect(() => applyShared(base, [{ op: 'test', path: '/c', value: 'other' }])).toThrow(PatchError);
  });

  it('squashes repeated replaces of one path', () => {
    expect(
      squashOps([
        { op: 'replace', path: '/t', value: 'a' },
        { op: 'replace', path: '/t', value: 'ab' },
        { op: 'replace', path: '/u', value: 1 },
        { op: 'replace', path: '/u', value: 2 },
        { op: 'remove', path: '/u' },
      ]),
    ).toEqual([
      { op: 'replace', path: '/t', value: 'ab' },
      { op: 'remove', path: '/u' },
    ]);
  });
});

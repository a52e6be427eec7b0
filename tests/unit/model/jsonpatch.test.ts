import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyOps, invertOps, PatchError, type Operation } from '../../../src/model';

describe('RFC 6902 helpers', () => {
  it('never writes into an op value: a later op of the same patch changes the document only', () => {
    const ops = Object.freeze([
      Object.freeze({ op: 'add', path: '/list', value: Object.freeze([Object.freeze({ text: 'a' })]) }),
      Object.freeze({ op: 'replace', path: '/list/0/text', value: 'b' }),
    ]) as unknown as Operation[];
    const out = applyOps({ name: 'x' }, ops);
    expect(out).toEqual({ name: 'x', list: [{ text: 'b' }] });
    expect((ops[0] as { value: unknown }).value).toEqual([{ text: 'a' }]);
    // The recorded ops replay to the same result again.
    expect(applyOps({ name: 'x' }, ops)).toEqual(out);
  });

  const doc = { a: 1, list: [1, 2, 3], nested: { 'x/y': 'slash', 't~': 'tilde' } };

  it('applies without mutating the input', () => {
    const before = structuredClone(doc);
    const out = applyOps(doc, [
      { op: 'replace', path: '/a', value: 2 },
      { op: 'add', path: '/list/-', value: 4 },
    ]);
    expect(out).toEqual({ ...before, a: 2, list: [1, 2, 3, 4] });
    expect(doc).toEqual(before);
  });

  it('fails the whole patch when one op does not apply (RFC 6902 §5)', () => {
    expect(() =>
      applyOps(doc, [
        { op: 'replace', path: '/a', value: 2 },
        { op: 'remove', path: '/missing' },
      ]),
    ).toThrow(PatchError);
    expect(() => applyOps(doc, [{ op: 'test', path: '/a', value: 9 }])).toThrow(/Operation 0/);
    expect(() => applyOps(doc, [{ op: 'jump', path: '/a' } as unknown as Operation])).toThrow(/unknown op/);
    expect(() => applyOps(doc, {} as unknown as Operation[])).toThrow(/must be an array/);
  });

  it('escapes ~ and / in pointers (RFC 6901)', () => {
    const ops: Operation[] = [
      { op: 'replace', path: '/nested/x~1y', value: 'S' },
      { op: 'remove', path: '/nested/t~0' },
    ];
    const out = applyOps(doc, ops);
    expect(out.nested).toEqual({ 'x/y': 'S' });
    expect(applyOps(out, invertOps(doc, ops))).toEqual(doc);
  });

  it('inverts move, copy, add on arrays and replace', () => {
    const ops: Operation[] = [
      { op: 'move', from: '/list/0', path: '/list/2' },
      { op: 'copy', from: '/a', path: '/list/1' },
      { op: 'add', path: '/b', value: { c: 1 } },
      { op: 'replace', path: '/a', value: 5 },
    ];
    const out = applyOps(doc, ops);
    expect(applyOps(out, invertOps(doc, ops))).toEqual(doc);
  });

  it('inverse restores the original for random patches (property)', () => {
    const value = fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), fc.constant(null));
    const step = fc.record({
      kind: fc.constantFrom('set', 'push', 'remove', 'move', 'del'),
      key: fc.constantFrom('p', 'q', 'r'),
      v: value,
      i: fc.nat(5),
      j: fc.nat(5),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        const start = { p: 1, list: [10, 20, 30] as unknown[] } as Record<string, unknown> & { list: unknown[] };
        let cur = structuredClone(start);
        const ops: Operation[] = [];
        for (const s of steps) {
          let op: Operation | null = null;
          if (s.kind === 'set') op = { op: 'add', path: `/${s.key}`, value: s.v };
          if (s.kind === 'del' && s.key in cur) op = { op: 'remove', path: `/${s.key}` };
          if (s.kind === 'push') op = { op: 'add', path: `/list/${Math.min(s.i, cur.list.length)}`, value: s.v };
          if (s.kind === 'remove' && cur.list.length) op = { op: 'remove', path: `/list/${s.i % cur.list.length}` };
          if (s.kind === 'move' && cur.list.length) op = { op: 'move', from: `/list/${s.i % cur.list.length}`, path: `/list/${s.j % cur.list.length}` };
          if (!op) continue;
          cur = applyOps(cur, [op]);
          ops.push(op);
        }
        expect(applyOps(cur, invertOps(start, ops))).toEqual(start);
      }),
      { numRuns: 300 },
    );
  });
});

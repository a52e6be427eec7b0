/**
 * The one RFC 6902 implementation (src/model/jsonpatch.ts) that client and server share:
 * apply/invert round trips on random documents and ops, the inverse of a `move` that
 * overwrote a key, and refusal of every spelling of a prototype-polluting pointer.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyOps, applyShared, assertOperations, invertOps, PatchError, type Operation } from '../../../src/model/jsonpatch';
import { at } from '../../at';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const keyArb = fc.constantFrom('a', 'b', 'c', 'x/y', 'm~n', '0', '');
const jsonArb: fc.Arbitrary<Json> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer(),
    fc.string({ maxLength: 3 }),
    fc.boolean(),
    fc.constant(null),
    tie('arr'),
    tie('obj'),
  ),
  arr: fc.array(tie('value'), { maxLength: 4 }),
  obj: fc.dictionary(keyArb, tie('value'), { maxKeys: 4 }),
})).value as fc.Arbitrary<Json>;
const docArb = fc.dictionary(keyArb, jsonArb, { minKeys: 1, maxKeys: 5 });

const enc = (t: string) => t.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every pointer to an existing value of `doc` (not the root). */
function pointers(doc: Json, at = ''): string[] {
  if (doc === null || typeof doc !== 'object') return [];
  const out: string[] = [];
  const entries: [string, Json][] = Array.isArray(doc) ? doc.map((v, i) => [String(i), v]) : Object.entries(doc);
  for (const [k, v] of entries) {
    const p = `${at}/${enc(k)}`;
    out.push(p, ...pointers(v, p));
  }
  return out;
}

/** Random ops that apply in order to `doc` (each drawn against the document so far). */
const opsFor = (doc: Json): fc.Arbitrary<Operation[]> =>
  fc.array(fc.tuple(fc.nat(6), fc.nat(1000), fc.nat(1000), jsonArb, keyArb), { minLength: 1, maxLength: 6 }).map((draws) => {
    let cur = doc;
    const ops: Operation[] = [];
    for (const [kind, i, j, value, key] of draws) {
      const ps = pointers(cur);
      const containers = ['', ...ps].filter((p) => {
        const v = p === '' ? cur : get(cur, p);
        return v !== null && typeof v === 'object';
      });
      let op: Operation | undefined;
      const target = ps.length ? ps[i % ps.length] : undefined;
      const parent = at(containers, i % containers.length, 'container');
      const pv = parent === '' ? cur : get(cur, parent);
      const newPath = Array.isArray(pv) ? `${parent}/${j % (pv.length + 1)}` : `${parent}/${enc(key)}`;
      switch (kind) {
        case 0:
          op = { op: 'add', path: newPath, value };
          break;
        case 1:
          if (target) op = { op: 'remove', path: target };
          break;
        case 2:
          if (target) op = { op: 'replace', path: target, value };
          break;
        case 3:
          if (target && !newPath.startsWith(target + '/') && newPath !== target) op = { op: 'move', from: target, path: newPath };
          break;
        case 4:
          if (target) op = { op: 'copy', from: target, path: newPath };
          break;
        case 5:
          if (target) op = { op: 'test', path: target, value: get(cur, target) };
          break;
        default:
          if (target && ps.length > 1) {
            const to = at(ps, j % ps.length, 'pointer');
            if (!to.startsWith(target + '/') && !target.startsWith(to + '/') && to !== target) op = { op: 'move', from: target, path: to };
          }
      }
      if (!op) continue;
      try {
        cur = applyOps(cur, [op]);
        ops.push(op);
      } catch {
        /* e.g. a move onto an array index past the end after removal: not drawn */
      }
    }
    return ops;
  });

function get(doc: Json, pointer: string): Json | undefined {
  let cur: Json | undefined = doc;
  for (const t of pointer
    .slice(1)
    .split('/')
    .map((x) => x.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = Array.isArray(cur) ? cur[Number(t)] : Object.prototype.hasOwnProperty.call(cur, t) ? cur[t] : undefined;
  }
  return cur;
}

describe('apply and invert (RFC 6902)', () => {
  it('applying the inverse of random ops restores the document exactly, and the input is never mutated', () => {
    fc.assert(
      fc.property(
        docArb.chain((doc) => fc.tuple(fc.constant(doc), opsFor(doc))),
        ([doc, ops]) => {
          const before = JSON.stringify(doc);
          const after = applyOps(doc, ops);
          const inverse = invertOps(doc, ops);
          expect(applyOps(after, inverse)).toEqual(doc);
          // Both sides compute the same inverse: the one applyShared returns is what invertOps gives.
          expect(applyShared(doc, ops).inverse).toEqual(inverse);
          expect(JSON.stringify(doc)).toBe(before);
        },
      ),
      { numRuns: 400 },
    );
  }, 60_000);

  it('the inverse of a move that overwrote a key brings the overwritten value back', () => {
    const doc = { a: 1, b: 2 };
    const ops: Operation[] = [{ op: 'move', from: '/a', path: '/b' }];
    const after = applyOps(doc, ops);
    expect(after).toEqual({ b: 1 });
    const inverse = invertOps(doc, ops);
    expect(applyOps(after, inverse)).toEqual({ a: 1, b: 2 });
  });

  it('a failed test names the op as "test" and applies nothing (all or nothing)', () => {
    const doc = { a: 1, list: [{ id: 'x' }] };
    try {
      applyOps(doc, [
        { op: 'replace', path: '/a', value: 2 },
        { op: 'test', path: '/list/0/id', value: 'y' },
      ]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PatchError);
      expect((e as PatchError).op).toBe('test');
      expect((e as PatchError).index).toBe(1);
    }
    expect(doc.a).toBe(1);
  });
});

describe('prototype pollution', () => {
  const spellings: Operation[] = [
    { op: 'add', path: '/__proto__/polluted', value: 'yes' },
    { op: 'add', path: '/meta/__proto__/polluted', value: 'yes' },
    { op: 'replace', path: '/constructor/prototype/polluted', value: 'yes' },
    { op: 'add', path: '/meta/products/0/constructor', value: 'yes' },
    { op: 'add', path: '/prototype', value: 'yes' },
    { op: 'move', from: '/__proto__', path: '/meta/x' },
    { op: 'copy', from: '/constructor/prototype', path: '/meta/x' },
    { op: 'test', path: '/__proto__', value: {} },
    { op: 'remove', path: '/meta/__proto__' },
    { op: 'add', path: '/meta/x', value: JSON.parse('{"__proto__":{"polluted":"yes"}}') },
    { op: 'add', path: '/meta/x', value: JSON.parse('{"a":[{"constructor":{"prototype":{"polluted":"yes"}}}]}') },
    // JSON escapes decode to the same key before the pointer is read.
    JSON.parse('{"op":"add","path":"/\\u005f_proto__/polluted","value":"yes"}') as Operation,
  ];
  it.each(spellings.map((op) => [JSON.stringify(op), op] as const))('refuses %s before applying anything', (_, op) => {
    const doc = { meta: { products: [{ a: 1 }] } };
    const ops = [{ op: 'replace', path: '/meta/products/0/a', value: 2 } as Operation, op];
    expect(() => assertOperations(ops)).toThrow(/is refused: .* is not allowed in a JSON Patch/);
    let thrown: unknown;
    try {
      applyOps(doc, ops);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(PatchError);
    expect((thrown as PatchError).forbidden).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(at(doc.meta.products, 0, 'product').a).toBe(1);
  });

  it('still accepts ordinary keys that merely contain those words (RFC 6901 escapes decoded)', () => {
    const doc = { meta: {} };
    const out = applyOps(doc, [
      { op: 'add', path: '/meta/__proto__x', value: 1 },
      { op: 'add', path: '/meta/my~1constructor', value: 2 },
      { op: 'add', path: '/meta/prototypes', value: 3 },
    ]);
    expect(out).toEqual({ meta: { __proto__x: 1, 'my/constructor': 2, prototypes: 3 } });
  });
});

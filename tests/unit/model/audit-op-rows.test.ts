/** The Logs tab's rows of a diff: no identity ops, and old → new values. */
import { describe, expect, it } from 'vitest';
import { auditOpRows } from '../../../src/model';

describe('auditOpRows', () => {
  it("leaves out the server's /…/uid ops and uids inside values", () => {
    const rows = auditOpRows({
      ops: [
        { op: 'add', path: '/meta/products/1', value: { _price: 5, uid: 'a1', features: [{ f: 'x', uid: 'b2' }] } },
        { op: 'add', path: '/meta/products/1/uid', value: 'a1' },
      ],
      inverse: [
        { op: 'remove', path: '/meta/products/1/uid' },
        { op: 'remove', path: '/meta/products/1' },
      ],
    });
    expect(rows).toEqual([{ op: 'add', path: '/meta/products/1', value: { _price: 5, features: [{ f: 'x' }] } }]);
  });
  it('gives a replace and a remove the value they replaced, read from the inverse', () => {
    const rows = auditOpRows({
      ops: [
        { op: 'replace', path: '/name', value: 'B' },
        { op: 'replace', path: '/name', value: 'C' },
        { op: 'remove', path: '/meta/x' },
      ],
      inverse: [
        { op: 'add', path: '/meta/x', value: 1 },
        { op: 'replace', path: '/name', value: 'B' },
        { op: 'replace', path: '/name', value: 'A' },
      ],
    });
    expect(rows).toEqual([
      { op: 'replace', path: '/name', value: 'B', old: { value: 'A' } },
      { op: 'replace', path: '/name', value: 'C' },
      { op: 'remove', path: '/meta/x', old: { value: 1 } },
    ]);
  });
  it('shows no old values without an inverse, and keeps move/copy sources', () => {
    expect(
      auditOpRows({
        ops: [
          { op: 'move', from: '/a/0', path: '/a/2' },
          { op: 'replace', path: '/b', value: null },
        ],
        inverse: null,
      }),
    ).toEqual([
      { op: 'move', path: '/a/2', from: '/a/0' },
      { op: 'replace', path: '/b', value: null },
    ]);
    expect(auditOpRows({ ops: null, inverse: null })).toEqual([]);
  });
});

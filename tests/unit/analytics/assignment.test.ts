/** Sticky split assignment (001 §3 split): the branch is the visitor's for good, the shares hold, 'match' wins. */
import { describe, expect, it } from 'vitest';
import { assignSplit, fnv1a32, type SplitRule } from '../../../src/model';

/** A deterministic stream of visitor ids (a linear congruential generator), as random ids would be. */
function visitorIds(n: number, seed = 7): string[] {
  const out: string[] = [];
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const t = (Math.imul(s, 2654435761) >>> 0).toString(16).padStart(8, '0');
    out.push(`v${t}${i.toString(36).padStart(4, '0')}`);
  }
  return out;
}

const none = new URLSearchParams();

describe('fnv1a32', () => {
  // The FNV-1a 32-bit test vectors of the algorithm's authors (Fowler, Noll, Vo; draft-eastlake-fnv).
  it.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('hashes %j to the published value', (s, h) => {
    expect(fnv1a32(s)).toBe(h);
  });
});

describe('assignSplit', () => {
  const half: SplitRule[] = [{ type: 'percent', value: '50' }];

  it('gives a visitor the same branch on every visit, whatever the random source says', () => {
    for (const v of visitorIds(1000)) {
      const first = assignSplit(half, none, v, 12, () => 0);
      for (const r of [0.01, 0.5, 0.99]) expect(assignSplit(half, none, v, 12, () => r)).toBe(first);
    }
  });

  it('draws independently per split page', () => {
    const ids = visitorIds(10_000);
    const same = ids.filter((v) => assignSplit(half, none, v, 12) === assignSplit(half, none, v, 13)).length;
    expect(Math.abs(same / ids.length - 0.5)).toBeLessThan(0.02);
  });

  it.each([10, 25, 50, 90])('sends %i percent of 100,000 simulated visitors to the skip page, within one point', (pct) => {
    const rules: SplitRule[] = [{ type: 'percent', value: String(pct) }];
    const ids = visitorIds(100_000, pct);
    const skip = ids.filter((v) => assignSplit(rules, none, v, 42) === 'skip').length;
    const share = (skip / ids.length) * 100;
    console.log(`split ${pct}%: ${share.toFixed(2)}% of 100,000 visitors to the skip page`);
    expect(Math.abs(share - pct)).toBeLessThanOrEqual(1);
  });

  it('sums the percent conditions, caps them at 100 and ignores values that are not digits', () => {
    const ids = visitorIds(2000);
    expect(
      ids.every(
        (v) =>
          assignSplit(
            [
              { type: 'percent', value: '60' },
              { type: 'percent', value: '70' },
            ],
            none,
            v,
            1,
          ) === 'skip',
      ),
    ).toBe(true);
    expect(ids.every((v) => assignSplit([{ type: 'percent', value: '1e3' }], none, v, 1) === 'next')).toBe(true);
    expect(ids.every((v) => assignSplit([], none, v, 1) === 'next')).toBe(true);
  });

  it("lets a 'match' condition win over the draw", () => {
    const rules: SplitRule[] = [
      { type: 'percent', value: '0' },
      { type: 'match', param: 'affid', value: '77' },
    ];
    expect(assignSplit(rules, new URLSearchParams('affid=77'), 'visitor-0001', 5)).toBe('match');
    expect(assignSplit(rules, new URLSearchParams('affid=78'), 'visitor-0001', 5)).toBe('next');
  });

  it('draws once per visit from the random source without a visitor id', () => {
    expect(assignSplit(half, none, null, 5, () => 0.49)).toBe('skip');
    expect(assignSplit(half, none, null, 5, () => 0.5)).toBe('next');
  });
});

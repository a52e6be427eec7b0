/**
 * The JSON nesting bound of every body (src/server/body-limits.ts): measured
 * on the text without recursion, agreeing with the parsed value's depth.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonNestedDeeperThan, MAX_BODY_DEPTH } from '../../../src/server/body-limits.ts';

/** The nesting depth of a parsed JSON value (iterative). */
function depthOf(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    max = Math.max(max, d);
    for (const x of Object.values(v)) stack.push([x, d + 1]);
  }
  return max;
}

describe('jsonNestedDeeperThan', () => {
  it('agrees with the depth of the parsed value, whatever the strings hold', () => {
    const text = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a') });
    fc.assert(
      fc.property(
        fc.letrec((tie) => ({
          node: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(text, tie('node'), { maxKeys: 3 })),
        })).node,
        fc.integer({ min: 0, max: 8 }),
        (value, limit) => {
          const json = JSON.stringify(value);
          expect(jsonNestedDeeperThan(json, limit)).toBe(depthOf(value) > limit);
        },
      ),
    );
  });

  it(`takes ${MAX_BODY_DEPTH} levels by default, refuses ${MAX_BODY_DEPTH + 1}, and a million without overflowing`, () => {
    const nested = (d: number) => '['.repeat(d) + ']'.repeat(d);
    expect(jsonNestedDeeperThan(nested(MAX_BODY_DEPTH))).toBe(false);
    expect(jsonNestedDeeperThan(nested(MAX_BODY_DEPTH + 1))).toBe(true);
    expect(jsonNestedDeeperThan(nested(1_000_000))).toBe(true);
    expect(jsonNestedDeeperThan(JSON.stringify({ s: '['.repeat(1000), t: '\\"[[[' }))).toBe(false);
  });
});

/**
 * The split test's statistics against published worked examples: Newcombe 1998 (Statistics in
 * Medicine 17:857–872, Table I) for Wilson's score interval of one proportion, and Newcombe 1998
 * (Statistics in Medicine 17:873–890, Table II, method 10) for the hybrid score interval of the
 * difference of two — and the verdict's rules.
 */
import { describe, expect, it } from 'vitest';
import { splitVerdict } from '../../../src/model';
import { compareProportions, twoProportionP, wilson, Z95 } from '../../../src/server/analytics/statistics';

const r4 = (x: number) => Number(x.toFixed(4));

describe("Wilson's score interval", () => {
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i is %f to %f (Newcombe 1998, Table I)', (x, n, low, high) => {
    const [l, h] = wilson(x, n);
    expect([r4(l), r4(h)]).toEqual([low, high]);
  });
  it('uses the exact quantile of a 95 % interval', () => {
    expect(Z95).toBeCloseTo(1.959964, 6);
  });
});

describe("Newcombe's hybrid score interval of a difference", () => {
  // Table II's columns are p1 = m/n and p2 = x/y with the difference p1 − p2: our rate B − rate A.
  it.each([
    [56, 70, 48, 80, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.1705, 0.809],
    [6, 7, 2, 7, 0.0582, 0.8062],
    [5, 56, 0, 29, -0.0381, 0.1926],
    [0, 10, 0, 20, -0.1611, 0.2775],
    [0, 10, 0, 10, -0.2775, 0.2775],
    [10, 10, 0, 20, 0.6791, 1],
    [10, 10, 0, 10, 0.6075, 1],
  ])('%i/%i − %i/%i is %f to %f (Table II, method 10)', (m, n, x, y, low, high) => {
    const c = compareProportions(x, y, m, n);
    expect([r4(c.low), r4(c.high)]).toEqual([low, high]);
    expect(c.difference).toBeCloseTo(m / n - x / y, 12);
  });
  it('gives the pooled z-test a p-value below 0.05 exactly when a clear difference is large', () => {
    expect(twoProportionP(48, 80, 56, 70)).toBeLessThan(0.05);
    expect(twoProportionP(10, 100, 11, 100)).toBeGreaterThan(0.5);
  });
});

describe('splitVerdict', () => {
  const verdict = (xa: number, na: number, xb: number, nb: number) =>
    splitVerdict({ visitors: na, conversions: xa }, { visitors: nb, conversions: xb }, compareProportions(xa, na, xb, nb), { a: 'Next page', b: 'Skip page' });
  it('names no winner below 100 visitors per branch, however large the difference', () => {
    const v = verdict(0, 99, 60, 99);
    expect(v.kind).toBe('too_few');
    expect(v.message).toMatch(/^Too few visitors to tell: each branch needs at least 100 visitors/);
  });
  it('names no winner below 10 conversions in all', () => {
    expect(verdict(1, 500, 8, 500).kind).toBe('too_few');
  });
  it('finds no clear difference when the interval includes zero', () => {
    const v = verdict(20, 200, 24, 200);
    expect(v).toMatchObject({ kind: 'no_difference' });
    expect(v.message).toContain('includes zero');
  });
  it('names the branch that converts better when the interval excludes zero, either way', () => {
    expect(verdict(20, 200, 60, 200)).toMatchObject({ kind: 'winner', branch: 'b', message: expect.stringMatching(/^Skip page converts better: /) as string });
    expect(verdict(60, 200, 20, 200)).toMatchObject({ kind: 'winner', branch: 'a', message: expect.stringMatching(/^Next page converts better: /) as string });
  });
});

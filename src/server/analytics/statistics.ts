/**
 * The statistics of a split test: two independent proportions (each branch's conversions out
 * of its visitors) compared by the 95 % interval of their difference.
 *
 * Which test and why: Newcombe's hybrid score interval (Newcombe 1998, "Interval estimation for
 * the difference between independent proportions: comparison of eleven methods", Statistics in
 * Medicine 17:873–890, method 10), built from each branch's Wilson score interval. Unlike the
 * textbook Wald interval it keeps its coverage near 95 % with small counts and rates near 0 or
 * 1 (a funnel's conversion rates are often a few percent), never leaves [-1, 1], and needs no
 * prior as a Bayesian comparison would. The normal quantile comes from jstat (`normal.inv`),
 * exact to double precision, so the interval matches the paper's worked examples to 4 places.
 */
// A CommonJS module: its default export under Node's ESM loader and bundlers alike.
import jStat from 'jstat';
import type { SplitComparison } from '../../model/analytics.ts';

/** z of a two-sided 95 % interval (1.959964…). */
export const Z95 = jStat.normal.inv(0.975, 0, 1);

/**
 * Wilson's score interval of `x` successes out of `n` trials (n ≥ 1) at quantile `z`.
 * @returns [low, high] within [0, 1]; [0, 1] when n is 0.
 */
export function wilson(x: number, n: number, z: number = Z95): [number, number] {
  if (n <= 0) return [0, 1];
  const p = x / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const half = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denom = 1 + z2 / n;
  return [Math.max(0, (centre - half) / denom), Math.min(1, (centre + half) / denom)];
}

/**
 * Compares conversion rate B (`xb` of `nb`) with rate A (`xa` of `na`): the difference B − A
 * and Newcombe's hybrid score interval at quantile `z` (95 % by default).
 */
export function compareProportions(xa: number, na: number, xb: number, nb: number, z: number = Z95): SplitComparison {
  const pa = na > 0 ? xa / na : 0;
  const pb = nb > 0 ? xb / nb : 0;
  const [la, ua] = wilson(xa, na, z);
  const [lb, ub] = wilson(xb, nb, z);
  const d = pb - pa;
  const low = d - Math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2);
  const high = d + Math.sqrt((ub - pb) ** 2 + (pa - la) ** 2);
  return { rateA: pa, rateB: pb, difference: d, low: Math.max(-1, low), high: Math.min(1, high) };
}

/** The two-sided p-value of the pooled two-proportion z-test (shown beside the interval; the verdict reads the interval). */
export function twoProportionP(xa: number, na: number, xb: number, nb: number): number {
  if (na === 0 || nb === 0) return 1;
  const pooled = (xa + xb) / (na + nb);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / na + 1 / nb));
  if (se === 0) return 1;
  const zStat = Math.abs(xb / nb - xa / na) / se;
  return 2 * (1 - jStat.normal.cdf(zStat, 0, 1));
}

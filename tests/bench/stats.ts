/** What the benchmarks share: one percentile definition and one seeded PRNG. */
import { at } from '../at.ts';

/** The p-th percentile (nearest rank) of `xs`, in the units of `xs`; NaN when `xs` is empty. */
export function pct(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return at(s, Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1)), 'percentile rank');
}

/** mulberry32: a small seeded PRNG in [0, 1), so every run sees the same inputs. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One target of a benchmark: what it asks, the figure measured, whether it was met. */
export interface Verdict {
  target: string;
  value: string;
  ok: boolean;
}

/**
 * Prints `targets`, one `PASS`/`MISS` line per verdict (targets aligned) and, with `tally`, the
 * count met ("3/4 targets met"). @returns how many were missed (a bench's `misses`).
 */
export function printVerdicts(verdicts: readonly Verdict[], { tally = false }: { tally?: boolean } = {}): number {
  console.log('\ntargets');
  const tw = Math.max(0, ...verdicts.map((v) => v.target.length));
  for (const v of verdicts) console.log(`  ${v.ok ? 'PASS' : 'MISS'}  ${v.target.padEnd(tw)}  ${v.value}`);
  const misses = verdicts.filter((v) => !v.ok).length;
  if (tally) console.log(`\n${verdicts.length - misses}/${verdicts.length} targets met`);
  return misses;
}

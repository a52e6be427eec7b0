/**
 * Smoke mode of the benchmarks ("benchmarks that cannot rot"): `BENCH_SMOKE=1` (or
 * `npm run bench -- --smoke`, which sets it) runs every bench once at a small size, so that
 * `npm test` notices a bench that can no longer run. Targets are still printed, never enforced.
 */

/** True in a smoke run (`BENCH_SMOKE=1`). Read when a bench module is imported: run.ts sets it first. */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** `full` in a benchmark run, `small` in a smoke run (iterations, rows, pages, seconds: the caller's unit). */
export function size<T>(full: T, small: T): T {
  return SMOKE ? small : full;
}

/**
 * Bundle figures ("Bundle budgets"): builds the SPA and prints, per route, the JS a
 * browser loads on first visit in gzip and brotli against the targets (/login and
 * /funnels ≤ 150 kB, the page editor ≤ 350 kB), and which heavy libraries each route carries.
 * npm test enforces the gates (tests/scripts/bundle-budget.ts); this prints PASS/MISS.
 * `BENCH_SKIP_BUILD=1` measures the dist/ already built (the smoke run builds it once).
 */
import { bin, run as exec } from '../scripts/proc.ts';
import { measureRoutes } from '../scripts/bundle-budget.ts';
import type { BenchOutcome } from './run.ts';

export async function run(): Promise<BenchOutcome> {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const code = await exec(bin('vite'), ['build', '--logLevel', 'warn']);
    if (code !== 0) throw new Error(`vite build exited ${code}`);
  }
  let misses = 0;
  for (const f of measureRoutes()) {
    const pass = f.gzipKb <= f.spec.targetKb && f.heavy.every((h) => f.spec.allows.includes(h));
    if (!pass) misses++;
    console.log(
      `${f.spec.route.padEnd(44)} ${f.gzipKb.toFixed(1).padStart(6)} kB gzip (${(f.gzipKb / f.spec.targetKb).toFixed(2)}× the ${f.spec.targetKb} kB target)  ${f.brotliKb.toFixed(1).padStart(6)} kB brotli  heavy: ${f.heavy.join(', ') || 'none'}  ${pass ? 'PASS' : 'MISS'}`,
    );
  }
  return { misses };
}

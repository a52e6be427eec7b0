/**
 * Benchmark runner (`npm run bench`): imports every `*.bench.ts` module next to this file and
 * runs its exported `run()` in sequence. Re-spawns itself with `--expose-gc` so memory figures
 * can be taken after a full collection. `BENCH_STRICT=1` exits non-zero when a target is missed.
 * `npm run bench -- crash` runs only the modules whose file name contains `crash`;
 * `CRASH_CYCLES=n` sets the crash harness's cycles (default 1,000: about an hour).
 *
 * Smoke run: `BENCH_SMOKE=1` or `npm run bench -- --smoke` runs every module once at a
 * small size (./smoke.ts). A module that cannot run — it throws, its server does not start, its
 * setup is refused, or it does not finish within `BENCH_SMOKE_TIMEOUT_S` (default 240 s) — is
 * named and the run exits 1; a slow figure never fails it (targets are printed, not enforced).
 * A smoke run builds the app once first (unless `BENCH_SKIP_BUILD=1`: dist/ is already built).
 * `BENCH_REPORT=<file>` writes `[{file, seconds, error?}]` per module there (npm test's tally).
 * Outside smoke runs a module that throws is named too and the others still run (exit 1).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bin, run as exec } from '../scripts/proc.ts';

/** What a benchmark module may return from `run()`. */
export interface BenchOutcome {
  misses: number;
}

/** The first line of an error, for the closing list. */
function reason(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return (
    text
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? 'failed'
  );
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--smoke')) process.env.BENCH_SMOKE = '1';
  if (typeof globalThis.gc !== 'function' && !process.env.BENCH_CHILD) {
    const child = spawnSync(process.execPath, [...process.execArgv, '--expose-gc', ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_CHILD: '1' },
    });
    process.exit(child.status ?? 1);
  }
  const smoke = process.env.BENCH_SMOKE === '1';
  const timeoutMs = Number(process.env.BENCH_SMOKE_TIMEOUT_S ?? 240) * 1000;
  const here = dirname(fileURLToPath(import.meta.url));
  const only = args.find((a) => !a.startsWith('--'));
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
    .sort();
  const started = performance.now();
  if (smoke) {
    console.log(`smoke run: every benchmark once at a small size (${files.length} modules); targets are printed, not enforced`);
    // One build for every bench that serves the app (npm test passes BENCH_SKIP_BUILD=1: the bundle budget built it).
    if (process.env.BENCH_SKIP_BUILD !== '1') {
      console.log('building the app once (vite build)…');
      const code = await exec(bin('vite'), ['build', '--logLevel', 'warn']);
      if (code !== 0) {
        console.log(`could not run: vite build exited ${code}`);
        process.exit(1);
      }
      process.env.BENCH_SKIP_BUILD = '1';
    }
  }
  const results: { file: string; seconds: number; error?: string }[] = [];
  let misses = 0;
  for (const f of files) {
    console.log(`\n=== ${f} ===`);
    const t0 = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      const mod = (await import(pathToFileURL(join(here, f)).href)) as { run?: () => Promise<BenchOutcome | void> | BenchOutcome | void };
      if (typeof mod.run !== 'function') throw new Error(`${f} exports no run()`);
      const running = Promise.resolve(mod.run());
      const out = smoke
        ? await Promise.race([
            running,
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error(`did not finish within ${timeoutMs / 1000} s`)), timeoutMs);
            }),
          ])
        : await running;
      misses += out?.misses ?? 0;
      results.push({ file: f, seconds: (performance.now() - t0) / 1000 });
    } catch (e) {
      console.error(`${f} could not run:`, e);
      results.push({ file: f, seconds: (performance.now() - t0) / 1000, error: reason(e) });
    } finally {
      clearTimeout(timer);
    }
    console.log(`(${f}: ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
  const failed = results.filter((r) => r.error);
  console.log(
    `\n${smoke ? 'Smoke run' : 'Benchmarks'}: ${results.length - failed.length} of ${results.length} modules ran, total ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const r of results)
    console.log(`  ${r.error ? 'FAILED' : 'ran   '}  ${r.file.padEnd(24)} ${r.seconds.toFixed(1).padStart(6)} s${r.error ? `  ${r.error}` : ''}`);
  // npm test's tally (tests/scripts/test-all.ts) reads which modules ran and why one could not.
  if (process.env.BENCH_REPORT) writeFileSync(process.env.BENCH_REPORT, JSON.stringify(results));
  if (failed.length) {
    console.log(`could not run: ${failed.map((r) => r.file).join(', ')}`);
    process.exitCode = 1;
  } else if (misses && process.env.BENCH_STRICT === '1' && !smoke) process.exitCode = 1;
  // A module that timed out may still hold servers or timers open: end here.
  if (smoke) process.exit(process.exitCode ?? 0);
}

await main();

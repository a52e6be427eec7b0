/**
 * Benchmark runner (`npm run bench`): imports every `*.bench.ts` module next to this file and
 * runs its exported `run()` in sequence. Re-spawns itself with `--expose-gc` so memory figures
 * can be taken after a full collection. `BENCH_STRICT=1` exits non-zero when a target is missed.
 * `npm run bench -- crash` runs only the modules whose file name contains `crash`;
 * `CRASH_CYCLES=n` sets the crash harness's cycles (default 1,000: about an hour).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What a benchmark module may return from `run()`. */
export interface BenchOutcome {
  misses: number;
}

async function main(): Promise<void> {
  if (typeof globalThis.gc !== 'function' && !process.env.BENCH_CHILD) {
    const child = spawnSync(process.execPath, [...process.execArgv, '--expose-gc', ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_CHILD: '1' },
    });
    process.exit(child.status ?? 1);
  }
  const here = dirname(fileURLToPath(import.meta.url));
  const only = process.argv[2];
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
    .sort();
  let misses = 0;
  for (const f of files) {
    const mod = (await import(pathToFileURL(join(here, f)).href)) as { run?: () => Promise<BenchOutcome | void> | BenchOutcome | void };
    if (typeof mod.run !== 'function') continue;
    console.log(`\n=== ${f} ===`);
    const t0 = performance.now();
    const out = await mod.run();
    misses += out?.misses ?? 0;
    console.log(`(${f}: ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
  if (misses && process.env.BENCH_STRICT === '1') process.exitCode = 1;
}

await main();

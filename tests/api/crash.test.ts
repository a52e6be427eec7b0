/**
 * Crashes ("Trust the core"): the real server process, PGlite in a temporary
 * DATA_DIR, is killed with SIGKILL at a random moment during concurrent saves and restarted
 * on the same directory, 20 times (tests/bench/crash.bench.ts is the harness). No acknowledged
 * save is lost, and every restart comes back: not refused by the dead process's lock, not hung.
 *
 * How fast a restart is ready (the 5 s target) is a benchmark figure, not an assertion here:
 * `npm run bench -- crash` runs 1,000 cycles and prints restart p50/p95/max against the target.
 * A restart counts as failed here only when /api/health does not answer within 30 s.
 */
import { describe, expect, it } from 'vitest';
import { crashCycles } from '../bench/crash.bench.ts';

const CYCLES = Number(process.env.CRASH_TEST_CYCLES ?? 20);
/** A restart that has not answered by then is hung or refused, whatever the machine's load. */
const HUNG_MS = 30_000;

describe('kill -9 and restart', () => {
  it(
    `${CYCLES} cycles: every acknowledged save survives, every restart comes back`,
    async () => {
      const r = await crashCycles({ cycles: CYCLES, seed: 20, restartLimitMs: HUNG_MS });
      console.log(`restart times: ${r.restartMs.map((m) => m.toFixed(0)).join(', ')} ms`);
      expect(r.cycles).toBe(CYCLES);
      expect(r.acknowledged).toBeGreaterThanOrEqual(CYCLES);
      expect(r.lostSample).toEqual([]);
      expect(r.lost).toBe(0);
      expect(r.unexpectedSample).toEqual([]);
      expect(r.restartMs.length).toBe(CYCLES);
      expect(r.failedRestarts).toBe(0);
    },
    20 * 60_000,
  );
});

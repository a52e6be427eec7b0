/**
 * How long the request thread (this process's main thread: the test server's) holds the CPU at a
 * stretch, for the API tests that check a hostile input does not block it: its CPU time from
 * Linux's schedstat, probed every 2 ms.
 */
import fs from 'node:fs';

/** The request thread's time on a CPU so far (ns), from Linux's schedstat; null elsewhere. */
export function threadCpuNs(): number | null {
  try {
    return Number(fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

/**
 * Starts a 2 ms interval that probes the request thread. A hold is the thread's CPU time between
 * two ticks of the probe, so time another process had the CPU (other suites on this 2-core
 * machine) is not counted as ours.
 * @returns `longestMs()`, the longest hold so far in ms (null without schedstat), and `stop()`,
 * which ends the probe.
 */
export function probeThreadHolds() {
  let last = threadCpuNs();
  let maxNs = 0;
  const probe = setInterval(() => {
    const now = threadCpuNs();
    if (now !== null && last !== null) maxNs = Math.max(maxNs, now - last);
    last = now;
  }, 2);
  return { longestMs: () => (last === null ? null : maxNs / 1e6), stop: () => clearInterval(probe) };
}

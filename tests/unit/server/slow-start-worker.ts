/**
 * A worker module for workers.test.ts that takes {@link START_MS} to load, like a cold thread
 * loading tsx and jsdom on a busy machine.
 */
export const START_MS = 1500;

await new Promise((resolve) => setTimeout(resolve, START_MS));

/** Answers `n` doubled at once. */
export function double(n: number): number {
  return n * 2;
}

/** Keeps its thread busy for `ms` milliseconds, then answers how long it ran. */
export function spin(ms: number): number {
  const t0 = Date.now();
  while (Date.now() - t0 < ms);
  return Date.now() - t0;
}

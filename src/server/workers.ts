/**
 * Worker-thread pools (piscina) for the CPU-heavy steps a client can set off: checking an
 * upload (multipart, polyglot scans, the SVG sanitizer on jsdom) and bcrypt. They run off the
 * request thread so no request waits behind them (one 14 KB SVG held every request
 * 1.9 s; bcrypt on that thread made every other request 100× slower under a password guesser).
 * A task past its time limit has its worker terminated (piscina replaces it).
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

/** The pool has `maxQueue` tasks waiting already: the caller answers 503. */
export class WorkerBusyError extends Error {
  constructor() {
    super('Too many tasks are waiting for a worker');
    this.name = 'WorkerBusyError';
  }
}

/** The task ran past its time limit (queue wait included); its worker was terminated. */
export class WorkerTimeoutError extends Error {
  constructor(readonly limitMs: number) {
    super(`The task took longer than ${limitMs} ms`);
    this.name = 'WorkerTimeoutError';
  }
}

/** The worker ran out of the memory its pool allows (`resourceLimits`) and was ended. */
export class WorkerOutOfMemoryError extends Error {
  constructor() {
    super('The task needed more memory than a worker may use');
    this.name = 'WorkerOutOfMemoryError';
  }
}

/** Settings of {@link workerPool}. */
export interface PoolOptions {
  /** Tasks that may wait for a thread; one more is refused with {@link WorkerBusyError}. */
  maxQueue: number;
  /** Memory caps of each worker (V8 heap sizes in MB), e.g. `{ maxOldGenerationSizeMb: 512 }`. */
  resourceLimits?: { maxOldGenerationSizeMb?: number; maxYoungGenerationSizeMb?: number };
  /** Keep one thread when idle (a new one takes ~0.5 s to load its modules); else idle threads end after a minute. */
  keepOne?: boolean;
}

/**
 * A pool running the exports of the module at `file` (a TypeScript file URL next to the
 * caller: `new URL('./x-worker.ts', import.meta.url)`), loaded by worker-entry.mjs (tsx's loader
 * in each thread: the same under `tsx`, `node --import tsx` and vitest). One thread fewer than the machine's
 * cores (at least one) so the request thread keeps a core, at a lower CPU priority than it
 * (nice +5); idle threads end after a minute (but one with `keepOne`) and never keep the
 * process alive.
 */
export function workerPool(file: URL, opts: PoolOptions): Piscina {
  return new Piscina({
    filename: fileURLToPath(new URL('./worker-entry.mjs', import.meta.url)),
    workerData: { module: file.href },
    minThreads: opts.keepOne ? 1 : 0,
    maxThreads: Math.max(1, os.availableParallelism() - 1),
    idleTimeout: 60_000,
    maxQueue: opts.maxQueue,
    niceIncrement: 5,
    atomics: 'disabled',
    resourceLimits: opts.resourceLimits,
  });
}

/**
 * Runs export `name` of the pool's module on `task`, stopping it after `timeoutMs` (its time
 * waiting in the queue counts).
 * @throws WorkerBusyError (queue full), WorkerTimeoutError (its worker terminated),
 * WorkerOutOfMemoryError, or what the task threw.
 */
export async function runTask<R>(pool: Piscina, name: string, task: unknown, opts: { timeoutMs?: number; transferList?: ArrayBuffer[] } = {}): Promise<R> {
  const signal = opts.timeoutMs ? AbortSignal.timeout(opts.timeoutMs) : undefined;
  try {
    return (await pool.run({ fn: name, arg: task }, { signal, transferList: opts.transferList })) as R;
  } catch (e) {
    if (signal?.aborted) throw new WorkerTimeoutError(opts.timeoutMs ?? 0);
    if (e instanceof Error && e.message === 'Task queue is at limit') throw new WorkerBusyError();
    if ((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw new WorkerOutOfMemoryError();
    throw e;
  }
}

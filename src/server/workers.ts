/**
 * Worker-thread pools (piscina) for the CPU-heavy steps a client can set off: checking an
 * upload (multipart, polyglot scans, the SVG sanitizer on jsdom) and bcrypt. They run off the
 * request thread so no request waits behind them (one 14 KB SVG held every request
 * 1.9 s; bcrypt on that thread made every other request 100× slower under a password guesser).
 * A task past its time limit has its worker terminated (piscina replaces it).
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';

/** The pool has `maxQueue` tasks waiting already, or a task waited past its `waitMs` for a thread: the caller answers 503. */
export class WorkerBusyError extends Error {
  constructor() {
    super('Too many tasks are waiting for a worker');
    this.name = 'WorkerBusyError';
  }
}

/** The task ran past its time limit (counted from when a thread began it); its worker was terminated. */
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

/** Default longest wait of a timed task for a thread (queue and a new thread's start-up) before {@link WorkerBusyError}. */
export const MAX_WAIT_MS = 60_000;

/** Settings of {@link runTask}. */
export interface TaskOptions {
  /** Longest run once a thread has begun the task; past it the thread is terminated ({@link WorkerTimeoutError}). */
  timeoutMs?: number;
  /** With `timeoutMs`: longest wait for a thread before the task is dropped ({@link WorkerBusyError}); default {@link MAX_WAIT_MS}. */
  waitMs?: number;
  /** Buffers moved to the worker (unusable here after the call). */
  transferList?: ArrayBuffer[];
}

/**
 * Runs export `name` of the pool's module on `task`. With `timeoutMs`, the limit starts when a
 * thread begins the task (worker-entry.mjs says so on a port sent with it), so neither the queue
 * nor a new thread's start-up (loading tsx and the module: seconds on a busy machine) counts:
 * counting them had a terminated worker's cold replacement time out the next upload too.
 * The wait itself is capped by `waitMs`.
 * @throws WorkerBusyError (queue full or waited too long), WorkerTimeoutError (its worker
 * terminated), WorkerOutOfMemoryError, or what the task threw.
 */
export async function runTask<R>(pool: Piscina, name: string, task: unknown, opts: TaskOptions = {}): Promise<R> {
  const { timeoutMs, transferList = [] } = opts;
  if (!timeoutMs) return settle<R>(() => pool.run({ fn: name, arg: task }, { transferList }));
  const abort = new AbortController();
  let stopped: Error | null = null;
  const stop = (e: Error) => {
    stopped = e;
    abort.abort(e);
  };
  let timer = setTimeout(() => stop(new WorkerBusyError()), opts.waitMs ?? MAX_WAIT_MS);
  const started = new MessageChannel();
  started.port1.once('message', () => {
    clearTimeout(timer);
    timer = setTimeout(() => stop(new WorkerTimeoutError(timeoutMs)), timeoutMs);
  });
  started.port1.unref();
  try {
    return await settle<R>(
      () => pool.run({ fn: name, arg: task, started: started.port2 }, { signal: abort.signal, transferList: [...transferList, started.port2] }),
      () => stopped,
    );
  } finally {
    clearTimeout(timer);
    started.port1.close();
  }
}

/** Awaits `run` (a piscina task answering `R`), turning piscina's failures into this module's errors (`stopped`: why the task was aborted, if it was). */
async function settle<R>(run: () => Promise<unknown>, stopped: () => Error | null = () => null): Promise<R> {
  try {
    return (await run()) as R;
  } catch (e) {
    const why = stopped();
    if (why) throw why;
    if (e instanceof Error && e.message === 'Task queue is at limit') throw new WorkerBusyError();
    if ((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw new WorkerOutOfMemoryError();
    throw e;
  }
}

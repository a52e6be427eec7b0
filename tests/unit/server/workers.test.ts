import { afterAll, describe, expect, it } from 'vitest';
import { runTask, workerPool, WorkerBusyError, WorkerTimeoutError } from '../../../src/server/workers.ts';
import { START_MS } from './slow-start-worker.ts';

const module = new URL('./slow-start-worker.ts', import.meta.url);
const pools = [] as ReturnType<typeof workerPool>[];
const pool = () => {
  const p = workerPool(module, { maxQueue: 4 });
  pools.push(p);
  return p;
};
afterAll(() => Promise.all(pools.map((p) => p.destroy())));

describe('runTask time limits', () => {
  it('does not count a new thread’s start-up against the time limit', async () => {
    const p = pool();
    const t0 = Date.now();
    // The limit is a fifth of the start-up: counted from the call, this check would time out.
    await expect(runTask(p, 'double', 21, { timeoutMs: START_MS / 5 })).resolves.toBe(42);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(START_MS);
  });

  it('stops a task that runs past its limit once begun, and terminates its thread', async () => {
    const p = pool();
    await runTask(p, 'double', 1);
    const [thread] = p.threads;
    await expect(runTask(p, 'spin', 10_000, { timeoutMs: 200 })).rejects.toBeInstanceOf(WorkerTimeoutError);
    expect(p.threads).not.toContain(thread);
  });

  it('gives up waiting for a thread after waitMs with WorkerBusyError', async () => {
    const p = pool();
    await expect(runTask(p, 'double', 1, { timeoutMs: 1000, waitMs: START_MS / 5 })).rejects.toBeInstanceOf(WorkerBusyError);
    // The pool still works for the next task.
    await expect(runTask(p, 'double', 2, { timeoutMs: 1000 })).resolves.toBe(4);
  });
});

describe('worker modules', () => {
  it('loads a JavaScript module (the production build’s) without tsx’s loader, and a TypeScript one with it', async () => {
    const plain = workerPool(new URL('./plain-worker.mjs', import.meta.url), { maxQueue: 4 });
    pools.push(plain);
    // Without tsx's loader Node 20 refuses a .ts import (ERR_UNKNOWN_FILE_EXTENSION).
    await expect(runTask(plain, 'importsTypeScript', null)).resolves.toBe(false);
    await expect(runTask(pool(), 'double', 4)).resolves.toBe(8);
  });
});

/**
 * The entry of every worker thread of workers.ts: loads the module named by `workerData.module`
 * (a file URL). Node 20 passes no module loader hooks to a worker, not even under `tsx` or
 * `node --import tsx`, so for a TypeScript module (`npm start`, vitest) this thread registers
 * tsx's loader itself. The production build's worker modules are JavaScript and load without it:
 * a thread then starts in about 70 ms instead of 260 (measured on the 2-core machine), and the
 * first sign-in of a process waits for one.
 * piscina calls the default export with `{ fn, arg, started? }`: the module's export `fn` runs on
 * `arg`, after a message on the `started` port (a timed task's limit starts there).
 */
import { workerData } from 'node:worker_threads';

if (/\.[cm]?tsx?$/.test(new URL(workerData.module).pathname)) {
  const { register } = await import('tsx/esm/api');
  register();
}
const mod = await import(workerData.module);

/** Runs export `fn` of the worker module on `arg`, first telling `started` (a MessagePort, optional). @throws Error when there is no such export. */
export default function run({ fn, arg, started }) {
  const task = mod[fn];
  if (typeof task !== 'function') throw new Error(`${workerData.module} has no export ${fn}`);
  if (started) {
    started.postMessage(null);
    started.close();
  }
  return task(arg);
}

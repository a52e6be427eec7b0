/**
 * The entry of every worker thread of workers.ts. Node 20 passes no module loader hooks to a
 * worker, not even under `tsx` or `node --import tsx`, so this thread registers tsx's loader
 * itself, then loads the TypeScript module named by `workerData.module` (a file URL).
 * piscina calls the default export with `{ fn, arg }`: the module's export `fn` runs on `arg`.
 */
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const mod = await import(workerData.module);

/** Runs export `fn` of the worker module on `arg`. @throws Error when there is no such export. */
export default function run({ fn, arg }) {
  const task = mod[fn];
  if (typeof task !== 'function') throw new Error(`${workerData.module} has no export ${fn}`);
  return task(arg);
}

/**
 * The deployment of two-processes.ts for the tests of one file: started before them (`start`
 * then starts its processes on it; the first one migrates and seeds) and closed after them, then
 * `cleanup` runs. Kept apart from two-processes.ts, which the benches import without vitest.
 */
import { afterAll, beforeAll } from 'vitest';
import { startDeployment, type Deployment } from './two-processes.ts';

/** Starting a cluster, a bucket and server processes on a busy 2-core machine. */
const START_MS = 180_000;

/**
 * Registers the file's deployment (beforeAll / afterAll) and returns it.
 * @returns a getter of the deployment; it throws before beforeAll ran.
 */
export function deploymentOfFile(start: (d: Deployment) => Promise<void>, cleanup?: () => Promise<void> | void): () => Deployment {
  let d: Deployment | null = null;
  beforeAll(async () => {
    d = await startDeployment();
    await start(d);
  }, START_MS);
  afterAll(async () => {
    await d?.close();
    await cleanup?.();
  });
  return () => {
    if (!d) throw new Error('The deployment starts in beforeAll');
    return d;
  };
}

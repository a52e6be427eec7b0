/**
 * Runs the API suite against a real PostgreSQL server instead of in-memory PGlite
 * ("In CI the same API suite also runs once against a real PostgreSQL server").
 * Starts a throwaway Debian PostgreSQL cluster (tests/scripts/postgres.ts), sets API_TEST_PG_URL — every test server then gets a fresh database
 * there (helpers.ts) — runs `vitest run --project api` (extra arguments are passed on, e.g.
 * a file), stops the cluster and exits with vitest's code. PG_TEST_WORKERS=2 runs two files at
 * a time (each test server has a database of its own and the tests that restart PostgreSQL start
 * clusters of their own, so nothing is shared); the default is one at a time, because `npm test`
 * runs this suite beside the end-to-end run and two tests that time a worker thread against the
 * request thread (sign-in limits, hostile uploads) then miss their bound on 2 cores.
 *
 *   npx tsx tests/api/run-on-postgres.ts [vitest args…]
 */
import path from 'node:path';
import { startPgCluster } from '../scripts/postgres.ts';
import { run } from '../scripts/proc.ts';

const cluster = await startPgCluster({ max_connections: '200' });
let code = 1;
try {
  console.log(`API suite on PostgreSQL at ${cluster.url}`);
  const workers = Math.max(1, Number(process.env.PG_TEST_WORKERS) || 1);
  const parallel = workers > 1 ? ['--fileParallelism', `--maxWorkers=${workers}`] : [];
  code = await run(process.execPath, [path.resolve('node_modules/vitest/vitest.mjs'), 'run', '--project', 'api', ...parallel, ...process.argv.slice(2)], {
    env: { ...process.env, API_TEST_PG_URL: cluster.url },
  });
} finally {
  cluster.stop();
}
process.exit(code);

/**
 * Runs the API suite against a real PostgreSQL server instead of in-memory PGlite
 * ("In CI the same API suite also runs once against a real PostgreSQL server").
 * Starts a throwaway Debian PostgreSQL cluster (tests/scripts/postgres.ts), sets API_TEST_PG_URL — every test server then gets a fresh database
 * there (helpers.ts) — runs `vitest run --project api` (extra arguments are passed on, e.g.
 * a file), stops the cluster and exits with vitest's code.
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
  code = await run(process.execPath, [path.resolve('node_modules/vitest/vitest.mjs'), 'run', '--project', 'api', ...process.argv.slice(2)], {
    env: { ...process.env, API_TEST_PG_URL: cluster.url },
  });
} finally {
  cluster.stop();
}
process.exit(code);

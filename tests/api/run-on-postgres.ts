/**
 * Runs the API suite against a real PostgreSQL server instead of in-memory PGlite
 * (issue 3: "In CI the same API suite also runs once against a real PostgreSQL server").
 * Starts a throwaway Debian PostgreSQL cluster on a free loopback port (as in
 * postgres.test.ts), sets API_TEST_PG_URL — every test server then gets a fresh database
 * there (helpers.ts) — runs `vitest run --project api` (extra arguments are passed on, e.g.
 * a file), stops the cluster and exits with vitest's code.
 *
 *   npx tsx tests/api/run-on-postgres.ts [vitest args…]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, run } from '../scripts/proc.ts';

function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(root, v, 'bin')).find((d) => fs.existsSync(path.join(d, 'pg_ctl')));
  if (!found) throw new Error('PostgreSQL server binaries not found: apt-get install postgresql');
  return found;
}

function pgRun(bin: string, tool: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${tool} failed: ${r.stderr || r.stdout}`);
}

const bin = pgBin();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-pg-suite-'));
const pgdata = path.join(dir, 'pgdata');
fs.mkdirSync(pgdata);
if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
fs.chmodSync(dir, 0o777);
const port = await freePort();
let code = 1;
try {
  pgRun(bin, 'initdb', ['-D', pgdata, '--auth=trust', '-U', 'postgres', '--no-sync']);
  pgRun(bin, 'pg_ctl', ['-D', pgdata, '-w', '-l', path.join(pgdata, 'log'), '-o', `-p ${port} -k ${pgdata} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`API suite on PostgreSQL at ${url}`);
  code = await run(process.execPath, [path.resolve('node_modules/vitest/vitest.mjs'), 'run', '--project', 'api', ...process.argv.slice(2)], {
    env: { ...process.env, API_TEST_PG_URL: url },
  });
} finally {
  try {
    pgRun(bin, 'pg_ctl', ['-D', pgdata, '-m', 'fast', 'stop']);
  } catch {
    /* already stopped */
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(code);

/**
 * A throwaway PostgreSQL cluster from Debian's server binaries (`apt-get install postgresql`;
 * .ci/run installs it), on a free loopback port, for the tests and benches that are about
 * PostgreSQL: the API suite on PostgreSQL, `postgres.test.ts`, the two-process live e2e test
 * and the orders bench. One copy of the start-up, so each caller only names its settings.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './proc.ts';

/** A running cluster: its connection URL (user `postgres`, trust auth) and how to stop and delete it. */
export interface PgCluster {
  url: string;
  /**
   * Stops the server, waits `downMs` milliseconds and starts it again on the same port and data
   * (an outage). `mode` is pg_ctl's shutdown mode: `fast` ends the sessions cleanly, `immediate`
   * kills them without a goodbye (as a crash does; the start then runs crash recovery).
   */
  restart: (downMs: number, mode?: 'fast' | 'immediate') => Promise<void>;
  /** Stops the server as {@link restart} does and returns what starts it again: an outage that lasts until the test ends it. */
  halt: (mode?: 'fast' | 'immediate') => () => void;
  /** Stops the server (fast shutdown) and deletes its directory; safe to call twice. */
  stop: () => void;
}

/** The newest installed PostgreSQL's `bin` directory, or null when no server is installed. */
export function pgBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((v) => path.join(root, v, 'bin')).find((d) => fs.existsSync(path.join(d, 'pg_ctl'))) ?? null;
}

/** Runs a PostgreSQL tool, as the `postgres` user when we are root (initdb refuses root). @throws Error with its output on a non-zero exit. */
function pgRun(bin: string, tool: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${tool} failed: ${r.stderr || r.stdout}`);
}

/**
 * Starts a cluster with `fsync=off` (a test's data need not survive a power cut) plus
 * `settings` (e.g. `{ max_connections: '200' }`), in a new temporary directory.
 * @throws Error naming the package to install when PostgreSQL is missing, or the tool's output
 * when initdb or pg_ctl fails.
 */
export async function startPgCluster(settings: Record<string, string> = {}): Promise<PgCluster> {
  const bin = pgBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found: apt-get install postgresql (.ci/run does)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-pg-'));
  const pgdata = path.join(dir, 'pgdata');
  fs.mkdirSync(pgdata);
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  fs.chmodSync(dir, 0o777);
  let port = await freePort();
  const options = Object.entries({ listen_addresses: '127.0.0.1', fsync: 'off', ...settings })
    .map(([k, v]) => `-c ${k}=${v}`)
    .join(' ');
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      pgRun(bin, 'pg_ctl', ['-D', pgdata, '-m', 'fast', 'stop']);
    } catch {
      /* not started, or already stopped */
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  const log = path.join(pgdata, 'log');
  /** Starts the server; a failure carries the end of the server's log (pg_ctl itself only says it could not). */
  const startIt = () => {
    try {
      pgRun(bin, 'pg_ctl', ['-D', pgdata, '-w', '-l', log, '-o', `-p ${port} -k ${pgdata} ${options}`, 'start']);
    } catch (e) {
      const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n').slice(-5).join('\n') : '';
      throw new Error(`${(e as Error).message}\n${tail}`);
    }
  };
  try {
    pgRun(bin, 'initdb', ['-D', pgdata, '--auth=trust', '-U', 'postgres', '--no-sync']);
    // The free port is one of the kernel's ephemeral ports, which every outgoing connection of the
    // other suites draws from too: one may take it before the server binds it. Then another port.
    for (let attempt = 1; ; attempt++) {
      try {
        startIt();
        break;
      } catch (e) {
        if (attempt >= 3 || !/already in use/i.test((e as Error).message)) throw e;
        port = await freePort();
      }
    }
  } catch (e) {
    stop();
    throw e;
  }
  const halt = (mode: 'fast' | 'immediate' = 'fast') => {
    pgRun(bin, 'pg_ctl', ['-D', pgdata, '-w', '-m', mode, 'stop']);
    return startIt;
  };
  const restart = async (downMs: number, mode: 'fast' | 'immediate' = 'fast') => {
    const start = halt(mode);
    await new Promise((r) => setTimeout(r, downMs));
    start();
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, restart, halt, stop };
}

/**
 * Runs one statement on its own short-lived connection to `url` (an admin's session: it is not
 * one of the server's pooled or LISTEN connections) and returns its rows.
 */
export async function pgQuery<Row = Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

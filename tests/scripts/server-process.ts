/**
 * The API server as its own OS process (`node --import tsx src/server/main.ts`, what `npm start`
 * runs after building the SPA, or the production bundle `npm test` built: ./server-entry.ts):
 * for the benches (the load generator must not share the server's thread) and for tests about
 * several processes on one database (live events across API processes on one PostgreSQL;
 * starting together on an empty database).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withTemplate } from './pglite-template.ts';
import { serverEntryArgs } from './server-entry.ts';

/** A server started in a child process: its address, how long it took to listen, and how to stop it. */
export interface ServerProcess {
  url: string;
  startMs: number;
  /** Its process id (for its memory: /proc/<pid>/status). */
  pid: number;
  /** The exit code or signal once the process ended by itself or was stopped, else null (still running). */
  exited: () => string | null;
  /** Everything it printed so far (stdout and stderr). */
  log: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts `src/server/main.ts` in a child process on an ephemeral port with an in-memory
 * database (a new PGlite one starts from the seeded dump of its demo: {@link withTemplate}),
 * no SPA and no Storybook build, and `env` on top (e.g. DEMO_ORDERS, DATABASE_URL,
 * STATIC_DIR); resolves once it logs its URL. SERVER_NODE_ARGS in this process's environment adds
 * Node flags to the child (`SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench -- streams`
 * profiles the server a bench loads). The process is stopped if this one ends first.
 * @throws Error with the end of its log when it exits before listening.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-server-'));
  const root = path.resolve(import.meta.dirname, '../..');
  // The server's own settings only: no PUBLIC_URL, DATABASE_URL or OIDC_* from the caller's shell.
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(PUBLIC_URL|DATABASE_URL|OIDC_|DATA_DIR|PORT)/.test(k)));
  // A new PGlite database starts from the seeded dump of its demo (half the CPU of a first start).
  const childEnv = await withTemplate({
    ...base,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: ':memory:',
    STORYBOOK_BUILD: '0',
    SITES_DIR: path.join(dir, 'sites'),
    STATIC_DIR: path.join(dir, 'no-spa'),
    UPLOADS_DIR: path.join(dir, 'uploads'),
    ...env,
  });
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...(process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), ...serverEntryArgs('main')], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Never leave the server behind: stop it if this process ends or is interrupted first.
  const killChild = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  const onSignal = (sig: NodeJS.Signals) => {
    killChild();
    process.exit(sig === 'SIGINT' ? 130 : 143);
  };
  process.once('exit', killChild);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  child.once('exit', () => {
    fs.rmSync(dir, { recursive: true, force: true });
    process.off('exit', killChild);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      log += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(log);
      const listening = m?.[1];
      if (listening) resolve(listening);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${log.slice(-2000)}`)));
  });
  const startMs = performance.now() - t0;
  return {
    url,
    startMs,
    pid: child.pid ?? 0,
    exited: () => (child.exitCode !== null ? `exit ${child.exitCode}` : child.signalCode ? `signal ${child.signalCode}` : null),
    log: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        // A process killed by a signal (kill -9) has no exit code, only its signal.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Several API processes as one deployment with FILE_STORAGE=s3 and no shared disk: one
 * PostgreSQL (a throwaway Debian cluster, tests/scripts/postgres.ts), one bucket (the
 * SigV4-checking fake of tests/fakes/s3.ts, in this process) and each server an OS process of
 * its own (`src/server/main.ts`, tests/scripts/server-process.ts) with its own empty SITES_DIR
 * and UPLOADS_DIR, and sites servers (`npm run sites`) beside them. Shared by the scale-out and kill -9 tests and the scale-out benches; no
 * vitest here, so the benches can import it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { getToken } from '../../src/server/auth/headless-login.ts';
import { DEMO_USERS } from '../../src/server/db/seed.ts';
import { listenLocal } from '../fakes/listen.ts';
import { startFakeS3, type FakeS3 } from '../fakes/s3.ts';
import { startPgCluster, type PgCluster } from '../scripts/postgres.ts';
import { serverEntryArgs } from '../scripts/server-entry.ts';
import { startServerProcess, type ServerProcess } from '../scripts/server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** One server process of the deployment, with the admin's bearer token for it. */
export interface Node {
  name: string;
  proc: ServerProcess;
  url: string;
  token: string;
  /** Its own directories (SITES_DIR, UPLOADS_DIR): nothing may be written there with FILE_STORAGE=s3. */
  dirs: string[];
}

/** A sites server (`npm run sites`, src/server/sites-main.ts) of the deployment. */
export interface SitesProcess {
  url: string;
  pid: number;
  /** Everything it printed so far. */
  log: () => string;
  /** SIGTERM, resolved once it exited (at once when it already has). */
  stop: () => Promise<void>;
}

/** The database, the bucket and the processes started on them. */
export interface Deployment {
  cluster: PgCluster;
  fake: FakeS3;
  /** Every process started so far (a restarted one stays listed under its earlier run too). */
  nodes: Node[];
  /**
   * Starts process `name` (its directories `<tmp>/<name>/sites` and `/uploads`, the same on a
   * restart) with `env` on top of the database and bucket settings; resolves once it listens and
   * the admin signed in (`signIn: false`: not yet, token '' — e.g. when its PUBLIC_URL is a
   * balancer whose other upstreams are still starting). Start the first one alone: it migrates
   * and seeds the empty database. @throws Error with the end of its log when it exits before listening.
   */
  start: (name: string, env?: Record<string, string>, opts?: { signIn?: boolean }) => Promise<Node>;
  /**
   * Starts a sites server `name` (SITES_PORT=0, its own empty SITES_DIR, LOG_LEVEL=warn) on the
   * deployment's database and bucket with `env` on top; resolves once it prints its address.
   * Start an admin first: the sites server never migrates. @throws Error with its output when it exits first.
   */
  startSites: (name: string, env?: Record<string, string>) => Promise<SitesProcess>;
  /** Stops every process (SIGTERM), the bucket and the cluster, and removes the directories. */
  close: () => Promise<void>;
}

/**
 * Starts an empty PostgreSQL cluster (`settings` as postgresql.conf options) and an empty
 * bucket; no process yet. @throws Error when PostgreSQL is not installed.
 */
export async function startDeployment(settings: Record<string, string> = {}): Promise<Deployment> {
  const cluster = await startPgCluster(settings);
  const fake = await startFakeS3().catch((e: unknown) => {
    cluster.stop();
    throw e;
  });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-two-processes-'));
  const nodes: Node[] = [];
  const start = async (name: string, env: Record<string, string> = {}, opts: { signIn?: boolean } = {}): Promise<Node> => {
    const dirs = [path.join(tmp, name, 'sites'), path.join(tmp, name, 'uploads')];
    const proc = await startServerProcess({ DATABASE_URL: cluster.url, SITES_DIR: dirs[0]!, UPLOADS_DIR: dirs[1]!, ...fake.env, ...env });
    const node: Node = { name, proc, url: proc.url, token: '', dirs };
    nodes.push(node);
    if (opts.signIn !== false) node.token = await getToken(proc.url, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    return node;
  };
  const sites: SitesProcess[] = [];
  const startSites = (name: string, env: Record<string, string> = {}): Promise<SitesProcess> => {
    const child = spawn(process.execPath, serverEntryArgs('sites-main'), {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'warn',
        SITES_HOST: '127.0.0.1',
        SITES_PORT: '0',
        DATABASE_URL: cluster.url,
        SITES_DIR: path.join(tmp, name, 'sites'),
        ...fake.env,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    };
    // Never left behind: killed if this process ends first.
    const killChild = () => child.kill('SIGKILL');
    process.once('exit', killChild);
    child.once('exit', () => process.off('exit', killChild));
    return new Promise((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        log += d.toString();
        const url = /sites listening on (http:\/\/\S+)/.exec(log)?.[1];
        if (!url || sites.some((x) => x.pid === child.pid)) return;
        const s: SitesProcess = { url, pid: child.pid ?? 0, log: () => log, stop };
        sites.push(s);
        resolve(s);
      });
      child.stderr.on('data', (d: Buffer) => (log += d.toString()));
      child.once('exit', (code) => reject(new Error(`the sites server exited with ${code}: ${log.slice(-2000)}`)));
    });
  };
  const close = async () => {
    await Promise.all(sites.map((s) => s.stop()));
    // A killed process is gone already (its stop() would wait for an exit that came before).
    await Promise.all(nodes.filter((n) => n.proc.exited() === null).map((n) => n.proc.stop()));
    await fake.close();
    cluster.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  return { cluster, fake, nodes, start, startSites, close };
}

/** What {@link call} answers: the status, the body as text and parsed (null when not JSON). */
export interface CallResult {
  status: number;
  text: string;
  json: Record<string, unknown> & unknown[];
}

/** One request to `n` as the admin (`body` sent as JSON). Rejects only when the connection fails. */
export async function call(n: Node, method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<CallResult> {
  const res = await fetch(n.url + p, {
    method,
    headers: { Authorization: `Bearer ${n.token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, text, json: json as CallResult['json'] };
}

/** The last line of a publish's NDJSON stream (`{progress: 100, message: 'Done'}` when it went through). */
export function lastProgress(text: string): { progress: number; message: string } {
  return JSON.parse(text.trim().split('\n').at(-1) ?? '{}') as { progress: number; message: string };
}

/** A release as `GET /api/v1/funnels/{id}/releases` lists it. */
export interface ListedRelease {
  ID: number;
  site: string;
  live: boolean;
}

/**
 * Sets page `pageId`'s first product price through `admin` and publishes funnel `funnelId`.
 * @returns the funnel's releases after the publish. @throws Error when the save or the publish is refused.
 */
export async function publishPrice(admin: Node, funnelId: number, pageId: number, price: number): Promise<ListedRelease[]> {
  const page = await call(admin, 'GET', `/api/v1/pages/${pageId}`);
  const patched = await call(admin, 'PATCH', `/api/v1/pages/${pageId}`, [{ op: 'replace', path: '/meta/products/0/_price', value: price }], {
    'Content-Type': 'application/json-patch+json',
    'If-Match': `"${String(page.json.version)}"`,
  });
  if (patched.status !== 200) throw new Error(`the price save answered ${patched.status}: ${patched.text}`);
  const published = await call(admin, 'PUT', `/api/v1/funnels/${funnelId}/publish`);
  const last = lastProgress(published.text);
  if (last.progress !== 100 || last.message !== 'Done') throw new Error(`the publish ended with ${JSON.stringify(last)}`);
  return (await call(admin, 'GET', `/api/v1/funnels/${funnelId}/releases`)).json as ListedRelease[];
}

/** Files under `dir`, recursively (none when it does not exist). */
export const filesUnder = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String) : []);

/** SIGKILL to `n`'s process, resolved once it is gone (polled: the process handle is the server-process helper's). */
export async function kill9(n: Node): Promise<void> {
  if (n.proc.exited() !== null) return;
  process.kill(n.proc.pid, 'SIGKILL');
  while (n.proc.exited() === null) await new Promise((r) => setTimeout(r, 10));
}

/** A load balancer started by {@link startRoundRobin}. */
export interface RoundRobin {
  /** How many requests each upstream got, in the order given. */
  served: number[];
  close: () => Promise<void>;
}

/**
 * A round-robin load balancer on 127.0.0.1:`port` in front of the given loopback ports: each
 * request goes to the next one, its Host header kept. Upstreams may start after it (until then
 * their turns answer 502). Its idle connections live 60 s, like a cloud balancer's. Shared by the
 * scale-out tests and the PostgreSQL suite.
 */
export async function startRoundRobin(port: number, upstreams: number[]): Promise<RoundRobin> {
  const served = upstreams.map(() => 0);
  let next = 0;
  const lb = http.createServer((req, res) => {
    const k = next++ % upstreams.length;
    served[k]! += 1;
    const up = http.request({ host: '127.0.0.1', port: upstreams[k], method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  // Idle client connections live 60 s, as behind the usual balancers (the servers keep theirs 65 s:
  // src/server/ops/drain.ts). Node's default of 5 s raced the tests' fetch on a loaded machine: a
  // connection the client still counted as reusable was closed as the next request went out
  // ("other side closed" in the scale-out sign-in).
  lb.keepAliveTimeout = 60_000;
  lb.headersTimeout = 61_000;
  const { close } = await listenLocal(lb, port);
  return { served, close };
}

/**
 * How long the sites server may take to follow a publish or rollback committed by an admin
 * process (ms): the release change's notification, bounded by its live-stamp max age
 * (publish/live-stamps.ts, 1 s), with room for a loaded machine.
 */
export const SITES_FOLLOW_MS = 3_000;

/**
 * GETs `url` (with `headers`) until its body contains `wanted`, for at most {@link SITES_FOLLOW_MS}.
 * @returns the last body read and how many ms after the first read it matched (null: it never did).
 */
export async function bodyOnceItHas(url: string, wanted: string, headers: Record<string, string> = {}): Promise<{ body: string; afterMs: number | null }> {
  const t0 = performance.now();
  for (;;) {
    const body = await (await fetch(url, { headers })).text();
    if (body.includes(wanted)) return { body, afterMs: performance.now() - t0 };
    if (performance.now() - t0 > SITES_FOLLOW_MS) return { body, afterMs: null };
    await new Promise((r) => setTimeout(r, 10));
  }
}

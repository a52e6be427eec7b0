/**
 * Crash harness ("Trust the core"): the real server (`src/server/main.ts` in its own
 * process, PGlite in a temporary DATA_DIR, the embedded issuer) is killed with SIGKILL at a
 * random moment while concurrent saves run, and restarted on the same DATA_DIR, cycle after
 * cycle. Each cycle checks:
 *
 * - the restart is not refused (the dead process's lock is taken over at once) and answers
 *   `GET /api/health` within {@link RESTART_LIMIT_MS};
 * - every acknowledged save (a PATCH answered 200) is still there: the page's version is at
 *   least the acknowledged one, and the audit log holds that version's diff with the very value
 *   (0 lost). A save whose answer the kill swallowed may or may not have landed — both are fine.
 *
 * Saves: `PATCH /api/v1/pages/{id}` (RFC 6902 `replace` of a product price) with `If-Match`
 * and an `Idempotency-Key`, several workers at once (two per page, so 412s happen too).
 *
 * `npm run bench` runs {@link CRASH_CYCLES_DEFAULT} cycles (`CRASH_CYCLES=n` for fewer/more);
 * tests/api/crash.test.ts runs the same harness for 20.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { getToken } from '../../src/server/auth/headless-login.ts';
import { DEMO_USERS } from '../../src/server/db/seed.ts';
import { withTemplate } from '../scripts/pglite-template.ts';
import { serverEntryArgs } from '../scripts/server-entry.ts';
import { pct, printVerdicts, rng } from './stats.ts';
import { size } from './smoke';

/** Longest a restart may take until `/api/health` answers 200. */
export const RESTART_LIMIT_MS = 5_000;
/** Cycles of `npm run bench`. */
export const CRASH_CYCLES_DEFAULT = 1_000;

/** Options of {@link crashCycles}. */
export interface CrashOptions {
  cycles: number;
  /** Concurrent save loops (default 4). */
  workers?: number;
  /** PRNG seed (kill moments). */
  seed?: number;
  /** Kill after a random time in [minKillMs, maxKillMs] once the cycle's first save is acknowledged (default 0–400 ms). */
  minKillMs?: number;
  maxKillMs?: number;
  /** A restart slower than this counts as failed (default {@link RESTART_LIMIT_MS}). */
  restartLimitMs?: number;
  /** Called after each cycle (progress). */
  onCycle?: (cycle: number, r: CrashReport) => void;
}

/** What {@link crashCycles} found. */
export interface CrashReport {
  cycles: number;
  /** PATCHes answered 200. */
  acknowledged: number;
  /** Acknowledged saves missing after a restart. */
  lost: number;
  /** PATCHes answered 412 (two workers per page). */
  conflicts: number;
  /** PATCHes cut off by the kill (no answer). */
  unanswered: number;
  /** Other answers (should be 0), with a sample. */
  unexpected: number;
  unexpectedSample: string[];
  /** Spawn → first 200 of /api/health, per restart (ms). */
  restartMs: number[];
  /** Restarts that were refused or did not answer within the limit. */
  failedRestarts: number;
  /** Descriptions of lost saves (first few). */
  lostSample: string[];
}

interface Ack {
  page: number;
  version: number;
  value: number;
}
/** A document answer, or a 412's `current`: what the harness reads of it. */
interface Versioned {
  version: number;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const p = (srv.address() as { port: number }).port;
      srv.close(() => resolve(p));
    });
  });
}

/** The real server in a child process on a fixed port and data directory. */
class ServerProc {
  child: ChildProcess | null = null;
  log = '';
  constructor(private readonly env: NodeJS.ProcessEnv) {}

  /** Spawns the server; resolves with the ms until /api/health answered 200, or rejects (exited / too slow). */
  async start(url: string, limitMs: number): Promise<number> {
    const t0 = performance.now();
    this.log = '';
    const child = spawn(process.execPath, serverEntryArgs('main'), { cwd: ROOT, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout.on('data', (d: Buffer) => (this.log = (this.log + d.toString()).slice(-4000)));
    child.stderr.on('data', (d: Buffer) => (this.log = (this.log + d.toString()).slice(-4000)));
    let exited = false;
    child.once('exit', () => (exited = true));
    for (;;) {
      if (exited) throw new Error(`the server exited during start: ${this.log.slice(-1500)}`);
      const ms = performance.now() - t0;
      if (ms > limitMs) throw new Error(`no 200 from /api/health within ${limitMs} ms: ${this.log.slice(-1500)}`);
      try {
        const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
        await res.arrayBuffer();
        if (res.status === 200) return performance.now() - t0;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** SIGKILL, resolved once the process is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }
}

/**
 * Runs `opts.cycles` crash cycles against a fresh data directory and reports the figures.
 * The first start (initdb, migrations, demo data with 100 orders) is not counted as a restart.
 */
export async function crashCycles(opts: CrashOptions): Promise<CrashReport> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-crash-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(PUBLIC_URL|DATABASE_URL|OIDC_|DATA_DIR|PORT|SITES_DIR|UPLOADS_DIR|STATIC_DIR)/.test(k)),
  );
  // The first start from the demo's seeded dump; every restart resumes the data directory.
  const server = new ServerProc(
    await withTemplate({
      ...base,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: path.join(dataDir, 'data'),
      STATIC_DIR: path.join(dataDir, 'no-spa'),
      DEMO_ORDERS: '100',
    }),
  );
  const random = rng(opts.seed ?? 8);
  const workers = opts.workers ?? 4;
  const limit = opts.restartLimitMs ?? RESTART_LIMIT_MS;
  const minKill = opts.minKillMs ?? 0;
  const maxKill = opts.maxKillMs ?? 400;
  const report: CrashReport = {
    cycles: 0,
    acknowledged: 0,
    lost: 0,
    conflicts: 0,
    unanswered: 0,
    unexpected: 0,
    unexpectedSample: [],
    restartMs: [],
    failedRestarts: 0,
    lostSample: [],
  };
  const onExit = () => server.child?.kill('SIGKILL');
  process.once('exit', onExit);
  try {
    await server.start(url, 120_000);
    let token = await getToken(url, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    let tokenAt = Date.now();
    const api = async (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(url + p, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'Content-Type': method === 'PATCH' ? 'application/json-patch+json' : 'application/json' }),
          ...headers,
        },
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, json, text };
    };

    // Pages with a product whose price the workers change, two workers per page.
    const list = (await api('GET', '/api/v1/funnels/1/pages')).json as { ID: number }[];
    const pageIds: number[] = [];
    for (const p of list) {
      const page = (await api('GET', `/api/v1/pages/${p.ID}`)).json as { meta?: { products?: unknown[] } };
      if (page.meta?.products?.length) pageIds.push(p.ID);
      if (pageIds.length * 2 >= workers) break;
    }
    if (!pageIds.length) throw new Error('no demo page with a product');
    const acks = new Map<number, Ack[]>(pageIds.map((id) => [id, []]));
    let counter = 0;

    for (let cycle = 1; cycle <= opts.cycles; cycle++) {
      // The demo token lives an hour: renew it in long runs.
      if (Date.now() - tokenAt > 30 * 60_000) {
        token = await getToken(url, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
        tokenAt = Date.now();
      }
      const versions = new Map<number, number>();
      for (const id of pageIds) versions.set(id, ((await api('GET', `/api/v1/pages/${id}`)).json as Versioned).version);
      let killed = false;
      let firstAck: () => void = () => {};
      const acked = new Promise<void>((resolve) => (firstAck = resolve));
      const loop = async (w: number) => {
        const page = pageIds[w % pageIds.length]!;
        while (!killed) {
          const value = 10 + (++counter % 90_000) / 100;
          try {
            const r = await api('PATCH', `/api/v1/pages/${page}`, [{ op: 'replace', path: '/meta/products/0/_price', value }], {
              'If-Match': `"${versions.get(page)}"`,
              'Idempotency-Key': `crash-${cycle}-${w}-${counter}`,
              'X-Change-Label': 'Crash harness price',
            });
            if (r.status === 200) {
              firstAck();
              report.acknowledged++;
              const { version } = r.json as Versioned;
              acks.get(page)!.push({ page, version, value });
              versions.set(page, Math.max(versions.get(page)!, version));
            } else if (r.status === 412) {
              report.conflicts++;
              const current =
                (r.json as { current?: Versioned } | null)?.current?.version ?? ((await api('GET', `/api/v1/pages/${page}`)).json as Versioned).version;
              versions.set(page, Math.max(versions.get(page)!, current));
            } else {
              report.unexpected++;
              if (report.unexpectedSample.length < 5) report.unexpectedSample.push(`${r.status} ${r.text.slice(0, 200)}`);
            }
          } catch {
            if (killed) report.unanswered++;
            else await new Promise((r) => setTimeout(r, 5));
          }
        }
      };
      const loops = Array.from({ length: workers }, (_, w) => loop(w));
      // The kill falls at a random moment once saves are flowing (the first one acknowledged).
      await Promise.race([acked, new Promise((r) => setTimeout(r, 10_000))]);
      await new Promise((r) => setTimeout(r, minKill + random() * (maxKill - minKill)));
      killed = true;
      await server.kill('SIGKILL');
      await Promise.all(loops);

      try {
        const ms = await server.start(url, 60_000);
        report.restartMs.push(ms);
        if (ms > limit) {
          report.failedRestarts++;
          console.error(`cycle ${cycle}: restart took ${ms.toFixed(0)} ms (limit ${limit} ms)`);
        }
      } catch (e) {
        report.failedRestarts++;
        console.error(`cycle ${cycle}: restart failed: ${(e as Error).message}`);
        await server.kill('SIGKILL');
        await server.start(url, 120_000);
      }

      // Every acknowledged save of this cycle is in the page's history: version reached, diff logged with its value.
      const audit = (await api('GET', '/api/v1/funnels/1/audit_log?limit=1000')).json as {
        doc: string | null;
        type: string;
        version?: number;
        ops?: { path: string; value?: unknown }[];
      }[];
      const logged = new Map<string, unknown>();
      for (const e of audit)
        if (e.type === 'diff' && e.doc && e.version !== undefined)
          logged.set(`${e.doc}@${e.version}`, e.ops?.find((o) => o.path === '/meta/products/0/_price')?.value);
      for (const id of pageIds) {
        const now = (await api('GET', `/api/v1/pages/${id}`)).json as { version: number; meta: { products: { _price: number }[] } };
        for (const a of acks.get(id)!) {
          const present =
            now.version >= a.version &&
            logged.get(`page:${id}@${a.version}`) === a.value &&
            (now.version !== a.version || now.meta.products[0]!._price === a.value);
          if (!present) {
            report.lost++;
            if (report.lostSample.length < 5) report.lostSample.push(`cycle ${cycle}: page ${id} v${a.version} = ${a.value} (now v${now.version})`);
          }
        }
        acks.set(id, []);
      }
      report.cycles = cycle;
      opts.onCycle?.(cycle, report);
    }
    return report;
  } finally {
    process.off('exit', onExit);
    await server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `npm run bench`: {@link CRASH_CYCLES_DEFAULT} cycles (CRASH_CYCLES=n), figures and PASS/MISS. */
export async function run(): Promise<{ misses: number }> {
  const cycles = Number(process.env.CRASH_CYCLES ?? size(CRASH_CYCLES_DEFAULT, 1));
  console.log(`crash harness: ${cycles} cycles of concurrent saves, SIGKILL at a random moment, restart on the same DATA_DIR (PGlite)…`);
  const t0 = performance.now();
  const r = await crashCycles({
    cycles,
    onCycle: (c, rep) => {
      if (c % 50 === 0 || c === cycles)
        console.log(`  ${c}/${cycles} cycles, ${rep.acknowledged} acknowledged, ${rep.lost} lost, restart p95 ${pct(rep.restartMs, 95).toFixed(0)} ms`);
    },
  });
  const p50 = pct(r.restartMs, 50);
  const p95 = pct(r.restartMs, 95);
  const max = r.restartMs.length ? Math.max(...r.restartMs) : NaN;
  console.log(`  cycles                ${r.cycles}`);
  console.log(`  acknowledged saves    ${r.acknowledged}`);
  console.log(`  lost                  ${r.lost}${r.lostSample.length ? ` (${r.lostSample.join('; ')})` : ''}`);
  console.log(`  412 conflicts         ${r.conflicts}`);
  console.log(`  cut off by the kill   ${r.unanswered}`);
  console.log(`  unexpected answers    ${r.unexpected}${r.unexpectedSample.length ? ` (${r.unexpectedSample.join('; ')})` : ''}`);
  console.log(`  restart → health      p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${max.toFixed(0)} ms`);
  console.log(`  failed restarts       ${r.failedRestarts}`);
  console.log(`  run time              ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const verdicts = [
    { ok: r.lost === 0, target: 'acknowledged saves lost = 0', value: String(r.lost) },
    {
      ok: r.failedRestarts === 0 && max <= RESTART_LIMIT_MS,
      target: `every restart answers /api/health within ${RESTART_LIMIT_MS / 1000} s`,
      value: `max ${max.toFixed(0)} ms, ${r.failedRestarts} failed`,
    },
    { ok: r.unexpected === 0, target: 'no answer but 200/412', value: String(r.unexpected) },
  ];
  return { misses: printVerdicts(verdicts) };
}

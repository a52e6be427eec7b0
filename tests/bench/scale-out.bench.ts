/**
 * Scale-out benchmark: one API process, then two, on one PostgreSQL (a throwaway cluster) and
 * one bucket (the S3 fake, FILE_STORAGE=s3), each process with its own empty directories
 * (tests/api/two-processes.ts). A mixed read load — GET a funnel, GET a page, GET the funnel
 * list, in turn on each connection — from autocannon in this process: first all connections on
 * process A alone (the peer), then the same connections split half and half between A and B.
 *
 * Printed: the throughput of each run and their ratio; per process the CPU seconds it spent per
 * 1,000 requests (utime + stime of /proc/<pid>/stat, before and after); how busy the cores were
 * (/proc/stat) and who used them (the servers, this process — load generator and bucket —, the
 * rest: PostgreSQL and the kernel). Target: CPU per 1,000 requests with two processes at most
 * 1.10× one process's (a second process adds no shared bottleneck). The throughput target,
 * ≥ 1.8×, is judged only with 4 free cores or more: on 2 cores the load generator, the database
 * and the servers already share every core, so a second process cannot add throughput.
 * Smoke: a few hundred requests per run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { startDeployment, type Node } from '../api/two-processes.ts';
import { size } from './smoke.ts';
import { printVerdicts } from './stats.ts';

/** Seconds each measured run lasts (smoke: a fixed number of requests instead). */
const DURATION_S = 15;
const WARMUP_S = 5;
/** Requests of a smoke run (split between the processes in the two-process run). */
const SMOKE_REQUESTS = 300;
/** Connections in all, split between the processes in the two-process run. */
const CONNECTIONS = size(32, 4);
const CPU_TARGET = 1.1;
const SCALE_TARGET = 1.8;
const FUNNEL = 1;
const PAGE = 2;

/** Clock ticks per second of /proc/<pid>/stat's utime and stime. */
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU seconds process `pid` has used so far (user + system). */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** utime, stime, cutime and cstime of /proc/<pid>/stat in seconds, or null when the process is gone. */
function statTimes(pid: number): { own: number; children: number; ppid: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { own: (Number(f[11]) + Number(f[12])) / TICKS, children: (Number(f[13]) + Number(f[14])) / TICKS, ppid: Number(f[1]) };
  } catch {
    return null;
  }
}

/**
 * CPU seconds the PostgreSQL cluster listening on `port` has used so far: its postmaster with
 * the children it has reaped (cutime, cstime: backends that ended) plus its live backends.
 * 0 when the postmaster is not found (another machine's /proc layout).
 */
function postgresSeconds(port: string): number {
  const pids = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  const postmaster = pids.find((p) => {
    try {
      const argv = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
      return argv[0]?.endsWith('postgres') && argv.join(' ').includes(`-p ${port} `);
    } catch {
      return false;
    }
  });
  if (!postmaster) return 0;
  const main = statTimes(Number(postmaster));
  let total = main ? main.own + main.children : 0;
  for (const p of pids) {
    const t = statTimes(Number(p));
    if (t && t.ppid === Number(postmaster)) total += t.own;
  }
  return total;
}

/** Busy and total ticks of the whole machine and of each core, from /proc/stat. */
function coreTicks(): Map<string, { busy: number; total: number }> {
  const out = new Map<string, { busy: number; total: number }>();
  for (const line of fs.readFileSync('/proc/stat', 'utf8').split('\n')) {
    if (!line.startsWith('cpu')) continue;
    const [name, ...rest] = line.split(/\s+/);
    // user nice system idle iowait irq softirq steal (guest time is counted in user already).
    const v = rest.slice(0, 8).map(Number);
    const total = v.reduce((a, b) => a + b, 0);
    out.set(name!, { busy: total - v[3]! - v[4]!, total });
  }
  return out;
}

/** What one run measured. */
interface RunFigures {
  /** Requests answered per process, in `nodes` order. */
  requests: number[];
  /** CPU seconds per process, in `nodes` order. */
  cpu: number[];
  seconds: number;
  errors: number;
  /** Busy share (0–1) of all cores ('cpu') and of each ('cpu0', …). */
  busy: Map<string, number>;
  /** CPU seconds of this process (load generator and bucket), of PostgreSQL, and of everything else on the machine. */
  here: number;
  postgres: number;
  rest: number;
}

/** The read mix on one connection: a funnel, a page, the funnel list. */
const READS: autocannon.Request[] = [
  { method: 'GET', path: `/api/v1/funnels/${FUNNEL}` },
  { method: 'GET', path: `/api/v1/pages/${PAGE}` },
  { method: 'GET', path: '/api/v1/funnels' },
];

/** Loads each of `nodes` with its share of the connections at once, for `seconds` or (smoke) `requests` in all. */
async function load(nodes: Node[], pgPort: string, seconds: number, requests: number | null): Promise<RunFigures> {
  const per = Math.max(1, Math.floor(CONNECTIONS / nodes.length));
  const cpu0 = nodes.map((n) => cpuSeconds(n.proc.pid));
  const ticks0 = coreTicks();
  const here0 = process.cpuUsage();
  const pg0 = postgresSeconds(pgPort);
  const t0 = performance.now();
  const results = await Promise.all(
    nodes.map((n) =>
      autocannon({
        url: n.url,
        connections: per,
        ...(requests === null ? { duration: seconds } : { amount: Math.ceil(requests / nodes.length) }),
        headers: { Authorization: `Bearer ${n.token}` },
        requests: READS,
      }),
    ),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const here1 = process.cpuUsage(here0);
  const postgres = postgresSeconds(pgPort) - pg0;
  const ticks1 = coreTicks();
  const cpu = nodes.map((n, i) => cpuSeconds(n.proc.pid) - cpu0[i]!);
  const busy = new Map<string, number>();
  let busyAll = 0;
  for (const [name, b] of ticks1) {
    const a = ticks0.get(name)!;
    busy.set(name, (b.busy - a.busy) / Math.max(1, b.total - a.total));
    if (name === 'cpu') busyAll = (b.busy - a.busy) / TICKS;
  }
  const here = (here1.user + here1.system) / 1e6;
  return {
    requests: results.map((r) => r.requests.total),
    cpu,
    seconds: elapsed,
    errors: results.reduce((s, r) => s + r.errors + r.timeouts + r.non2xx, 0),
    busy,
    here,
    postgres,
    rest: busyAll - here - postgres - cpu.reduce((a, b) => a + b, 0),
  };
}

/** The run's CPU seconds by who spent them. */
const cpuShares = (r: RunFigures) => [r.cpu.reduce((a, b) => a + b, 0), r.here, r.postgres, r.rest].map((x) => x.toFixed(1)).join(' / ');
const per1000 = (cpu: number, requests: number) => (cpu / Math.max(1, requests)) * 1000;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Runs the benchmark; prints the table and the verdicts. @returns the number of missed targets. */
export async function run(): Promise<{ misses: number }> {
  const cores = os.availableParallelism();
  const freeCores = cores - os.loadavg()[0]!;
  const d = await startDeployment({ max_connections: '200' });
  try {
    // LOG_LEVEL=warn: the access log's lines would be read by this process, the load generator.
    const env = { DEMO_ORDERS: '1000', LOG_LEVEL: 'warn' };
    const a = await d.start('a', env);
    const port = new URL(d.cluster.url).port;
    const smoke = size(false, true);
    const requests = smoke ? SMOKE_REQUESTS : null;
    await load([a], port, WARMUP_S, smoke ? 60 : null);
    const one = await load([a], port, DURATION_S, requests);
    const b = await d.start('b', env);
    // B warmed up alone first, as A was before its run: a colder B would cost more per request.
    await load([b], port, WARMUP_S, smoke ? 60 : null);
    await load([a, b], port, WARMUP_S, smoke ? 60 : null);
    const two = await load([a, b], port, DURATION_S, requests);

    const rate1 = sum(one.requests) / one.seconds;
    const rate2 = sum(two.requests) / two.seconds;
    const cpu1 = per1000(one.cpu[0]!, one.requests[0]!);
    const cpu2 = per1000(sum(two.cpu), sum(two.requests));
    const pctOf = (m: Map<string, number>) => [...m].map(([k, v]) => `${k === 'cpu' ? 'all' : k} ${(v * 100).toFixed(0)}%`).join(', ');
    const rows: [string, string, string, string][] = [
      ['figure', '1 process (peer)', '2 processes', 'ratio 2 / 1'],
      ['requests', String(sum(one.requests)), `${sum(two.requests)} (A ${two.requests[0]}, B ${two.requests[1]})`, ''],
      ['throughput (req/s)', rate1.toFixed(0), rate2.toFixed(0), `${(rate2 / rate1).toFixed(2)}×`],
      [
        'CPU s / 1,000 req, A',
        cpu1.toFixed(3),
        per1000(two.cpu[0]!, two.requests[0]!).toFixed(3),
        `${(per1000(two.cpu[0]!, two.requests[0]!) / cpu1).toFixed(2)}×`,
      ],
      ['CPU s / 1,000 req, B', '', per1000(two.cpu[1]!, two.requests[1]!).toFixed(3), `${(per1000(two.cpu[1]!, two.requests[1]!) / cpu1).toFixed(2)}×`],
      ['CPU s / 1,000 req, servers', cpu1.toFixed(3), cpu2.toFixed(3), `${(cpu2 / cpu1).toFixed(2)}×`],
      ['CPU s: servers / load generator + bucket / PostgreSQL / rest of the machine', cpuShares(one), cpuShares(two), ''],
      ['cores busy', pctOf(one.busy), pctOf(two.busy), ''],
      ['errors (socket, timeout, non-2xx)', String(one.errors), String(two.errors), ''],
    ];
    const w = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
    console.log(
      `${cores} cores (${freeCores.toFixed(1)} free by load average before the run); ${CONNECTIONS} connections, ${smoke ? `${SMOKE_REQUESTS} requests` : `${DURATION_S} s`} per run; GET funnel, page, funnel list in turn\n`,
    );
    for (const [i, r] of rows.entries()) {
      console.log(r.map((x, c) => (c === 0 ? x.padEnd(w[c]!) : x.padStart(w[c]!))).join(' | '));
      if (i === 0) console.log(w.map((n) => '-'.repeat(n)).join('-|-'));
    }
    const scaleJudged = freeCores >= 4;
    const verdicts = [
      { target: `CPU per 1,000 requests with two processes ≤ ${CPU_TARGET}× one`, value: `${(cpu2 / cpu1).toFixed(2)}×`, ok: cpu2 / cpu1 <= CPU_TARGET },
      {
        target: `throughput of two processes ≥ ${SCALE_TARGET}× one${scaleJudged ? '' : ` (not judged: fewer than 4 free cores)`}`,
        value: `${(rate2 / rate1).toFixed(2)}×`,
        ok: !scaleJudged || rate2 / rate1 >= SCALE_TARGET,
      },
      { target: 'zero errors', value: String(one.errors + two.errors), ok: one.errors + two.errors === 0 },
    ];
    return { misses: printVerdicts(verdicts) };
  } finally {
    await d.close();
  }
}

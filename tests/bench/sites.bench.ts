/**
 * Sites server benchmark: a published page served by the sites server (`npm run sites`,
 * src/server/sites-main.ts) at a fixed 500 requests/s, evenly spaced, for 10 s, on
 * the deployment of tests/api/two-processes.ts — one PostgreSQL, one bucket (the S3 fake in
 * this process, FILE_STORAGE=s3), the admin process that published funnel 1. Each request
 * asks for brotli as a browser does (the stored `.br` sibling is answered). Latency is taken per
 * request (sent → answered). The peer, in the same run: the same page at the same rate from
 * the admin process (`/sites/<site>/<path>` of the API). Target: the sites server's p99
 * < 10 ms. Smoke: 2 s at 100 requests/s.
 */
import http from 'node:http';
import os from 'node:os';
import { call, lastProgress, startDeployment } from '../api/two-processes.ts';
import { pct, printVerdicts } from './stats.ts';
import { cpuSeconds } from './scale-out.bench.ts';
import { size } from './smoke.ts';

const RATE = size(500, 100);
const DURATION_S = size(10, 2);
const WARMUP_S = size(2, 1);
const TARGET_P99_MS = 10;
const FUNNEL = 1;
/** Funnel 1's checkout page: the page served. */
const PAGE = 2;

/** What one fixed-rate run measured. */
interface RateRun {
  /** ms from each request's send to its answer's last byte. */
  times: number[];
  statuses: Map<number, number>;
  errors: number;
  /** Requests sent more than 5 ms after their due time (the generator fell behind). */
  late: number;
  /** CPU seconds of the server measured and of this process (load generator and bucket). */
  cpu: number;
  here: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One GET of `url` asking for brotli; resolves with its status and ms to the last byte. */
function get(url: string): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'Accept-Encoding': 'br, gzip' } }, (res) => {
        res.resume();
        res.once('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
        res.once('error', reject);
      })
      .once('error', reject);
  });
}

/**
 * GET `url` at a fixed `RATE` requests/s for `seconds`, evenly spaced (open loop: a request is
 * sent when it is due, whether the ones before were answered or not). autocannon's
 * `overallRate` sends each second's quota per connection back to back at the start of the
 * second, which measures a burst's queue, not a steady rate.
 */
async function fixedRate(url: string, pid: number, seconds: number): Promise<RateRun> {
  const run: RateRun = { times: [], statuses: new Map(), errors: 0, late: 0, cpu: 0, here: 0 };
  const cpu0 = cpuSeconds(pid);
  const here0 = process.cpuUsage();
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < RATE * seconds; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    if (performance.now() - due > 5) run.late++;
    pending.push(
      get(url).then(
        ({ status, ms }) => {
          run.times.push(ms);
          run.statuses.set(status, (run.statuses.get(status) ?? 0) + 1);
        },
        () => void run.errors++,
      ),
    );
  }
  await Promise.all(pending);
  run.cpu = cpuSeconds(pid) - cpu0;
  const here = process.cpuUsage(here0);
  run.here = (here.user + here.system) / 1e6;
  return run;
}

/** Runs the benchmark; prints both servers' figures, their ratio and PASS/MISS. */
export async function run(): Promise<{ misses: number }> {
  const d = await startDeployment();
  try {
    const admin = await d.start('admin', { DEMO_ORDERS: '1000', LOG_LEVEL: 'warn' });
    const published = await call(admin, 'PUT', `/api/v1/funnels/${FUNNEL}/publish`);
    if (lastProgress(published.text).progress !== 100) throw new Error(`publishing funnel ${FUNNEL} failed: ${published.text.slice(-300)}`);
    const releases = (await call(admin, 'GET', `/api/v1/funnels/${FUNNEL}/releases`)).json as unknown as { site: string; live: boolean }[];
    const site = releases.find((r) => r.live)?.site;
    const pagePath = String((await call(admin, 'GET', `/api/v1/pages/${PAGE}`)).json.page_path);
    if (!site) throw new Error('no live release after the publish');
    const sites = await d.startSites('sites');
    const target = `/sites/${site}${pagePath}`;
    const check = await fetch(sites.url + target);
    const html = await check.text();
    if (check.status !== 200 || !html.trimEnd().endsWith('</html>')) throw new Error(`the sites server answered ${check.status} for ${target}`);

    const measure = async (url: string, pid: number) => {
      await fixedRate(url, pid, WARMUP_S);
      return fixedRate(url, pid, DURATION_S);
    };
    const onSites = await measure(sites.url + target, sites.pid);
    const onAdmin = await measure(admin.url + target, admin.proc.pid);

    const bad = (r: RateRun) => r.errors + [...r.statuses].filter(([s]) => s !== 200).reduce((a, [, n]) => a + n, 0);
    const rows: [string, string, string, string][] = [
      ['figure', 'sites server', 'admin process (peer)', 'ratio'],
      ['requests', String(onSites.times.length), String(onAdmin.times.length), ''],
      ['rate (req/s)', (onSites.times.length / DURATION_S).toFixed(0), (onAdmin.times.length / DURATION_S).toFixed(0), ''],
      ...[50, 95, 99].map((p): [string, string, string, string] => [
        `p${p} ms`,
        pct(onSites.times, p).toFixed(2),
        pct(onAdmin.times, p).toFixed(2),
        `${(pct(onSites.times, p) / pct(onAdmin.times, p)).toFixed(2)}×`,
      ]),
      ['max ms', Math.max(...onSites.times).toFixed(1), Math.max(...onAdmin.times).toFixed(1), ''],
      ['errors (socket, non-200)', String(bad(onSites)), String(bad(onAdmin)), ''],
      [
        'server CPU ms per request',
        ((onSites.cpu * 1000) / Math.max(1, onSites.times.length)).toFixed(2),
        ((onAdmin.cpu * 1000) / Math.max(1, onAdmin.times.length)).toFixed(2),
        `${(onSites.cpu / onAdmin.cpu).toFixed(2)}×`,
      ],
      ['CPU s of this process (load generator, bucket)', onSites.here.toFixed(1), onAdmin.here.toFixed(1), ''],
      ['sent > 5 ms late (generator behind)', String(onSites.late), String(onAdmin.late), ''],
    ];
    const w = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
    console.log(
      `${target} (${html.length} characters of HTML, answered brotli) at ${RATE} req/s for ${DURATION_S} s after ${WARMUP_S} s of warm-up, keep-alive connections; ` +
        `${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)}; load generator and bucket in this process\n`,
    );
    for (const [i, r] of rows.entries()) {
      console.log(r.map((x, c) => (c === 0 ? x.padEnd(w[c]!) : x.padStart(w[c]!))).join(' | '));
      if (i === 0) console.log(w.map((n) => '-'.repeat(n)).join('-|-'));
    }
    const p99 = pct(onSites.times, 99);
    const verdicts = [
      { target: `sites server p99 < ${TARGET_P99_MS} ms at ${RATE} req/s`, value: `${p99.toFixed(2)} ms`, ok: p99 < TARGET_P99_MS },
      { target: 'zero errors', value: String(bad(onSites) + bad(onAdmin)), ok: bad(onSites) + bad(onAdmin) === 0 },
    ];
    return { misses: printVerdicts(verdicts) };
  } finally {
    await d.close();
  }
}

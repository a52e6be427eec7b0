/**
 * Analytics benchmark (`npm run bench -- events`), on one server process (tests/api/helpers.ts),
 * on in-memory PGlite and, where installed, on a throwaway PostgreSQL cluster:
 *
 * 1. Ingest: funnel 1 published, then 16 senders post batches of 10 events to its site's
 *    `POST /sites/<site>/e` as fast as they are answered for `DURATION_S` (events/s stored); then,
 *    from a worker thread (so the load generator does not share the server's event loop),
 *    batches at an evenly spaced 2,000 events/s while one of its pages is read at 50 requests/s.
 *    Targets: ≥ 2,000 events/s stored, the page's p99 < 20 ms while ingesting 2,000 events/s.
 * 2. Query: `EVENTS` events generated into `events` over 30 days (set-based SQL), rolled up as
 *    the upkeep does (whole days, and today up to a few seconds ago: maintenance.ts), then
 *    `GET /api/v1/funnels/1/analytics` over the 30 days (median of 5; the rollups, plus the raw
 *    events since today's rollup). Target: < 200 ms over 10,000,000 events on PostgreSQL (on
 *    PGlite 1,000,000: its single-threaded WASM build takes minutes to write more).
 *    Smoke: 2 s, 20,000 events.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { count, sql } from 'drizzle-orm';
import { eventRollupState, events } from '../../src/server/db/schema.ts';
import { maintain } from '../../src/server/analytics/maintenance.ts';
import { startTestServer } from '../api/helpers.ts';
import { pgBinDir, startPgCluster } from '../scripts/postgres.ts';
import { pct, printVerdicts, type Verdict } from './stats.ts';
import { size } from './smoke.ts';

const DURATION_S = size(10, 2);
const SENDERS = 16;
const BATCH = 10;
const PAGE_RATE = 50;
const TARGET_EVENTS_PER_S = 2000;
const EVENTS_PGLITE = Number(process.env.BENCH_EVENTS ?? size(1_000_000, 20_000));
const EVENTS_PG = Number(process.env.BENCH_EVENTS ?? size(10_000_000, 20_000));
const FUNNEL = 1;

/**
 * The paced load, in a worker thread: posts `bodies` to `eventsUrl` evenly spaced at `batchRate`
 * per second while reading `pageUrl` at `pageRate` per second, for `seconds`. Posts back
 * `{ pageTimes: ms[], refused }`. Plain JavaScript: a worker evaluates it as is.
 */
const PACED_WORKER = `
const { parentPort, workerData: w } = require('node:worker_threads');
const paced = async (rate, seconds, task) => {
  const t0 = performance.now();
  const pending = [];
  for (let i = 0; i < rate * seconds; i++) {
    const wait = t0 + (i * 1000) / rate - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(task(i));
  }
  await Promise.all(pending);
};
(async () => {
  const pageTimes = [];
  let refused = 0;
  await Promise.all([
    paced(w.batchRate, w.seconds, async (i) => {
      const r = await fetch(w.eventsUrl, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: w.bodies[i % w.bodies.length] });
      await r.arrayBuffer();
      if (r.status !== 204) refused++;
    }),
    paced(w.pageRate, w.seconds, async () => {
      const s = performance.now();
      const r = await fetch(w.pageUrl);
      await r.arrayBuffer();
      if (r.status === 200) pageTimes.push(performance.now() - s);
    }),
  ]);
  parentPort.postMessage({ pageTimes, refused });
})();
`;

/** Runs {@link PACED_WORKER} with `data`. */
function pacedInWorker(data: Record<string, unknown>): Promise<{ pageTimes: number[]; refused: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PACED_WORKER, { eval: true, workerData: data });
    worker.once('message', (m: { pageTimes: number[]; refused: number }) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** Measures ingest and query on the database `pgUrl` names (PGlite when empty). */
async function measure(label: string, pgUrl: string, eventCount: number): Promise<Verdict[]> {
  process.env.ANALYTICS_INGEST_PER_MINUTE = '0';
  if (pgUrl) process.env.API_TEST_PG_URL = pgUrl;
  else delete process.env.API_TEST_PG_URL;
  const t = await startTestServer({ demoOrders: 1000, env: { LOG_LEVEL: 'silent' } });
  try {
    const pub = await fetch(`${t.url}/api/v1/funnels/${FUNNEL}/publish`, { method: 'PUT', headers: { Authorization: `Bearer ${t.token}` } });
    if (!(await pub.text()).includes('"progress":100')) throw new Error(`publishing funnel ${FUNNEL} failed`);
    const releases = (await t.api('GET', `/api/v1/funnels/${FUNNEL}/releases`)).body as { ID: number; site: string; live: boolean }[];
    const live = releases.find((r) => r.live);
    if (!live) throw new Error('no live release after the publish');
    const pages = (await t.api('GET', `/api/v1/funnels/${FUNNEL}/pages`)).body as { ID: number; page_path: string }[];
    const page = pages[0];
    if (!page) throw new Error(`funnel ${FUNNEL} has no pages`);
    const base = `${t.url}/sites/${live.site}`;

    // 1a. Ingest flat out: how many events one process stores per second.
    const batchOf = (n: number, i: number) =>
      JSON.stringify({
        events: Array.from({ length: BATCH }, (_, k) => ({
          kind: k % 5 === 4 ? 'cta' : 'view',
          page: page.ID,
          visitor: `bench-${n}-${i % 500}`,
          affiliate: String(n % 4),
        })),
      });
    const post = async (body: string) => {
      const r = await fetch(`${base}/e`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body });
      await r.arrayBuffer();
      return r.status;
    };
    const stored = async () => (await t.server.db.db.select({ n: count() }).from(events))[0]!.n;
    let refused = 0;
    const before = await stored();
    const flatStop = performance.now() + DURATION_S * 1000;
    const flat0 = performance.now();
    await Promise.all(
      Array.from({ length: SENDERS }, async (_, n) => {
        for (let i = 0; performance.now() < flatStop; i++) if ((await post(batchOf(n, i))) !== 204) refused++;
      }),
    );
    const flatSeconds = (performance.now() - flat0) / 1000;
    await new Promise((r) => setTimeout(r, 500));
    const perSecond = ((await stored()) - before) / flatSeconds;

    // 1b. Ingest at the target rate, evenly spaced, while a page is read at PAGE_RATE: from a worker thread.
    const pacedBefore = await stored();
    const paced = await pacedInWorker({
      eventsUrl: `${base}/e`,
      pageUrl: base + page.page_path,
      bodies: Array.from({ length: (TARGET_EVENTS_PER_S / BATCH) * DURATION_S }, (_, i) => batchOf(i % SENDERS, i)),
      batchRate: TARGET_EVENTS_PER_S / BATCH,
      pageRate: PAGE_RATE,
      seconds: DURATION_S,
    });
    const pageTimes = paced.pageTimes;
    refused += paced.refused;
    await new Promise((r) => setTimeout(r, 500));
    const pacedStored = (await stored()) - pacedBefore;

    // 2. A generated event set, rolled up, queried.
    const ids = pages.map((p) => p.ID);
    const g0 = performance.now();
    const chunk = 250_000;
    for (let done = 0; done < eventCount; done += chunk) {
      const n = Math.min(chunk, eventCount - done);
      await t.server.db.db.execute(sql`insert into events (created_at, funnel_id, page_id, release_id, kind, visitor, branch, affiliate, campaign)
        select now() - random() * interval '30 days', ${FUNNEL}, (${`{${ids.join(',')}}`}::int[])[1 + floor(random() * ${ids.length})::int], ${live.ID},
          (array['view','view','view','cta','checkout_submit'])[1 + floor(random() * 5)::int], 'v' || floor(random() * 200000)::int,
          null, (array['1','2','3',null])[1 + floor(random() * 4)::int], null
        from generate_series(1, ${n})`);
    }
    const generated = (performance.now() - g0) / 1000;
    // The generated days lie before the day the upkeep remembered at start (no events then): roll them all up.
    await t.server.db.db.update(eventRollupState).set({ rolled_through: null });
    const r0 = performance.now();
    await maintain(t.server.db.db, 400);
    const rolled = (performance.now() - r0) / 1000;
    const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    const times: number[] = [];
    for (let i = 0; i < 6; i++) {
      const q0 = performance.now();
      // A kept-alive socket the server closed while the events were generated is retried once.
      const ask = () => t.api('GET', `/api/v1/funnels/${FUNNEL}/analytics?from=${from}`);
      const r = await ask().catch(ask);
      if (r.status !== 200) throw new Error(`the analytics answered ${r.status}: ${r.text.slice(0, 200)}`);
      // The first answer opens the connection: not counted.
      if (i > 0) times.push(performance.now() - q0);
    }
    const median = pct(times, 50);
    const p99 = pct(pageTimes, 99);
    console.log(
      `\n${label} (${t.server.db.kind}); ${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)}; ingest flat out from the server's process, paced load from a worker thread\n` +
        `ingest flat out: ${SENDERS} senders × ${BATCH}-event batches for ${flatSeconds.toFixed(1)} s: ${perSecond.toFixed(0)} events/s stored, ${refused} batches refused\n` +
        `ingest at ${TARGET_EVENTS_PER_S} events/s for ${DURATION_S} s (${pacedStored} stored) with page ${page.page_path} at ${PAGE_RATE} req/s: ${pageTimes.length} answers, p50 ${pct(pageTimes, 50).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms\n` +
        `query: ${eventCount.toLocaleString('en')} events generated in ${generated.toFixed(1)} s, rolled up in ${rolled.toFixed(1)} s; ` +
        `GET analytics over 30 days: ${times.map((x) => x.toFixed(0)).join(', ')} ms (median ${median.toFixed(0)} ms)`,
    );
    return [
      { target: `${label}: ingest ≥ 2,000 events/s stored on one process`, value: `${perSecond.toFixed(0)} events/s`, ok: perSecond >= 2000 },
      { target: `${label}: page p99 < 20 ms while ingesting ${TARGET_EVENTS_PER_S} events/s`, value: `${p99.toFixed(2)} ms`, ok: p99 < 20 },
      { target: `${label}: analytics query < 200 ms over ${eventCount.toLocaleString('en')} events`, value: `${median.toFixed(0)} ms`, ok: median < 200 },
    ];
  } finally {
    await t.close();
    delete process.env.API_TEST_PG_URL;
  }
}

/** Runs the benchmark on PGlite and on PostgreSQL where installed; prints the figures and PASS/MISS. */
export async function run(): Promise<{ misses: number }> {
  const verdicts = await measure('PGlite', '', EVENTS_PGLITE);
  if (pgBinDir()) {
    const cluster = await startPgCluster({ max_connections: '200' });
    try {
      verdicts.push(...(await measure('PostgreSQL', cluster.url, EVENTS_PG)));
    } finally {
      cluster.stop();
    }
  } else console.log('PostgreSQL: not installed (apt-get install postgresql), measured on PGlite only');
  return { misses: printVerdicts(verdicts, { tally: true }) };
}

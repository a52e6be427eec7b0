/**
 * Load run (benchmark): autocannon on loopback against the API server in its own
 * process (in-memory PGlite, demo data): 50 connections reading a funnel
 * (`GET /api/v1/funnels/1`) and, at the same time, 10 connections saving pages with
 * `PATCH /api/v1/pages/{id}` (RFC 6902 + If-Match, each connection its own page, following
 * the version it gets back), for 20 s. Prints throughput, p50/p95/p99 and errors of each,
 * with PASS/MISS against: funnel read p99 < 50 ms, save p95 < 300 ms, zero errors.
 * Latencies are measured per request (sent → answered), not only autocannon's histogram,
 * so p95 is exact.
 */
import autocannon from 'autocannon';
import { getToken } from '../../src/server/auth/headless-login.ts';
import { DEMO_USERS } from '../../src/server/db/seed.ts';
import { startPgCluster, startServerProcess, type ServerProcess } from './orders.bench.ts';
import { pct, printVerdicts } from './stats.ts';
import { size } from './smoke.ts';

const DURATION_S = size(20, 2);
const READERS = size(50, 5);
const SAVERS = size(10, 2);
const DEMO_ORDERS = size('50000', '1000');

/** autocannon's per-request context (it is reset between request sequences, so pages are lent from a pool). */
interface Ctx {
  page?: { ID: number; version: number };
  sentAt?: number;
}

/**
 * Runs the load on the embedded database (in-memory PGlite, what `npm start` uses), then —
 * when PostgreSQL is installed — on a throwaway PostgreSQL cluster (DATABASE_URL, how the
 * product scales out). Prints each table; returns the number of missed targets.
 */
export async function run(): Promise<{ misses: number }> {
  console.log('--- embedded database: in-memory PGlite, demo data ---');
  let misses = await loadRun(await startServerProcess({ DEMO_ORDERS }));
  const pg = await startPgCluster();
  if (pg) {
    try {
      console.log('\n--- PostgreSQL (DATABASE_URL, throwaway local cluster), demo data ---');
      misses += await loadRun(await startServerProcess({ DEMO_ORDERS, DATABASE_URL: pg.url }));
    } finally {
      pg.stop();
    }
  } else {
    console.log('\n(PostgreSQL is not installed: the PostgreSQL run is skipped)');
  }
  return { misses };
}

/** One load run against `server` (stopped at the end). @returns the number of missed targets. */
async function loadRun(server: ServerProcess): Promise<number> {
  try {
    const token = await getToken(server.url, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    const auth = { Authorization: `Bearer ${token}` };
    // One page per saving connection, so savers do not collide on If-Match.
    const pages: { ID: number; version: number }[] = [];
    for (let i = 0; i < SAVERS; i++) {
      const res = await fetch(`${server.url}/api/v1/pages`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ funnel_id: 2, name: `Load page ${i}`, page_type: 'checkout', page_path: `/load-${i}/`, template_id: 2 }),
      });
      const p = (await res.json()) as { ID: number; version: number; message?: string };
      if (res.status !== 201) throw new Error(`creating a page answered ${res.status}: ${p.message}`);
      pages.push({ ID: p.ID, version: p.version });
    }
    const free = [...pages];

    const readTimes: number[] = [];
    const saveTimes: number[] = [];
    const readStatus = new Map<number, number>();
    const saveStatus = new Map<number, number>();
    const count = (m: Map<number, number>, s: number) => m.set(s, (m.get(s) ?? 0) + 1);

    const readers = autocannon({
      url: server.url,
      connections: READERS,
      duration: DURATION_S,
      headers: auth,
      requests: [
        {
          method: 'GET',
          path: '/api/v1/funnels/1',
          setupRequest: (req, context: Ctx) => {
            context.sentAt = performance.now();
            return req;
          },
          onResponse: (status, _body, context: Ctx) => {
            readTimes.push(performance.now() - (context.sentAt ?? performance.now()));
            count(readStatus, status);
          },
        },
      ],
    });
    const savers = autocannon({
      url: server.url,
      connections: SAVERS,
      duration: DURATION_S,
      requests: [
        {
          method: 'PATCH',
          path: '/',
          // Each connection has one request in flight, and there are as many pages as connections:
          // a request borrows a free page and gives it back with the version the server answered.
          setupRequest: (req, context: Ctx) => {
            const page = free.shift();
            if (!page) throw new Error('no free page: more savers in flight than pages');
            context.page = page;
            context.sentAt = performance.now();
            return {
              ...req,
              path: `/api/v1/pages/${page.ID}`,
              headers: { ...auth, 'Content-Type': 'application/json-patch+json', 'If-Match': `"${page.version}"`, 'X-Change-Label': 'Load%20test%20save' },
              body: JSON.stringify([{ op: 'replace', path: '/meta/headline', value: `Saved v${page.version + 1} at ${Date.now()}` }]),
            };
          },
          onResponse: (status, body, context: Ctx) => {
            saveTimes.push(performance.now() - (context.sentAt ?? performance.now()));
            count(saveStatus, status);
            const page = context.page as { ID: number; version: number };
            if (status === 200) page.version = (JSON.parse(body) as { version: number }).version;
            free.push(page);
          },
        },
      ],
    });
    const [r, s] = await Promise.all([readers, savers]);

    const bad = (m: Map<number, number>, ok: number) => [...m].filter(([k]) => k !== ok).reduce((a, [, v]) => a + v, 0);
    const readErrors = r.errors + r.timeouts + bad(readStatus, 200);
    const saveErrors = s.errors + s.timeouts + bad(saveStatus, 200);
    const rows: [figure: string, read: string, save: string][] = [
      ['', `read GET /funnels/1 (${READERS} conn)`, `save PATCH /pages/{id} (${SAVERS} conn)`],
      ['requests', String(readTimes.length), String(saveTimes.length)],
      ['throughput (req/s)', (readTimes.length / DURATION_S).toFixed(0), (saveTimes.length / DURATION_S).toFixed(1)],
      ['p50 ms', pct(readTimes, 50).toFixed(1), pct(saveTimes, 50).toFixed(1)],
      ['p95 ms', pct(readTimes, 95).toFixed(1), pct(saveTimes, 95).toFixed(1)],
      ['p99 ms', pct(readTimes, 99).toFixed(1), pct(saveTimes, 99).toFixed(1)],
      ['autocannon p99 ms', String(r.latency.p99), String(s.latency.p99)],
      ['errors (socket, timeout, non-200)', String(readErrors), String(saveErrors)],
      ['statuses', [...readStatus].map(([k, v]) => `${k}×${v}`).join(' '), [...saveStatus].map(([k, v]) => `${k}×${v}`).join(' ')],
    ];
    const width = (col: 0 | 1 | 2) => Math.max(...rows.map((x) => x[col].length));
    const w = [width(0), width(1), width(2)] as const;
    console.log(`${DURATION_S} s on loopback, server in its own process (start ${(server.startMs / 1000).toFixed(1)} s), load generator here\n`);
    for (const [i, x] of rows.entries()) {
      console.log(`${x[0].padEnd(w[0])} | ${x[1].padStart(w[1])} | ${x[2].padStart(w[2])}`);
      if (i === 0) console.log(`${'-'.repeat(w[0])}-|-${'-'.repeat(w[1])}-|-${'-'.repeat(w[2])}`);
    }
    const verdicts = [
      { target: 'funnel read p99 < 50 ms', value: `${pct(readTimes, 99).toFixed(1)} ms`, ok: pct(readTimes, 99) < 50 },
      { target: 'save p95 < 300 ms', value: `${pct(saveTimes, 95).toFixed(1)} ms`, ok: pct(saveTimes, 95) < 300 },
      { target: 'zero errors', value: String(readErrors + saveErrors), ok: readErrors + saveErrors === 0 },
    ];
    const misses = printVerdicts(verdicts, { tally: true });
    return misses;
  } finally {
    await server.stop();
  }
}

/**
 * Funnel list latency at the large demo (`npm run bench -- lists`): the API server with the demo
 * plus {@link LARGE_DEMO} (2,000 funnels, 20,000 pages, 1,000,000 audit entries, the generator
 * `DEMO_SCALE=large` seeds with), on the embedded database (in-memory PGlite) and on a throwaway
 * PostgreSQL cluster. Searches and filters of `GET /api/v1/funnels` a page of 25 at a time, one
 * request at a time; p50 / p95 / max per query with PASS/MISS against p95 < 50 ms, the peer
 * figure the whole unpaged list (what the screen read before it paged on the server), and
 * the EXPLAIN of the search and of a filter on each database; and the Logs tab's first page (with
 * and without its filters) of the funnel with the most audit entries, against p95 < 100 ms.
 * Source: 001 §2 funnel list.
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { getToken } from '../../src/server/auth/headless-login.ts';
import { rowsOf } from '../../src/server/db/index.ts';
import { DEMO_USERS, insertLargeDemo, LARGE_DEMO } from '../../src/server/db/seed.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { pgBinDir, startPgCluster } from '../scripts/postgres.ts';
import { pct, printVerdicts } from './stats.ts';
import { size } from './smoke.ts';

const SIZE = size(LARGE_DEMO, { funnels: 200, pagesPerFunnel: 2, audit: 2_000 });
const REPEAT = size(40, 3);
const TARGET_MS = 50;
/** The Logs tab's first page at the large scale (issue target). */
const LOG_TARGET_MS = 100;
/** Throughput runs: seconds each, connections, and the targets against one cached funnel. */
const THROUGHPUT_S = size(8, 1);
const CONNECTIONS = 10;
const THROUGHPUT_RATIO = 0.5;
const THROUGHPUT_P99_MS = 20;

/** The measured queries: searches, filters and both together, each a page of 25. */
const QUERIES: [label: string, query: string][] = [
  ['search "serum"', 'q=serum&per_page=25'],
  ['search "glow" sort -name', 'q=glow&sort=-name&per_page=25'],
  ['search a funnel ID', 'q=1234&per_page=25'],
  ['filter status=released', 'status=released&per_page=25'],
  ['filter platform + locked', 'platform=sticky&locked=false&per_page=25'],
  ['filter offer, page 5', 'offer=10231&per_page=25&page=5'],
  ['filter domain=none', 'domain=none&per_page=25'],
  ['search + status + sort offer', 'q=cream&status=qc&sort=offer&per_page=25'],
];
/** The SQL EXPLAIN is shown for (the route's query shape: funnels joined with their offer, a page of 25). */
const EXPLAINED: [label: string, where: string, order: string][] = [
  [
    'search "serum"',
    `NOT f."archived" AND (lower(f."name") LIKE '%serum%' OR lower(o."name") LIKE '%serum%' OR EXISTS (SELECT 1 FROM "domains" d WHERE d."funnel_id" = f."ID" AND lower(d."name") LIKE '%serum%'))`,
    'f."ID"',
  ],
  ['filter offer + status, sort name', `NOT f."archived" AND f."offer" = 10231 AND f."publish_status" = 'released'`, 'f."name", f."ID"'],
  ['sort name, no filter', 'NOT f."archived"', 'f."name", f."ID"'],
];

type Row = [label: string, p50: string, p95: string, max: string];

/** Measures one database: the server on it, the generated data, the queries, EXPLAIN. */
async function measure(
  name: string,
  databaseUrl: string,
): Promise<{ rows: Row[]; explain: string[]; verdicts: { target: string; value: string; ok: boolean }[] }> {
  // log level warn: an access line per request would be written by the process the load is measured in.
  const server: RunningServer = await startServer({
    config: { port: 0, dataDir: ':memory:', demoOrders: 0, databaseUrl, demoScale: 'small' },
    log: { level: 'warn' },
  });
  try {
    const t0 = performance.now();
    const r = await insertLargeDemo(server.db.db, SIZE);
    console.log(
      `${name}: generated ${r.funnels.toLocaleString('en')} funnels, ${r.pages.toLocaleString('en')} pages, ${r.audit.toLocaleString('en')} audit entries in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const token = await getToken(server.url, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    /** One GET of `path` (under /api/v1/; the funnel list's query when it starts with '?'): its time and the total it answers (rows when no X-Total-Count). */
    const get = async (path: string) => {
      const url = `${server.url}/api/v1/${path.startsWith('?') ? `funnels${path}` : path}`;
      const s = performance.now();
      const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
      const body = (await res.json()) as unknown[] | { message: string };
      const ms = performance.now() - s;
      if (res.status !== 200 || !Array.isArray(body)) throw new Error(`GET ${url} answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
      return { ms, total: Number(res.headers.get('X-Total-Count') ?? body.length) };
    };
    const rows: Row[] = [];
    const verdicts: { target: string; value: string; ok: boolean }[] = [];
    const sample = async (label: string, q: string, n: number) => {
      for (let w = 0; w < 3; w++) await get(q);
      const ts: number[] = [];
      let total = 0;
      for (let i = 0; i < n; i++) {
        const a = await get(q);
        ts.push(a.ms);
        total = a.total;
      }
      rows.push([`${label} (${total.toLocaleString('en')} match)`, pct(ts, 50).toFixed(1), pct(ts, 95).toFixed(1), Math.max(...ts).toFixed(1)]);
      return pct(ts, 95);
    };
    for (const [label, q] of QUERIES) {
      const p95 = await sample(label, `?${q}`, REPEAT);
      verdicts.push({ target: `${name}: funnel list ${label} p95 < ${TARGET_MS} ms`, value: `${p95.toFixed(1)} ms`, ok: p95 < TARGET_MS });
    }
    // The Logs tab's first page (001 §3 audit log) of the funnel with the most entries, as the tab asks for it.
    const [busiest] = rowsOf<{ funnel_id: number; n: number }>(
      await server.db.db.execute(sql`select funnel_id, count(*)::int as n from audit_logs where funnel_id is not null group by 1 order by 2 desc limit 1`),
    );
    if (!busiest) throw new Error('the large demo wrote no audit entries');
    const logQueries: [string, string][] = [
      ['first page', ''],
      ['first page, changes only', '?type=diff'],
      ['first page, one author', '?user=2'],
    ];
    for (const [label, q] of logQueries) {
      const p95 = await sample(
        `Logs tab ${label} of funnel ${busiest.funnel_id} (${busiest.n.toLocaleString('en')} entries)`,
        `funnels/${busiest.funnel_id}/audit_log${q}`,
        REPEAT,
      );
      verdicts.push({ target: `${name}: Logs tab ${label} p95 < ${LOG_TARGET_MS} ms`, value: `${p95.toFixed(1)} ms`, ok: p95 < LOG_TARGET_MS });
    }
    const peer = await sample('peer: the whole list, unpaged', '?', Math.max(3, Math.ceil(REPEAT / 4)));
    verdicts.push({ target: `${name}: (peer, no target) the whole unpaged list`, value: `${peer.toFixed(1)} ms`, ok: true });
    // Throughput: the list's first page as the screen asks for it, against one funnel (cached, pre-serialized).
    const list = await throughput(`${server.url}/api/v1/funnels?per_page=25`, token);
    const one = await throughput(`${server.url}/api/v1/funnels/1`, token);
    rows.push(
      [`throughput: list page 1 (req/s; p99 ms)`, list.rps.toFixed(0), list.p99.toFixed(1), `${list.errors} errors`],
      [`throughput: one cached funnel (peer)`, one.rps.toFixed(0), one.p99.toFixed(1), `${one.errors} errors`],
    );
    verdicts.push(
      {
        target: `${name}: list throughput ≥ ${THROUGHPUT_RATIO}× one cached funnel's`,
        value: `${(list.rps / one.rps).toFixed(2)}× (${list.rps.toFixed(0)} vs ${one.rps.toFixed(0)} req/s)`,
        ok: list.rps / one.rps >= THROUGHPUT_RATIO && list.errors === 0,
      },
      {
        target: `${name}: list p99 < ${THROUGHPUT_P99_MS} ms under ${CONNECTIONS} connections`,
        value: `${list.p99.toFixed(1)} ms`,
        ok: list.p99 < THROUGHPUT_P99_MS,
      },
    );
    const explain: string[] = [];
    for (const [label, where, order] of EXPLAINED) {
      const plan = rowsOf<Record<string, string>>(
        await server.db.db.execute(
          sql.raw(`EXPLAIN SELECT f.*, o."name" FROM "funnels" f LEFT JOIN "offers" o ON o."offer_id" = f."offer" WHERE ${where} ORDER BY ${order} LIMIT 25`),
        ),
      );
      explain.push(`${name} EXPLAIN ${label}:`, ...plan.map((p) => `    ${Object.values(p)[0]}`));
    }
    // The Logs tab's first page as the route reads it (routes/audit.ts auditPage: newest first, 100 at most).
    for (const [label, extra] of [
      ['Logs tab first page', ''],
      ['Logs tab first page, changes only', ` AND "type" = 'diff'`],
    ] as const) {
      const plan = rowsOf<Record<string, string>>(
        await server.db.db.execute(
          sql.raw(`EXPLAIN SELECT * FROM "audit_logs" WHERE "funnel_id" = ${busiest.funnel_id}${extra} ORDER BY "CreatedAt" DESC, "ID" DESC LIMIT 100`),
        ),
      );
      explain.push(`${name} EXPLAIN ${label}:`, ...plan.map((p) => `    ${Object.values(p)[0]}`));
    }
    return { rows, explain, verdicts };
  } finally {
    await server.close();
  }
}

/**
 * GETs `url` from {@link CONNECTIONS} keep-alive connections for {@link THROUGHPUT_S} s, the load
 * generated in a worker thread (autocannon `workers: 1`) so that it does not share the server's
 * event loop. @returns requests per second, p99 latency (ms) and non-2xx or failed requests.
 */
async function throughput(url: string, token: string): Promise<{ rps: number; p99: number; errors: number }> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: THROUGHPUT_S, workers: 1, headers: { Authorization: `Bearer ${token}` } });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** Runs the benchmark and prints the tables; returns the number of missed targets. */
export async function run(): Promise<{ misses: number }> {
  const results = [await measure('PGlite', '')];
  if (pgBinDir()) {
    const cluster = await startPgCluster({ synchronous_commit: 'off' });
    try {
      results.push(await measure('PostgreSQL', cluster.url));
    } finally {
      cluster.stop();
    }
  } else console.log('PostgreSQL: not installed (apt-get install postgresql), measured on PGlite only');
  const head: Row = ['query (page of 25)', 'p50 ms', 'p95 ms', 'max ms'];
  for (const [i, r] of results.entries()) {
    const all = [head, ...r.rows];
    const w = [0, 1, 2, 3].map((c) => Math.max(...all.map((x) => (x[c] ?? '').length)));
    const line = (x: Row) => x.map((v, c) => (c === 0 ? v.padEnd(w[c] ?? 0) : v.padStart(w[c] ?? 0))).join(' | ');
    console.log(`\n${i === 0 ? 'PGlite (in-memory)' : 'PostgreSQL'}: ${REPEAT} requests per query, one at a time`);
    console.log(line(head));
    console.log(w.map((x) => '-'.repeat(x)).join('-|-'));
    for (const x of r.rows) console.log(line(x));
    console.log('');
    for (const e of r.explain) console.log(e);
  }
  const verdicts = results.flatMap((r) => r.verdicts);
  const misses = printVerdicts(verdicts, { tally: true });
  return { misses };
}

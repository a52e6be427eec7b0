/**
 * Orders page latency at 1,000,000 orders (benchmark): the API server runs in its
 * own process on the embedded database (in-memory PGlite, the `npm start` default) with
 * 1,000,000 generated demo orders; this process asks `GET /api/v1/orders/` for random pages
 * (1–100) of every sort column, both directions, one request at a time over keep-alive, and
 * prints p50 / p95 / max per column with PASS/MISS against p95 < 50 ms.
 * Source: 001 §7, §9 (orders sorted and filtered on the server); "Benchmark".
 */
import { pct, printVerdicts, rng } from './stats.ts';
import { ORDER_SORT_COLUMNS } from '../../src/model/orders.ts';
import { getToken } from '../../src/server/auth/headless-login.ts';
import { DEMO_USERS } from '../../src/server/db/seed.ts';
import { pgBinDir, startPgCluster as startCluster, type PgCluster } from '../scripts/postgres.ts';
import { startServerProcess } from '../scripts/server-process.ts';
import { size } from './smoke.ts';

export { startServerProcess, type ServerProcess } from '../scripts/server-process.ts';

/** A throwaway PostgreSQL cluster, or null when no PostgreSQL server is installed (the bench then says so). */
export async function startPgCluster(): Promise<PgCluster | null> {
  return pgBinDir() ? startCluster({ synchronous_commit: 'off' }) : null;
}

const ORDERS = size(1_000_000, 2_000);
const PER_DIRECTION = size(40, 2);
const TARGET_MS = 50;

/** Runs the benchmark and prints the table; returns the number of missed targets. */
export async function run(): Promise<{ misses: number }> {
  console.log(`starting the server with ${ORDERS.toLocaleString('en')} generated orders (in-memory PGlite)…`);
  const server = await startServerProcess({ DEMO_ORDERS: String(ORDERS) });
  try {
    const token = await getToken(server.url, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    const get = async (q: string): Promise<{ ms: number; total: number; rows: number }> => {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/v1/orders/?${q}`, { headers: { Authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { rows: unknown[]; total_rows: number; message?: string };
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`GET /api/v1/orders/?${q} answered ${res.status}: ${body.message}`);
      return { ms, total: body.total_rows, rows: body.rows.length };
    };
    const first = await get('');
    if (first.total !== ORDERS) throw new Error(`expected ${ORDERS} orders, the server has ${first.total}`);
    const random = rng(42);
    /** One table line: what was measured, p50, p95 and max. */
    type Row = [label: string, p50: string, p95: string, max: string];
    const rows: Row[] = [];
    const verdicts: { target: string; value: string; ok: boolean }[] = [];
    for (const col of ORDER_SORT_COLUMNS) {
      const times: number[] = [];
      for (const dir of ['asc', 'desc']) {
        for (let w = 0; w < 3; w++) await get(`sort=${col}&order=${dir}&page=1`);
        for (let i = 0; i < PER_DIRECTION; i++) {
          const page = 1 + Math.floor(random() * 100);
          times.push((await get(`limit=10&page=${page}&sort=${col}&order=${dir}`)).ms);
        }
      }
      const p95 = pct(times, 95);
      rows.push([col, pct(times, 50).toFixed(1), p95.toFixed(1), Math.max(...times).toFixed(1)]);
      verdicts.push({ target: `orders page p95 < ${TARGET_MS} ms, sort ${col}`, value: `${p95.toFixed(1)} ms`, ok: p95 < TARGET_MS });
    }
    // For information: a deep page, and filtered pages (exact totals are counted).
    const info: Row[] = [];
    const sample = async (label: string, q: string, n = 10) => {
      const ts: number[] = [];
      for (let i = 0; i < n; i++) ts.push((await get(q)).ms);
      info.push([label, pct(ts, 50).toFixed(1), pct(ts, 95).toFixed(1), Math.max(...ts).toFixed(1)]);
    };
    await sample('page 10,000 of 10 (offset 99,990), sort CreatedAt', 'limit=10&page=10000&sort=CreatedAt&order=desc');
    await sample('filter campaign_id, sort CreatedAt', `filters=${encodeURIComponent('{"campaign_id":12001}')}&sort=CreatedAt&order=desc`);
    await sample('filter aff_id + is_done, sort ID', `filters=${encodeURIComponent('{"aff_id":"1007","is_done":true}')}`);

    const head: Row = ['sort column (asc + desc)', 'p50 ms', 'p95 ms', 'max ms'];
    const all = [head, ...rows, ...info];
    const width = (col: 0 | 1 | 2 | 3) => Math.max(...all.map((r) => r[col].length));
    const w = [width(0), width(1), width(2), width(3)] as const;
    const line = ([label, p50, p95, max]: Row) => [label.padEnd(w[0]), p50.padStart(w[1]), p95.padStart(w[2]), max.padStart(w[3])].join(' | ');
    console.log(
      `server start with ${ORDERS.toLocaleString('en')} orders: ${(server.startMs / 1000).toFixed(1)} s; ${PER_DIRECTION * 2} requests per column (random pages 1–100, one at a time)\n`,
    );
    console.log(line(head));
    console.log(w.map((x) => '-'.repeat(x)).join('-|-'));
    for (const r of rows) console.log(line(r));
    console.log(`\nfor information (no target)`);
    for (const r of info) console.log(line(r));
    const misses = printVerdicts(verdicts, { tally: true });
    return { misses };
  } finally {
    await server.stop();
  }
}

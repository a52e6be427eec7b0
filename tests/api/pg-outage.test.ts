/**
 * PostgreSQL restarts while operators save: the API process never exits,
 * a request the outage catches is answered 503 with `Retry-After` (never 500), the process
 * serves again by itself when the database is back, and every save it acknowledged (200) is
 * in the database afterwards.
 *
 * Runs in the PostgreSQL suite only (tests/api/run-on-postgres.ts sets API_TEST_PG_URL; see
 * vite.config.ts): 20 restarts, fast and immediate shutdowns in turn, on a cluster of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getToken } from '../../src/server/auth/headless-login.ts';
import { DEMO_USERS } from '../../src/server/db/seed.ts';
import { pgQuery, startPgCluster, type PgCluster } from '../scripts/postgres.ts';
import { startServerProcess, type ServerProcess } from '../scripts/server-process.ts';

const RESTARTS = 20;
/** Pages the writers save (demo pages; one writer each). */
const PAGES = [2, 3, 4, 5];

let cluster: PgCluster;
let server: ServerProcess;
let token = '';

beforeAll(async () => {
  cluster = await startPgCluster();
  server = await startServerProcess({ DATABASE_URL: cluster.url, DEMO_ORDERS: '200' });
  token = await getToken(server.url, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
});

afterAll(async () => {
  await server?.stop();
  cluster?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One request; a connection the server dropped counts as status 0. */
async function call(method: string, p: string, body?: unknown, headers: Record<string, string> = {}) {
  try {
    const res = await fetch(server.url + p, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json-patch+json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    return { status: res.status, retryAfter: res.headers.get('Retry-After'), body: json };
  } catch {
    return { status: 0, retryAfter: null, body: null };
  }
}

describe('PostgreSQL restarts during saves', () => {
  it('keeps liveness 200 during an outage (it asks nothing) while readiness is 503 naming the database', async () => {
    // Down until both answers are in (on a loaded machine they may take seconds).
    const start = cluster.halt('fast');
    let health, ready;
    try {
      [health, ready] = [await call('GET', '/api/health'), await call('GET', '/api/ready')];
    } finally {
      start();
    }
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', db: 'postgres' });
    expect(ready.status).toBe(503);
    expect(String(ready.body?.message)).toMatch(/^Not ready: database: /);
    await expect.poll(async () => (await call('GET', '/api/ready')).status, { timeout: 20_000, interval: 100 }).toBe(200);
  });

  it(`survives ${RESTARTS} restarts (fast and immediate): no exit, 503 with Retry-After meanwhile, every acknowledged save kept`, async () => {
    const statuses = new Map<number, number>();
    const without503RetryAfter: string[] = [];
    const acknowledged: { page: number; version: number; value: string }[] = [];
    let stop = false;

    const writer = async (page: number) => {
      let n = 0;
      while (!stop) {
        const got = await call('GET', `/api/v1/pages/${page}`);
        statuses.set(got.status, (statuses.get(got.status) ?? 0) + 1);
        if (got.status !== 200) {
          if (got.status === 503 && !got.retryAfter) without503RetryAfter.push(`GET /pages/${page}`);
          await sleep(100);
          continue;
        }
        const value = `Outage ${page}.${n++}`;
        const saved = await call('PATCH', `/api/v1/pages/${page}`, [{ op: 'replace', path: '/name', value }], {
          'If-Match': `"${got.body!.version as number}"`,
          'Idempotency-Key': `outage-${page}-${n}`,
        });
        statuses.set(saved.status, (statuses.get(saved.status) ?? 0) + 1);
        if (saved.status === 200) acknowledged.push({ page, version: saved.body!.version as number, value });
        if (saved.status === 503 && !saved.retryAfter) without503RetryAfter.push(`PATCH /pages/${page}`);
      }
    };
    const writers = PAGES.map(writer);

    // Readiness asks the database (liveness, /api/health, asks nothing and answers throughout).
    const ready = async () => (await call('GET', '/api/ready')).status;
    for (let i = 0; i < RESTARTS; i++) {
      await sleep(300);
      await cluster.restart(300, i % 2 ? 'immediate' : 'fast');
      // Back by itself: the pool reconnects, no restart of ours.
      await expect.poll(ready, { timeout: 20_000, interval: 100 }).toBe(200);
      expect(server.exited(), `restart ${i + 1}: ${server.log().slice(-1500)}`).toBeNull();
    }
    await sleep(500);
    stop = true;
    await Promise.all(writers);

    console.log(`answers during ${RESTARTS} restarts: ${JSON.stringify(Object.fromEntries(statuses))}; ${acknowledged.length} saves acknowledged`);
    expect(server.exited()).toBeNull();
    expect(server.log()).not.toMatch(/Unhandled 'error' event|uncaughtException/);
    // Refusals during an outage are 503 (with Retry-After) or a dropped connection; never a 500.
    expect(
      [...statuses.keys()].filter((s) => ![0, 200, 412, 503].includes(s)),
      JSON.stringify([...statuses]),
    ).toEqual([]);
    expect(without503RetryAfter).toEqual([]);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(RESTARTS);
    // Every acknowledged save is in the database: its audit row with that version and value.
    const rows = await pgQuery<{ doc: string; version: number; ops: { value: string }[] }>(
      cluster.url,
      "select doc, version, ops from audit_logs where type = 'diff' and doc like 'page:%'",
    );
    const stored = new Set(rows.map((r) => `${r.doc}@${r.version}=${r.ops[0]?.value}`));
    const lost = acknowledged.filter((a) => !stored.has(`page:${a.page}@${a.version}=${a.value}`));
    expect(lost).toEqual([]);
  });
});

/**
 * The same schema, migrations and PATCH semantics on a real PostgreSQL server
 * (DATABASE_URL=postgres://…), not PGlite. Starts a throwaway Debian PostgreSQL cluster
 * (`apt-get install postgresql`; .ci/run installs it) on a free loopback port.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getToken } from '../../src/server/auth/headless-login.ts';
import { DEMO_USERS, demoData } from '../../src/server/db/seed.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { pgQuery, startPgCluster, type PgCluster } from '../scripts/postgres.ts';
import { freePort } from '../scripts/proc.ts';
import { startServerProcess } from '../scripts/server-process.ts';
import { openLive, viewersOf, type LiveStream } from './live-client.ts';
import { startRoundRobin } from './two-processes.ts';

let dir = '';
let cluster: PgCluster | null = null;
let databaseUrl = '';
let server: RunningServer | null = null;
let token = '';

async function start() {
  server = await startServer({
    config: { port: 0, dataDir: path.join(dir, 'data'), databaseUrl, sitesDir: path.join(dir, 'sites'), staticDir: path.join(dir, 'no-spa') },
  });
  token = await getToken(server.url, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
}

/** How many connections of the cluster are LISTENing now. */
async function listenConnections(): Promise<number> {
  const [row] = await pgQuery<{ n: number }>(databaseUrl, "select count(*)::int as n from pg_stat_activity where query ilike 'LISTEN%'");
  return row!.n;
}

const api = async (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(server!.url + p, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'Content-Type': method === 'PATCH' ? 'application/json-patch+json' : 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json().catch(() => null) };
};

beforeAll(async () => {
  cluster = await startPgCluster();
  databaseUrl = cluster.url;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-pg-servers-'));
  await start();
});

afterAll(async () => {
  await server?.close();
  cluster?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('on PostgreSQL (DATABASE_URL)', () => {
  it('runs the migrations and serves the demo data', async () => {
    const health = await api('GET', '/api/health');
    expect(health.body).toEqual(expect.objectContaining({ status: 'ok', db: 'postgres' }));
    const funnels = await api('GET', '/api/v1/funnels');
    expect(funnels.status).toBe(200);
    expect(funnels.body.length).toBeGreaterThanOrEqual(2);
  });

  it('applies a JSON Patch with its audit row, and refuses a stale If-Match with 412', async () => {
    const page = await api('GET', '/api/v1/pages/2');
    const v = page.body.version as number;
    const ok = await api('PATCH', '/api/v1/pages/2', [{ op: 'replace', path: '/meta/products/0/_price', value: 12.34 }], {
      'If-Match': `"${v}"`,
      'Idempotency-Key': 'pg-1',
      'X-Change-Label': 'Set product price',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.version).toBe(v + 1);
    expect(ok.headers.get('etag')).toBe(`"${v + 1}"`);
    const stale = await api('PATCH', '/api/v1/pages/2', [{ op: 'replace', path: '/name', value: 'Late' }], { 'If-Match': `"${v}"` });
    expect(stale.status).toBe(412);
    expect(stale.body.current.meta.products[0]._price).toBe(12.34);
    const log = await api('GET', '/api/v1/funnels/1/audit_log');
    const diff = log.body.find((e: { type: string; doc: string }) => e.type === 'diff' && e.doc === 'page:2');
    // The operator's op, then the server's: the prices it works out from it (src/model/prices.ts).
    expect(diff.ops[0]).toEqual({ op: 'replace', path: '/meta/products/0/_price', value: 12.34 });
    expect(
      diff.ops
        .slice(1)
        .map((o: { path: string }) => o.path)
        .sort(),
    ).toEqual(['/meta/products/0/_package_discount', '/meta/products/0/_save', '/meta/products/0/_unitPrice']);
    expect(diff.title).toBe('Set product price');
  });

  it('lets exactly one of two racing saves on the same version win', async () => {
    const { body } = await api('GET', '/api/v1/pages/3');
    const race = await Promise.all(
      ['A', 'B'].map((n) => api('PATCH', '/api/v1/pages/3', [{ op: 'replace', path: '/name', value: `Racer ${n}` }], { 'If-Match': `"${body.version}"` })),
    );
    expect(race.map((r) => r.status).sort()).toEqual([200, 412]);
  });

  it('keeps serving when PostgreSQL terminates its idle connections (no unhandled pool error)', async () => {
    await Promise.all([1, 2, 3].map(() => api('GET', '/api/v1/funnels')));
    const [r] = await pgQuery<{ n: number }>(
      databaseUrl,
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database() and backend_type = $1',
      ['client backend'],
    );
    expect(r!.n).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200));
    expect((await api('GET', '/api/v1/funnels')).status).toBe(200);
  });

  it('delivers presence and saved changes between two API processes on the database, also after the LISTEN connection was killed', async () => {
    // B is an OS process of its own (`src/server/main.ts`: ../scripts/server-entry.ts), as a second deployment would be.
    const other = await startServerProcess({ DATABASE_URL: databaseUrl });
    const streams: LiveStream[] = [];
    try {
      // Server A's LISTEN connection dies (a PostgreSQL restart, an admin): it comes back by itself.
      const [r] = await pgQuery<{ n: number }>(
        databaseUrl,
        "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where pid <> pg_backend_pid() and query ilike 'LISTEN%'",
      );
      expect(r!.n).toBeGreaterThanOrEqual(1);
      await new Promise((r) => setTimeout(r, 1500));
      // Each process LISTENs again on exactly one connection (not one per error the dead one raised).
      expect(await listenConnections()).toBe(2);
      const onA = await openLive(server!.url, token, 1);
      streams.push(onA);
      await onA.next((e) => e.event === 'presence');
      const operatorOnB = await getToken(other.url, DEMO_USERS.operator.email, DEMO_USERS.operator.password);
      const onB = await openLive(other.url, operatorOnB, 1, 'page:2');
      streams.push(onB);
      // Each process sees the other's viewer.
      expect(viewersOf(await onA.next((e) => e.event === 'viewers' && viewersOf(e).length === 2))).toEqual(['Ada Admin@funnel', 'Oscar Operator@page:2']);
      expect(viewersOf(await onB.next((e) => e.event === 'viewers' && viewersOf(e).length === 2))).toEqual(['Ada Admin@funnel', 'Oscar Operator@page:2']);
      // A save on B reaches the stream on A.
      const page = await api('GET', '/api/v1/pages/2');
      const saved = await fetch(`${other.url}/api/v1/pages/2`, {
        method: 'PATCH',
        body: JSON.stringify([{ op: 'replace', path: '/name', value: 'Saved on B' }]),
        headers: {
          Authorization: `Bearer ${operatorOnB}`,
          'Content-Type': 'application/json-patch+json',
          'If-Match': `"${page.body.version}"`,
          'X-Client-Id': 'tab-on-b',
        },
      });
      expect(saved.status).toBe(200);
      const change = await onA.next((e) => e.event === 'change');
      expect(change.data).toMatchObject({ doc: 'page:2', version: page.body.version + 1, user: { name: 'Oscar Operator' }, client: 'tab-on-b' });
      // B's tab closes: A sees it go.
      onB.close();
      expect(viewersOf(await onA.next((e) => e.event === 'viewers' && viewersOf(e).length === 1))).toEqual(['Ada Admin@funnel']);
    } finally {
      for (const s of streams) s.close();
      await other.stop();
    }
  });

  it('starts three API processes together on one empty database: one migrates and seeds, all serve the same demo', async () => {
    await pgQuery(databaseUrl, 'create database together');
    const url = databaseUrl.replace(/\/postgres$/, '/together');
    const started = await Promise.allSettled([1, 2, 3].map(() => startServerProcess({ DATABASE_URL: url })));
    try {
      // Before the migration lock and the seed's recount, two of three exited with 23505.
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : s.status))).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const n = async (table: string) => (await pgQuery<{ n: number }>(url, `select count(*)::int as n from ${table}`))[0]!.n;
      const demo = demoData();
      expect({ users: await n('users'), funnels: await n('funnels'), pages: await n('pages') }).toEqual({
        users: demo.users.length,
        funnels: demo.funnels.length,
        pages: demo.pages.length,
      });
    } finally {
      await Promise.all(started.flatMap((s) => (s.status === 'fulfilled' ? [s.value.stop()] : [])));
    }
  });

  it('signs in and saves through one address in front of two API processes (round robin): one set of issuer keys', async () => {
    const [portA, portB, portLb] = [await freePort(), await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${portLb}`;
    // Both processes are the same deployment behind one address: the same PUBLIC_URL (issuer).
    const servers = await Promise.all(
      [portA, portB].map((port) => startServerProcess({ DATABASE_URL: databaseUrl, PUBLIC_URL: publicUrl, PORT: String(port) })),
    );
    const lb = await startRoundRobin(portLb, [portA, portB]);
    try {
      // The sign-in's steps (authorize, the login form, the token) land on both processes.
      const operator = await getToken(publicUrl, DEMO_USERS.operator.email, DEMO_USERS.operator.password);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await fetch(`${publicUrl}/api/v1/funnels`, { headers: { Authorization: `Bearer ${operator}` } })).status);
      }
      // Before the keys moved into the database, each process had its own: every other answer was 401.
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
      const auth = { Authorization: `Bearer ${operator}` };
      const page = (await (await fetch(`${publicUrl}/api/v1/pages/4`, { headers: auth })).json()) as { version: number };
      const saved = await fetch(`${publicUrl}/api/v1/pages/4`, {
        method: 'PATCH',
        body: JSON.stringify([{ op: 'replace', path: '/name', value: 'Saved behind the balancer' }]),
        headers: { ...auth, 'Content-Type': 'application/json-patch+json', 'If-Match': `"${page.version}"` },
      });
      expect(saved.status).toBe(200);
      expect(((await (await fetch(`${publicUrl}/api/v1/pages/4`, { headers: auth })).json()) as { name: string }).name).toBe('Saved behind the balancer');
      expect(lb.served.every((n) => n >= 4)).toBe(true);
    } finally {
      await lb.close();
      await Promise.all(servers.map((s) => s.stop()));
    }
  });

  it('LISTENs again after PostgreSQL was down for 3 seconds: open streams are told to read again, and saves reach them', async () => {
    const stream = await openLive(server!.url, token, 1);
    try {
      await stream.next((e) => e.event === 'presence');
      await cluster!.restart(3000);
      // The pool and the LISTEN connection come back by themselves (a retry a second).
      await expect.poll(listenConnections, { timeout: 10_000, interval: 250 }).toBe(1);
      // What was announced meanwhile is gone: the stream that stayed open is told so.
      await stream.next((e) => e.event === 'resync', 10_000);
      const page = await api('GET', '/api/v1/pages/3');
      const saved = await api('PATCH', '/api/v1/pages/3', [{ op: 'replace', path: '/name', value: 'After the outage' }], {
        'If-Match': `"${page.body.version}"`,
      });
      expect(saved.status).toBe(200);
      expect((await stream.next((e) => e.event === 'change')).data).toMatchObject({ doc: 'page:3', version: page.body.version + 1 });
    } finally {
      stream.close();
    }
  });

  it('keeps the data across a restart and does not seed twice', async () => {
    const before = (await api('GET', '/api/v1/funnels')).body.length;
    await server!.close();
    await start();
    const after = await api('GET', '/api/v1/funnels');
    expect(after.body.length).toBe(before);
    expect((await api('GET', '/api/v1/pages/2')).body.meta.products[0]._price).toBe(12.34);
  });
});

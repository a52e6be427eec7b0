/**
 * The same schema, migrations and PATCH semantics on a real PostgreSQL server
 * (DATABASE_URL=postgres://…), not PGlite. Starts a throwaway Debian PostgreSQL cluster
 * (`apt-get install postgresql`; .ci/run installs it) on a free loopback port.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getToken } from '../../src/server/auth/headless-login.ts';
import { DEMO_USERS } from '../../src/server/db/seed.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { freePort } from '../scripts/proc.ts';
import { openLive, viewersOf, type LiveStream } from './live-client.ts';

function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(root, v, 'bin')).find((d) => fs.existsSync(path.join(d, 'pg_ctl')));
  if (!found) throw new Error('PostgreSQL server binaries not found: apt-get install postgresql (.ci/run does)');
  return found;
}

/** Runs a PostgreSQL tool as the `postgres` user when we are root (initdb refuses root). */
function pgRun(bin: string, tool: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${tool} failed: ${r.stderr || r.stdout}`);
}

let dir = '';
let bin = '';
let databaseUrl = '';
let server: RunningServer | null = null;
let token = '';

async function start() {
  server = await startServer({
    config: { port: 0, dataDir: path.join(dir, 'data'), databaseUrl, sitesDir: path.join(dir, 'sites'), staticDir: path.join(dir, 'no-spa') },
  });
  token = await getToken(server.url, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
}

const api = async (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(server!.url + p, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': method === 'PATCH' ? 'application/json-patch+json' : 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json().catch(() => null) };
};

beforeAll(async () => {
  bin = pgBin();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-pg-'));
  const pgdata = path.join(dir, 'pgdata');
  fs.mkdirSync(pgdata);
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  pgRun(bin, 'initdb', ['-D', pgdata, '--auth=trust', '-U', 'postgres', '--no-sync']);
  pgRun(bin, 'pg_ctl', ['-D', pgdata, '-w', '-l', path.join(pgdata, 'log'), '-o', `-p ${port} -k ${pgdata} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await start();
});

afterAll(async () => {
  await server?.close();
  if (bin && dir) {
    try { pgRun(bin, 'pg_ctl', ['-D', path.join(dir, 'pgdata'), '-m', 'fast', 'stop']); } catch { /* already stopped */ }
    fs.rmSync(dir, { recursive: true, force: true });
  }
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
    const ok = await api('PATCH', '/api/v1/pages/2', [{ op: 'replace', path: '/meta/products/0/_price', value: 12.34 }],
      { 'If-Match': `"${v}"`, 'Idempotency-Key': 'pg-1', 'X-Change-Label': 'Set product price' });
    expect(ok.status).toBe(200);
    expect(ok.body.version).toBe(v + 1);
    expect(ok.headers.get('etag')).toBe(`"${v + 1}"`);
    const stale = await api('PATCH', '/api/v1/pages/2', [{ op: 'replace', path: '/name', value: 'Late' }], { 'If-Match': `"${v}"` });
    expect(stale.status).toBe(412);
    expect(stale.body.current.meta.products[0]._price).toBe(12.34);
    const log = await api('GET', '/api/v1/funnels/1/audit_log');
    const diff = log.body.find((e: { type: string; doc: string }) => e.type === 'diff' && e.doc === 'page:2');
    expect(diff.ops).toEqual([{ op: 'replace', path: '/meta/products/0/_price', value: 12.34 }]);
    expect(diff.title).toBe('Set product price');
  });

  it('lets exactly one of two racing saves on the same version win', async () => {
    const { body } = await api('GET', '/api/v1/pages/3');
    const race = await Promise.all(['A', 'B'].map((n) =>
      api('PATCH', '/api/v1/pages/3', [{ op: 'replace', path: '/name', value: `Racer ${n}` }], { 'If-Match': `"${body.version}"` })));
    expect(race.map((r) => r.status).sort()).toEqual([200, 412]);
  });

  it('keeps serving when PostgreSQL terminates its idle connections (no unhandled pool error)', async () => {
    await Promise.all([1, 2, 3].map(() => api('GET', '/api/v1/funnels')));
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const r = await admin.query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database() and backend_type = $1', ['client backend']);
      expect(r.rows[0].n).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect((await api('GET', '/api/v1/funnels')).status).toBe(200);
  });

  it('delivers presence and saved changes between two API processes on the database, also after the LISTEN connection was killed', async () => {
    const other = await startServer({
      config: { port: 0, dataDir: path.join(dir, 'data-b'), databaseUrl, sitesDir: path.join(dir, 'sites-b'), staticDir: path.join(dir, 'no-spa') },
    });
    const streams: LiveStream[] = [];
    try {
      // Server A's LISTEN connection dies (a PostgreSQL restart, an admin): it comes back by itself.
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        const r = await admin.query("select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where pid <> pg_backend_pid() and query ilike 'LISTEN%'");
        expect(r.rows[0].n).toBeGreaterThanOrEqual(1);
      } finally {
        await admin.end();
      }
      await new Promise((r) => setTimeout(r, 1500));
      const onA = await openLive(server!.url, token, 1);
      streams.push(onA);
      await onA.next((e) => e.event === 'presence');
      const operatorOnB = await getToken(other.url, DEMO_USERS.operator.email, DEMO_USERS.operator.password);
      const onB = await openLive(other.url, operatorOnB, 1, 'page:2');
      streams.push(onB);
      // Each process sees the other's viewer.
      expect(viewersOf(await onA.next((e) => e.event === 'presence' && viewersOf(e).length === 2))).toEqual(['Ada Admin@funnel', 'Oscar Operator@page:2']);
      expect(viewersOf(await onB.next((e) => e.event === 'presence' && viewersOf(e).length === 2))).toEqual(['Ada Admin@funnel', 'Oscar Operator@page:2']);
      // A save on B reaches the stream on A.
      const page = await api('GET', '/api/v1/pages/2');
      const saved = await fetch(`${other.url}/api/v1/pages/2`, {
        method: 'PATCH', body: JSON.stringify([{ op: 'replace', path: '/name', value: 'Saved on B' }]),
        headers: { Authorization: `Bearer ${operatorOnB}`, 'Content-Type': 'application/json-patch+json', 'If-Match': `"${page.body.version}"`, 'X-Client-Id': 'tab-on-b' },
      });
      expect(saved.status).toBe(200);
      const change = await onA.next((e) => e.event === 'change');
      expect(change.data).toMatchObject({ doc: 'page:2', version: page.body.version + 1, user: { name: 'Oscar Operator' }, client: 'tab-on-b' });
      // B's tab closes: A sees it go.
      onB.close();
      expect(viewersOf(await onA.next((e) => e.event === 'presence' && viewersOf(e).length === 1))).toEqual(['Ada Admin@funnel']);
    } finally {
      for (const s of streams) s.close();
      await other.close();
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

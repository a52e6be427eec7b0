/**
 * API test harness: a real server (in-memory PGlite + demo seed, embedded issuer) on an
 * ephemeral port, real access tokens through the headless login flow, and a small client.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb } from '../../src/server/db/index.ts';
import { seedDemo } from '../../src/server/db/seed.ts';
import { getToken } from '../../src/server/auth/headless-login.ts';
import { DEMO_USERS } from '../../src/server/db/seed.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { demoScaleOf } from '../../src/server/config.ts';
import { inputsHash, pgliteTemplateFile } from '../scripts/pglite-template.ts';

export interface TestServer {
  server: RunningServer;
  url: string;
  sitesDir: string;
  token: string;
  /** Calls the API as the admin (or with `token`), JSON in and out. */
  api: (method: string, p: string, opts?: ApiOptions) => Promise<ApiResponse>;
  /** A real access token of the demo account of `role` (signed in once, then cached). */
  tokenOf: (role: keyof typeof DEMO_USERS) => Promise<string>;
  /** Posts multipart/form-data with `files` (field `file` unless given) as the admin (or with `token`). */
  upload: (p: string, files: UploadFile[], opts?: { token?: string | null; field?: string }) => Promise<ApiResponse>;
  close: () => Promise<void>;
}

/** A file for {@link TestServer.upload}. */
export interface UploadFile {
  name: string;
  data: Uint8Array | string;
  type?: string;
}

/** A response as {@link ApiResponse}: the body parsed as JSON when it is JSON, else the text. */
async function answer(res: Response): Promise<ApiResponse> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** Options of {@link startTestServer}. */
export interface TestServerOptions {
  /** The built SPA to serve (default: none). */
  staticDir?: string;
  /** The static Storybook to serve at /storybook/ (default: none, a directory that does not exist). */
  storybookDir?: string;
  /** Demo orders to generate (default 2,000 to keep each file's start fast; the orders tests use the product default). */
  demoOrders?: number;
  /** Settings read from the environment (e.g. LIVE_MAX_STREAMS), on top of this process's. */
  env?: NodeJS.ProcessEnv;
}

/**
 * `API_TEST_PG_URL=postgres://user@host:port/db` runs the API suite on that PostgreSQL server:
 * every test server gets a fresh database created there — a copy of a migrated and seeded
 * template database ({@link pgTemplate}) — and dropped at close (tests/api/run-on-postgres.ts
 * starts a throwaway cluster and sets it).
 */
async function freshPgDatabase(orders: number): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = process.env.API_TEST_PG_URL;
  if (!admin) return null;
  const template = await pgTemplate(admin, orders);
  const name = `fa_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await client.end();
  }
  return {
    url: dbUrl(admin, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** `admin`'s URL with database `name`. */
function dbUrl(admin: string, name: string): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The name of a PostgreSQL database on `admin`'s server that is migrated and seeded with
 * `orders` demo orders, as PostgreSQL copies it into each test server's database (CREATE
 * DATABASE … TEMPLATE: a file copy, instead of 20 migrations and the seed per server). Made
 * once per server and inputs (named by {@link inputsHash}), under an advisory
 * lock so that processes starting together make it once.
 */
async function pgTemplate(admin: string, orders: number): Promise<string> {
  const name = `fa_template_${inputsHash()}_${orders}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    const exists = async () => (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    await client.query(`select pg_advisory_lock(hashtext('funnel-admin:test-template'))`);
    try {
      if (await exists()) return name;
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${building}"`);
      const db = await openDb({ databaseUrl: dbUrl(admin, building) });
      try {
        await seedDemo(db.db, undefined, { orders });
      } finally {
        await db.close();
      }
      // Renamed only when whole: a copy never starts from a half-seeded template.
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      return name;
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('funnel-admin:test-template'))`);
    }
  } finally {
    await client.end();
  }
}

export interface ApiOptions {
  body?: unknown;
  headers?: Record<string, string>;
  token?: string | null;
  /** Send `body` as RFC 6902 (application/json-patch+json). */
  patch?: boolean;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/**
 * A migrated and seeded in-memory PGlite database with `orders` demo orders, as a dump
 * ({@link pgliteTemplateFile}: made once per machine and inputs), so each test file starts its
 * server without PGlite's initdb, migrations and seed (tens of seconds on a busy 2-core
 * machine). Read once per process.
 */
async function pgliteTemplate(orders: number): Promise<Blob> {
  const cached = templateBlobs.get(orders);
  if (cached) return cached;
  const file = await pgliteTemplateFile({ orders, scale: demoScaleOf(process.env.DEMO_SCALE) });
  const blob = new Blob([fs.readFileSync(file)], { type: 'application/x-tar' });
  templateBlobs.set(orders, blob);
  return blob;
}
/** {@link pgliteTemplate}'s dumps read in this process, by order count. */
const templateBlobs = new Map<number, Blob>();

/**
 * Starts a server on a fresh in-memory database with its own sites directory, signed in as
 * the admin. `staticDir` is the built SPA to serve (default: none).
 */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const sitesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-sites-'));
  const staticDir = opts.staticDir ?? path.join(sitesDir, 'no-spa');
  const uploadsDir = path.join(sitesDir, 'uploads');
  const storybookDir = opts.storybookDir ?? path.join(sitesDir, 'no-storybook');
  const demoOrders = opts.demoOrders ?? 2000;
  const pgDb = await freshPgDatabase(demoOrders);
  const server = await startServer({
    config: { port: 0, dataDir: ':memory:', sitesDir, staticDir, storybookDir, uploadsDir, demoOrders, databaseUrl: pgDb?.url ?? '' },
    pgliteTemplate: pgDb ? undefined : await pgliteTemplate(demoOrders),
    env: opts.env ? { ...process.env, ...opts.env } : undefined,
  });
  const token = await getToken(server.url, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  const tokens = new Map<string, string>([['admin', token]]);
  const tokenOf: TestServer['tokenOf'] = async (role) => {
    if (!tokens.has(role)) tokens.set(role, await getToken(server.url, DEMO_USERS[role].email, DEMO_USERS[role].password));
    return tokens.get(role) as string;
  };
  const api: TestServer['api'] = async (method, p, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    const tok = opts.token === undefined ? token : opts.token;
    if (tok) headers.Authorization = `Bearer ${tok}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      headers['Content-Type'] ??= opts.patch ? 'application/json-patch+json' : 'application/json';
    }
    return answer(await fetch(server.url + p, { method, headers, body }));
  };
  const upload: TestServer['upload'] = async (p, files, o = {}) => {
    const form = new FormData();
    for (const f of files) {
      const bytes = typeof f.data === 'string' ? new TextEncoder().encode(f.data) : f.data;
      form.append(o.field ?? 'file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: f.type ?? 'application/octet-stream' }), f.name);
    }
    const tok = o.token === undefined ? token : o.token;
    return answer(await fetch(server.url + p, { method: 'POST', headers: tok ? { Authorization: `Bearer ${tok}` } : {}, body: form }));
  };
  return {
    server,
    url: server.url,
    sitesDir,
    token,
    api,
    tokenOf,
    upload,
    close: async () => {
      await server.close();
      await pgDb?.drop();
      fs.rmSync(sitesDir, { recursive: true, force: true });
    },
  };
}

/**
 * The body of `POST /api/v1/offers` for a Sticky offer on store 1 (offer ids are strings of
 * digits in the form): `offer_id`, `name` and the Everflow id `ef_offer_id`, then `over`.
 */
export const stickyOfferBody = (offer_id: string, name: string, ef_offer_id: string, over: Record<string, unknown> = {}) => ({
  offer_id,
  ef_offer_id,
  name,
  platform: 'sticky',
  store_id: 1,
  ...over,
});

/** Every file under `root` (not its directories) as a path relative to `root`, sorted; none when `root` does not exist. */
export function filesBelow(root: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(path.relative(root, p));
    }
  };
  walk(root);
  return out.sort();
}

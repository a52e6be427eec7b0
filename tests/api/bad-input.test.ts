/**
 * Bad input, generated (fast-check): for EVERY /api/v1 route, at least 200 invalid
 * requests — bad or missing tokens, invalid path ids and names (letters, signs, fractions,
 * huge numbers, NUL, traversal), invalid query values, malformed JSON, wrong content types,
 * bodies of the wrong shape, fields of the wrong type, missing required fields, oversized
 * texts, NUL bytes, huge and negative numbers, bad uploads. Every answer must be a 4xx
 * `{message}` (zero 5xx, zero accepted) and the database and the uploads directory must be
 * exactly as before (nothing written). The same pass is the message scan ("Human messages
 * everywhere"): every distinct 4xx `message` must be a plain sentence, never raw validator
 * output, an internal name or a file path (tests/api/raw-messages.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/index.ts';
import { ROUTE_ACTIONS } from '../../src/server/routes/common.ts';
import { invalidRequests, SPECS, splitRoute, versions, type Req } from './bad-input-specs.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { rawReasons } from './raw-messages.ts';
import { at } from '../at.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 100 });
});
afterAll(async () => {
  await t?.close();
});

/**
 * Requests per route (the issue asks for at least 200): RUNS signed-in requests with invalid
 * input, plus AUTH_RUNS with bad credentials; a route that takes no input gets RUNS of those.
 */
const RUNS = 200;
const AUTH_RUNS = 20;
/** Requests in flight at once. */
const CONCURRENCY = 6;

// ---- the check -------------------------------------------------------------------------------

/**
 * A digest of every table a route could write (orders by count), and of the uploads directory.
 * `event_rollup_state` is left out: the analytics upkeep's timer advances it with the clock.
 */
async function fingerprint(): Promise<string> {
  const tables = rowsOf<{ t: string }>(
    await t.server.db.db.execute(sql`
    select table_name as t from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'
      and table_name not in ('oidc_payloads', 'orders', '__drizzle_migrations', 'event_rollup_state') order by table_name`),
  ).map((r) => r.t);
  const parts: string[] = [];
  for (const name of tables) {
    const { d } = at(
      rowsOf<{ d: string }>(await t.server.db.db.execute(sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from "${name}" x`))),
      0,
      `md5 row of ${name}`,
    );
    parts.push(`${name}:${d}`);
  }
  const { n } = at(rowsOf<{ n: number }>(await t.server.db.db.execute(sql`select count(*)::int as n from orders`)), 0, 'order count row');
  const files: string[] = [];
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else files.push(`${path.relative(t.server.config.uploadsDir, p)}:${fs.statSync(p).size}`);
    }
  };
  walk(t.server.config.uploadsDir);
  return `${parts.join(',')};orders:${n};files:${files.sort().join(',')}`;
}

async function send(r: Req): Promise<{ status: number; body: unknown }> {
  const res = await fetch(t.url + r.url, { method: r.method, headers: r.headers, body: r.method === 'GET' ? undefined : r.body });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* keep the text */
  }
  return { status: res.status, body };
}

describe('generated bad input on every route', () => {
  it('has a spec for every registered /api/v1 route', () => {
    const routes = [...ROUTE_ACTIONS.keys()].filter((k) => splitRoute(k)[1].startsWith('/api/v1/'));
    expect(routes.filter((k) => !SPECS[k])).toEqual([]);
    expect(Object.keys(SPECS).filter((k) => !ROUTE_ACTIONS.has(k))).toEqual([]);
  });

  const statuses = new Map<number, number>();
  /** Each distinct 4xx message, with the first request that got it (the message scan). */
  const seen = new Map<string, string>();
  let before = '';
  let total = 0;

  it('records the state before', async () => {
    versions.funnel = (await t.api('GET', '/api/v1/funnels/1')).body.version;
    versions.page = (await t.api('GET', '/api/v1/pages/7')).body.version;
    versions.template = (await t.api('GET', '/api/v1/templates/1')).body.version;
    versions.layout = (await t.api('GET', '/api/v1/funnels/1/layout')).body.version;
    before = await fingerprint();
    expect(before).toContain('funnels:');
  });

  for (const [key, spec] of Object.entries(SPECS)) {
    it(`${key}: ${RUNS} invalid requests, each a 4xx {message}`, async () => {
      const [method, template] = splitRoute(key);
      // The requests are generated by fast-check (fixed seed: the same run every time) and sent
      // CONCURRENCY at a time; any answer outside 4xx {message} fails with the request's label.
      const { auth, input } = invalidRequests(method, template, spec, t.token);
      const seed = 20_260_322;
      const requests = input
        ? [...fc.sample(input, { numRuns: RUNS, seed }), ...fc.sample(auth, { numRuns: AUTH_RUNS, seed })]
        : fc.sample(auth, { numRuns: RUNS, seed });
      const failures: string[] = [];
      const queue = requests.values(); // shared: each worker takes the next request
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (const req of queue) {
            const r = await send(req);
            statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
            const message = (r.body as { message?: unknown } | null)?.message;
            if (r.status >= 400 && r.status < 500 && typeof message === 'string' && !seen.has(message)) seen.set(message, `${key} ${req.label}`);
            if (r.status < 400 || r.status >= 500 || typeof (r.body as { message?: unknown })?.message !== 'string') {
              failures.push(`${req.label} → ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
            }
          }
        }),
      );
      expect(failures).toEqual([]);
      expect(requests.length).toBeGreaterThanOrEqual(RUNS);
      total += requests.length;
    });
  }

  it('wrote nothing, and met every kind of refusal', async () => {
    expect(total).toBeGreaterThanOrEqual(RUNS * Object.keys(SPECS).length);
    expect(await fingerprint()).toBe(before);
    for (const s of [400, 401, 412, 415, 422, 428]) expect(statuses.has(s), `status ${s} seen`).toBe(true);
    expect([...statuses.keys()].filter((s) => s < 400 || s >= 500)).toEqual([]);
    console.log(
      `bad input: ${total} requests on ${Object.keys(SPECS).length} routes; statuses ${[...statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([s, c]) => `${s}×${c}`)
        .join(' ')}`,
    );
  });

  it('finds no raw message in the 4xx answers (the message scan)', () => {
    const offending = [...seen]
      .map(([m, where]) => ({ m, where, why: rawReasons(m) }))
      .filter((x) => x.why.length)
      .map(({ m, where, why }) => `${JSON.stringify(m)} [${why.join(', ')}] ← ${where.slice(0, 160)}`);
    console.log(`message scan: ${total} requests on ${Object.keys(SPECS).length} routes, ${seen.size} distinct 4xx messages checked, ${offending.length} raw`);
    expect(seen.size).toBeGreaterThan(50);
    expect(offending).toEqual([]);
  });
});

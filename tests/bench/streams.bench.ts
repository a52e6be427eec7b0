/**
 * Open event streams at scale: `GET /api/v1/funnels/2/events` held open by
 * many tabs of 20 accounts while tabs keep joining and leaving (one stream closed and one opened
 * every 20 ms: 50 joins and 50 leaves a second, for 10 s). Meanwhile `GET /api/health` is asked
 * one request after another; its p99 is the stall every other request would see. The server runs
 * in its own process (in-memory PGlite, demo data); its RSS is read from /proc.
 *
 * Targets, at 2,000 streams: health p99 < 50 ms, RSS growth < 200 MB (from before the first
 * stream to the end of the churn). Printed against the same run with 20 streams (the peer).
 */
import fs from 'node:fs';
import http from 'node:http';
import { getToken } from '../../src/server/auth/headless-login.ts';
import { DEMO_USERS } from '../../src/server/db/seed.ts';
import { startServerProcess, type ServerProcess } from '../scripts/server-process.ts';
import { pct, rng } from './stats.ts';
import { size } from './smoke.ts';

const ACCOUNTS = size(20, 2);
const CHURN_MS = size(10_000, 1_000);
const CHURN_EVERY_MS = 20;
const FUNNEL = 2;

/** The process's resident set (MB), from /proc. */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** One open stream: its bytes received so far and how to close it. */
interface Stream {
  bytes: number;
  close: () => void;
}

/** Opens one event stream with `token` (own connection, read and discarded). Resolves on its 200. */
function openStream(url: string, token: string, doc: string | null): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const u = new URL(`/api/v1/funnels/${FUNNEL}/events${doc ? `?doc=${doc}` : ''}`, url);
    const req = http.get(u, { agent: false, headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`stream refused: ${res.statusCode}`));
        return;
      }
      const s: Stream = { bytes: 0, close: () => req.destroy() };
      res.on('data', (d: Buffer) => {
        s.bytes += d.length;
      });
      res.on('error', () => {});
      resolve(s);
    });
    req.on('error', (e) => reject(e));
  });
}

/** Times `GET /api/health` back to back until `until` (ms since epoch). @returns latencies in ms. */
async function healthLatencies(url: string, until: number): Promise<{ ms: number[]; failed: number }> {
  const ms: number[] = [];
  let failed = 0;
  while (Date.now() < until) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/health`).catch(() => null);
    if (!res?.ok) failed += 1;
    await res?.arrayBuffer();
    ms.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 5));
  }
  return { ms, failed };
}

/** 20 accounts of the operator role (created by the admin), each signed in once. */
async function accounts(server: ServerProcess): Promise<string[]> {
  const admin = await getToken(server.url, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  const tokens: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const email = `viewer${i}@bench.example.com`;
    const password = `Viewer!${i}2345x`;
    const res = await fetch(`${server.url}/api/v1/users`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `Bench Viewer ${i}`, email, password, role_id: 2 }),
    });
    if (res.status !== 201) throw new Error(`could not create account ${i}: ${res.status} ${await res.text()}`);
    tokens.push(await getToken(server.url, email, password));
  }
  return tokens;
}

interface Figures {
  streams: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
  samples: number;
  rssGrowth: number;
  rssPeak: number;
  refused: number;
}

/** One run with `n` streams held open while they churn. */
async function runWith(n: number): Promise<Figures> {
  const server = await startServerProcess({
    DEMO_ORDERS: '100',
    LIVE_MAX_STREAMS_PER_USER: String(Math.ceil(n / ACCOUNTS) + 20),
    LIVE_MAX_STREAMS: String(n + 500),
  });
  try {
    const tokens = await accounts(server);
    global.gc?.();
    await new Promise((r) => setTimeout(r, 500));
    const rss0 = rssMb(server.pid);
    const open: Stream[] = [];
    const tokenFor = (i: number) => tokens[i % tokens.length]!;
    for (let i = 0; i < n; i += 50) {
      open.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, n - i) }, (_, k) => openStream(server.url, tokenFor(i + k), (i + k) % 3 ? `page:${(i + k) % 7}` : null)),
        )),
      );
    }
    // Let the openers' own joins go out before the clock starts.
    await new Promise((r) => setTimeout(r, 1000));
    const random = rng(26);
    let refused = 0;
    let rssPeak = rssMb(server.pid);
    const until = Date.now() + CHURN_MS;
    const health = healthLatencies(server.url, until);
    let k = 0;
    while (Date.now() < until) {
      const t0 = Date.now();
      const i = Math.floor(random() * open.length);
      open[i]!.close();
      try {
        open[i] = await openStream(server.url, tokenFor(k++), `page:${k % 7}`);
      } catch {
        refused += 1;
      }
      if (k % 50 === 0) rssPeak = Math.max(rssPeak, rssMb(server.pid));
      await new Promise((r) => setTimeout(r, Math.max(0, CHURN_EVERY_MS - (Date.now() - t0))));
    }
    const h = await health;
    rssPeak = Math.max(rssPeak, rssMb(server.pid));
    for (const s of open) s.close();
    return {
      streams: n,
      p50: pct(h.ms, 50),
      p99: pct(h.ms, 99),
      max: Math.max(...h.ms),
      failed: h.failed,
      samples: h.ms.length,
      rssGrowth: rssPeak - rss0,
      rssPeak,
      refused,
    };
  } finally {
    await server.stop();
  }
}

/** Runs the peer (20 streams) and the target (2,000, or BENCH_STREAMS); prints both. @returns missed targets. */
export async function run(): Promise<{ misses: number }> {
  const n = Number(process.env.BENCH_STREAMS ?? size(2000, 50));
  const peer = await runWith(size(20, 5));
  const big = await runWith(n);
  const row = (f: Figures) =>
    `${String(f.streams).padStart(6)} streams  health p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  max ${f.max.toFixed(1)} ms ` +
    `(${f.samples} requests, ${f.failed} failed)  RSS +${f.rssGrowth.toFixed(0)} MB (peak ${f.rssPeak.toFixed(0)} MB)  churn refused ${f.refused}`;
  console.log(row(peer));
  console.log(row(big));
  console.log(
    `ratio ${n} / 20 streams: health p99 ${(big.p99 / peer.p99).toFixed(2)}×, RSS growth ${(big.rssGrowth / Math.max(1, peer.rssGrowth)).toFixed(2)}×`,
  );
  let misses = 0;
  const check = (ok: boolean, what: string) => {
    console.log(`${ok ? 'PASS' : 'MISS'} ${what}`);
    if (!ok) misses += 1;
  };
  check(big.p99 < 50, `health p99 < 50 ms with ${n} streams churning at 50 joins + 50 leaves/s (${big.p99.toFixed(1)} ms)`);
  check(big.rssGrowth < 200, `RSS growth < 200 MB with ${n} streams (${big.rssGrowth.toFixed(0)} MB)`);
  check(big.failed === 0 && big.refused === 0, `no failed health request, no refused stream (${big.failed}, ${big.refused})`);
  return { misses };
}

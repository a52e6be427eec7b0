/**
 * Operating the server as `npm start` runs it (a child process): JSON log lines that carry
 * the request id and never a token, `/metrics` behind METRICS_TOKEN, and SIGTERM during a
 * save — the save is answered 200 and kept, or refused 503 before it began, never applied in
 * part — after which the process exits 0 and a new server starts on the same data directory
 * (the lock was released).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getToken } from '../../src/server/auth/headless-login.ts';
import { DEMO_USERS } from '../../src/server/db/seed.ts';
import { startServerProcess, type ServerProcess } from '../scripts/server-process.ts';

const running: ServerProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** The JSON lines of a server's output (the plain "listening on" line left out). */
function jsonLines(log: string): Record<string, unknown>[] {
  return log
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('logs and metrics of a server process', () => {
  it('every line of a request carries its request id; no line carries the token; /metrics needs METRICS_TOKEN', async () => {
    const server = await startServerProcess({ LOG_LEVEL: 'info', METRICS_TOKEN: 'metrics-secret-1234', DEMO_ORDERS: '100' });
    running.push(server);
    const token = await getToken(server.url, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    const me = await fetch(`${server.url}/api/v1/me`, { headers: { Authorization: `Bearer ${token}`, 'X-Request-Id': 'trace-me-1' } });
    expect(me.status).toBe(200);
    expect(me.headers.get('x-request-id')).toBe('trace-me-1');
    // A request that fails inside (a 404 of the API) and one with a forged id.
    const missing = await fetch(`${server.url}/api/v1/funnels/999999`, { headers: { Authorization: `Bearer ${token}`, 'X-Request-Id': 'trace-me-2' } });
    expect(missing.status).toBe(404);
    const forged = await fetch(`${server.url}/api/v1/me`, { headers: { Authorization: `Bearer ${token}`, 'X-Request-Id': '{"level":"fatal"}' } });
    const forgedId = forged.headers.get('x-request-id');
    expect(forgedId).toMatch(/^[0-9a-f-]{36}$/);

    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
    const metrics = await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer metrics-secret-1234' } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('funnel_admin_http_requests_total{method="GET",route="/api/v1/me",status="200"}');

    // The access lines are written when the answer is: give the pipe a moment.
    await new Promise((r) => setTimeout(r, 300));
    const log = server.log();
    expect(log).toMatch(/^Funnel Admin listening on http:\/\/127\.0\.0\.1:\d+$/m);
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.split('.')[2]);
    expect(log).not.toContain('metrics-secret-1234');
    const lines = jsonLines(log);
    const access = lines.find((l) => l.req_id === 'trace-me-1');
    expect(access).toMatchObject({ level: 'info', msg: 'request', method: 'GET', route: '/api/v1/me', path: '/api/v1/me', status: 200, user_id: 1 });
    expect(typeof access?.ms).toBe('number');
    expect(typeof access?.time).toBe('string');
    expect(lines.find((l) => l.req_id === 'trace-me-2')).toMatchObject({ route: '/api/v1/funnels/:id', status: 404 });
    expect(lines.find((l) => l.req_id === forgedId)).toMatchObject({ route: '/api/v1/me', status: 200 });
    expect(log).not.toContain('"level":"fatal"');
  }, 120_000);
});

/** One keep-alive connection: the page is read and saved on it, as a browser tab would. */
function keptAlive() {
  return new http.Agent({ keepAlive: true, maxSockets: 1 });
}

/** Sends a request over `agent`; resolves with the status and body, or with the error code when the connection was refused or dropped. */
function send(url: string, agent: http.Agent, method: string, p: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    const req = http.request(new URL(p, url), { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    req.end(body);
  });
}

describe('SIGTERM', () => {
  it('a save in flight is answered and kept, or refused before it began — never half; the process exits 0 and the lock is released', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-sigterm-'));
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir, DEMO_ORDERS: '100', LOG_LEVEL: 'info' };
    const PAGE = 2;
    const REVIEWS = 1500;
    const outcomes: string[] = [];
    // Two moments: SIGTERM right as the save is sent, and while it is being applied.
    for (const delayMs of [0, 30]) {
      const server = await startServerProcess(env);
      running.push(server);
      const token = await getToken(server.url, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
      const auth = { Authorization: `Bearer ${token}` };
      const agent = keptAlive();
      const before = await send(server.url, agent, 'GET', `/api/v1/pages/${PAGE}`, auth);
      if (!('status' in before)) throw new Error(`GET failed: ${before.error}`);
      const page = JSON.parse(before.body) as { version: number; name: string; meta: { reviews?: unknown[] } };
      const mark = `Drained ${delayMs}`;
      const reviews = Array.from({ length: REVIEWS }, (_, i) => ({
        id: `drain-${delayMs}-${i}`,
        avatar: '',
        user: `Reviewer ${i}`,
        reviewTitle: `Title ${i}`,
        review: `<p>Review number ${i} of the drain test, long enough to take a while to clean.</p>`,
        country: 'US',
      }));
      const ops = [
        { op: 'replace', path: '/name', value: mark },
        { op: 'add', path: '/meta/reviews', value: reviews },
      ];
      const saving = send(
        server.url,
        agent,
        'PATCH',
        `/api/v1/pages/${PAGE}`,
        { ...auth, 'Content-Type': 'application/json-patch+json', 'If-Match': `"${page.version}"` },
        JSON.stringify(ops),
      );
      await new Promise((r) => setTimeout(r, delayMs));
      const stopped = server.stop();
      // A save sent once the server is stopping is refused, and nothing of it is applied.
      while (!server.log().includes('stopping Funnel Admin') && !server.exited()) await new Promise((r) => setTimeout(r, 5));
      const late = await fetch(`${server.url}/api/v1/pages/3`, {
        method: 'PATCH',
        headers: { ...auth, 'Content-Type': 'application/json-patch+json', 'If-Match': '"1"' },
        body: JSON.stringify([{ op: 'replace', path: '/name', value: 'Too late' }]),
      }).then(
        (r) => r.status,
        () => 'refused',
      );
      expect([503, 'refused']).toContain(late);
      const answer = await saving;
      await stopped;
      agent.destroy();
      expect(server.exited()).toBe('exit 0');
      expect(server.log()).toContain('data-directory lock released');

      // Started again on the same directory: the lock was released, and the page is whole.
      const again = await startServerProcess(env);
      running.push(again);
      const token2 = await getToken(again.url, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
      const after = (await (await fetch(`${again.url}/api/v1/pages/${PAGE}`, { headers: { Authorization: `Bearer ${token2}` } })).json()) as typeof page;
      const page3 = (await (await fetch(`${again.url}/api/v1/pages/3`, { headers: { Authorization: `Bearer ${token2}` } })).json()) as typeof page;
      await again.stop();
      expect(again.exited()).toBe('exit 0');
      expect(page3.name).not.toBe('Too late');
      if ('status' in answer && answer.status === 200) {
        outcomes.push('saved');
        expect(after.version).toBe(page.version + 1);
        expect(after.name).toBe(mark);
        expect(after.meta.reviews).toHaveLength(REVIEWS);
      } else {
        // Refused before it began: 503 with the restart message, or the connection was closed before the request was read.
        outcomes.push('status' in answer ? `refused ${answer.status}` : `refused ${answer.error}`);
        if ('status' in answer) {
          expect(answer.status).toBe(503);
          expect(JSON.parse(answer.body)).toEqual({ message: 'The server is restarting; try again in a moment.' });
        }
        expect(after.version).toBe(page.version);
        expect(after.name).toBe(page.name);
        expect(after.meta.reviews?.length ?? 0).toBe(page.meta.reviews?.length ?? 0);
      }
    }
    console.log(`SIGTERM during a save: ${outcomes.join(', ')}`);
    expect(outcomes).toHaveLength(2);
  }, 300_000);
});

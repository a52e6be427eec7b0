/**
 * Live events: `GET /api/v1/funnels/{id}/events` shows who is on a funnel and
 * carries every saved change of its documents to the open editors, after the commit, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { openLive, viewersOf, type LiveStream } from './live-client.ts';
import { PRESENCE_FLUSH_MS } from '../../src/server/live.ts';

let t: TestServer;
const open: LiveStream[] = [];
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});
const live = async (token: string, funnel: number | string, doc?: string) => {
  const s = await openLive(t.url, token, funnel, doc);
  open.push(s);
  return s;
};
const patch = (path: string, version: number, ops: unknown[], headers: Record<string, string> = {}, token?: string) =>
  t.api('PATCH', path, { body: ops, token, headers: { 'Content-Type': 'application/json-patch+json', 'If-Match': `"${version}"`, ...headers } });

describe('presence', () => {
  it('shows everyone on the funnel with the document they have open, and drops a closed tab', async () => {
    const admin = await live(t.token, 1);
    const hello = await admin.next((e) => e.event === 'hello');
    expect(hello.data.conn).toEqual(expect.any(String));
    expect(viewersOf(await admin.next((e) => e.event === 'presence'))).toEqual(['Ada Admin@funnel']);
    const operator = await live(await t.tokenOf('operator'), 1, 'page:2');
    expect(viewersOf(await admin.next((e) => e.event === 'viewers' && viewersOf(e).length === 2))).toEqual(['Ada Admin@funnel', 'Oscar Operator@page:2']);
    expect(viewersOf(await operator.next((e) => e.event === 'presence'))).toEqual(['Ada Admin@funnel', 'Oscar Operator@page:2']);
    operator.close();
    expect(viewersOf(await admin.next((e) => e.event === 'viewers' && viewersOf(e).length === 1))).toEqual(['Ada Admin@funnel']);
    // Another funnel's viewers are not this funnel's.
    const other = await live(t.token, 2);
    expect(viewersOf(await other.next((e) => e.event === 'presence'))).toEqual(['Ada Admin@funnel']);
  });

  it('refuses an unknown funnel (404), a document that is not one (422) and no token (401)', async () => {
    expect((await openLive(t.url, t.token, 999999)).status).toBe(404);
    expect((await openLive(t.url, t.token, 1, 'page:x')).status).toBe(422);
    expect((await openLive(t.url, t.token, 1, '__proto__')).status).toBe(422);
    expect((await openLive(t.url, '', 1)).status).toBe(401);
  });
});

describe('saved changes', () => {
  it("reach the funnel's open streams once, with the new version, who, the label and the saving tab", async () => {
    const watcher = await live(t.token, 1);
    await watcher.next((e) => e.event === 'presence');
    const page = (await t.api('GET', '/api/v1/pages/3')).body as { version: number };
    const headers = { 'X-Client-Id': 'tab-b', 'X-Change-Label': 'Rename', 'Idempotency-Key': 'live-1' };
    const ok = await patch('/api/v1/pages/3', page.version, [{ op: 'replace', path: '/name', value: 'Live rename' }], headers, await t.tokenOf('operator'));
    expect(ok.status).toBe(200);
    const change = await watcher.next((e) => e.event === 'change');
    expect(change.data).toEqual({ doc: 'page:3', version: page.version + 1, user: { user_id: 2, name: 'Oscar Operator' }, title: 'Rename', client: 'tab-b' });
    // The same request again is a replay: nothing new was saved, nothing is announced.
    const again = await patch('/api/v1/pages/3', page.version, [{ op: 'replace', path: '/name', value: 'Live rename' }], headers, await t.tokenOf('operator'));
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    // A refused save (stale version) announces nothing either; the funnel's own save does.
    expect((await patch('/api/v1/pages/3', page.version, [{ op: 'replace', path: '/name', value: 'Late' }])).status).toBe(412);
    const funnel = (await t.api('GET', '/api/v1/funnels/1')).body as { version: number };
    expect((await patch('/api/v1/funnels/1', funnel.version, [{ op: 'replace', path: '/cs_number', value: '+1 555 0100' }])).status).toBe(200);
    const next = await watcher.next((e) => e.event === 'change');
    expect(next.data).toMatchObject({ doc: 'funnel:1', version: funnel.version + 1, client: null });
    expect(watcher.events.filter((e) => e.event === 'change')).toHaveLength(2);
  });

  it("do not reach another funnel's streams", async () => {
    const elsewhere = await live(t.token, 2);
    await elsewhere.next((e) => e.event === 'presence');
    const page = (await t.api('GET', '/api/v1/pages/2')).body as { version: number; funnel_id: number };
    expect(page.funnel_id).toBe(1);
    expect((await patch('/api/v1/pages/2', page.version, [{ op: 'replace', path: '/name', value: 'Not yours' }])).status).toBe(200);
    await expect(elsewhere.next((e) => e.event === 'change', 500)).rejects.toThrow(/no matching event/);
  });
});

describe('presence at scale (O(1) per join or leave per stream, capped, closed when old)', () => {
  const ROLES = ['admin', 'operator', 'sticky'] as const;
  /** Bytes of presence a stream received after its first `presence` (whole lists or changes): the cost of the others' joins and leaves. */
  const changeBytes = (s: LiveStream) =>
    s.events
      .filter((e) => e.event === 'presence' || e.event === 'presence-change')
      .slice(1)
      .reduce((n, e) => n + e.bytes, 0);

  it('sends each open stream only the viewer who joined or left, not the list, whatever the number of streams', async () => {
    const cost = async (streams: number) => {
      const opened: LiveStream[] = [];
      for (let i = 0; i < streams; i++) {
        // Three accounts, each under the per-user cap (20).
        const s = await live(await t.tokenOf(ROLES[i % ROLES.length]!), 3);
        expect(s.status).toBe(200);
        await s.next((e) => e.event === 'presence');
        opened.push(s);
      }
      // Wait until every stream knows everyone, then count only what one join and one leave cost.
      await Promise.all(opened.map((s) => s.next((e) => e.event === 'viewers' && (e.data.viewers as unknown[]).length === streams)));
      // Joins are gathered for PRESENCE_FLUSH_MS: let the last batch of the openers' own joins arrive first.
      await new Promise((r) => setTimeout(r, PRESENCE_FLUSH_MS * 2 + 100));
      const before = opened.map(changeBytes);
      const newcomer = await live(await t.tokenOf('sticky'), 3, 'page:4');
      await Promise.all(opened.map((s) => s.next((e) => e.event === 'viewers' && viewersOf(e).includes('Sam Sticky@page:4'))));
      newcomer.close();
      await Promise.all(opened.map((s) => s.next((e) => e.event === 'viewers' && (e.data.viewers as unknown[]).length === streams)));
      const perStream = opened.map((s, i) => changeBytes(s) - before[i]!);
      for (const s of opened) s.close();
      return Math.max(...perStream);
    };
    const few = await cost(4);
    const many = await cost(36);
    // One join and one leave: a few hundred bytes per stream, the same with 36 streams as with 4
    // (the whole list was sent before: about 90 bytes per viewer, 3,300 bytes for a join at 36).
    expect(few).toBeLessThan(400);
    expect(many).toBeLessThanOrEqual(few + 20);
  });

  it('refuses a stream past the per-user and the per-process cap with 429 and Retry-After, and a closed stream frees its place', async () => {
    // Streams live long here, so that a slow machine cannot end one while the caps are counted.
    const capped = await startTestServer({ env: { LIVE_MAX_STREAMS_PER_USER: '3', LIVE_MAX_STREAMS: '5', LIVE_STREAM_MAX_SECONDS: '600' } });
    const mine: LiveStream[] = [];
    try {
      for (let i = 0; i < 3; i++) mine.push(await openLive(capped.url, capped.token, 1));
      expect(mine.map((s) => s.status)).toEqual([200, 200, 200]);
      const refused = await fetch(`${capped.url}/api/v1/funnels/1/events`, { headers: { Authorization: `Bearer ${capped.token}` } });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { message: string }).message).toMatch(/Too many live connections: your account has 3 open \(at most 3\)/);
      // Another account may still open streams, up to the process's cap of 5.
      const operator = await capped.tokenOf('operator');
      for (let i = 0; i < 2; i++) mine.push(await openLive(capped.url, operator, 1));
      const full = await fetch(`${capped.url}/api/v1/funnels/1/events`, { headers: { Authorization: `Bearer ${await capped.tokenOf('sticky')}` } });
      expect(full.status).toBe(429);
      expect(((await full.json()) as { message: string }).message).toMatch(/most live connections it allows \(5\)/);
      // A closed stream frees its place.
      mine.shift()!.close();
      await expect
        .poll(
          async () => {
            const s = await openLive(capped.url, capped.token, 1);
            if (s.status === 200) mine.push(s);
            return s.status;
          },
          { timeout: 5000, interval: 200 },
        )
        .toBe(200);
    } finally {
      for (const s of mine) s.close();
      await capped.close();
    }
  });

  it('ends every stream by itself at its lifetime, and its place is free again', async () => {
    const short = await startTestServer({ env: { LIVE_MAX_STREAMS_PER_USER: '2', LIVE_STREAM_MAX_SECONDS: '2' } });
    const mine: LiveStream[] = [];
    try {
      for (let i = 0; i < 2; i++) mine.push(await openLive(short.url, short.token, 1));
      expect(mine.map((s) => s.status)).toEqual([200, 200]);
      // Without a lifetime these would stay open until the test times out.
      await Promise.all(mine.map((s) => s.ended));
      const again = await openLive(short.url, short.token, 1);
      mine.push(again);
      expect(again.status).toBe(200);
    } finally {
      for (const s of mine) s.close();
      await short.close();
    }
  });
});

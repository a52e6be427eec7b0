/**
 * Live events (issue 14): `GET /api/v1/funnels/{id}/events` shows who is on a funnel and
 * carries every saved change of its documents to the open editors, after the commit, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { openLive, viewersOf, type LiveStream } from './live-client.ts';

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
    expect(viewersOf(await admin.next((e) => e.event === 'presence' && viewersOf(e).length === 2))).toEqual(['Ada Admin@funnel', 'Oscar Operator@page:2']);
    expect(viewersOf(await operator.next((e) => e.event === 'presence'))).toEqual(['Ada Admin@funnel', 'Oscar Operator@page:2']);
    operator.close();
    expect(viewersOf(await admin.next((e) => e.event === 'presence' && viewersOf(e).length === 1))).toEqual(['Ada Admin@funnel']);
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
  it('reach the funnel\'s open streams once, with the new version, who, the label and the saving tab', async () => {
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

  it('do not reach another funnel\'s streams', async () => {
    const elsewhere = await live(t.token, 2);
    await elsewhere.next((e) => e.event === 'presence');
    const page = (await t.api('GET', '/api/v1/pages/2')).body as { version: number; funnel_id: number };
    expect(page.funnel_id).toBe(1);
    expect((await patch('/api/v1/pages/2', page.version, [{ op: 'replace', path: '/name', value: 'Not yours' }])).status).toBe(200);
    await expect(elsewhere.next((e) => e.event === 'change', 500)).rejects.toThrow(/no matching event/);
  });
});

/**
 * The flow diagram's layout document ("Node positions are kept per funnel … positions
 * are not noise in the audit log"): GET/PATCH /api/v1/funnels/{id}/layout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/model/index.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const move = (funnel: number, version: number, ops: unknown[], key: string = crypto.randomUUID()) =>
  t.api('PATCH', `/api/v1/funnels/${funnel}/layout`, { body: ops, patch: true, headers: { 'If-Match': `"${version}"`, 'Idempotency-Key': key } });
const auditCount = async (funnel: number) => ((await t.api('GET', `/api/v1/funnels/${funnel}/audit_log`)).body as unknown[]).length;

describe('funnel layout', () => {
  it('reads as version 0 with no positions before any move, and 404 for a funnel that does not exist', async () => {
    const r = await t.api('GET', '/api/v1/funnels/1/layout');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ funnel_id: 1, positions: {}, version: 0 });
    expect(r.headers.get('etag')).toBe('"0"');
    expect((await t.api('GET', '/api/v1/funnels/999999/layout')).status).toBe(404);
  });

  it('keeps moves with If-Match, bumps the version, and writes no audit entry and no funnel version', async () => {
    const audits = await auditCount(2);
    const funnelVersion = (await t.api('GET', '/api/v1/funnels/2')).body.version;
    const first = await move(2, 0, [{ op: 'add', path: '/positions/4', value: { x: 10, y: 20 } }]);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ funnel_id: 2, positions: { 4: { x: 10, y: 20 } }, version: 1 });
    const second = await move(2, 1, [
      { op: 'replace', path: '/positions/4', value: { x: -30.5, y: 40 } },
      { op: 'add', path: '/positions/5', value: { x: 0, y: 110 } },
    ]);
    expect(second.body).toEqual({ funnel_id: 2, positions: { 4: { x: -30.5, y: 40 }, 5: { x: 0, y: 110 } }, version: 2 });
    expect((await t.api('GET', '/api/v1/funnels/2/layout')).body).toEqual(second.body);
    expect(await auditCount(2)).toBe(audits);
    expect((await t.api('GET', '/api/v1/funnels/2')).body.version).toBe(funnelVersion);
  });

  it('answers a stale version with 412 and the current layout, also when two first moves race', async () => {
    const created = await t.api('POST', '/api/v1/funnels', { body: { name: 'Layout race', offer: (await t.api('GET', '/api/v1/funnels/1')).body.offer } });
    expect(created.status).toBe(201);
    const id = created.body.ID as number;
    const [a, b] = await Promise.all([
      move(id, 0, [{ op: 'add', path: '/positions/9', value: { x: 1, y: 1 } }]),
      move(id, 0, [{ op: 'add', path: '/positions/9', value: { x: 2, y: 2 } }]),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 412]);
    const lost = a.status === 412 ? a : b;
    expect(lost.body.current).toMatchObject({ funnel_id: id, version: 1 });
    expect((await t.api('GET', `/api/v1/funnels/${id}/layout`)).body.version).toBe(1);
  });

  it('replays the same request (Idempotency-Key) without moving twice', async () => {
    const v = (await t.api('GET', '/api/v1/funnels/1/layout')).body.version as number;
    const ops = [{ op: 'add', path: '/positions/1', value: { x: 5, y: 5 } }];
    const one = await move(1, v, ops, 'layout-replay');
    const two = await move(1, v, ops, 'layout-replay');
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    expect(two.body).toEqual(one.body);
    expect((await t.api('GET', '/api/v1/funnels/1/layout')).body.version).toBe(v + 1);
  });

  it('refuses hostile positions with a plain message and keeps nothing of them', async () => {
    const before = (await t.api('GET', '/api/v1/funnels/1/layout')).body;
    const cases: [unknown[], string][] = [
      [[{ op: 'add', path: '/positions/7', value: { x: 1e9, y: 0 } }], 'A node position must lie within ±1000000 px'],
      [[{ op: 'add', path: '/positions/7', value: { x: 'left', y: 0 } }], 'A node position must be a number of pixels'],
      [[{ op: 'add', path: '/positions/seven', value: { x: 0, y: 0 } }], 'Node positions are keyed by page ID'],
      [[{ op: 'add', path: '/positions/7', value: { x: 0, y: 0, z: 3 } }], 'A node position is {x, y} in pixels'],
    ];
    for (const [ops, message] of cases) {
      const r = await move(1, before.version, ops);
      expect(r.status, JSON.stringify(ops)).toBe(422);
      expect(r.body.message).toContain(message);
    }
    const proto = await move(1, before.version, [{ op: 'add', path: '/positions/__proto__', value: { x: 0, y: 0 } }]);
    expect(proto.status).toBe(400);
    const tooMany = Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [String(i + 1), { x: i, y: 0 }]));
    const big = await move(1, before.version, [{ op: 'replace', path: '/positions', value: tooMany }]);
    expect(big.status).toBe(422);
    expect(big.body.message).toContain('at most 2000 node positions');
    expect((await t.api('GET', '/api/v1/funnels/1/layout')).body).toEqual(before);
  });

  it('refuses moves on a locked funnel (423) like any edit', async () => {
    const f = (await t.api('GET', '/api/v1/funnels/4')).body;
    expect((await t.api('PUT', '/api/v1/funnels/4/lock', { body: { locked: true } })).status).toBe(200);
    const r = await move(4, 0, [{ op: 'add', path: '/positions/1', value: { x: 0, y: 0 } }]);
    expect(r.status).toBe(423);
    expect(r.body.message).toBe(MSG.locked);
    await t.api('PUT', '/api/v1/funnels/4/lock', { body: { locked: false } });
    expect(f.ID).toBe(4);
  });
});

/**
 * The dashboard card order kept per user (001 §2 "reorderable by drag"):
 * `PUT /api/v1/dashboard/order` on the real server, and `GET /api/v1/dashboard` answering in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_CARDS } from '../../src/model/dashboard.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 10 });
});
afterAll(() => t.close());

const names = async (token?: string) => ((await t.api('GET', '/api/v1/dashboard', token ? { token } : {})).body as { name: string }[]).map((i) => i.name);

describe('the dashboard card order', () => {
  it('starts in the default order, answers in the saved order, and is per user', async () => {
    expect(await names()).toEqual([...DASHBOARD_CARDS]);
    const order = ['Orders', 'Funnels', 'Users'];
    const put = await t.api('PUT', '/api/v1/dashboard/order', { body: { names: order } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ names: order });
    // Named cards first, the rest follow in the default order.
    expect(await names()).toEqual(['Orders', 'Funnels', 'Users', 'Pages', 'Templates', 'Offers', 'Domains', 'Campaigns']);
    // Another user's dashboard keeps its own (default) order.
    expect(await names(await t.tokenOf('operator'))).toEqual([...DASHBOARD_CARDS]);
  });

  it('is the same after the same request twice, and the last write wins', async () => {
    const body = { names: [...DASHBOARD_CARDS].reverse() };
    for (let i = 0; i < 2; i++) expect((await t.api('PUT', '/api/v1/dashboard/order', { body })).status).toBe(200);
    expect(await names()).toEqual([...DASHBOARD_CARDS].reverse());
    const both = await Promise.all([
      t.api('PUT', '/api/v1/dashboard/order', { body: { names: ['Pages'] } }),
      t.api('PUT', '/api/v1/dashboard/order', { body: { names: ['Pages'] } }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await names())[0]).toBe('Pages');
  });

  it('refuses unknown cards, repeats, other keys and hostile keys, and keeps the saved order', async () => {
    await t.api('PUT', '/api/v1/dashboard/order', { body: { names: ['Users'] } });
    const bad: [unknown, string][] = [
      [{ names: ['Funnels', 'Nope'] }, 'Unknown dashboard card'],
      [{ names: ['Funnels', 'Funnels'] }, 'Each card may appear once'],
      [{ names: 'Funnels' }, ''],
      [{ names: ['Funnels'], extra: 1 }, ''],
      [JSON.parse('{"names":["Funnels"],"__proto__":{"x":1}}'), ''],
      [{ names: Array.from({ length: 10_000 }, () => 'Funnels') }, ''],
    ];
    for (const [body, message] of bad) {
      const r = await t.api('PUT', '/api/v1/dashboard/order', { body });
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      if (message) expect(JSON.stringify(r.body)).toContain(message);
    }
    expect((await names())[0]).toBe('Users');
  });

  it('is refused to the sticky account, like the dashboard itself', async () => {
    const r = await t.api('PUT', '/api/v1/dashboard/order', { body: { names: ['Users'] }, token: await t.tokenOf('sticky') });
    expect(r.status).toBe(403);
  });
});

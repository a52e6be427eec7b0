/**
 * `GET /api/v1/shippings/store` (Shipping "Add" lists the store's shipping ids): the
 * external store's methods by ID, each saying whether it is added here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const listed = async () => {
  const res = await t.api('GET', '/api/v1/shippings/store');
  expect(res.status).toBe(200);
  return (res.body as { ID: number; name: string; added: boolean }[]).map((m) => `${m.ID} ${m.name}${m.added ? ' (added)' : ''}`);
};

describe("the store's shipping methods", () => {
  it("lists every method of the store by ID, the demo's three marked added", async () => {
    expect(await listed()).toEqual([
      '1 Standard Shipping (added)',
      '2 Express Shipping (added)',
      '3 Free Shipping (added)',
      '4 International Shipping',
      '5 Overnight',
      '6 Economy',
    ]);
  });
  it('marks a method added once it is added, and not after it is deleted', async () => {
    expect((await t.api('POST', '/api/v1/shippings', { body: { ID: 5 } })).status).toBe(201);
    expect(await listed()).toContain('5 Overnight (added)');
    expect((await t.api('DELETE', '/api/v1/shippings/5')).status).toBe(200);
    expect(await listed()).toContain('5 Overnight');
  });
  it('is read by every signed-in role that reads shipping, and by nobody signed out', async () => {
    expect((await t.api('GET', '/api/v1/shippings/store', { token: await t.tokenOf('operator') })).status).toBe(200);
    expect((await t.api('GET', '/api/v1/shippings/store', { token: null })).status).toBe(401);
  });
});

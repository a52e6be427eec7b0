/**
 * One contract per route (src/model/contract.ts): every contract is a route the server
 * registered with the same method, path and success status, and the SPA's `call()` of it runs
 * against the real server — path built, body sent, answer parsed — for the offer routes from
 * list to delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, configureApi } from '../../src/api/index.ts';
import { CONTRACTS, OFFER_ROUTES } from '../../src/model/index.ts';
import { ROUTE_ACTIONS } from '../../src/server/routes/common.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
  configureApi({ getToken: () => t.token }, t.url);
});
afterAll(() => t.close());

const all = Object.values(CONTRACTS).flatMap((area) => Object.values(area));

describe('route contracts', () => {
  it('every contract is a registered route, answering its status in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    for (const c of all) {
      expect(ROUTE_ACTIONS.has(`${c.method.toUpperCase()} ${c.path}`), `${c.method} ${c.path} is registered`).toBe(true);
      expect(Object.keys(doc.paths[c.path]?.[c.method]?.responses ?? {}), `${c.method} ${c.path}`).toContain(String(c.status));
    }
  });

  it('the offers through call(): create, list, get, update, delete', async () => {
    const created = await call(OFFER_ROUTES.create, {
      body: { offer_id: 77001, ef_offer_id: null, name: 'Contract offer', platform: 'sticky', store_id: null },
    });
    expect(created).toMatchObject({ offer_id: 77001, name: 'Contract offer' });
    expect((await call(OFFER_ROUTES.list, {})).map((o) => o.offer_id)).toContain(77001);
    const detail = await call(OFFER_ROUTES.get, { params: { id: created.ID } });
    expect(detail).toMatchObject({ ID: created.ID, products: [], funnels: [] });
    const renamed = await call(OFFER_ROUTES.update, {
      params: { id: created.ID },
      body: { offer_id: 77001, ef_offer_id: null, name: 'Renamed', platform: 'sticky', store_id: null },
    });
    expect(renamed.name).toBe('Renamed');
    expect(await call(OFFER_ROUTES.remove, { params: { id: created.ID } })).toEqual({ message: 'Offer deleted', ID: created.ID });
    await expect(call(OFFER_ROUTES.get, { params: { id: created.ID }, notify: false })).rejects.toMatchObject({ status: 404 });
  });
});

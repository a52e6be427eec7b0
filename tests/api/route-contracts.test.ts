/**
 * One contract per route (src/model/contract.ts): every contract is a route the server
 * registered with the same method, path and success status, and the SPA's `call()` of it runs
 * against the real server — path built, body sent, answer parsed — for the offer routes from
 * list to delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, configureApi } from '../../src/api/index.ts';
import {
  AUDIT_ROUTES,
  BLOCKER_ROUTES,
  CONTRACTS,
  FUNNEL_ROUTES,
  IMAGE_ROUTES,
  OFFER_ROUTES,
  PAGE_ROUTES,
  ORDER_ROUTES,
  PIXEL_ROUTES,
  PREVIEW_ROUTES,
  RELEASE_ROUTES,
  SESSION_ROUTES,
  SYSTEM_ROUTES,
  TEMPLATE_CREATE,
  TEMPLATE_ROUTES,
} from '../../src/model/index.ts';
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

  it('the funnels and their pages through call(): create, read, lock, archive, clone, page add, list, layout, delete', async () => {
    await call(OFFER_ROUTES.create, { body: { offer_id: 77002, ef_offer_id: null, name: 'Contract funnel offer', platform: 'sticky', store_id: null } });
    const f = await call(FUNNEL_ROUTES.create, { body: { name: 'Contract funnel', offer: 77002 } });
    expect(f).toMatchObject({ name: 'Contract funnel', offer: 77002, locked: false, archived: false });
    expect(await call(FUNNEL_ROUTES.get, { params: { id: f.ID } })).toMatchObject({ ID: f.ID, version: f.version });
    expect((await call(FUNNEL_ROUTES.lock, { params: { id: f.ID }, body: { locked: true } })).locked).toBe(true);
    expect((await call(FUNNEL_ROUTES.lock, { params: { id: f.ID }, body: { locked: false } })).locked).toBe(false);
    expect((await call(FUNNEL_ROUTES.archive, { params: { id: f.ID }, body: { archived: true } })).archived).toBe(true);
    expect((await call(FUNNEL_ROUTES.list, { query: { archived: 'true', q: 'Contract funnel' } })).map((r) => r.ID)).toContain(f.ID);
    await call(FUNNEL_ROUTES.archive, { params: { id: f.ID }, body: { archived: false } });

    const page = await call(PAGE_ROUTES.create, { body: { name: 'Start', page_type: 'presell', page_path: '/start/', template_id: null, funnel_id: f.ID } });
    expect(page).toMatchObject({ funnel_id: f.ID, page_path: '/start/' });
    expect(await call(PAGE_ROUTES.get, { params: { id: page.ID } })).toMatchObject({ ID: page.ID });
    expect((await call(PAGE_ROUTES.ofFunnel, { params: { id: f.ID } })).map((p) => p.ID)).toEqual([page.ID]);
    expect(await call(PAGE_ROUTES.layout, { params: { id: f.ID } })).toMatchObject({ funnel_id: f.ID, version: 0 });

    const copy = await call(FUNNEL_ROUTES.clone, { params: { id: f.ID }, body: { name: 'Contract funnel copy' } });
    expect(copy).toMatchObject({ name: 'Contract funnel copy', offer: 77002 });
    expect(await call(PAGE_ROUTES.remove, { params: { id: page.ID } })).toEqual({ message: 'Page deleted', ID: page.ID });
    for (const id of [copy.ID, f.ID]) expect(await call(FUNNEL_ROUTES.remove, { params: { id } })).toEqual({ message: 'Funnel deleted', ID: id });
  });

  it("a funnel's tabs through call(): notes, pixels, blocked users, gallery, releases, and the deleted funnel's tombstone and log", async () => {
    await call(OFFER_ROUTES.create, { body: { offer_id: 77003, ef_offer_id: null, name: 'Contract tabs offer', platform: 'sticky', store_id: null } });
    const f = await call(FUNNEL_ROUTES.create, { body: { name: 'Contract tabs', offer: 77003 } });
    const params = { id: f.ID };
    const page = await call(PAGE_ROUTES.create, { body: { name: 'Start', page_type: 'presell', page_path: '/', template_id: null, funnel_id: f.ID } });

    const note = await call(AUDIT_ROUTES.addNote, { body: { message: 'Checked by contract', funnel_id: f.ID } });
    expect(note).toMatchObject({ type: 'note', message: 'Checked by contract', deletable: true });
    expect((await call(AUDIT_ROUTES.ofFunnel, { params, query: { limit: '1' } })).map((e) => e.ID)).toEqual([note.ID]);
    expect(await call(AUDIT_ROUTES.remove, { params: { id: note.ID } })).toEqual({ message: 'Note deleted', ID: note.ID });

    const pixel = await call(PIXEL_ROUTES.create, {
      body: { name: 'Tag', aff_id: '', location: 'head', code: '<script></script>', funnel_id: f.ID, page: page.ID },
    });
    expect((await call(PIXEL_ROUTES.ofFunnel, { params })).map((p) => p.ID)).toEqual([pixel.ID]);
    const renamed = await call(PIXEL_ROUTES.update, {
      params: { id: pixel.ID },
      body: { name: 'Tag 2', aff_id: '', location: 'body', code: '<b></b>', page: page.ID },
    });
    expect(renamed).toMatchObject({ name: 'Tag 2', location: 'body' });
    expect(await call(PIXEL_ROUTES.remove, { params: { id: pixel.ID } })).toMatchObject({ ID: pixel.ID });

    const rule = await call(BLOCKER_ROUTES.create, { body: { user_ip: '10.0.0.1', user_country: '', user_email: '', user_phone: '', funnel_id: f.ID } });
    expect((await call(BLOCKER_ROUTES.ofFunnel, { params })).map((b) => b.ID)).toEqual([rule.ID]);
    expect(
      await call(BLOCKER_ROUTES.update, { params: { id: rule.ID }, body: { user_ip: '', user_country: 'DE', user_email: '', user_phone: '' } }),
    ).toMatchObject({
      user_country: 'DE',
    });
    expect(await call(BLOCKER_ROUTES.remove, { params: { id: rule.ID } })).toMatchObject({ ID: rule.ID });

    expect(await call(IMAGE_ROUTES.list, { params: { funnelId: f.ID } })).toEqual([]);
    expect(await call(RELEASE_ROUTES.list, { params })).toEqual([]);
    expect(await call(RELEASE_ROUTES.pending, { params })).toMatchObject({ live_release: null });

    await call(FUNNEL_ROUTES.remove, { params });
    expect((await call(AUDIT_ROUTES.deleted, { query: {} })).map((d) => d.ID)).toContain(f.ID);
    expect(await call(AUDIT_ROUTES.deletedOne, { params })).toMatchObject({ ID: f.ID, name: 'Contract tabs' });
    expect((await call(AUDIT_ROUTES.deletedLog, { params, query: { limit: '1' } }))[0]).toMatchObject({ title: 'Funnel deleted', deletable: false });
  });

  it('templates, the signed-in user, dashboard, search, status, orders and the preview through call()', async () => {
    const layouts = await call(TEMPLATE_ROUTES.layouts, {});
    expect(layouts.length).toBeGreaterThan(0);
    expect(typeof (await call(TEMPLATE_ROUTES.previewHost, {})).preview_host).toBe('string');
    const t = await call(TEMPLATE_CREATE, {
      body: { name: 'Contract template', page_type: 'presell', layout: layouts[0] ?? '', template_host_url: '/contract/', meta: { headline: 'Hello' } },
      headers: { 'Idempotency-Key': 'contract-template' },
    });
    expect((await call(TEMPLATE_ROUTES.list, {})).map((x) => x.ID)).toContain(t.ID);
    expect(await call(TEMPLATE_ROUTES.get, { params: { id: t.ID } })).toMatchObject({ ID: t.ID, name: 'Contract template' });
    expect(await call(TEMPLATE_ROUTES.preview, { params: { id: t.ID }, headers: { Accept: 'text/html' } })).toContain('<html');
    expect(await call(TEMPLATE_ROUTES.remove, { params: { id: t.ID } })).toEqual({ message: 'Template deleted', ID: t.ID });

    expect((await call(SESSION_ROUTES.me, {})).role).toBe('admin');
    const cards = await call(SYSTEM_ROUTES.dashboard, {});
    const names = cards.map((c) => c.name).reverse();
    expect(await call(SYSTEM_ROUTES.dashboardOrder, { body: { names: ['Users', 'Funnels'] } })).toEqual({ names: ['Users', 'Funnels'] });
    expect(names.length).toBeGreaterThan(0);
    expect(Array.isArray(await call(SYSTEM_ROUTES.search, { query: { q: 'Contract', limit: 5 } }))).toBe(true);
    expect((await call(SYSTEM_ROUTES.status, {})).map((r) => r.key)).toContain('database');
    expect(await call(SYSTEM_ROUTES.test, { params: { key: 'database' } })).toMatchObject({ key: 'database', reachable: true });
    const orders = await call(ORDER_ROUTES.page, { query: { limit: '5', page: '1' } });
    expect(orders.rows.length).toBeLessThanOrEqual(5);
    await expect(call(PREVIEW_ROUTES.published, { query: { url: 'not a url' }, notify: false, headers: { Accept: 'text/html' } })).rejects.toMatchObject({
      status: 422,
    });
  });
});

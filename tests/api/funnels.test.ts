import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/model/index.ts';
import { demoData } from '../../src/server/db/seed.ts';
import { serverForTests } from './file-server.ts';
import { at } from '../at.ts';

const demo = demoData();
/** The demo's first funnel and first offer. */
const firstFunnel = at(demo.funnels, 0, 'demo funnel');
const firstOffer = at(demo.offers, 0, 'demo offer');
const t = serverForTests();

describe('funnel list and create', () => {
  it('lists funnels with offer name, platform, Everflow id and domain', async () => {
    const r = await t.api('GET', '/api/v1/funnels');
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(demo.funnels.length);
    const first = r.body.find((f: { ID: number }) => f.ID === 1);
    const offer = demo.offers.find((o) => o.offer_id === firstFunnel.offer)!;
    expect(first).toMatchObject({
      name: firstFunnel.name,
      offer_name: offer.name,
      platform: offer.platform,
      ef_offer_id: offer.ef_offer_id,
      domain: at(demo.domains, 0, 'demo domain').name,
      version: 1,
    });
    expect(r.body.find((f: { ID: number }) => f.ID === 2).domain).toBeNull();
  });

  it("refuses a funnel without a name with the seed's message (422)", async () => {
    const r = await t.api('POST', '/api/v1/funnels', { body: { name: '  ', offer: firstOffer.offer_id } });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ message: MSG.newFunnelName });
    const noOffer = await t.api('POST', '/api/v1/funnels', { body: { name: 'X' } });
    expect(noOffer.status).toBe(422);
    expect(noOffer.body).toEqual({ message: MSG.offerIdRequired });
  });

  it('answers malformed JSON with 400 {message}, never a 500', async () => {
    const r = await t.api('POST', '/api/v1/funnels', { body: '{"name":' });
    expect(r.status).toBe(400);
    expect(typeof r.body.message).toBe('string');
  });

  it('creates a funnel with the defaults', async () => {
    const offer = at(demo.offers, 1, 'demo offer').offer_id;
    const r = await t.api('POST', '/api/v1/funnels', { body: { name: 'Spring Sale', offer } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: 'Spring Sale',
      offer,
      currency: 'USD',
      language: 'en',
      countries: ['US', 'CA'],
      page_id: null,
      publish_status: 'progress',
      locked: false,
      version: 1,
    });
    expect(r.body.details).toMatchObject({ dl_offer_name: '', GTM: '', faq: [], manual: [], bannerImageAffid: [] });
    expect(r.headers.get('etag')).toBe('"1"');
    const got = await t.api('GET', `/api/v1/funnels/${r.body.ID}`);
    expect(got.body).toEqual(r.body);
    expect(got.headers.get('etag')).toBe('"1"');
  });

  it('refuses an offer that does not exist', async () => {
    const r = await t.api('POST', '/api/v1/funnels', { body: { name: 'Ghost', offer: 999 } });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Offer not found');
  });

  it('answers unknown ids with 404 Funnel not found, bad ids with 422', async () => {
    const r = await t.api('GET', '/api/v1/funnels/9999');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: 'Funnel not found' });
    expect((await t.api('GET', '/api/v1/funnels/abc')).status).toBe(422);
    expect((await t.api('GET', '/api/v1/pages/9999')).body).toEqual({ message: 'Page not found' });
  });
});

describe('put, products, offers, templates', () => {
  it('PUT replaces members, bumps the version and validates', async () => {
    const bad = await t.api('PUT', '/api/v1/funnels/2', { body: { countries: [] } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(MSG.countries);
    const r = await t.api('PUT', '/api/v1/funnels/2', { body: { cs_email: 'help@purebrite.example', locked: true }, headers: { 'If-Match': '"1"' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ cs_email: 'help@purebrite.example', locked: false, version: 2 });
    expect(r.headers.get('etag')).toBe('"2"');
    const stale = await t.api('PUT', '/api/v1/funnels/2', { body: { cs_number: '1' }, headers: { 'If-Match': '"1"' } });
    expect(stale.status).toBe(412);
    expect(stale.body.current.version).toBe(2);
  });

  it('an index page must be of an index type', async () => {
    const thankyou = demo.pages.find((p) => p.funnel_id === 2 && p.page_type === 'thankyou')!;
    const r = await t.api('PUT', '/api/v1/funnels/2', {
      body: { page_id: thankyou.ID },
      headers: { 'If-Match': `"${(await t.api('GET', '/api/v1/funnels/2')).body.version}"` },
    });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(MSG.indexPageType);
  });

  it("lists the products of a funnel's offer and of an offer", async () => {
    // funnel.offer and products.offer_id hold the platform offer_id (000 §3 "offer (an offer_id)").
    const offerId = firstFunnel.offer;
    expect(offerId).toBe(firstOffer.offer_id);
    const expected = demo.products.filter((p) => p.offer_id === offerId).map((p) => p.product_id);
    const r = await t.api('GET', '/api/v1/funnels/1/products');
    expect(r.status).toBe(200);
    expect(r.body.map((p: { product_id: number }) => p.product_id)).toEqual(expected);
    const byOffer = await t.api('GET', `/api/v1/products/offer/${offerId}`);
    expect(byOffer.body).toEqual(r.body);
    const offer = await t.api('GET', '/api/v1/offers/1');
    expect(offer.body).toMatchObject({ name: firstOffer.name, store: { ID: 1 } });
    expect(offer.body.products).toHaveLength(expected.length);
    expect((await t.api('GET', '/api/v1/offers')).body).toHaveLength(demo.offers.length);
    expect((await t.api('GET', '/api/v1/offers/77')).body).toEqual({ message: 'Offer not found' });
  });

  it('lists templates and serves one with its ETag', async () => {
    const list = await t.api('GET', '/api/v1/templates');
    expect(list.body.map((x: { page_type: string }) => x.page_type)).toEqual(['presell', 'checkout', 'upsell1', 'upsell2', 'thankyou']);
    const one = await t.api('GET', '/api/v1/templates/2');
    expect(one.body.layout).toBe('checkout');
    expect(one.headers.get('etag')).toBe('"1"');
  });
});

describe('clone', () => {
  it('copies the funnel and its pages with links and index page remapped to the copies', async () => {
    const bad = await t.api('POST', '/api/v1/funnels/1/clone', { body: { name: '' } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(MSG.cloneName);
    const r = await t.api('POST', '/api/v1/funnels/1/clone', { body: { name: 'GlowSkin – Copy' } });
    expect(r.status).toBe(201);
    const copy = r.body;
    expect(copy).toMatchObject({ name: 'GlowSkin – Copy', offer: firstFunnel.offer, locked: false, version: 1 });
    expect(copy.ID).not.toBe(1);
    const src = (await t.api('GET', '/api/v1/funnels/1/pages')).body as { ID: number; page_path: string; page_id: number | null; page_alt_id: number | null }[];
    const dst = (await t.api('GET', `/api/v1/funnels/${copy.ID}/pages`)).body as typeof src;
    expect(dst).toHaveLength(src.length);
    const dstIds = new Set(dst.map((p) => p.ID));
    const srcPath = new Map(src.map((p) => [p.ID, p.page_path]));
    const dstPath = new Map(dst.map((p) => [p.ID, p.page_path]));
    for (const s of src) {
      const d = dst.find((p) => p.page_path === s.page_path)!;
      expect(d.ID).not.toBe(s.ID);
      for (const k of ['page_id', 'page_alt_id'] as const) {
        if (s[k] == null) expect(d[k]).toBeNull();
        else {
          expect(dstIds.has(d[k]!)).toBe(true);
          expect(dstPath.get(d[k]!)).toBe(srcPath.get(s[k]));
        }
      }
    }
    expect(dstIds.has(copy.page_id)).toBe(true);
    const srcFunnel = (await t.api('GET', '/api/v1/funnels/1')).body;
    expect(dstPath.get(copy.page_id)).toBe(srcPath.get(srcFunnel.page_id));
  });

  it('clones a locked funnel (clone-into is fine) unlocked', async () => {
    const r = await t.api('POST', '/api/v1/funnels/3/clone', { body: { name: 'FlexFit copy' } });
    expect(r.status).toBe(201);
    expect(r.body.locked).toBe(false);
    expect((await t.api('POST', '/api/v1/funnels/999/clone', { body: { name: 'x' } })).body).toEqual({ message: MSG.sourceFunnelNotFound });
  });
});

describe('lock', () => {
  it('a locked funnel refuses PATCH, PUT, DELETE and page changes with 423 until unlocked', async () => {
    const f = (await t.api('POST', '/api/v1/funnels', { body: { name: 'Lock me', offer: firstOffer.offer_id } })).body;
    const locked = await t.api('PUT', `/api/v1/funnels/${f.ID}/lock`, { body: { locked: true } });
    expect(locked.status).toBe(200);
    expect(locked.body.locked).toBe(true);
    const v = locked.body.version;
    const patch = await t.api('PATCH', `/api/v1/funnels/${f.ID}`, {
      patch: true,
      body: [{ op: 'replace', path: '/name', value: 'Nope' }],
      headers: { 'If-Match': `"${v}"` },
    });
    expect(patch.status).toBe(423);
    expect(patch.body).toEqual({ message: MSG.locked });
    expect((await t.api('PUT', `/api/v1/funnels/${f.ID}`, { body: { name: 'Nope' }, headers: { 'If-Match': `"${v}"` } })).status).toBe(423);
    expect((await t.api('DELETE', `/api/v1/funnels/${f.ID}`)).status).toBe(423);
    const page = await t.api('POST', '/api/v1/pages', {
      body: { funnel_id: f.ID, name: 'Checkout', page_type: 'checkout', page_path: '/checkout/', template_id: 2 },
    });
    expect(page.status).toBe(423);
    expect(page.body.message).toBe(MSG.locked);
    expect((await t.api('PUT', `/api/v1/funnels/${f.ID}/publish`)).status).toBe(423);

    const unlocked = await t.api('PUT', `/api/v1/funnels/${f.ID}/lock`, { body: { locked: false } });
    expect(unlocked.body.locked).toBe(false);
    const ok = await t.api('PATCH', `/api/v1/funnels/${f.ID}`, {
      patch: true,
      body: [{ op: 'replace', path: '/name', value: 'Unlocked' }],
      headers: { 'If-Match': `"${unlocked.body.version}"` },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.name).toBe('Unlocked');
    expect(
      (await t.api('POST', '/api/v1/pages', { body: { funnel_id: f.ID, name: 'Checkout', page_type: 'checkout', page_path: '/checkout/', template_id: 2 } }))
        .status,
    ).toBe(201);
    expect((await t.api('DELETE', `/api/v1/funnels/${f.ID}`)).status).toBe(200);
    expect((await t.api('GET', `/api/v1/funnels/${f.ID}`)).status).toBe(404);
  });
});

describe('archive', () => {
  const ids = (r: { body: { ID: number }[] }) => r.body.map((f) => f.ID);
  it('an archived funnel leaves the default list, shows with ?archived=true, is restored, and each change is logged once', async () => {
    const f = (await t.api('POST', '/api/v1/funnels', { body: { name: 'To archive', offer: firstOffer.offer_id } })).body;
    const archived = await t.api('PUT', `/api/v1/funnels/${f.ID}/archive`, { body: { archived: true } });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ ID: f.ID, archived: true, version: f.version + 1 });
    // The same request twice changes nothing and logs nothing twice.
    const again = await t.api('PUT', `/api/v1/funnels/${f.ID}/archive`, { body: { archived: true } });
    expect(again.body.version).toBe(f.version + 1);
    expect(ids(await t.api('GET', '/api/v1/funnels'))).not.toContain(f.ID);
    expect(ids(await t.api('GET', '/api/v1/funnels?archived=true'))).toEqual([f.ID]);
    expect((await t.api('GET', `/api/v1/funnels/${f.ID}`)).body.archived).toBe(true);
    const restored = await t.api('PUT', `/api/v1/funnels/${f.ID}/archive`, { body: { archived: false } });
    expect(restored.body).toMatchObject({ archived: false, version: f.version + 2 });
    expect(ids(await t.api('GET', '/api/v1/funnels'))).toContain(f.ID);
    expect(ids(await t.api('GET', '/api/v1/funnels?archived=true'))).not.toContain(f.ID);
    const log = (await t.api('GET', `/api/v1/funnels/${f.ID}/audit_log`)).body as { title: string }[];
    expect(log.map((e) => e.title).filter((x) => /archived|restored/.test(x))).toEqual(['Funnel restored', 'Funnel archived']);
  });

  it('archived is not writable by PATCH or PUT, a locked funnel is not archived, and bad bodies are refused', async () => {
    const f = (await t.api('POST', '/api/v1/funnels', { body: { name: 'Keep', offer: firstOffer.offer_id } })).body;
    const patch = await t.api('PATCH', `/api/v1/funnels/${f.ID}`, {
      patch: true,
      body: [{ op: 'replace', path: '/archived', value: true }],
      headers: { 'If-Match': `"${f.version}"` },
    });
    expect(patch.status).toBe(422);
    const put = await t.api('PUT', `/api/v1/funnels/${f.ID}`, { body: { archived: true, name: 'Keep' }, headers: { 'If-Match': `"${f.version}"` } });
    expect(put.body.archived).toBe(false);
    const bad = await t.api('PUT', `/api/v1/funnels/${f.ID}/archive`, { body: { archived: 'yes' } });
    expect(bad).toMatchObject({ status: 422, body: { message: 'Archived must be true or false' } });
    expect((await t.api('GET', '/api/v1/funnels?archived=maybe')).body.message).toBe('The archived filter must be true or false');
    const locked = await t.api('PUT', `/api/v1/funnels/${f.ID}/lock`, { body: { locked: true } });
    const refused = await t.api('PUT', `/api/v1/funnels/${f.ID}/archive`, { body: { archived: true } });
    expect(refused).toMatchObject({ status: 423, body: { message: MSG.locked } });
    expect((await t.api('GET', `/api/v1/funnels/${f.ID}`)).body).toMatchObject({ archived: false, version: locked.body.version });
  });
});

describe('audit notes', () => {
  it('adds, lists (newest first, with the user name) and deletes notes', async () => {
    const bad = await t.api('POST', '/api/v1/audit_logs', { body: { funnel_id: 1, title: 'x', message: ' ' } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(MSG.noteRequired);
    const r = await t.api('POST', '/api/v1/audit_logs', {
      body: { funnel_id: 1, title: 'QC', message: 'Prices checked', task_url: 'https://tasks.example.com/1' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ type: 'note', title: 'QC', message: 'Prices checked', user: { name: 'Ada Admin' } });
    const log = (await t.api('GET', '/api/v1/funnels/1/audit_log')).body;
    expect(log[0].ID).toBe(r.body.ID);
    const times = log.map((e: { CreatedAt: string }) => Date.parse(e.CreatedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await t.api('DELETE', `/api/v1/audit_logs/${r.body.ID}`)).status).toBe(200);
    expect((await t.api('GET', '/api/v1/funnels/1/audit_log')).body.some((e: { ID: number }) => e.ID === r.body.ID)).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/model/index.ts';
import { demoData } from '../../src/server/db/seed.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { at } from '../at.ts';

let t: TestServer;
const demo = demoData();
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const newPage = (over: Record<string, unknown> = {}) => ({
  funnel_id: 2,
  name: 'Warranty offer',
  page_type: 'upsell1',
  page_path: '/warranty/',
  template_id: 3,
  ...over,
});

describe('pages', () => {
  it('lists the pages of a funnel', async () => {
    const r = await t.api('GET', '/api/v1/funnels/1/pages');
    expect(r.status).toBe(200);
    expect(r.body.map((p: { page_path: string }) => p.page_path)).toEqual(demo.pages.filter((p) => p.funnel_id === 1).map((p) => p.page_path));
    const one = await t.api('GET', '/api/v1/pages/2');
    expect(one.body.page_type).toBe('checkout');
    expect(one.headers.get('etag')).toBe('"1"');
  });

  it("refuses a bad page path with the seed's message", async () => {
    for (const page_path of ['warranty', '/warranty', 'warranty/', '/war ranty/', '/a//b/']) {
      const r = await t.api('POST', '/api/v1/pages', { body: newPage({ page_path }) });
      expect(r.status, page_path).toBe(422);
      expect(r.body).toEqual({ message: MSG.pagePath });
    }
    expect((await t.api('POST', '/api/v1/pages', { body: newPage({ name: '' }) })).body).toEqual({ message: MSG.pageName });
    expect((await t.api('POST', '/api/v1/pages', { body: newPage({ page_type: 'bogus' }) })).body).toEqual({ message: MSG.pageType });
  });

  it('a new page is held to the same code and text rules as an edit (001 §5): invalid css/js refused, nothing created; a script in a text stripped', async () => {
    const count = async () => (await t.api('GET', '/api/v1/funnels/2/pages')).body.length as number;
    const before = await count();
    const css = await t.api('POST', '/api/v1/pages', { body: newPage({ page_path: '/code-css/', meta: { css: '.a { color red }' } }) });
    expect(css.status).toBe(422);
    expect(css.body).toEqual({ message: MSG.invalidCode('css') });
    const js = await t.api('POST', '/api/v1/pages', { body: newPage({ page_path: '/code-js/', meta: { customJs: 'let x = ;' } }) });
    expect(js.status).toBe(422);
    expect(js.body).toEqual({ message: MSG.invalidCode('javascript') });
    expect(await count()).toBe(before);
    const ok = await t.api('POST', '/api/v1/pages', {
      body: newPage({ page_path: '/code-text/', meta: { headline: 'Hi <b>there</b><script>alert(1)</script>' } }),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.meta.headline).toBe('Hi there');
    expect((await t.api('GET', `/api/v1/pages/${ok.body.ID}`)).body.meta.headline).toBe('Hi there');
    expect((await t.api('DELETE', `/api/v1/pages/${ok.body.ID}`)).status).toBe(200);
  });

  it('creates a page whose meta starts from the template, and refuses a duplicate path with 409', async () => {
    const r = await t.api('POST', '/api/v1/pages', { body: newPage() });
    expect(r.status).toBe(201);
    const template = demo.templates.find((x) => x.ID === 3)!;
    expect(r.body).toMatchObject({ funnel_id: 2, page_path: '/warranty/', version: 1, page_id: null, page_alt_id: null });
    expect(r.body.meta).toEqual(template.meta);
    const dup = await t.api('POST', '/api/v1/pages', { body: newPage({ name: 'Another' }) });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ message: MSG.pagePathExists });
    // The same path in another funnel is fine.
    expect((await t.api('POST', '/api/v1/pages', { body: newPage({ funnel_id: 1 }) })).status).toBe(201);
  });

  it('refuses links to pages of another funnel and unknown funnels', async () => {
    const r = await t.api('POST', '/api/v1/pages', { body: newPage({ page_path: '/x/', page_id: 1 }) });
    expect(r.status).toBe(422);
    expect((await t.api('POST', '/api/v1/pages', { body: newPage({ funnel_id: 999 }) })).body).toEqual({ message: 'Funnel not found' });
  });

  it('deleting a page clears links to it and the index page', async () => {
    const f = (await t.api('POST', '/api/v1/funnels', { body: { name: 'Delete flow', offer: at(demo.offers, 0, 'demo offer').offer_id } })).body;
    const a = (await t.api('POST', '/api/v1/pages', { body: { funnel_id: f.ID, name: 'A', page_type: 'presell', page_path: '/', template_id: 1 } })).body;
    const b = (await t.api('POST', '/api/v1/pages', { body: { funnel_id: f.ID, name: 'B', page_type: 'checkout', page_path: '/b/', template_id: 2 } })).body;
    const linked = await t.api('PUT', `/api/v1/pages/${a.ID}`, { body: { page_id: b.ID, page_alt_id: b.ID }, headers: { 'If-Match': `"${a.version}"` } });
    expect(linked.body).toMatchObject({ page_id: b.ID, page_alt_id: b.ID, version: 2 });
    await t.api('PUT', `/api/v1/funnels/${f.ID}`, { body: { page_id: b.ID }, headers: { 'If-Match': `"${f.version}"` } });
    const del = await t.api('DELETE', `/api/v1/pages/${b.ID}`);
    expect(del.status).toBe(200);
    const after = (await t.api('GET', `/api/v1/pages/${a.ID}`)).body;
    expect(after).toMatchObject({ page_id: null, page_alt_id: null, version: 3 });
    expect((await t.api('GET', `/api/v1/funnels/${f.ID}`)).body.page_id).toBeNull();
    expect((await t.api('GET', `/api/v1/pages/${b.ID}`)).status).toBe(404);
  });
});

describe('preview', () => {
  it('renders the unsaved page as HTML with the edited meta', async () => {
    const page = (await t.api('GET', '/api/v1/pages/2')).body;
    page.meta.headline = 'Preview <b>headline</b>';
    page.meta.products[0]._price = 12.34;
    const r = await fetch(`${t.url}/api/v1/preview`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${t.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ page }),
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await r.text();
    expect(html).toContain('data-edit="headline">Preview &lt;b&gt;headline&lt;/b&gt;</h1>');
    expect(html).toContain('$12.34');
    // Nothing was saved.
    expect((await t.api('GET', '/api/v1/pages/2')).body.meta.headline).not.toContain('Preview');
  });
});

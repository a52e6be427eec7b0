/**
 * What the server guarantees for templates and the template editor (001 §2
 * "Templates", "Template editor"; §5; §9):
 * - css / customJs that does not parse is refused on every page and template write
 *   ('Not valid css code', 'Not valid javascript code'), huge code before any parse, with
 *   nothing written (version and audit log unchanged);
 * - template meta `{}` or missing is 'Meta can not be empty!' on POST, PUT and PATCH;
 * - edited texts are cleaned before they are stored (scripts always; tags unless the field is
 *   rich text), and the audit entry still replays to the stored row;
 * - the template preview host is stripped from preview addresses when stored, and exposed;
 * - a template renders as a sandboxed HTML preview;
 * - stash and restore (PATCH /archived) are audited;
 * - hostile valid input: prototype keys, the same POST twice, 2 MB of css, markup in css.
 */
import { and, asc, eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyOps, MSG, WRITE_MSG, type Operation } from '../../src/model/index.ts';
import { MAX_CODE_CHARS } from '../../src/model/code-check.ts';
import { DEFAULT_TEMPLATE_PREVIEW_HOST } from '../../src/server/config.ts';
import { auditLogs, templates as templatesTable } from '../../src/server/db/schema.ts';
import { MAX_TEXT, TEXT_TOO_LONG } from '../../src/server/guards.ts';
import { LAYOUTS } from '../../src/server/publish/defaults.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 10 });
});
afterAll(async () => {
  await t?.close();
  delete (Object.prototype as Record<string, unknown>).polluted; // never leave a polluted process behind
});

const HOST = DEFAULT_TEMPLATE_PREVIEW_HOST;
const CSS_INVALID = '.a{color:red}}';
const JS_INVALID = 'function (';
const TWO_MB_CSS = `.a{color:red}\n${'/* padding */'.repeat(Math.ceil((2 * 1024 * 1024) / 13))}`;

type Doc = Record<string, any> & { ID: number; version: number; meta: Record<string, any> };

const get = async (p: string): Promise<Doc> => {
  const r = await t.api('GET', p);
  expect(r.status, `GET ${p}`).toBe(200);
  return r.body as Doc;
};
const patch = (p: string, version: number, ops: Operation[]) => t.api('PATCH', p, { patch: true, body: ops, headers: { 'If-Match': `"${version}"` } });
const put = (p: string, version: number, body: unknown) => t.api('PUT', p, { body, headers: { 'If-Match': `"${version}"` } });

/** Audit entries of document `doc` ('template:1', 'page:2'), oldest first. */
const auditOf = (doc: string) => t.server.db.db.select().from(auditLogs).where(eq(auditLogs.doc, doc)).orderBy(asc(auditLogs.ID));

let seq = 0;
/** A valid new-template body (a fresh preview path each call). */
const newTemplate = (over: Record<string, unknown> = {}) => ({
  name: `Test template ${++seq}`,
  page_type: 'presell',
  layout: 'presell',
  template_host_url: `/test-${seq}/`,
  meta: { headline: 'Hello', css: '', customJs: '' },
  ...over,
});
const templateCount = async () => (await t.server.db.db.select({ ID: templatesTable.ID }).from(templatesTable)).length;

/**
 * Document `p` (audited as `doc`) as it is now (`known`, else read): `before`, and `refused(r,
 * status, message)`, which expects `r` refused with `status` and `message` and the document
 * unchanged (same version, no new audit entry).
 */
async function watched(p: string, doc: string, known?: Doc) {
  const before = known ?? (await get(p));
  const auditBefore = (await auditOf(doc)).length;
  const refused = async (r: { status: number; body: any }, status: number, message: string | RegExp) => {
    expect(r.status).toBe(status);
    if (typeof message === 'string') expect(r.body).toEqual({ message });
    else expect(r.body.message).toMatch(message);
    const after = await get(p);
    expect(after.version).toBe(before.version);
    expect(after).toEqual(before);
    expect(await auditOf(doc)).toHaveLength(auditBefore);
  };
  return { before, refused };
}

describe('code that does not parse is refused (001 §2 Template editor, §5)', () => {
  it.each([
    ['template', '/api/v1/templates/1', 'template:1'],
    ['page', '/api/v1/pages/2', 'page:2'],
  ])('%s PATCH and PUT: invalid css / customJs answer the seed message and write nothing', async (_, p, doc) => {
    const { before, refused } = await watched(p, doc);
    await refused(await patch(p, before.version, [{ op: 'replace', path: '/meta/css', value: CSS_INVALID }]), 422, 'Not valid css code');
    await refused(await patch(p, before.version, [{ op: 'add', path: '/meta/customJs', value: JS_INVALID }]), 422, 'Not valid javascript code');
    await refused(await put(p, before.version, { meta: { ...before.meta, css: '@@@' } }), 422, 'Not valid css code');
    await refused(await put(p, before.version, { meta: { ...before.meta, customJs: 'return 1' } }), 422, 'Not valid javascript code');
    await refused(await patch(p, before.version, [{ op: 'replace', path: '/meta/css', value: 42 }]), 422, /Not valid css code|expected string/);
  });

  it('valid and empty code is stored', async () => {
    const before = await get('/api/v1/templates/2');
    const css = '@media (max-width:600px){.hero{padding:0}}\n.cta::after{content:"→"}';
    const r = await patch('/api/v1/templates/2', before.version, [
      { op: 'replace', path: '/meta/css', value: css },
      { op: 'replace', path: '/meta/customJs', value: 'document.title += "!";' },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.meta.css).toBe(css);
    const cleared = await patch('/api/v1/templates/2', r.body.version, [
      { op: 'replace', path: '/meta/css', value: '' },
      { op: 'replace', path: '/meta/customJs', value: '' },
    ]);
    expect(cleared.status).toBe(200);
    expect(cleared.body.meta).toMatchObject({ css: '', customJs: '' });
  });

  it('POST of a template with invalid code is refused and adds nothing', async () => {
    const count = await templateCount();
    for (const [meta, message] of [
      [{ css: CSS_INVALID }, 'Not valid css code'],
      [{ headline: 'x', customJs: JS_INVALID }, 'Not valid javascript code'],
    ] as const) {
      const r = await t.api('POST', '/api/v1/templates', { body: newTemplate({ meta }) });
      expect(r.status).toBe(422);
      expect(r.body).toEqual({ message });
    }
    expect(await templateCount()).toBe(count);
  });

  it("2 MB of css is refused before anything parses it (the request guard's text limit), on every write", async () => {
    const tpl = await watched('/api/v1/templates/1', 'template:1');
    await tpl.refused(await patch('/api/v1/templates/1', tpl.before.version, [{ op: 'replace', path: '/meta/css', value: TWO_MB_CSS }]), 422, TEXT_TOO_LONG);
    const page = await watched('/api/v1/pages/2', 'page:2');
    await page.refused(await put('/api/v1/pages/2', page.before.version, { meta: { ...page.before.meta, css: TWO_MB_CSS } }), 422, TEXT_TOO_LONG);
    const count = await templateCount();
    const r = await t.api('POST', '/api/v1/templates', { body: newTemplate({ meta: { customJs: `var a = 1;${' '.repeat(2 * 1024 * 1024)}` } }) });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ message: TEXT_TOO_LONG });
    expect(await templateCount()).toBe(count);
  });

  it('code up to the limit of 100,000 characters is parsed: stored when valid, refused when not', async () => {
    expect(MAX_CODE_CHARS).toBe(MAX_TEXT);
    const rule = '.hero .cta:hover{color:#123456;margin:0 auto}\n';
    const css = rule.repeat(Math.floor(MAX_CODE_CHARS / rule.length));
    const tpl = await get('/api/v1/templates/3');
    const bad = await patch('/api/v1/templates/3', tpl.version, [{ op: 'replace', path: '/meta/css', value: `${css.slice(0, -2)}}}` }]);
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ message: 'Not valid css code' });
    const ok = await patch('/api/v1/templates/3', tpl.version, [{ op: 'replace', path: '/meta/css', value: css }]);
    expect(ok.status).toBe(200);
    expect(ok.body.meta.css).toBe(css);
    const reset = await patch('/api/v1/templates/3', ok.body.version, [{ op: 'replace', path: '/meta/css', value: '' }]);
    expect(reset.status).toBe(200);
  });

  it('code stored before is not parsed again: a write that does not change it succeeds', async () => {
    const tpl = await get('/api/v1/templates/4');
    // Written around the API (as a template sync from the platform could bring it).
    await t.server.db.db
      .update(templatesTable)
      .set({ meta: { ...tpl.meta, css: CSS_INVALID } })
      .where(eq(templatesTable.ID, 4));
    const r = await patch('/api/v1/templates/4', tpl.version, [{ op: 'replace', path: '/name', value: 'Upsell 2 (legacy css)' }]);
    expect(r.status).toBe(200);
    expect(r.body.meta.css).toBe(CSS_INVALID);
    const again = await patch('/api/v1/templates/4', r.body.version, [{ op: 'replace', path: '/meta/css', value: `${CSS_INVALID} ` }]);
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: 'Not valid css code' });
  });
});

describe("template meta: 'Meta can not be empty!' (001 §5)", () => {
  it('POST without meta, with {} or with meta that is not an object', async () => {
    const count = await templateCount();
    const { meta: _meta, ...noMeta } = newTemplate();
    for (const body of [noMeta, newTemplate({ meta: {} }), newTemplate({ meta: null }), newTemplate({ meta: [] }), newTemplate({ meta: 'x' })]) {
      const r = await t.api('POST', '/api/v1/templates', { body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body).toEqual({ message: MSG.metaEmpty });
    }
    expect(await templateCount()).toBe(count);
  });

  it('PUT and PATCH refuse {} and a removed or null meta, writing nothing', async () => {
    const p = '/api/v1/templates/3';
    const { before, refused } = await watched(p, 'template:3');
    await refused(await put(p, before.version, { meta: {} }), 422, MSG.metaEmpty);
    await refused(await put(p, before.version, { meta: null }), 422, MSG.metaEmpty);
    await refused(await patch(p, before.version, [{ op: 'replace', path: '/meta', value: {} }]), 422, MSG.metaEmpty);
    await refused(await patch(p, before.version, [{ op: 'remove', path: '/meta' }]), 422, MSG.metaEmpty);
    await refused(await patch(p, before.version, [{ op: 'replace', path: '/meta', value: null }]), 422, MSG.metaEmpty);
  });
});

describe('edited texts are cleaned before they are stored (001 §5)', () => {
  it('PATCH /meta/headline with markup and a script stores the text only; the audit replays to the stored page', async () => {
    const before = await get('/api/v1/pages/2');
    const r = await patch('/api/v1/pages/2', before.version, [{ op: 'replace', path: '/meta/headline', value: 'Hi <b>there</b><script>alert(1)</script>' }]);
    expect(r.status).toBe(200);
    expect(r.body.meta.headline).toBe('Hi there');
    expect((await get('/api/v1/pages/2')).meta.headline).toBe('Hi there');
    const entry = (await auditOf('page:2')).at(-1)!;
    expect(applyOps(before, entry.ops as Operation[])).toEqual({ ...r.body, version: before.version });
    expect(applyOps({ ...r.body, version: before.version }, entry.inverse as Operation[])).toEqual(before);
  });

  it('a rich-text field keeps <strong> but loses <script> and onerror', async () => {
    const before = await get('/api/v1/templates/1');
    const ops: Operation[] = [
      { op: 'replace', path: '/meta/list/0/listText', value: '<p>Fast <strong>results</strong><img src="x" onerror="alert(1)"><script>alert(1)</script></p>' },
      {
        op: 'replace',
        path: '/meta/reviews',
        value: [{ id: 'r1', user: 'Ann <i>B.</i>', reviewTitle: '<u>Wow</u>', review: '<p onclick="x()">Really <b>good</b></p>', avatar: '', country: '' }],
      },
      { op: 'replace', path: '/meta/list/1/boldText', value: 'Made &amp; <em>packed</em>' },
    ];
    const r = await patch('/api/v1/templates/1', before.version, ops);
    expect(r.status).toBe(200);
    expect(r.body.meta.list[0].listText).toBe('<p>Fast <strong>results</strong></p>');
    expect(r.body.meta.list[1].boldText).toBe('Made & packed');
    expect(r.body.meta.reviews).toEqual([
      { id: 'r1', user: 'Ann B.', reviewTitle: 'Wow', review: '<p>Really <strong>good</strong></p>', avatar: '', country: '' },
    ]);
    expect(await get('/api/v1/templates/1')).toEqual(r.body);
    const entry = (await auditOf('template:1')).at(-1)!;
    expect(applyOps(before, entry.ops as Operation[])).toEqual({ ...r.body, version: before.version });
  });

  it('PUT and POST clean the same way; clean texts and non-text keys are stored as sent', async () => {
    const tpl = await get('/api/v1/templates/5');
    const r = await put('/api/v1/templates/5', tpl.version, {
      meta: { ...tpl.meta, headline: '<h1>Thanks</h1>', message: 'Plain & simple', heroAlt: '<b>not marked</b>' },
    });
    expect(r.status).toBe(200);
    expect(r.body.meta).toMatchObject({ headline: 'Thanks', message: 'Plain & simple', heroAlt: '<b>not marked</b>' });
    const created = await t.api('POST', '/api/v1/templates', {
      body: newTemplate({
        meta: { headline: 'New <script>x()</script>one', css: '', list: [{ id: 'l1', boldText: '', listText: '<p>ok<script>x()</script></p>', img: '' }] },
      }),
    });
    expect(created.status).toBe(201);
    expect(created.body.meta).toEqual({ headline: 'New one', css: '', list: [{ id: 'l1', boldText: '', listText: '<p>ok</p>', img: '' }] });
  });

  it('a review body that is only a script is empty once cleaned, and refused as such on a page', async () => {
    const page = await get('/api/v1/pages/2');
    const r = await patch('/api/v1/pages/2', page.version, [
      { op: 'add', path: '/meta/reviews/-', value: { id: 'review-s', user: 'Eve', review: '<script>alert(1)</script>', avatar: '', country: '' } },
    ]);
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ message: MSG.reviewText });
    expect((await get('/api/v1/pages/2')).version).toBe(page.version);
  });
});

describe('template preview host (001 §9)', () => {
  it('GET /api/v1/templates/preview-host names it', async () => {
    const r = await t.api('GET', '/api/v1/templates/preview-host');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ preview_host: HOST });
    const op = await t.api('GET', '/api/v1/templates/preview-host', { token: await t.tokenOf('operator') });
    expect(op.status).toBe(200);
  });

  it('POST stores a full URL on the host as its path (http or https, any case, with or without the last slash)', async () => {
    const bare = HOST.replace(/^https:\/\//, '');
    for (const [sent, stored] of [
      [`${HOST}/listicle-a/`, '/listicle-a/'],
      [`http://${bare}/listicle-b/`, '/listicle-b/'],
      [`https://${bare.toUpperCase()}/listicle-c/`, '/listicle-c/'],
      [HOST, '/'],
      [`${HOST}/`, '/'],
      [`  ${HOST}/listicle-d/  `, '/listicle-d/'],
      ['/listicle-e/', '/listicle-e/'],
    ]) {
      const r = await t.api('POST', '/api/v1/templates', { body: newTemplate({ template_host_url: sent }) });
      expect(r.status, sent).toBe(201);
      expect(r.body.template_host_url, sent).toBe(stored);
    }
  });

  it('PUT and PATCH strip it too; a URL of another host is refused with the page-path message', async () => {
    const tpl = await get('/api/v1/templates/5');
    const a = await put('/api/v1/templates/5', tpl.version, { template_host_url: `${HOST}/thanks/` });
    expect(a.status).toBe(200);
    expect(a.body.template_host_url).toBe('/thanks/');
    const b = await patch('/api/v1/templates/5', a.body.version, [{ op: 'replace', path: '/template_host_url', value: `${HOST}/thank-you/` }]);
    expect(b.status).toBe(200);
    expect(b.body.template_host_url).toBe('/thank-you/');
    // The audit entry records the stored path as the server's own op: its ops replay to the row.
    const entry = (await auditOf('template:5')).at(-1)!;
    expect(applyOps(a.body, entry.ops as Operation[])).toEqual({ ...b.body, version: a.body.version });
    const count = await templateCount();
    for (const other of ['https://evil.example/thanks/', `${HOST}.evil.example/x/`, `${HOST}x/`, `${HOST}/x/?q=1`, 'javascript:alert(1)']) {
      const { refused } = await watched('/api/v1/templates/5', 'template:5', b.body as Doc);
      await refused(await put('/api/v1/templates/5', b.body.version, { template_host_url: other }), 422, MSG.pagePath);
      await refused(await patch('/api/v1/templates/5', b.body.version, [{ op: 'replace', path: '/template_host_url', value: other }]), 422, MSG.pagePath);
      const r = await t.api('POST', '/api/v1/templates', { body: newTemplate({ template_host_url: other }) });
      expect(r.status, other).toBe(422);
      expect(r.body).toEqual({ message: MSG.pagePath });
    }
    expect(await templateCount()).toBe(count);
  });
});

describe('GET /api/v1/templates/{id}/preview', () => {
  it('renders every template as a sandboxed page: text/html, no-store, nosniff, the preview CSP', async () => {
    const list = (await t.api('GET', '/api/v1/templates')).body as Doc[];
    expect(new Set(list.map((x) => x.layout))).toEqual(new Set(LAYOUTS.filter((l) => l !== 'split')));
    for (const tpl of list) {
      const r = await t.api('GET', `/api/v1/templates/${tpl.ID}/preview`);
      expect(r.status, tpl.name).toBe(200);
      expect(r.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(r.headers.get('Cache-Control')).toBe('no-store');
      expect(r.headers.get('X-Content-Type-Options')).toBe('nosniff');
      const csp = r.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toMatch(/^sandbox;/);
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toMatch(/script-src/);
      expect(r.text).toMatch(/^<!doctype html>/i);
      if (typeof tpl.meta.headline === 'string')
        expect(r.text).toContain(new JSDOM(`<p>${tpl.meta.headline}</p>`).window.document.querySelector('p')!.innerHTML);
      // The demo funnel is named after the template (the title or footer may show it).
      expect(r.text).toContain(tpl.name.replace(/&/g, '&amp;'));
    }
  });

  it('answers 404 for a template that does not exist, and the operator may read it', async () => {
    const r = await t.api('GET', '/api/v1/templates/999999/preview');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: 'Template not found' });
    expect((await t.api('GET', '/api/v1/templates/1/preview', { token: await t.tokenOf('operator') })).status).toBe(200);
  });

  it('markup inside css or customJs cannot break out of its element', async () => {
    const created = await t.api('POST', '/api/v1/templates', {
      body: newTemplate({
        meta: {
          headline: 'Breakout',
          css: 'a::after{content:"</style><script>alert(1)</script>"}',
          customJs: 'var s = "</script><script>alert(2)</script><!--";',
        },
      }),
    });
    expect(created.status).toBe(201);
    const r = await t.api('GET', `/api/v1/templates/${created.body.ID}/preview`);
    expect(r.status).toBe(200);
    const doc = new JSDOM(r.text).window.document;
    const scripts = [...doc.querySelectorAll('script')];
    expect(scripts.filter((s) => s.textContent?.includes('alert(1)'))).toEqual([]);
    // alert(2) is only ever text of the one custom script, inside its string.
    const withTwo = scripts.filter((s) => s.textContent?.includes('alert(2)'));
    expect(withTwo).toHaveLength(1);
    expect(withTwo[0]!.getAttribute('data-edit')).toBe('customJs');
    const style = doc.querySelector('style[data-edit="css"]');
    expect(style?.textContent).toContain('<\\/style><script>alert(1)<\\/script>');
  });
});

describe('stash and restore (PATCH /archived; 001 §2 "stashed", §4)', () => {
  it('are audited, and a stashed template is still listed with archived true', async () => {
    const created = (await t.api('POST', '/api/v1/templates', { body: newTemplate({ name: 'To stash' }) })).body as Doc;
    const doc = `template:${created.ID}`;
    const n = (await auditOf(doc)).length;
    const stashed = await patch(`/api/v1/templates/${created.ID}`, created.version, [{ op: 'replace', path: '/archived', value: true }]);
    expect(stashed.status).toBe(200);
    expect(stashed.body.archived).toBe(true);
    const listed = ((await t.api('GET', '/api/v1/templates')).body as Doc[]).find((x) => x.ID === created.ID);
    expect(listed).toMatchObject({ archived: true, name: 'To stash' });
    const restored = await patch(`/api/v1/templates/${created.ID}`, stashed.body.version, [{ op: 'replace', path: '/archived', value: false }]);
    expect(restored.status).toBe(200);
    expect(restored.body.archived).toBe(false);
    const log = await auditOf(doc);
    expect(log).toHaveLength(n + 2);
    expect(log.slice(-2).map((e) => [e.type, e.ops, e.version])).toEqual([
      ['diff', [{ op: 'replace', path: '/archived', value: true }], created.version + 1],
      ['diff', [{ op: 'replace', path: '/archived', value: false }], created.version + 2],
    ]);
    expect(log.slice(-2).map((e) => e.inverse)).toEqual([
      [{ op: 'replace', path: '/archived', value: false }],
      [{ op: 'replace', path: '/archived', value: true }],
    ]);
  });
});

describe('hostile valid input', () => {
  it('prototype keys in a template body are refused with 400 on POST, PUT and PATCH, and never pollute', async () => {
    const count = await templateCount();
    for (const [key, meta] of [
      ['__proto__', '{"headline":"x","__proto__":{"polluted":"yes"}}'],
      ['constructor', '{"headline":"x","constructor":{"prototype":{"polluted":"yes"}}}'],
      ['prototype', '{"list":[{"id":"l1","prototype":{"polluted":"yes"}}]}'],
    ]) {
      const body = JSON.parse(`{"name":"Proto","page_type":"presell","layout":"presell","template_host_url":"/proto/","meta":${meta}}`) as Record<
        string,
        unknown
      >;
      const r = await t.api('POST', '/api/v1/templates', { body });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ message: `The body is refused: the key "${key}" is not allowed in a template` });
      const { before, refused } = await watched('/api/v1/templates/2', 'template:2');
      await refused(
        await put('/api/v1/templates/2', before.version, { meta: body.meta }),
        400,
        `The body is refused: the key "${key}" is not allowed in a template`,
      );
      await refused(
        await patch('/api/v1/templates/2', before.version, [{ op: 'replace', path: '/meta', value: body.meta }]),
        400,
        /is refused: the key ".*" inside a value is not allowed in a JSON Patch/,
      );
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
    expect(await templateCount()).toBe(count);
    // Later writes still work.
    expect((await t.api('POST', '/api/v1/templates', { body: newTemplate() })).status).toBe(201);
  });

  it('the same POST twice: two templates without a key; one, replayed, with the same Idempotency-Key', async () => {
    const body = newTemplate({ name: 'Twice' });
    const a = await t.api('POST', '/api/v1/templates', { body });
    const b = await t.api('POST', '/api/v1/templates', { body });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.ID).not.toBe(a.body.ID);
    const keyed = newTemplate({ name: 'Keyed' });
    const headers = { 'Idempotency-Key': 'templates-test:keyed' };
    const c = await t.api('POST', '/api/v1/templates', { body: keyed, headers });
    const d = await t.api('POST', '/api/v1/templates', { body: keyed, headers });
    expect([c.status, d.status]).toEqual([201, 201]);
    expect(d.headers.get('Idempotent-Replayed')).toBe('true');
    expect(d.body).toEqual(c.body);
    const rows = await t.server.db.db
      .select()
      .from(templatesTable)
      .where(and(eq(templatesTable.name, 'Keyed')));
    expect(rows).toHaveLength(1);
    const other = await t.api('POST', '/api/v1/templates', { body: { ...keyed, name: 'Keyed 2' }, headers });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: WRITE_MSG.idempotencyBody });
  });

  it('the added template is recorded in the audit log as its creation: the whole template added at the root', async () => {
    const r = await t.api('POST', '/api/v1/templates', { body: newTemplate({ name: 'Audited' }) });
    expect(r.status).toBe(201);
    const log = await auditOf(`template:${r.body.ID}`);
    expect(log.map((e) => [e.type, e.title, e.version])).toEqual([['diff', 'Added template Audited', 1]]);
    expect(log[0]?.ops).toEqual([{ op: 'add', path: '', value: r.body }]);
    expect(log[0]?.inverse).toEqual([]);
  });
});

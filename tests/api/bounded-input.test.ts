/**
 * Every text has a bound, template meta is checked as page meta, and the
 * audit log comes in pages. Before: funnel and template names of 100,000 characters were
 * stored, as were notes with 6,000-character titles; a template whose meta had the wrong types
 * was accepted, and afterwards no page could be created from it; the audit log answered every
 * entry of a funnel at once (6.3 MB for a long-lived one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureApi } from '../../src/api/index.ts';
import { funnelReads } from '../../src/features/funnels/tabs-api.ts';
import { AUDIT_PAGE, AUDIT_QUERY_MSG, MSG, TEXT_MAX, WRITE_MSG, type AuditLog } from '../../src/model/index.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { at } from '../at.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 100 });
  configureApi({ getToken: () => t.token }, t.url);
});
afterAll(async () => {
  await t?.close();
});

const OFFER = 10231;
const long = (n: number) => 'n'.repeat(n);
/** Status and message (or the ID) of an answer. */
const outcome = (r: { status: number; body: { message?: string } }) => [r.status, r.body.message ?? null];

describe('names and texts are bounded', () => {
  it('a funnel name of 100,000 characters is refused on create, clone, PUT and PATCH; 255 is taken', async () => {
    const tooLong = WRITE_MSG.tooLong('Funnel name', TEXT_MAX.name);
    expect(outcome(await t.api('POST', '/api/v1/funnels', { body: { name: long(100_000), offer: OFFER } }))).toEqual([422, tooLong]);
    expect(outcome(await t.api('POST', '/api/v1/funnels', { body: { name: long(256), offer: OFFER } }))).toEqual([422, tooLong]);
    const ok = await t.api('POST', '/api/v1/funnels', { body: { name: long(255), offer: OFFER } });
    expect(ok.status).toBe(201);
    const f = ok.body as { ID: number; version: number };
    expect(outcome(await t.api('POST', `/api/v1/funnels/${f.ID}/clone`, { body: { name: long(100_000) } }))).toEqual([
      422,
      WRITE_MSG.tooLong('Clone name', TEXT_MAX.name),
    ]);
    const h = { 'If-Match': `"${f.version}"` };
    expect(outcome(await t.api('PUT', `/api/v1/funnels/${f.ID}`, { body: { name: long(100_000) }, headers: h }))).toEqual([422, tooLong]);
    // A replace of each bounded field one character (or more) too long: [path, value, message].
    const patches: [path: string, value: string, message: string][] = [
      ['/name', long(300), tooLong],
      ['/details/guarantee', long(TEXT_MAX.text + 1), WRITE_MSG.tooLong('Guarantee', TEXT_MAX.text)],
      ['/cs_number', long(TEXT_MAX.phone + 1), WRITE_MSG.tooLong('Support number', TEXT_MAX.phone)],
    ];
    for (const [path, value, message] of patches) {
      const r = await t.api('PATCH', `/api/v1/funnels/${f.ID}`, { patch: true, body: [{ op: 'replace', path, value }], headers: h });
      expect(outcome(r), path).toEqual([422, message]);
    }
  });

  it('a template name of 100,000 characters is refused on create, PUT and PATCH', async () => {
    const tooLong = WRITE_MSG.tooLong('Template name', TEXT_MAX.name);
    const body = { name: long(100_000), page_type: 'presell', layout: 'presell', template_host_url: '/long/', meta: { headline: 'H' } };
    expect(outcome(await t.api('POST', '/api/v1/templates', { body }))).toEqual([422, tooLong]);
    const tpl = (await t.api('GET', '/api/v1/templates/1')).body as { version: number };
    const h = { 'If-Match': `"${tpl.version}"` };
    expect(outcome(await t.api('PUT', '/api/v1/templates/1', { body: { name: long(100_000) }, headers: h }))).toEqual([422, tooLong]);
    expect(
      outcome(await t.api('PATCH', '/api/v1/templates/1', { patch: true, body: [{ op: 'replace', path: '/name', value: long(256) }], headers: h })),
    ).toEqual([422, tooLong]);
  });

  it("a note's title over 200 characters and text over 10,000 are refused", async () => {
    expect(outcome(await t.api('POST', '/api/v1/audit_logs', { body: { funnel_id: 1, title: long(6_000), message: 'm' } }))).toEqual([
      422,
      WRITE_MSG.tooLong('Title', TEXT_MAX.auditTitle),
    ]);
    expect(outcome(await t.api('POST', '/api/v1/audit_logs', { body: { funnel_id: 1, title: 't', message: long(TEXT_MAX.longText + 1) } }))).toEqual([
      422,
      WRITE_MSG.tooLong('Note', TEXT_MAX.longText),
    ]);
    expect((await t.api('POST', '/api/v1/audit_logs', { body: { funnel_id: 1, title: long(200), message: 'm' } })).status).toBe(201);
  });

  it('an X-Change-Label of 6,000 characters becomes a title of at most 200, on one line, cut between whole characters', async () => {
    const page = (await t.api('GET', '/api/v1/pages/2')).body as { version: number };
    // 6,013 characters (12 kB encoded: Node takes headers up to 16 kB); character 200 is half an emoji.
    const label = `Price\nchange ${'😀'.repeat(600)}${'x'.repeat(4_800)}`;
    const r = await t.api('PATCH', '/api/v1/pages/2', {
      patch: true,
      body: [{ op: 'replace', path: '/name', value: 'Checkout renamed' }],
      headers: { 'If-Match': `"${page.version}"`, 'X-Change-Label': encodeURIComponent(label) },
    });
    expect(r.status).toBe(200);
    const [entry] = (await t.api('GET', '/api/v1/funnels/1/audit_log?doc=page:2&limit=1')).body as AuditLog[];
    const title = entry!.title;
    expect(title.length).toBeLessThanOrEqual(TEXT_MAX.auditTitle);
    expect(title.startsWith('Price change 😀😀')).toBe(true);
    expect(title.endsWith('😀…')).toBe(true);
    expect(title).not.toMatch(/\uFFFD|[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('template meta is checked as page meta', () => {
  it("refuses meta of the wrong types on create, PUT and PATCH, with the page meta's messages", async () => {
    const base = { name: 'Typed', page_type: 'checkout', layout: 'checkout', template_host_url: '/typed/' };
    const bad = await t.api('POST', '/api/v1/templates', { body: { ...base, meta: { main_color: 5 } } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(MSG.mainColor);
    expect((await t.api('POST', '/api/v1/templates', { body: { ...base, meta: { products: 'x' } } })).status).toBe(422);
    expect((await t.api('POST', '/api/v1/templates', { body: { ...base, meta: { headline: long(300) } } })).body.message).toBe(
      WRITE_MSG.tooLong('Headline', 255),
    );
    const made = await t.api('POST', '/api/v1/templates', { body: { ...base, meta: { headline: 'Typed headline' } } });
    expect(made.status).toBe(201);
    const tpl = made.body as { ID: number; version: number };
    const h = { 'If-Match': `"${tpl.version}"` };
    expect((await t.api('PUT', `/api/v1/templates/${tpl.ID}`, { body: { meta: { main_color: 'purple' } }, headers: h })).status).toBe(422);
    expect(
      (await t.api('PATCH', `/api/v1/templates/${tpl.ID}`, { patch: true, body: [{ op: 'add', path: '/meta/products', value: 'x' }], headers: h })).status,
    ).toBe(422);
    // The template as stored still makes pages.
    const page = await t.api('POST', '/api/v1/pages', {
      body: { funnel_id: 2, name: 'From typed', page_type: 'checkout', page_path: '/from-typed/', template_id: tpl.ID },
    });
    expect(page.status, JSON.stringify(page.body)).toBe(201);
  });
});

describe('the audit log comes in pages', () => {
  let funnel = 0;
  beforeAll(async () => {
    funnel = ((await t.api('POST', '/api/v1/funnels', { body: { name: 'Long log', offer: OFFER } })).body as { ID: number }).ID;
    for (let i = 0; i < 130; i++) {
      const r = await t.api('POST', '/api/v1/audit_logs', { body: { funnel_id: funnel, title: `Note ${i}`, message: `m${i}` } });
      expect(r.status).toBe(201);
    }
  });

  it(`answers the newest ${AUDIT_PAGE.size} by default; before= walks back to the first entry, each once`, async () => {
    const first = (await t.api('GET', `/api/v1/funnels/${funnel}/audit_log`)).body as AuditLog[];
    expect(first).toHaveLength(AUDIT_PAGE.size);
    expect(first[0]!.title).toBe('Note 129');
    const seen: AuditLog[] = [];
    let before: number | null = null;
    for (;;) {
      const q: string = before === null ? 'limit=40' : `limit=40&before=${before}`;
      const page = (await t.api('GET', `/api/v1/funnels/${funnel}/audit_log?${q}`)).body as AuditLog[];
      seen.push(...page);
      if (page.length < 40) break;
      before = at(page, page.length - 1, 'last entry').ID;
    }
    // 130 notes and the funnel's creation, newest first, none twice.
    expect(seen).toHaveLength(131);
    expect(new Set(seen.map((e) => e.ID)).size).toBe(131);
    expect(seen.at(-1)).toMatchObject({ title: 'Funnel created', doc: `funnel:${funnel}` });
    expect(seen.slice(0, 130).map((e) => e.title)).toEqual(Array.from({ length: 130 }, (_, i) => `Note ${129 - i}`));
  });

  it("the Logs tab's reads page the same way: a page older than an entry, one document's changes back to an entry", async () => {
    const newest = await funnelReads.auditLog(funnel);
    expect(newest).toHaveLength(AUDIT_PAGE.size);
    const older = await funnelReads.auditLog(funnel, { before: newest.at(-1)!.ID, limit: 10 });
    expect(older.map((e) => e.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Note ${29 - i}`));
    const page2 = (await t.api('GET', '/api/v1/pages/2')).body as { version: number };
    for (const name of ['A', 'B']) {
      const v = ((await t.api('GET', '/api/v1/pages/2')).body as { version: number }).version;
      expect(
        (
          await t.api('PATCH', '/api/v1/pages/2', {
            patch: true,
            body: [{ op: 'replace', path: '/name', value: `Checkout ${name}` }],
            headers: { 'If-Match': `"${v}"` },
          })
        ).status,
      ).toBe(200);
    }
    const changes = await funnelReads.docLog(1, 'page:2');
    expect(changes.every((e) => e.doc === 'page:2')).toBe(true);
    expect(changes.at(-1)!.ops?.[0]).toMatchObject({ op: 'add', path: '' });
    expect(changes.find((e) => e.version === page2.version + 2)?.title).toBe('Edit page Checkout A');
  });

  it("doc= answers one document's changes; bad paging parameters are 422, an unknown entry 404", async () => {
    const own = (await t.api('GET', `/api/v1/funnels/${funnel}/audit_log?doc=funnel:${funnel}`)).body as AuditLog[];
    expect(own.map((e) => e.title)).toEqual(['Funnel created']);
    const base = `/api/v1/funnels/${funnel}/audit_log`;
    expect(outcome(await t.api('GET', `${base}?limit=${AUDIT_PAGE.max + 1}`))).toEqual([422, AUDIT_QUERY_MSG.limit]);
    expect(outcome(await t.api('GET', `${base}?limit=0`))).toEqual([422, AUDIT_QUERY_MSG.limit]);
    expect(outcome(await t.api('GET', `${base}?before=x`))).toEqual([422, AUDIT_QUERY_MSG.before]);
    expect(outcome(await t.api('GET', `${base}?doc=template:1`))).toEqual([422, AUDIT_QUERY_MSG.doc]);
    expect(outcome(await t.api('GET', `${base}?before=2147483647`))).toEqual([404, 'Audit log entry not found']);
  });
});

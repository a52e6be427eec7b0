/**
 * The write contract of the documents ("Write contract"):
 * PUT needs If-Match like PATCH (428 / 412 with `current`); an Idempotency-Key replays the
 * same request and refuses another body (422), per user; a failed RFC 6902 `test` is a 409
 * with `current` and is never stored in the audit log; page fields are checked with their
 * types and lengths; no error answer shows a server file path; system audit entries are
 * append-only and notes are deleted by their author or an admin only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_MSG } from '../../src/model/index.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { at } from '../at.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 100 });
});
afterAll(async () => {
  await t?.close();
});

const get = async (p: string) => (await t.api('GET', p)).body;
const v = (version: number) => ({ 'If-Match': `"${version}"` });
/** Reads the document at `p` and PATCHes `ops(doc)` onto it at that version (If-Match): the document as read, and the answer. */
const patchAsRead = async (p: string, ops: (doc: Awaited<ReturnType<typeof get>>) => unknown[]) => {
  const doc = await get(p);
  return { p: doc, r: await t.api('PATCH', p, { patch: true, headers: v(doc.version), body: ops(doc) }) };
};
const auditOf = async (funnel: number) =>
  (await t.api('GET', `/api/v1/funnels/${funnel}/audit_log`)).body as {
    ID: number;
    type: string;
    doc: string | null;
    title: string;
    ops: { op: string; path: string }[] | null;
    system: boolean;
    deletable: boolean;
    user_id: number | null;
  }[];

describe('PUT needs If-Match like PATCH', () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ['funnel', '/api/v1/funnels/2', { cs_number: '+1 555 0199' }],
    ['page', '/api/v1/pages/6', { name: 'Put page' }],
    ['template', '/api/v1/templates/2', { name: 'Put template' }],
  ];
  it.each(cases)('%s: 428 without If-Match, 412 with the current document when stale, 200 when current', async (kind, p, body) => {
    const before = await get(p);
    const none = await t.api('PUT', p, { body });
    expect(none.status).toBe(428);
    expect(none.body.message).toBe('If-Match header with the document version is required');
    expect((await get(p)).version).toBe(before.version);

    const ok = await t.api('PUT', p, { body, headers: v(before.version) });
    expect(ok.status).toBe(200);
    expect(ok.body.version).toBe(before.version + 1);

    const stale = await t.api('PUT', p, { body: { ...body }, headers: v(before.version) });
    expect(stale.status).toBe(412);
    expect(stale.body.current).toEqual(ok.body);
    expect(stale.body.message).toMatch(new RegExp(`^This ${kind} was changed by someone else`));
    expect(stale.headers.get('etag')).toBe(`"${ok.body.version}"`);
  });

  it('documents If-Match as required in the OpenAPI of the three PUT routes', async () => {
    const doc = (await t.api('GET', '/api/openapi.json')).body;
    for (const p of ['/api/v1/funnels/{id}', '/api/v1/pages/{id}', '/api/v1/templates/{id}']) {
      const put = doc.paths[p].put;
      expect(put.responses['428'], p).toBeDefined();
      const header = put.parameters.find((x: { in: string; name: string }) => x.in === 'header' && x.name.toLowerCase() === 'if-match');
      expect(header?.required, p).toBe(true);
    }
  });
});

describe('Idempotency-Key', () => {
  it('replays the same request (also with its members in another order) and refuses another body with 422', async () => {
    const p = await get('/api/v1/pages/7');
    const headers = { ...v(p.version), 'Idempotency-Key': 'wc-body-1' };
    const first = await t.api('PATCH', '/api/v1/pages/7', { patch: true, headers, body: [{ op: 'replace', path: '/name', value: 'First body' }] });
    expect(first.status).toBe(200);
    const same = await t.api('PATCH', '/api/v1/pages/7', { patch: true, headers, body: [{ value: 'First body', path: '/name', op: 'replace' }] });
    expect(same.status).toBe(200);
    expect(same.headers.get('idempotent-replayed')).toBe('true');
    expect(same.body).toEqual(first.body);

    const other = await t.api('PATCH', '/api/v1/pages/7', { patch: true, headers, body: [{ op: 'replace', path: '/name', value: 'Second body' }] });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(WRITE_MSG.idempotencyBody);
    expect((await get('/api/v1/pages/7')).name).toBe('First body');
  });

  it('refuses a PUT replayed with another body', async () => {
    const f = await get('/api/v1/funnels/2');
    const headers = { ...v(f.version), 'Idempotency-Key': 'wc-put-1' };
    expect((await t.api('PUT', '/api/v1/funnels/2', { headers, body: { cs_email: 'a@example.com' } })).status).toBe(200);
    const again = await t.api('PUT', '/api/v1/funnels/2', { headers, body: { cs_email: 'a@example.com' } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await t.api('PUT', '/api/v1/funnels/2', { headers, body: { cs_email: 'b@example.com' } });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(WRITE_MSG.idempotencyBody);
  });

  it("is scoped to the user: another user's same key and body is a new request, not the first user's answer", async () => {
    const body = { name: 'Idempotent funnel', offer: 10231 };
    const a = await t.api('POST', '/api/v1/funnels', { body, headers: { 'Idempotency-Key': 'wc-shared-key' } });
    expect(a.status).toBe(201);
    const operator = await t.tokenOf('operator');
    const b = await t.api('POST', '/api/v1/funnels', { body, token: operator, headers: { 'Idempotency-Key': 'wc-shared-key' } });
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.ID).not.toBe(a.body.ID);
    const bAgain = await t.api('POST', '/api/v1/funnels', { body, token: operator, headers: { 'Idempotency-Key': 'wc-shared-key' } });
    expect(bAgain.body.ID).toBe(b.body.ID);
  });

  it('answers concurrent requests with one key once: one change, the same answer twice', async () => {
    const p = await get('/api/v1/pages/8');
    const req = {
      patch: true,
      headers: { ...v(p.version), 'Idempotency-Key': 'wc-concurrent' },
      body: [{ op: 'replace', path: '/name', value: 'Concurrent' }],
    };
    const [x, y] = await Promise.all([t.api('PATCH', '/api/v1/pages/8', req), t.api('PATCH', '/api/v1/pages/8', req)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body).toEqual(y.body);
    expect((await get('/api/v1/pages/8')).version).toBe(p.version + 1);
  });
});

describe('RFC 6902 test operations', () => {
  it('are applied with the rest but not stored in the audit ops', async () => {
    const { p, r } = await patchAsRead('/api/v1/pages/3', (doc) => [
      { op: 'test', path: '/name', value: doc.name },
      { op: 'replace', path: '/meta/subject', value: 'Guarded' },
    ]);
    expect(r.status).toBe(200);
    const entry = at(
      (await auditOf(p.funnel_id)).filter((e) => e.doc === 'page:3'),
      0,
      'audit entry of page:3',
    );
    expect(entry.ops).toEqual([{ op: 'replace', path: '/meta/subject', value: 'Guarded' }]);
    expect(entry.ops!.some((o) => o.op === 'test')).toBe(false);
  });

  it('answer 409 with the current document when they fail, and nothing is applied', async () => {
    const { p, r } = await patchAsRead('/api/v1/pages/3', () => [
      { op: 'replace', path: '/meta/subject', value: 'Not applied' },
      { op: 'test', path: '/name', value: 'someone else renamed it' },
    ]);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('This page was changed by someone else; your change was not applied');
    expect(r.body.current).toEqual(p);
    expect(await get('/api/v1/pages/3')).toEqual(p);
  });

  it('a test-only patch changes nothing and logs nothing', async () => {
    const p = await get('/api/v1/pages/3');
    const before = (await auditOf(p.funnel_id)).length;
    const r = await t.api('PATCH', '/api/v1/pages/3', { patch: true, headers: v(p.version), body: [{ op: 'test', path: '/name', value: p.name }] });
    expect(r.status).toBe(200);
    expect(r.body.version).toBe(p.version);
    expect((await auditOf(p.funnel_id)).length).toBe(before);
  });
});

describe('page fields: types and lengths', () => {
  const long = 'x'.repeat(256);
  const cases: [string, unknown, string][] = [
    ['/name', long, 'Page name must be at most 255 characters'],
    ['/page_path', `/${'a'.repeat(255)}/`, 'Page path must be at most 255 characters'],
    ['/meta/keywords', long, 'Keywords must be at most 255 characters'],
    ['/meta/description', long, 'Description must be at most 255 characters'],
    ['/meta/subject', long, 'Subject must be at most 255 characters'],
    ['/meta/headline', long, 'Headline must be at most 255 characters'],
    ['/meta/googleSiteVerification', long, 'Google site verification must be at most 255 characters'],
    ['/meta/keywords', 42, 'Keywords must be text'],
    ['/meta/googleSiteVerification', { a: 1 }, 'Google site verification must be text'],
  ];
  it.each(cases)('%s = %j is refused with a message naming the field', async (ptr, value, message) => {
    const { r } = await patchAsRead('/api/v1/pages/9', () => [{ op: 'add', path: ptr, value }]);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(message);
  });

  it('255 characters are accepted', async () => {
    const ok = 'k'.repeat(255);
    const { r } = await patchAsRead('/api/v1/pages/9', () => [
      { op: 'add', path: '/meta/keywords', value: ok },
      { op: 'replace', path: '/name', value: ok },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.meta.keywords).toBe(ok);
  });

  it('POST /pages checks the name and path lengths too', async () => {
    const r = await t.api('POST', '/api/v1/pages', { body: { funnel_id: 2, name: long, page_type: 'presell', page_path: '/long/', template_id: null } });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Page name must be at most 255 characters');
  });
});

describe('no error answer shows a server file path', () => {
  it('an upload whose storage fails answers without the uploads directory', async () => {
    // The funnel's gallery folder is a file: the storage's mkdir fails.
    const uploads = path.join(t.sitesDir, 'uploads');
    fs.mkdirSync(uploads, { recursive: true });
    // Funnel 2: unlocked, and no demo images (the first seed writes funnel 4's).
    fs.writeFileSync(path.join(uploads, '2'), 'not a folder');
    const png = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
    const r = await t.upload('/api/v1/images/2', [{ name: 'a.png', data: png, type: 'image/png' }]);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.text).not.toContain(t.sitesDir);
    expect(r.text).not.toMatch(/(^|[\s"'(])\/(tmp|work|home|usr|var)\//);
  });
});

describe('audit log: system entries are append-only, notes are deleted by their author or an admin', () => {
  const note = async (token: string | undefined, title: string) =>
    (await t.api('POST', '/api/v1/audit_logs', { token, body: { funnel_id: 2, title, message: `${title} message` } })).body;

  it('the author deletes their own note', async () => {
    const operator = await t.tokenOf('operator');
    const n = await note(operator, 'Mine');
    expect(n.user_id).toBe(2);
    const mine = (await t.api('GET', '/api/v1/funnels/2/audit_log', { token: operator })).body.find((e: { ID: number }) => e.ID === n.ID);
    expect(mine.deletable).toBe(true);
    expect((await t.api('DELETE', `/api/v1/audit_logs/${n.ID}`, { token: operator })).status).toBe(200);
  });

  it("another operator may not delete someone's note (403), and sees it as not deletable", async () => {
    const operator = await t.tokenOf('operator');
    const n = await note(undefined, "Admin's");
    const seen = (await t.api('GET', '/api/v1/funnels/2/audit_log', { token: operator })).body.find((e: { ID: number }) => e.ID === n.ID);
    expect(seen.deletable).toBe(false);
    const r = await t.api('DELETE', `/api/v1/audit_logs/${n.ID}`, { token: operator });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(WRITE_MSG.noteNotYours);
    expect((await auditOf(2)).some((e) => e.ID === n.ID)).toBe(true);
  });

  it("an admin deletes someone's note", async () => {
    const operator = await t.tokenOf('operator');
    const n = await note(operator, "Operator's");
    expect((await auditOf(2)).find((e) => e.ID === n.ID)?.deletable).toBe(true);
    expect((await t.api('DELETE', `/api/v1/audit_logs/${n.ID}`)).status).toBe(200);
  });

  it('nobody deletes the Published entry a publish writes', async () => {
    const pub = await fetch(`${t.url}/api/v1/funnels/1/publish`, { method: 'PUT', headers: { Authorization: `Bearer ${t.token}` } });
    expect(await pub.text()).toContain('"progress":100');
    const published = (await auditOf(1)).find((e) => e.title === 'Published');
    expect(published).toMatchObject({ type: 'note', system: true, deletable: false, user_id: 1 });
    for (const token of [undefined, await t.tokenOf('operator')]) {
      const r = await t.api('DELETE', `/api/v1/audit_logs/${published!.ID}`, { token });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe(WRITE_MSG.systemEntry);
    }
  });

  it('nobody deletes a system entry: diff, locked, unlocked, cloned, created', async () => {
    const f = await get('/api/v1/funnels/2');
    await t.api('PATCH', '/api/v1/funnels/2', { patch: true, headers: v(f.version), body: [{ op: 'replace', path: '/cs_number', value: '+1 555 0142' }] });
    expect((await t.api('PUT', '/api/v1/funnels/2/lock', { body: { locked: true } })).status).toBe(200);
    expect((await t.api('PUT', '/api/v1/funnels/2/lock', { body: { locked: false } })).status).toBe(200);
    const clone = await t.api('POST', '/api/v1/funnels/2/clone', { body: { name: 'System entries clone' } });
    expect(clone.status).toBe(201);
    const entries = [...(await auditOf(2)), ...(await auditOf(clone.body.ID))];
    const system = ['Funnel locked', 'Funnel unlocked', 'Funnel cloned'].map((title) => entries.find((e) => e.title === title));
    system.push(entries.find((e) => e.type === 'diff'));
    const operator = await t.tokenOf('operator');
    for (const e of system) {
      expect(e, 'entry present').toBeDefined();
      expect(e!.system).toBe(true);
      expect(e!.deletable).toBe(false);
      for (const token of [undefined, operator]) {
        const r = await t.api('DELETE', `/api/v1/audit_logs/${e!.ID}`, { token });
        expect(r.status).toBe(403);
        expect(r.body.message).toBe(WRITE_MSG.systemEntry);
      }
    }
  });
});

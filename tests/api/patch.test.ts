import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyOps, MSG } from '../../src/model/index.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { at } from '../at.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const getPage = async (id: number) => (await t.api('GET', `/api/v1/pages/${id}`)).body;
/** PATCHes the document at `path` with the JSON Patch `ops` (a malformed one too) against its `version` (If-Match). */
const patchAt = (path: string, version: number, ops: unknown) => t.api('PATCH', path, { patch: true, body: ops, headers: { 'If-Match': `"${version}"` } });
/** The recorded changes of `doc`, newest first (not its creation entry: the whole document added at ''). */
const diffsOf = async (doc: string, funnel = 1) =>
  ((await t.api('GET', `/api/v1/funnels/${funnel}/audit_log`)).body as { doc: string | null; type: string; ops: { path: string }[] | null }[]).filter(
    (e) => e.type === 'diff' && e.doc === doc && e.ops?.[0]?.path !== '',
  );

describe('PATCH /api/v1/pages/{id}', () => {
  it('applies the ops, bumps the version, returns the ETag and logs ops + inverse + label + user', async () => {
    const before = await getPage(2);
    const ops = [
      { op: 'replace', path: '/meta/products/0/_price', value: 29.99 },
      { op: 'add', path: '/meta/reviews/-', value: { id: 'r9', avatar: '', user: 'Kim', review: 'Great', reviewTitle: 'Yes' } },
    ];
    const r = await t.api('PATCH', '/api/v1/pages/2', {
      patch: true,
      body: ops,
      headers: { 'If-Match': `"${before.version}"`, 'X-Change-Label': encodeURIComponent('Change price — package 1') },
    });
    expect(r.status).toBe(200);
    expect(r.body.version).toBe(before.version + 1);
    expect(r.headers.get('etag')).toBe(`"${before.version + 1}"`);
    expect(r.body.meta.products[0]._price).toBe(29.99);
    expect(r.body.meta.reviews.at(-1).user).toBe('Kim');
    expect(await getPage(2)).toEqual(r.body);

    const [entry] = await diffsOf('page:2');
    expect(entry).toMatchObject({ type: 'diff', funnel_id: 1, title: 'Change price — package 1', version: before.version + 1, user: { name: 'Ada Admin' } });
    // The operator's ops as sent, then the server's own: the prices worked out from the new price.
    const logged = (entry as unknown as { ops: { path: string }[] }).ops;
    expect(logged.slice(0, ops.length)).toEqual(ops);
    expect(
      logged
        .slice(ops.length)
        .map((o) => o.path)
        .sort(),
    ).toEqual(['/meta/products/0/_package_discount', '/meta/products/0/_save', '/meta/products/0/_unitPrice']);
    // The stored inverse really undoes the change.
    expect(applyOps(r.body, (entry as unknown as { inverse: [] }).inverse)).toEqual({ ...before, version: r.body.version });
  });

  it("titles the audit entry 'Edit page <name>' without a label", async () => {
    const p = await getPage(3);
    await patchAt('/api/v1/pages/3', p.version, [{ op: 'replace', path: '/meta/headline', value: 'New' }]);
    expect((await diffsOf('page:3'))[0]).toMatchObject({ title: `Edit page ${p.name}` });
  });

  it('requires If-Match (428)', async () => {
    const r = await t.api('PATCH', '/api/v1/pages/2', { patch: true, body: [{ op: 'replace', path: '/name', value: 'x' }] });
    expect(r.status).toBe(428);
    expect(typeof r.body.message).toBe('string');
  });

  it('answers a stale version with 412, the current entity and its ETag', async () => {
    const p = await getPage(4);
    const first = await patchAt('/api/v1/pages/4', p.version, [{ op: 'replace', path: '/name', value: 'First' }]);
    expect(first.status).toBe(200);
    const stale = await patchAt('/api/v1/pages/4', p.version, [{ op: 'replace', path: '/name', value: 'Second' }]);
    expect(stale.status).toBe(412);
    expect(stale.body.current).toEqual(first.body);
    expect(typeof stale.body.message).toBe('string');
    expect(stale.headers.get('etag')).toBe(`"${first.body.version}"`);
    expect((await getPage(4)).name).toBe('First');
  });

  it('replays the stored response for a repeated Idempotency-Key instead of applying twice', async () => {
    const p = await getPage(5);
    const req = {
      patch: true,
      body: [{ op: 'add', path: '/meta/list/-', value: { id: 'x', boldText: 'B', listText: 'L', img: '' } }],
      headers: { 'If-Match': `"${p.version}"`, 'Idempotency-Key': 'save-5-a' },
    };
    const a = await t.api('PATCH', '/api/v1/pages/5', req);
    const b = await t.api('PATCH', '/api/v1/pages/5', req);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    const now = await getPage(5);
    expect(now.version).toBe(p.version + 1);
    expect(now.meta.list).toHaveLength(p.meta.list.length + 1);
    expect(await diffsOf('page:5')).toHaveLength(1);
    // The same key on another document is refused, not replayed.
    const other = await t.api('PATCH', '/api/v1/pages/4', { ...req, headers: { ...req.headers, 'If-Match': '"2"' } });
    expect(other.status).toBe(422);
  });

  it('concurrent saves of one version: exactly one wins, the others get 412', async () => {
    const p = await getPage(3);
    const send = (value: string, key?: string) =>
      t.api('PATCH', '/api/v1/pages/3', {
        patch: true,
        body: [{ op: 'replace', path: '/meta/subheadline', value }],
        headers: { 'If-Match': `"${p.version}"`, ...(key ? { 'Idempotency-Key': key } : {}) },
      });
    const results = await Promise.all([send('A'), send('B'), send('C')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 412, 412]);
    expect((await getPage(3)).version).toBe(p.version + 1);
    // Retries of one save sent at once: applied once, every answer the same.
    const q = await getPage(3);
    const retries = await Promise.all(
      [1, 2, 3].map(() =>
        t.api('PATCH', '/api/v1/pages/3', {
          patch: true,
          body: [{ op: 'replace', path: '/meta/subheadline', value: 'R' }],
          headers: { 'If-Match': `"${q.version}"`, 'Idempotency-Key': 'burst-3' },
        }),
      ),
    );
    expect(retries.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(retries.map((r) => r.body.version))).toEqual(new Set([q.version + 1]));
  });

  it('invalid ops (400) and an invalid result (422) write nothing', async () => {
    const p = await getPage(1);
    const logBefore = await diffsOf('page:1');
    const missing = await patchAt('/api/v1/pages/1', p.version, [{ op: 'replace', path: '/meta/nope/0', value: 1 }]);
    expect(missing.status).toBe(400);
    expect(typeof missing.body.message).toBe('string');
    const failedTest = await patchAt('/api/v1/pages/1', p.version, [
      { op: 'replace', path: '/name', value: 'Z' },
      { op: 'test', path: '/page_type', value: 'checkout' },
    ]);
    // A failed `test` guard is someone else's change: 409 with the current page, nothing applied.
    expect(failedTest.status).toBe(409);
    expect(failedTest.body.current).toEqual(p);
    expect((await patchAt('/api/v1/pages/1', p.version, { op: 'replace' })).status).toBe(400);
    expect((await patchAt('/api/v1/pages/1', p.version, '[{')).status).toBe(400);

    const badPath = await patchAt('/api/v1/pages/1', p.version, [
      { op: 'replace', path: '/name', value: 'Z' },
      { op: 'replace', path: '/page_path', value: 'no-slash' },
    ]);
    expect(badPath.status).toBe(422);
    expect(badPath.body).toEqual({ message: MSG.pagePath });
    const badPrice = await patchAt('/api/v1/pages/2', (await getPage(2)).version, [{ op: 'replace', path: '/meta/products/0/_price', value: -1 }]);
    expect(badPrice.status).toBe(422);
    expect(badPrice.body.message).toBe(MSG.price);
    for (const path of ['/ID', '/version', '/funnel_id']) {
      const r = await patchAt('/api/v1/pages/1', p.version, [{ op: 'replace', path, value: 77 }]);
      expect(r.status, path).toBe(422);
    }
    expect(await getPage(1)).toEqual(p);
    expect(await diffsOf('page:1')).toEqual(logBefore);
  });

  it('a duplicate page path by PATCH is a 409', async () => {
    const p = await getPage(3);
    const r = await patchAt('/api/v1/pages/3', p.version, [{ op: 'replace', path: '/page_path', value: '/checkout/' }]);
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ message: MSG.pagePathExists });
  });

  it('refuses another media type with 415', async () => {
    const r = await t.api('PATCH', '/api/v1/pages/1', { body: '[]', headers: { 'If-Match': '"1"', 'Content-Type': 'text/plain' } });
    expect(r.status).toBe(415);
  });
});

describe('PATCH funnels and templates', () => {
  it('patches a funnel document and validates it with the funnel schema', async () => {
    const f = (await t.api('GET', '/api/v1/funnels/2')).body;
    const bad = await patchAt('/api/v1/funnels/2', f.version, [{ op: 'replace', path: '/cs_email', value: 'not-an-email' }]);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(MSG.email);
    const ok = await patchAt('/api/v1/funnels/2', f.version, [{ op: 'replace', path: '/details/GTM', value: 'ABC123' }]);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ version: f.version + 1, details: { GTM: 'ABC123' } });
    expect(at(await diffsOf('funnel:2', 2), 0, 'diff entry').type).toBe('diff');
    const lock = await patchAt('/api/v1/funnels/2', ok.body.version, [{ op: 'replace', path: '/locked', value: true }]);
    expect(lock.status).toBe(422);
  });

  it('patches a template document', async () => {
    const tpl = (await t.api('GET', '/api/v1/templates/5')).body;
    const r = await patchAt('/api/v1/templates/5', tpl.version, [{ op: 'replace', path: '/meta/headline', value: 'Thanks a lot!' }]);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ version: tpl.version + 1, meta: { headline: 'Thanks a lot!' } });
    const empty = await patchAt('/api/v1/templates/5', r.body.version, [{ op: 'replace', path: '/meta', value: {} }]);
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(MSG.metaEmpty);
  });
});

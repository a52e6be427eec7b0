/**
 * The server's read caches (src/server/cache.ts: signed-in users, `GET /funnels/{id}`
 * answers) never answer with data a committed write outdated: each test first reads (so
 * the answer is cached), then changes the data another way, then expects the change on
 * the very next request. Each would fail if that path's invalidation were missing:
 * notifications with PGlite, the revision check with PostgreSQL (API_TEST_PG_URL), both fed
 * by the triggers of migration 0004 — including foreign-key actions and writes that bypass
 * the API (another server on the same PostgreSQL, an operator's SQL).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funnels, users } from '../../src/server/db/schema.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

/** Reads funnel `id` twice (the second answer may come from the cache) and returns the last. */
async function readFunnel(id: number) {
  await t.api('GET', `/api/v1/funnels/${id}`);
  return t.api('GET', `/api/v1/funnels/${id}`);
}

describe('GET /funnels/{id} after a write', () => {
  it('shows a PATCH, a PUT, a lock and an unlock at once, with the new ETag', async () => {
    const before = await readFunnel(1);
    expect(before.status).toBe(200);
    const patched = await t.api('PATCH', '/api/v1/funnels/1', {
      patch: true,
      headers: { 'If-Match': before.headers.get('ETag') as string },
      body: [{ op: 'replace', path: '/cs_email', value: 'patched@example.com' }],
    });
    expect(patched.status).toBe(200);
    let now = await readFunnel(1);
    expect(now.body).toEqual(patched.body);
    expect(now.headers.get('ETag')).toBe(`"${before.body.version + 1}"`);

    const put = await t.api('PUT', '/api/v1/funnels/1', { body: { cs_number: '+1 555 0100' }, headers: { 'If-Match': `"${before.body.version + 1}"` } });
    expect(put.status).toBe(200);
    now = await readFunnel(1);
    expect(now.body).toMatchObject({ cs_number: '+1 555 0100', version: before.body.version + 2 });

    expect((await t.api('PUT', '/api/v1/funnels/1/lock', { body: { locked: true } })).status).toBe(200);
    expect((await readFunnel(1)).body).toMatchObject({ locked: true, version: before.body.version + 3 });
    expect((await t.api('PUT', '/api/v1/funnels/1/lock', { body: { locked: false } })).status).toBe(200);
    expect((await readFunnel(1)).body).toMatchObject({ locked: false, version: before.body.version + 4 });
  });

  it('serves a clone, clears its index page when that page is deleted, and 404s once it is deleted', async () => {
    const clone = await t.api('POST', '/api/v1/funnels/1/clone', { body: { name: 'Cache clone' } });
    expect(clone.status).toBe(201);
    const id = clone.body.ID as number;
    const read = await readFunnel(id);
    expect(read.body).toEqual(clone.body);
    expect(read.body.page_id).not.toBeNull();

    expect((await t.api('DELETE', `/api/v1/pages/${read.body.page_id}`)).status).toBe(200);
    expect((await readFunnel(id)).body).toMatchObject({ page_id: null, version: read.body.version + 1 });

    expect((await t.api('DELETE', `/api/v1/funnels/${id}`)).status).toBe(200);
    expect((await readFunnel(id)).status).toBe(404);
  });

  it('shows an offer renumbered through the offers API (a foreign-key action on funnels)', async () => {
    const before = await readFunnel(2);
    const offers = (await t.api('GET', '/api/v1/offers')).body as {
      ID: number;
      offer_id: number;
      ef_offer_id: number | null;
      name: string;
      platform: string;
      store_id: number | null;
    }[];
    const offer = offers.find((o) => o.offer_id === before.body.offer);
    expect(offer).toBeDefined();
    const o = offer as NonNullable<typeof offer>;
    const renumbered = o.offer_id === 99_001 ? 99_002 : 99_001;
    const put = await t.api('PUT', `/api/v1/offers/${o.ID}`, {
      body: { offer_id: renumbered, ef_offer_id: o.ef_offer_id, name: o.name, platform: o.platform, store_id: o.store_id },
    });
    expect(put.status).toBe(200);
    expect((await readFunnel(2)).body.offer).toBe(renumbered);
  });

  it('shows a change another writer of the database made (no API call in between)', async () => {
    const before = await readFunnel(3);
    await t.server.db.db
      .update(funnels)
      .set({ name: 'Renamed in SQL', version: sql`${funnels.version} + 1` })
      .where(eq(funnels.ID, 3));
    expect((await readFunnel(3)).body).toMatchObject({ name: 'Renamed in SQL', version: before.body.version + 1 });
  });
});

describe('the signed-in user after a change in the database', () => {
  it('a role changed or a user deleted outside the API applies to the next request', async () => {
    const operator = await t.tokenOf('operator');
    const templates = () => t.api('GET', '/api/v1/templates', { token: operator });
    expect((await templates()).status).toBe(200);
    expect((await templates()).status).toBe(200);
    await t.server.db.db.update(users).set({ role_id: 3 }).where(eq(users.user_id, 2));
    expect((await templates()).status).toBe(403);
    await t.server.db.db.update(users).set({ role_id: 2 }).where(eq(users.user_id, 2));
    expect((await templates()).status).toBe(200);
    await t.server.db.db.delete(users).where(eq(users.user_id, 2));
    expect((await templates()).status).toBe(401);
  });
});

describe('headers', () => {
  it('every /api answer carries X-Content-Type-Options: nosniff, errors included', async () => {
    for (const [method, p, token] of [
      ['GET', '/api/v1/funnels/1', undefined],
      ['GET', '/api/v1/funnels/999999', undefined],
      ['GET', '/api/v1/funnels', null],
      ['GET', '/api/health', undefined],
    ] as const) {
      const r = await t.api(method, p, { token });
      expect(r.headers.get('X-Content-Type-Options'), `${method} ${p} → ${r.status}`).toBe('nosniff');
    }
  });
});

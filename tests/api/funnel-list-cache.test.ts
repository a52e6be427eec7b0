/**
 * The funnel list's answers kept in memory (cache.ts DataCaches.funnelLists) are never served
 * stale: a funnel renamed, locked, created or deleted through the API, and an offer renamed or
 * a domain linked in the database (statement triggers, migration 0017), show in the very next
 * list read of the same query. Runs on PGlite and again on PostgreSQL (run-on-postgres.ts),
 * where every request first reads the revisions.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelListItem } from '../../src/model/index.ts';
import { domains, offers } from '../../src/server/db/schema.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 0 });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const QUERY = 'per_page=25&sort=name';
/** The list's first page by name, twice (the second read is the kept one). */
async function page(): Promise<{ rows: FunnelListItem[]; total: number }> {
  let last: { rows: FunnelListItem[]; total: number } | null = null;
  for (let i = 0; i < 2; i++) {
    const r = await t.api('GET', `/api/v1/funnels?${QUERY}`);
    expect(r.status, r.text).toBe(200);
    const now = { rows: r.body as FunnelListItem[], total: Number(r.headers.get('X-Total-Count')) };
    if (last) expect(now).toEqual(last);
    last = now;
  }
  return last!;
}
const row = (rows: FunnelListItem[], id: number) => rows.find((f) => f.ID === id);

describe('funnel list answers kept in memory', () => {
  it('shows a funnel renamed and locked through the API at the next read', async () => {
    const before = await page();
    const open = before.rows.find((f) => !f.locked && before.rows[0]!.ID !== f.ID)!;
    const funnel = await t.api('GET', `/api/v1/funnels/${open.ID}`);
    const renamed = await t.api('PATCH', `/api/v1/funnels/${open.ID}`, {
      patch: true,
      body: [{ op: 'replace', path: '/name', value: 'Aaa renamed first' }],
      headers: { 'If-Match': `"${String((funnel.body as { version: number }).version)}"` },
    });
    expect(renamed.status, renamed.text).toBe(200);
    // Sorted by name, it now heads the page.
    const after = await page();
    expect(after.rows[0]).toMatchObject({ ID: open.ID, name: 'Aaa renamed first' });

    expect((await t.api('PUT', `/api/v1/funnels/${open.ID}/lock`, { body: { locked: true } })).status).toBe(200);
    expect(row((await page()).rows, open.ID)?.locked).toBe(true);
    expect((await t.api('PUT', `/api/v1/funnels/${open.ID}/lock`, { body: { locked: false } })).status).toBe(200);
    expect(row((await page()).rows, open.ID)?.locked).toBe(false);
  });

  it('counts a funnel created and one deleted at the next read', async () => {
    const before = await page();
    const offer = before.rows[0]!.offer;
    const created = await t.api('POST', '/api/v1/funnels', { body: { name: 'Aa new first', offer } });
    expect(created.status, created.text).toBe(201);
    const id = (created.body as { ID: number }).ID;
    const withNew = await page();
    expect(withNew.total).toBe(before.total + 1);
    expect(withNew.rows[0]?.ID).toBe(id);
    expect((await t.api('DELETE', `/api/v1/funnels/${id}`)).status).toBe(200);
    const without = await page();
    expect(without.total).toBe(before.total);
    expect(row(without.rows, id)).toBeUndefined();
  });

  it("shows an offer's new name and a domain linked in the database at the next read (statement triggers)", async () => {
    const before = await page();
    const f = before.rows.find((x) => !x.domain)!;
    const db = t.server.db.db;
    await db.update(offers).set({ name: 'Offer renamed underneath' }).where(eq(offers.offer_id, f.offer));
    expect(row((await page()).rows, f.ID)?.offer_name).toBe('Offer renamed underneath');

    const [free] = await db.select().from(domains).where(eq(domains.name, 'glowskin-offer.com'));
    expect(free).toBeDefined();
    await db.update(domains).set({ funnel_id: f.ID }).where(eq(domains.ID, free!.ID));
    const linked = row((await page()).rows, f.ID);
    expect(linked?.domain).not.toBeNull();
    await db.delete(domains).where(eq(domains.funnel_id, f.ID));
    expect(row((await page()).rows, f.ID)?.domain).toBeNull();
  });
});

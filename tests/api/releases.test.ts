/**
 * Releases with rollback and "What goes live" on the real server: every publish is
 * a `releases` row beside its directory, the newest live; rollback switches `current` back and
 * is audited; it is refused while locked (423), to the sticky role (403), for another funnel's
 * release (404) and for a pruned one (409); RELEASES_KEPT prunes directories and rows; a
 * concurrent rollback and publish leave exactly one live release, the one `current` serves.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/model/index.ts';
import { RELEASE_MSG, type Release } from '../../src/model/releases.ts';
import { domains, releases } from '../../src/server/db/schema.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { serverForTests } from './file-server.ts';

const SITE = 'glowskin-offer.com';

const t = serverForTests();

interface Chunk {
  progress: number;
  message: string;
}

/** Publishes funnel `id` on `server` and returns the last NDJSON line. */
async function publish(server: TestServer, id: number): Promise<Chunk> {
  const res = await fetch(`${server.url}/api/v1/funnels/${id}/publish`, { method: 'PUT', headers: { Authorization: `Bearer ${server.token}` } });
  const lines = (await res.text()).split('\n').filter((l) => l.trim() !== '');
  return JSON.parse(lines.at(-1) ?? '{}') as Chunk;
}

/** Sets the price of funnel 1's checkout (page 2) product 1 and returns what it was. */
async function setPrice(price: number): Promise<number> {
  const page = (await t.api('GET', '/api/v1/pages/2')).body as { version: number; meta: { products: { _price: number }[] } };
  const r = await t.api('PATCH', '/api/v1/pages/2', {
    patch: true,
    body: [{ op: 'replace', path: '/meta/products/1/_price', value: price }],
    headers: { 'If-Match': `"${page.version}"` },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return page.meta.products[1]!._price;
}

const list = async (id = 1): Promise<Release[]> => {
  const r = await t.api('GET', `/api/v1/funnels/${id}/releases`);
  expect(r.status).toBe(200);
  return r.body as Release[];
};
const rollback = (releaseId: number, id = 1, token?: string) => t.api('POST', `/api/v1/funnels/${id}/releases/${releaseId}/rollback`, { token });
const checkoutHtml = async () => (await fetch(`${t.url}/sites/${SITE}/checkout/`)).text();

/** Rows of `site` marked live, and the release `current` points to. */
async function liveState(server: TestServer, site: string): Promise<{ live: string[]; current: string }> {
  const rows = await server.server.db.db.select({ stamp: releases.stamp, live: releases.live }).from(releases).where(eq(releases.site, site));
  return { live: rows.filter((r) => r.live).map((r) => r.stamp), current: path.basename(fs.readlinkSync(path.join(server.sitesDir, site, 'current'))) };
}

describe('releases', () => {
  let first: Release;
  let second: Release;
  let oldPrice = 0;

  it('says "First release" before the first publish, and nothing once it is live', async () => {
    const pending = await t.api('GET', '/api/v1/funnels/1/releases/pending');
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual({ live_release: null, changes: [expect.stringMatching(/^First release: \d+ pages$/)] });
    expect(await list()).toEqual([]);

    expect(await publish(t, 1)).toEqual({ progress: 100, message: 'Done' });
    const after = await t.api('GET', '/api/v1/funnels/1/releases/pending');
    expect(after.body.changes).toEqual([]);
    expect(after.body.live_release).toEqual(expect.any(Number));
  });

  it('publishing twice makes two releases, the newest live, its changes the price', async () => {
    oldPrice = await setPrice(61.11);
    const pending = (await t.api('GET', '/api/v1/funnels/1/releases/pending')).body as { changes: string[] };
    const sentence = `price ${oldPrice.toFixed(2)} → 61.11`;
    expect(pending.changes).toEqual([expect.stringMatching(new RegExp(`^Checkout: .+ ${sentence}$`))]);

    expect(await publish(t, 1)).toEqual({ progress: 100, message: 'Done' });
    const all = await list();
    expect(all).toHaveLength(2);
    [second, first] = all as [Release, Release];
    expect(second.live).toBe(true);
    expect(first.live).toBe(false);
    expect(second.changes).toEqual(pending.changes);
    expect(first.changes).toEqual([expect.stringMatching(/^First release: \d+ pages$/)]);
    expect(second.user).toEqual({ name: expect.stringMatching(/\S/) });
    expect(second.page_count).toBeGreaterThan(1);
    expect(second.site).toBe(SITE);
    expect(await checkoutHtml()).toContain('$61.11');
    const log = (await t.api('GET', '/api/v1/funnels/1/audit_log')).body as { title: string; message: string }[];
    expect(log[0]).toMatchObject({ title: 'Published', message: expect.stringContaining(`(release ${second.ID}, `) });
    expect(await liveState(t, SITE)).toEqual({ live: [expect.any(String)], current: (await liveState(t, SITE)).live[0] });
  });

  it('rolls back: the old page is served, the release is live, the rollback audited', async () => {
    const r = await rollback(first.ID);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const answered = r.body as Release[];
    expect(answered.map((x) => [x.ID, x.live])).toEqual([
      [second.ID, false],
      [first.ID, true],
    ]);
    const html = await checkoutHtml();
    expect(html).toContain(`$${oldPrice.toFixed(2)}`);
    expect(html).not.toContain('$61.11');
    const log = (await t.api('GET', '/api/v1/funnels/1/audit_log')).body as { title: string; message: string; system: boolean }[];
    expect(log[0]).toMatchObject({ title: 'Rolled back', system: true });
    expect(log[0]!.message).toMatch(new RegExp(`^Rolled back ${SITE.replace(/\./g, '\\.')} to the release of \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC by \\S`));
    const state = await liveState(t, SITE);
    expect(state.live).toEqual([state.current]);

    // Rolling back to the live release changes nothing and writes no note.
    const again = await rollback(first.ID);
    expect(again.status).toBe(200);
    const log2 = (await t.api('GET', '/api/v1/funnels/1/audit_log')).body as { ID: number }[];
    expect(log2[0]!.ID).toBe((log[0] as unknown as { ID: number }).ID);
    // What goes live now is the price change again, against the rolled-back release.
    const pending = (await t.api('GET', '/api/v1/funnels/1/releases/pending')).body as { live_release: number; changes: string[] };
    expect(pending.live_release).toBe(first.ID);
    expect(pending.changes).toEqual(second.changes);
  });

  it('refuses while the funnel is locked (423), to the sticky role (403), for another funnel (404)', async () => {
    expect((await t.api('PUT', '/api/v1/funnels/1/lock', { body: { locked: true } })).status).toBe(200);
    const locked = await rollback(second.ID);
    expect(locked.status).toBe(423);
    expect(locked.body).toEqual({ message: MSG.locked });
    expect((await t.api('PUT', '/api/v1/funnels/1/lock', { body: { locked: false } })).status).toBe(200);

    const sticky = await t.tokenOf('sticky');
    expect((await rollback(second.ID, 1, sticky)).status).toBe(403);
    expect((await t.api('GET', '/api/v1/funnels/1/releases', { token: sticky })).status).toBe(200);

    const other = await rollback(second.ID, 2);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: RELEASE_MSG.notFound });
    expect((await t.api('GET', '/api/v1/funnels/99999/releases')).status).toBe(404);
    expect((await t.api('GET', '/api/v1/funnels/99999/releases/pending')).status).toBe(404);
    expect((await rollback(99999)).status).toBe(404);
    // Still the first release live.
    expect((await list()).find((x) => x.live)?.ID).toBe(first.ID);
  });

  it('refuses a release whose directory was pruned (409), keeping the live one', async () => {
    const stamp = (await t.server.db.db.select({ stamp: releases.stamp }).from(releases).where(eq(releases.ID, second.ID)))[0]!.stamp;
    const dir = path.join(t.sitesDir, SITE, 'releases', stamp);
    const aside = `${dir}.aside`;
    fs.renameSync(dir, aside);
    try {
      const r = await rollback(second.ID);
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(/^The release of .+ was pruned: its files are gone/);
      expect((await list()).find((x) => x.live)?.ID).toBe(first.ID);
      expect(await checkoutHtml()).toContain(`$${oldPrice.toFixed(2)}`);
    } finally {
      fs.renameSync(aside, dir);
    }
  });

  it('refuses a release of a site the funnel no longer publishes to (409: the domain changed since)', async () => {
    for (let i = 0; i < 2; i++) expect(await publish(t, 2)).toEqual({ progress: 100, message: 'Done' });
    const older = (await list(2)).find((x) => !x.live)!;
    expect(older.site).toBe('funnel-2.localhost');
    const db = t.server.db.db;
    await db.update(domains).set({ funnel_id: 2 }).where(eq(domains.name, 'purebrite-smile.com'));
    try {
      const r = await rollback(older.ID, 2);
      expect(r.status).toBe(409);
      expect(r.body).toEqual({ message: RELEASE_MSG.otherSite('funnel-2.localhost', 'purebrite-smile.com') });
    } finally {
      await db.update(domains).set({ funnel_id: null }).where(eq(domains.name, 'purebrite-smile.com'));
    }
    expect((await rollback(older.ID, 2)).status).toBe(200);
  });

  it('a concurrent rollback and publish leave exactly one live release, the one `current` serves', async () => {
    for (let round = 0; round < 3; round++) {
      const target = (await list()).find((x) => !x.live)!;
      const [rb, pub] = await Promise.all([rollback(target.ID), publish(t, 1)]);
      expect(rb.status).toBe(200);
      expect(pub).toEqual({ progress: 100, message: 'Done' });
      const state = await liveState(t, SITE);
      expect(state.live).toEqual([state.current]);
      const listed = await list();
      expect(listed.filter((x) => x.live)).toHaveLength(1);
    }
  });
});

describe('RELEASES_KEPT', () => {
  let s: TestServer;
  beforeAll(async () => {
    process.env.RELEASES_KEPT = '2';
    try {
      s = await startTestServer();
    } finally {
      delete process.env.RELEASES_KEPT;
    }
  });
  afterAll(async () => {
    await s?.close();
  });

  it('prunes directories and rows past the count, old file-only releases too, never the live one', async () => {
    const site = 'funnel-2.localhost';
    const releasesDir = path.join(s.sitesDir, site, 'releases');
    // A release written before releases had rows: a directory only.
    fs.mkdirSync(path.join(releasesDir, '2000-01-01T00-00-00-000Z-old0'), { recursive: true });
    for (let i = 0; i < 3; i++) expect(await publish(s, 2)).toEqual({ progress: 100, message: 'Done' });
    const listed = (await s.api('GET', '/api/v1/funnels/2/releases')).body as Release[];
    expect(listed).toHaveLength(2);
    expect(listed.map((x) => x.live)).toEqual([true, false]);
    const rows = await s.server.db.db.select({ stamp: releases.stamp }).from(releases).where(eq(releases.site, site));
    expect(fs.readdirSync(releasesDir).sort()).toEqual(rows.map((r) => r.stamp).sort());
    const state = await liveState(s, site);
    expect(state.live).toEqual([state.current]);
    // Rolled back to the older one, which a publish then leaves the newest-but-one: still kept.
    const older = listed[1]!;
    expect((await s.api('POST', `/api/v1/funnels/2/releases/${older.ID}/rollback`)).status).toBe(200);
    expect(fs.readdirSync(releasesDir)).toHaveLength(2);
  });
});

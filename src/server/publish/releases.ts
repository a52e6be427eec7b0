/**
 * Releases with rollback (src/server/README.md). Every publish writes release `<stamp>` of
 * `<site>` into the release store (release-store.ts: `${SITES_DIR}/<site>/releases/<stamp>/`, or
 * `releases/<site>/<stamp>/` in the bucket with FILE_STORAGE=s3) and a `releases` row; the site
 * serves the one row marked `live` — through `<site>/current` (a symlink switched atomically)
 * on disk, through the row itself in a bucket.
 *
 * One site is changed by one writer at a time: inside a process by {@link acquireSite} (a
 * promise chain per site), across API processes on one PostgreSQL by a transaction-scoped
 * advisory lock per site ({@link lockSite}), taken by every transaction that switches the live
 * release or prunes. The row and the pointer change together: the row is written first and the
 * switch is the transaction's last step; a failed switch rolls the row back, a failed commit
 * puts the previous pointer back.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { funnelView, localSiteName, MSG, type Funnel, type Page, type SessionUser } from '../../model/index.ts';
import { RELEASE_MSG, type Release, type ReleaseSnapshot } from '../../model/releases.ts';
import type { Db, Tx } from '../db/index.ts';
import { auditLogs, offers, releases, templates, users } from '../db/schema.ts';
import { ApiError } from '../http.ts';
import { funnelDomain, funnelPages, getFunnel, type Q } from '../repo.ts';
import type { ReleaseStore } from './release-store.ts';

/** Domain names (and `funnel-<id>.localhost`) that may become a directory name. */
const DOMAIN_RE = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

/** True when `name` is a syntactically valid site (domain) name. */
export function isSiteName(name: string): boolean {
  return DOMAIN_RE.test(name);
}

/** The site name a funnel publishes to: its domain, or `funnel-<id>.localhost` without one. */
export async function siteNameOf(db: Q, funnelId: number): Promise<string> {
  return (await funnelDomain(db, funnelId))?.toLowerCase() ?? localSiteName(funnelId);
}

// One writer per site at a time inside this process: the tail of each site's queue.
const queues = new Map<string, Promise<void>>();

/**
 * Waits for every earlier writer of `site` in this process, then holds the site.
 * @returns the release function (call it exactly once, in a `finally`).
 */
export async function acquireSite(site: string): Promise<() => void> {
  const previous = queues.get(site) ?? Promise.resolve();
  let release: () => void = () => {};
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = previous.then(() => mine);
  queues.set(site, tail);
  await previous;
  return () => {
    release();
    if (queues.get(site) === tail) queues.delete(site);
  };
}

/** Takes the advisory lock of `site` for the rest of transaction `tx` (serialises API processes on one database). */
export async function lockSite(tx: Tx, site: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`site:${site}`}))`);
}

/**
 * What publishing `funnel` with `pages` puts live: the funnel as the API shows it (no
 * secret), every page, the offer's and the templates' names.
 */
export async function snapshotOf(q: Q, funnel: Funnel, pages: readonly Page[]): Promise<ReleaseSnapshot> {
  const ids = [...new Set(pages.map((p) => p.template_id).filter((id): id is number => id != null))];
  const tpls = ids.length ? await q.select({ ID: templates.ID, name: templates.name }).from(templates).where(inArray(templates.ID, ids)) : [];
  const [offer] = funnel.offer ? await q.select({ name: offers.name }).from(offers).where(eq(offers.offer_id, funnel.offer)) : [];
  return {
    funnel: funnelView(funnel),
    pages: pages.map((p) => ({
      ID: p.ID,
      name: p.name,
      page_path: p.page_path,
      page_type: p.page_type,
      page_id: p.page_id,
      page_alt_id: p.page_alt_id,
      split: p.split,
      template_id: p.template_id,
      meta: p.meta,
    })),
    offer_name: offer?.name ?? null,
    templates: Object.fromEntries(tpls.map((t) => [String(t.ID), t.name])),
  };
}

/** The stamp of `site`'s live release (the row marked live), or null when it has none. */
export async function liveStampOf(q: Q, site: string): Promise<string | null> {
  const [row] = await q
    .select({ stamp: releases.stamp })
    .from(releases)
    .where(and(eq(releases.site, site), eq(releases.live, true)));
  return row?.stamp ?? null;
}

/** The live release of `site` when it is one of funnel `funnelId`'s, else null (never published there). */
export async function liveReleaseOf(q: Q, funnelId: number, site: string): Promise<{ ID: number; snapshot: ReleaseSnapshot } | null> {
  const [row] = await q
    .select({ ID: releases.ID, snapshot: releases.snapshot })
    .from(releases)
    .where(and(eq(releases.site, site), eq(releases.live, true), eq(releases.funnel_id, funnelId)));
  return row ?? null;
}

/** The saved funnel `funnelId` and its pages as a snapshot, with the live release it would replace. @throws ApiError 404. */
export async function pendingSnapshot(
  db: Db,
  funnelId: number,
): Promise<{ snapshot: ReleaseSnapshot; live: { ID: number; snapshot: ReleaseSnapshot } | null }> {
  const funnel = await getFunnel(db, funnelId);
  const pages = await funnelPages(db, funnelId);
  const site = await siteNameOf(db, funnelId);
  return { snapshot: await snapshotOf(db, funnel, pages), live: await liveReleaseOf(db, funnelId, site) };
}

/** A release's date as the audit note and the 409s say it: "2026-05-03 14:05 UTC". */
export const releaseDate = (d: Date): string => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** What {@link commitRelease} records. */
export interface NewRelease {
  /** The store the release's files are in (its pointer is switched). */
  store: ReleaseStore;
  site: string;
  stamp: string;
  funnel: Funnel;
  snapshot: ReleaseSnapshot;
  changes: (before: ReleaseSnapshot | null) => string[];
  user: SessionUser;
}

/**
 * Records release `stamp` (its files already written) as `site`'s live release and
 * switches the store's pointer to it, in one transaction under the site's advisory lock: the previous
 * live row is unmarked, the row inserted with its `changes` (against the live release it
 * replaces), the audit note "Published" written, and the pointer switched last. When the switch
 * fails nothing is committed; when the commit fails the previous pointer is put back. The
 * caller removes the release's files on any error. @returns the new row's ID.
 */
export async function commitRelease(db: Db, r: NewRelease): Promise<number> {
  let undo: (() => Promise<void>) | null = null;
  try {
    return await db.transaction(async (tx) => {
      await lockSite(tx, r.site);
      const before = await liveReleaseOf(tx, r.funnel.ID, r.site);
      await tx
        .update(releases)
        .set({ live: false })
        .where(and(eq(releases.site, r.site), eq(releases.live, true)));
      const [row] = await tx
        .insert(releases)
        .values({
          funnel_id: r.funnel.ID,
          site: r.site,
          stamp: r.stamp,
          user_id: r.user.user_id,
          funnel_version: r.funnel.version,
          snapshot: r.snapshot,
          changes: r.changes(before?.snapshot ?? null),
          live: true,
        })
        .returning({ ID: releases.ID });
      if (!row) throw new Error('the release row was not written');
      await tx.insert(auditLogs).values({
        type: 'note',
        funnel_id: r.funnel.ID,
        title: 'Published',
        user_id: r.user.user_id,
        message: `Published ${r.snapshot.pages.length} pages to ${r.site} (release ${row.ID}, ${r.stamp})`,
      });
      undo = await r.store.switchLive(r.site, r.stamp);
      return row.ID;
    });
  } catch (e) {
    const putBack = undo as (() => Promise<void>) | null;
    if (putBack) await putBack().catch((err: unknown) => console.error('putting the previous release back failed', err));
    throw e;
  }
}

/**
 * Deletes the releases of `site` past the newest `keep` — files and rows alike, old
 * file-only releases (no row) too — never the live one (the row marked live, and what the
 * store's pointer names). Under the site's advisory lock; files go after the commit.
 */
export async function pruneReleases(db: Db, store: ReleaseStore, site: string, keep: number): Promise<void> {
  const gone = await db.transaction(async (tx) => {
    await lockSite(tx, site);
    const dirs = await store.stamps(site);
    const rows = await tx.select({ stamp: releases.stamp, live: releases.live }).from(releases).where(eq(releases.site, site));
    const current = (await store.pointer(site)) ?? '';
    const all = [...new Set([...dirs, ...rows.map((r) => r.stamp)])].sort();
    const kept = new Set([...all.slice(-Math.max(1, keep)), current, ...rows.filter((r) => r.live).map((r) => r.stamp)]);
    const out = all.filter((s) => !kept.has(s));
    if (out.length) await tx.delete(releases).where(and(eq(releases.site, site), inArray(releases.stamp, out)));
    return out;
  });
  for (const stamp of gone) await store.remove(site, stamp);
}

/** Releases of funnel `funnelId`, newest first, as `GET /api/v1/funnels/{id}/releases` answers them. */
export async function listReleases(q: Q, funnelId: number): Promise<Release[]> {
  const rows = await q
    .select({
      ID: releases.ID,
      CreatedAt: releases.CreatedAt,
      name: users.name,
      live: releases.live,
      site: releases.site,
      changes: releases.changes,
      page_count: sql<number>`jsonb_array_length(${releases.snapshot}->'pages')`.mapWith(Number),
    })
    .from(releases)
    .leftJoin(users, eq(users.user_id, releases.user_id))
    .where(eq(releases.funnel_id, funnelId))
    .orderBy(desc(releases.CreatedAt), desc(releases.ID));
  return rows.map((r) => ({
    ID: r.ID,
    CreatedAt: r.CreatedAt.toISOString(),
    user: { name: r.name ?? '' },
    live: r.live,
    site: r.site,
    page_count: r.page_count,
    changes: r.changes,
  }));
}

/**
 * Rolls funnel `funnelId`'s site back to release `releaseId`: switches the store's pointer
 * to it atomically (in a bucket the row is the pointer, copied to `live/<site>.json` after the commit), marks it live and writes the system audit note "Rolled back"
 * ("Rolled back <site> to the release of <date> by <name>", name: who published it), in one
 * transaction under the site's advisory lock and this process's site queue. Rolling back to
 * the live release does nothing.
 * @throws ApiError 404 'Funnel not found' / 'Release not found' (also a release of another
 * funnel), 423 while the funnel is locked, 409 when the release's files were pruned or the
 * funnel's site changed domain since.
 */
export async function rollbackRelease(db: Db, store: ReleaseStore, funnelId: number, releaseId: number, user: SessionUser): Promise<void> {
  const funnel = await getFunnel(db, funnelId);
  if (funnel.locked) throw new ApiError(423, MSG.locked);
  const [found] = await db
    .select({ site: releases.site })
    .from(releases)
    .where(and(eq(releases.ID, releaseId), eq(releases.funnel_id, funnelId)));
  if (!found) throw new ApiError(404, RELEASE_MSG.notFound);
  const site = await siteNameOf(db, funnelId);
  if (found.site !== site) throw new ApiError(409, RELEASE_MSG.otherSite(found.site, site));
  const unlock = await acquireSite(site);
  let undo: (() => Promise<void>) | null = null;
  try {
    await db.transaction(async (tx) => {
      await lockSite(tx, site);
      // Read again under the lock: a concurrent publish may have pruned it or locked the funnel.
      if ((await getFunnel(tx, funnelId)).locked) throw new ApiError(423, MSG.locked);
      const [row] = await tx
        .select({ release: releases, name: users.name })
        .from(releases)
        .leftJoin(users, eq(users.user_id, releases.user_id))
        .where(and(eq(releases.ID, releaseId), eq(releases.funnel_id, funnelId)));
      if (!row) throw new ApiError(409, RELEASE_MSG.pruned('that date'));
      const r = row.release;
      if (r.live) return;
      const date = releaseDate(r.CreatedAt);
      if (!(await store.has(site, r.stamp))) throw new ApiError(409, RELEASE_MSG.pruned(date));
      await tx
        .update(releases)
        .set({ live: false })
        .where(and(eq(releases.site, site), eq(releases.live, true)));
      await tx.update(releases).set({ live: true }).where(eq(releases.ID, r.ID));
      await tx.insert(auditLogs).values({
        type: 'note',
        funnel_id: funnelId,
        title: 'Rolled back',
        user_id: user.user_id,
        message: `Rolled back ${site} to the release of ${date} by ${row.name || 'a removed account'}`,
      });
      undo = await store.switchLive(site, r.stamp);
    });
    // The bucket's copy of the pointer, for a static host (release-store.ts); the row is already live.
    await store.writePointer(site).catch((e: unknown) => console.error(`writing the live pointer of ${site} failed`, e));
  } catch (e) {
    const putBack = undo as (() => Promise<void>) | null;
    if (putBack) await putBack().catch((err: unknown) => console.error('putting the previous release back failed', err));
    throw e;
  } finally {
    unlock();
  }
}

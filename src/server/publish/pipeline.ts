/**
 * Publishing (src/server/README.md; 000 §4, §7 PUT /api/v1/funnels/{id}/publish):
 * validate the funnel (the pre-publish check, src/model/flow-check.ts), render every page with the ONE
 * renderer, write a new release (a directory, or a bucket prefix with FILE_STORAGE=s3;
 * release-store.ts), record it as a `releases` row and switch the live release to it atomically
 * (releases.ts), keeping the previous releases for rollback
 * (pruned past RELEASES_KEPT). Progress is reported as `{progress, message}` steps that never
 * decrease, ending at 100 'Done' or with an error step at 0 (the live release is untouched).
 */
import { asc, eq } from 'drizzle-orm';
import { flowProblems, type Page, type SessionUser, type Template } from '../../model/index.ts';
import { releaseChanges } from '../../model/releases.ts';
import { DEFAULT_RELEASES_KEPT } from '../config.ts';
import type { Db } from '../db/index.ts';
import { offers, pixels, templates } from '../db/schema.ts';
import { serverDom } from '../dom.ts';
import { funnelPages, getFunnel, toTemplate } from '../repo.ts';
import { commentText } from './filters.ts';
import { renderPage } from './render.ts';
import { publicMessage } from '../http.ts';
import { acquireSite, commitRelease, isSiteName, pruneReleases, siteNameOf, snapshotOf } from './releases.ts';
import type { ReleaseFile, ReleaseStore } from './release-store.ts';

export { isSiteName, siteNameOf };

/** One line of the publish stream. */
export interface PublishProgress {
  progress: number;
  message: string;
}

class PublishError extends Error {}

/**
 * The operator-facing reason a funnel cannot be published, or null: the pre-publish check's
 * errors ({@link flowProblems}; the client runs the same check), one line each.
 * Warnings (an unreachable page, a dead end, a split page without conditions) do not refuse:
 * the Publish button has asked about them already.
 */
export function publishRefusal(funnel: { page_id: number | null; offer: number | null }, pages: readonly Page[], offerExists: boolean): string | null {
  const errors = flowProblems({ funnel, pages, offerExists }).filter((p) => p.level === 'error');
  return errors.length ? errors.map((p) => p.message).join('\n') : null;
}

/**
 * Publishes funnel `funnelId` into `store` (the release store of FILE_STORAGE), yielding progress steps; then prunes the site's
 * releases past the newest `keep` (RELEASES_KEPT).
 * Never throws for publish failures: they end the stream with `{progress: 0, message}`.
 */
export async function* publishFunnel(
  db: Db,
  store: ReleaseStore,
  funnelId: number,
  user: SessionUser,
  keep = DEFAULT_RELEASES_KEPT,
): AsyncGenerator<PublishProgress> {
  let last = 0;
  const step = (progress: number, message: string): PublishProgress => {
    last = Math.max(last, Math.min(100, Math.round(progress)));
    return { progress: last, message };
  };
  let written: { site: string; stamp: string } | null = null;
  let switched = false;
  let unlock: () => void = () => {};
  try {
    yield step(1, 'Validating funnel');
    const funnel = await getFunnel(db, funnelId);
    const pages = await funnelPages(db, funnelId);
    const [offer] = funnel.offer ? await db.select({ ID: offers.ID }).from(offers).where(eq(offers.offer_id, funnel.offer)) : [];
    // The check runs before anything is written: a refusal leaves the live release untouched.
    const problem = publishRefusal(funnel, pages, Boolean(offer));
    if (problem) throw new PublishError(problem);
    const site = await siteNameOf(db, funnelId);
    if (!isSiteName(site)) throw new PublishError(`Domain ${site} is not a valid domain name`);

    unlock = await acquireSite(site);
    yield step(5, `Publishing ${pages.length} pages to ${site}`);

    const tpls = new Map<number, Template>((await db.select().from(templates)).map((t) => [t.ID, toTemplate(t)]));
    const { document } = await serverDom();
    const funnelPixels = (await db.select().from(pixels).where(eq(pixels.funnel_id, funnelId)).orderBy(asc(pixels.ID))).map((p) => ({
      ...p,
      code: decorativeBeacons(p.code, document),
    }));
    const pagesById = new Map(pages.map((p) => [p.ID, p]));
    const rendered: { page: Page; html: string }[] = [];
    for (const [i, page] of pages.entries()) {
      const template = page.template_id != null ? (tpls.get(page.template_id) ?? null) : null;
      try {
        const html = await renderPage(page, template, funnel, { pagesById });
        rendered.push({
          page,
          html: injectPixels(
            html,
            funnelPixels.filter((p) => p.page === page.ID),
          ),
        });
      } catch (e) {
        throw new PublishError(`Page "${page.name}" could not be rendered: ${publicMessage(e)}`);
      }
      yield step(5 + (80 * (i + 1)) / pages.length, `Rendered ${page.name} (${page.page_path})`);
    }

    const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 6)}`;
    const html = 'text/html; charset=utf-8';
    const files: ReleaseFile[] = rendered.map(({ page, html: body }) => ({
      path: [...page.page_path.split('/').filter(Boolean), 'index.html'].join('/'),
      body: Buffer.from(body),
      contentType: html,
    }));
    const manifest = {
      funnel_id: funnel.ID,
      funnel_version: funnel.version,
      published_at: new Date().toISOString(),
      by: user.email,
      pages: pages.map((p) => ({ ID: p.ID, page_path: p.page_path, version: p.version })),
    };
    files.push({ path: 'release.json', body: Buffer.from(JSON.stringify(manifest, null, 2)), contentType: 'application/json' });
    written = { site, stamp };
    await store.write(site, stamp, files);
    yield step(90, 'Release written');

    // The row, the audit note and the atomic switch of `current` commit together (releases.ts).
    const snapshot = await snapshotOf(db, funnel, pages);
    await commitRelease(db, { store, site, stamp, funnel, snapshot, changes: (before) => releaseChanges(before, snapshot), user });
    switched = true;
    yield step(95, `Switched ${site} to the new release`);
    // The bucket's copy of the pointer, for a static host (release-store.ts); the row is already live.
    await store.writePointer(site).catch((e: unknown) => console.error(`writing the live pointer of ${site} failed`, e));

    await pruneReleases(db, store, site, keep).catch((e: unknown) => console.error(`pruning the releases of ${site} failed`, e));
    yield { progress: 100, message: 'Done' };
  } catch (e) {
    if (written && !switched) await store.remove(written.site, written.stamp).catch(() => {});
    if (!(e instanceof PublishError)) console.error('publish failed', e);
    yield { progress: 0, message: e instanceof PublishError ? e.message : `Publishing failed: ${publicMessage(e)}` };
  } finally {
    unlock();
  }
}

/**
 * Tracking beacons in a pixel's code (`<img>` 1×1 images, 001 §3 Pixel) are not content:
 * each `<img>` without an `alt` gets `alt=""` so screen readers skip it and the published
 * page keeps its accessibility (Lighthouse image-alt). Parsed with the server's DOM (a
 * `<template>`, so nothing in the code runs); code without `<img` is returned as it is.
 */
export function decorativeBeacons(code: string, document: Document): string {
  if (!/<img\b/i.test(code)) return code;
  const t = document.createElement('template');
  t.innerHTML = code;
  const imgs = [...t.content.querySelectorAll('img:not([alt])')];
  if (!imgs.length) return code;
  for (const img of imgs) img.setAttribute('alt', '');
  return t.innerHTML;
}

/**
 * Adds a page's pixels (001 §3 Pixel: location head or body) to its rendered HTML: `head`
 * codes before `</head>`, `body` codes before `</body>` (appended when a tag is missing).
 * The code is the operator's tracking snippet, stored normalised (001 §5); each is preceded by
 * a comment naming the pixel.
 */
export function injectPixels(html: string, list: { name: string; location: string; code: string }[]): string {
  // The name is the operator's label, written as inert comment text (commentText): a name such
  // as '--->' can no longer end the comment and put the rest of it on the page.
  const block = (loc: string) =>
    list
      .filter((p) => p.location === loc)
      .map((p) => `<!-- pixel: ${commentText(p.name)} -->${p.code}`)
      .join('\n');
  let out = html;
  const head = block('head');
  if (head) {
    const i = out.search(/<\/head>/i);
    out = i >= 0 ? `${out.slice(0, i)}${head}\n${out.slice(i)}` : `${head}\n${out}`;
  }
  const body = block('body');
  if (body) {
    const m = [...out.matchAll(/<\/body>/gi)].at(-1);
    out = m?.index !== undefined ? `${out.slice(0, m.index)}${body}\n${out.slice(m.index)}` : `${out}\n${body}`;
  }
  return out;
}

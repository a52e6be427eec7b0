/**
 * Who uses a template, a product or an offer (a delete of one that pages use, in the
 * saved funnels or in a live release, is refused with the list of pages, 409). Reads only.
 */
import { asc, eq } from 'drizzle-orm';
import { inUseMessage, metaUsesProduct, type PageUse } from '../model/usage.ts';
import type { Q } from './repo.ts';
import { funnels, pages, releases } from './db/schema.ts';
import { ApiError } from './http.ts';

/** One page as {@link pagesUsing} tests it. */
interface CandidatePage {
  ID: number;
  name: string;
  page_path: string;
  template_id: number | null;
  meta: unknown;
}

/**
 * The pages that use something, by `uses(page, funnelOffer)`: every saved page, then every page
 * of each live release (marked `live`; a saved page also served live is listed once, live).
 * In funnel then path order.
 */
export async function pagesUsing(q: Q, uses: (page: CandidatePage, funnelOffer: number | null) => boolean): Promise<PageUse[]> {
  const found = new Map<string, PageUse>();
  const saved = await q
    .select({ p: pages, f: { ID: funnels.ID, name: funnels.name, offer: funnels.offer } })
    .from(pages)
    .innerJoin(funnels, eq(funnels.ID, pages.funnel_id))
    .orderBy(asc(funnels.ID), asc(pages.page_path));
  for (const { p, f } of saved) {
    if (uses(p, f.offer)) found.set(`${f.ID}:${p.ID}`, { funnel_id: f.ID, funnel_name: f.name, ID: p.ID, name: p.name, page_path: p.page_path, live: false });
  }
  const live = await q.select({ funnel_id: releases.funnel_id, snapshot: releases.snapshot }).from(releases).where(eq(releases.live, true));
  for (const r of live) {
    const snap = r.snapshot;
    for (const p of snap.pages ?? []) {
      if (!uses(p, snap.funnel.offer ?? null)) continue;
      const key = `${r.funnel_id}:${p.ID}`;
      const had = found.get(key);
      found.set(
        key,
        had ? { ...had, live: true } : { funnel_id: r.funnel_id, funnel_name: snap.funnel.name, ID: p.ID, name: p.name, page_path: p.page_path, live: true },
      );
    }
  }
  return [...found.values()].sort((a, b) => a.funnel_id - b.funnel_id || a.page_path.localeCompare(b.page_path));
}

/** Pages rendered with template `templateId`. */
export const pagesUsingTemplate = (q: Q, templateId: number) => pagesUsing(q, (p) => p.template_id === templateId);

/** Pages that offer product `productId` of offer `offerId` (their funnel's offer is that offer). */
export const pagesUsingProduct = (q: Q, offerId: number, productId: number) =>
  pagesUsing(q, (p, offer) => offer === offerId && metaUsesProduct(p.meta, productId));

/** Pages of funnels on offer `offerId` (their funnel sells it). */
export const pagesUsingOffer = (q: Q, offerId: number) => pagesUsing(q, (_p, offer) => offer === offerId);

/** @throws ApiError 409 `{ message, pages }` ({@link inUseMessage}) when `used` is not empty. */
export function refuseInUse(what: string, used: readonly PageUse[], todo: string): void {
  if (used.length) throw new ApiError(409, inUseMessage(what, used, todo), {}, { pages: used });
}

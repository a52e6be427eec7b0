/**
 * The pages flow as a graph, and what each gesture of the diagram changes (001 §4 "Page flow:
 * connecting a node's main handle sets the next page; the second handle (on split and upsell
 * pages) sets the skip page; dropping an edge loose clears it; reconnecting swaps"). Pure: the
 * diagram turns every {@link LinkChange} into a command on the page's `page:<id>` document.
 */
import { splitShares, type Page } from '../../model';

/** A page's outgoing link: `next` is `page_id` (the main handle), `skip` is `page_alt_id` (the second handle). */
export type LinkSlot = 'next' | 'skip';

/** The page field behind each slot (001 §3). */
export const SLOT_FIELD = { next: 'page_id', skip: 'page_alt_id' } as const satisfies Record<LinkSlot, keyof Page>;

/** What the graph needs of a page. */
export type FlowPage = Pick<Page, 'ID' | 'name' | 'page_type' | 'page_path' | 'page_id' | 'page_alt_id' | 'split'>;

/** One link to set: `pageId`'s `slot` points at `target` (null clears it). */
export interface LinkChange {
  readonly pageId: number;
  readonly slot: LinkSlot;
  readonly target: number | null;
}

/** One drawn edge: a link to a page of the funnel. */
export interface FlowLink {
  readonly id: string;
  readonly source: number;
  readonly target: number;
  readonly slot: LinkSlot;
  /** Shown on the edge: a split's share or conditions, 'skip' on an upsell's skip link. */
  readonly label?: string;
}

/** Page types with the second (skip) handle (001 §4). */
const SKIP_TYPES: readonly Page['page_type'][] = ['split', 'upsell1', 'upsell2'];

/** Whether the page's node has the second handle: split and upsell pages, and any page whose skip page is set. */
export function hasSkipHandle(p: Pick<FlowPage, 'page_type' | 'page_alt_id'>): boolean {
  return SKIP_TYPES.includes(p.page_type) || p.page_alt_id != null;
}

/** The edge id of a page's link: stable, so React Flow keeps selection across edits. */
export const linkId = (source: number, slot: LinkSlot) => `${slot}:${source}`;

/**
 * The label of a page's link: on a split page the skip link shows its match conditions
 * ('utm_source = fb') and its share ('30%'), the next link the rest ('70%', or 'otherwise'
 * when only matches decide); an upsell's skip link says 'skip'. See `splitShares` (src/model/flow-check.ts).
 */
export function linkLabel(p: Pick<FlowPage, 'page_type' | 'split'>, slot: LinkSlot): string | undefined {
  if (p.page_type !== 'split') return slot === 'skip' ? 'skip' : undefined;
  const matches = (p.split ?? []).filter((c) => c.type === 'match').map((c) => `${c.param} = ${c.value}`);
  const hasPercent = (p.split ?? []).some((c) => c.type === 'percent');
  const { skip, next } = splitShares(p);
  if (slot === 'next') return hasPercent ? `${next}%` : matches.length ? 'otherwise' : undefined;
  return [...matches, ...(hasPercent ? [`${skip}%`] : [])].join(' or ') || undefined;
}

/** Every link between pages of the funnel (a link to a page that does not exist is not drawn: the check reports it). */
export function flowLinks(pages: readonly FlowPage[]): FlowLink[] {
  const ids = new Set(pages.map((p) => p.ID));
  const out: FlowLink[] = [];
  for (const p of pages) {
    for (const slot of ['next', 'skip'] as const) {
      const target = p[SLOT_FIELD[slot]];
      if (target == null || !ids.has(target)) continue;
      const label = linkLabel(p, slot);
      out.push(label === undefined ? { id: linkId(p.ID, slot), source: p.ID, target, slot } : { id: linkId(p.ID, slot), source: p.ID, target, slot, label });
    }
  }
  return out;
}

const other = (slot: LinkSlot): LinkSlot => (slot === 'next' ? 'skip' : 'next');

/**
 * Connecting `source`'s `slot` handle to `target` sets that link (both links may lead to one
 * page: an upsell's yes and no often both go to the thank-you page).
 * @returns the changes, [] when nothing changes or the link is refused (a page to itself, a page that does not exist).
 */
export function connectChanges(pages: readonly FlowPage[], source: number, slot: LinkSlot, target: number): LinkChange[] {
  const p = pages.find((x) => x.ID === source);
  if (!p || source === target || !pages.some((x) => x.ID === target)) return [];
  return p[SLOT_FIELD[slot]] === target ? [] : [{ pageId: source, slot, target }];
}

/**
 * Moving an end of an existing link (001 §4 "reconnecting swaps"):
 * - the target end onto another page: the slot points there; if the page's other slot already
 *   pointed there, that slot takes the old target (swap);
 * - the source end onto the same page's other handle: next and skip swap;
 * - the source end onto another page: the old link is cleared and the new page's slot set.
 * @returns the changes, [] for a no-op (React Flow also reports a drop onto the same place) or a refused link.
 */
export function reconnectChanges(
  pages: readonly FlowPage[],
  old: Pick<FlowLink, 'source' | 'target' | 'slot'>,
  to: { source: number; slot: LinkSlot; target: number },
): LinkChange[] {
  if (to.source === to.target || !pages.some((x) => x.ID === to.target)) return [];
  const p = pages.find((x) => x.ID === to.source);
  if (!p) return [];
  if (old.source === to.source && old.slot === to.slot) {
    const changes = connectChanges(pages, to.source, to.slot, to.target);
    // Onto the page the other link leads to: the two trade places.
    const otherSlot = other(to.slot);
    if (changes.length && p[SLOT_FIELD[otherSlot]] === to.target) return [...changes, { pageId: to.source, slot: otherSlot, target: old.target }];
    return changes;
  }
  if (old.source === to.source) {
    // Same page, the other handle: the two links trade places.
    return [
      { pageId: to.source, slot: to.slot, target: to.target },
      { pageId: to.source, slot: old.slot, target: p[SLOT_FIELD[to.slot]] },
    ].filter((c) => p[SLOT_FIELD[c.slot]] !== c.target);
  }
  const set = connectChanges(pages, to.source, to.slot, to.target);
  return set.length ? [{ pageId: old.source, slot: old.slot, target: null }, ...set] : [];
}

/** Clearing links (an edge dropped loose, or deleted with the Delete key). */
export function disconnectChanges(links: readonly Pick<FlowLink, 'source' | 'slot'>[]): LinkChange[] {
  return links.map((l) => ({ pageId: l.source, slot: l.slot, target: null }));
}

/**
 * The command label of a set of changes, as the undo menu and the audit log show it:
 * 'Set next page of Checkout to Upsell 1', 'Clear skip page of Upsell 1', 'Swap next and skip page of Split A'.
 */
export function describeChanges(pages: readonly FlowPage[], changes: readonly LinkChange[]): string {
  const name = (id: number | null) => (id == null ? '' : (pages.find((p) => p.ID === id)?.name ?? `page #${id}`));
  const first = changes[0];
  if (!first) return 'No change';
  const slotName = (s: LinkSlot) => (s === 'next' ? 'next page' : 'skip page');
  if (changes.length === 2 && changes.every((c) => c.pageId === first.pageId)) return `Swap next and skip page of ${name(first.pageId)}`;
  const one = (c: LinkChange) =>
    c.target == null ? `Clear ${slotName(c.slot)} of ${name(c.pageId)}` : `Set ${slotName(c.slot)} of ${name(c.pageId)} to ${name(c.target)}`;
  return changes.length === 1 ? one(first) : changes.map(one).join('; ');
}

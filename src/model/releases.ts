/**
 * Releases of a published funnel and "What goes live": the snapshot a release keeps
 * of what was published, the release list the Releases tab shows, and {@link releaseChanges},
 * the business-level differences between two snapshots in words an operator reads.
 */
import { z } from 'zod';
import { SplitConditionSchema } from './page';
import { FLAG_KEYS } from './page-meta';
import { pageHasSetting } from './page-panels';

/** A page as a release keeps it: what publishing rendered (its meta as stored, not checked again). */
export const ReleasePageSchema = z.object({
  ID: z.number().int().describe('ID of the page'),
  name: z.string().describe('Name of the page'),
  page_path: z.string().describe('Path of the page on the site'),
  page_type: z.string().describe('Page type'),
  page_id: z.number().int().nullable().describe('ID of the next page'),
  page_alt_id: z.number().int().nullable().describe('ID of the page a skip leads to'),
  split: z.array(SplitConditionSchema).default([]).describe('Split conditions'),
  template_id: z.number().int().nullable().describe('ID of the template the page was rendered with'),
  meta: z.record(z.string(), z.unknown()).describe('Content of the page as published'),
});
export type ReleasePage = z.infer<typeof ReleasePageSchema>;

/**
 * What a release published: the funnel as `funnelView` shows it (never the captcha secret;
 * other members pass through), every page, and the names the sentences need (the offer's,
 * the templates' by ID) as they were then.
 */
export const ReleaseSnapshotSchema = z.object({
  funnel: z
    .looseObject({
      ID: z.number().int(),
      name: z.string(),
      offer: z.number().int().nullable(),
      page_id: z.number().int().nullable(),
    })
    .describe('The funnel as published (its API view: no secret key)'),
  pages: z.array(ReleasePageSchema).describe('Every page as published'),
  offer_name: z.string().nullable().optional().describe('Name of the offer when it was published'),
  templates: z.record(z.string(), z.string()).optional().describe('Names of the templates the pages used, by template ID'),
});
export type ReleaseSnapshot = z.infer<typeof ReleaseSnapshotSchema>;

/**
 * One release of a funnel (`GET /api/v1/funnels/{id}/releases`, newest first): when and by
 * whom it was published, whether `<site>/current` serves it, its page count, and what changed
 * against the release it replaced ({@link releaseChanges}, computed when it was published).
 */
export const ReleaseSchema = z
  .object({
    ID: z.number().int().describe('ID of the release'),
    CreatedAt: z.string().describe('When it was published (ISO 8601)'),
    user: z.object({ name: z.string().describe('Name of who published it ("" when the account is gone)') }).describe('Who published it'),
    live: z.boolean().describe('True for the release the site serves now'),
    site: z.string().describe('The site (domain) it was published to'),
    page_count: z.number().int().describe('How many pages it published'),
    changes: z.array(z.string()).describe('What changed against the release it replaced, one sentence each'),
  })
  .meta({ id: 'Release' });
export type Release = z.infer<typeof ReleaseSchema>;
export const ReleaseListSchema = z.array(ReleaseSchema);

/** `GET /api/v1/funnels/{id}/releases/pending`: what Publish would put live, against the live release. */
export const PendingChangesSchema = z
  .object({
    live_release: z.number().int().nullable().describe('ID of the live release compared with; null before the first publish'),
    changes: z.array(z.string()).describe('What Publish would change, one sentence each; empty when nothing changed'),
  })
  .meta({ id: 'PendingChanges' });
export type PendingChanges = z.infer<typeof PendingChangesSchema>;

/** Messages of the rollback refusals (`POST /api/v1/funnels/{id}/releases/{releaseId}/rollback`). */
export const RELEASE_MSG = {
  notFound: 'Release not found',
  pruned: (date: string) => `The release of ${date} was pruned: its files are gone, so it cannot be put live again`,
  otherSite: (site: string, now: string) => `The release was published to ${site}, but the funnel's site is ${now} now: publish the funnel instead`,
} as const;

/** What the Releases tab and the Publish confirmation say when a publish would change nothing. */
export const NOTHING_CHANGED = 'Nothing changed since the live release';

/** How the page-meta toggles read in a sentence ("Checkout: warranty switched on"). */
const FLAG_LABELS: Record<string, string> = {
  productSizeActive: 'product sizes',
  productAddonsActive: 'product addons',
  warranty: 'warranty',
  warrantyJourney: 'journey fixed price',
  skipPage: 'skip page',
  productSelect: 'product select',
  withShipping: 'with shipping',
  withFullPrice: 'with full price',
  outOfStock: 'out of stock',
  recurring: 'VIP product',
};
/** The page products' price fields, as a sentence names them. */
const PRODUCT_PRICES: [string, string][] = [
  ['_price', 'price'],
  ['_regPrice', 'regular price'],
  ['_warranty', 'warranty price'],
];
/**
 * Fields worked out from the prices (src/model/prices.ts): they change with a price, so the
 * price's sentence says it all and they never make "Texts changed".
 */
const DERIVED_PRICE_FIELDS = new Set(['_unitPrice', '_save', '_package_discount']);
/** Meta keys with sentences of their own (the rest is "Texts changed on …"). */
const OWN_KEYS = new Set<string>([...FLAG_KEYS, 'recurring', 'products', 'productAddons']);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const money = (v: number | null): string => (v === null ? '—' : v.toFixed(2));
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
/** A flag's state as on/off (the string 'true' and the boolean true are on). */
const on = (v: unknown): boolean => v === 'true' || v === true;

/** Deep equality of JSON values (key order does not matter). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => same(a[k], b[k]));
  }
  return false;
}

/** Items of a list keyed by identity: `uid`, else `id`, else their name and position among namesakes. */
function keyed(items: Obj[], name: (x: Obj) => string): Map<string, Obj> {
  const out = new Map<string, Obj>();
  const seen = new Map<string, number>();
  for (const x of items) {
    let key = str(x.uid) || str(x.id);
    if (!key) {
      const n = name(x);
      const i = seen.get(n) ?? 0;
      seen.set(n, i + 1);
      key = `name:${n}#${i}`;
    }
    out.set(key, x);
  }
  return out;
}

/** A page product's label: its name, with the package when another product on the page (before or after) has the same name. */
function productLabeller(before: Obj[], after: Obj[]): (p: Obj) => string {
  const base = (p: Obj) => str(p.product_data_name) || str(p._cart_name) || `product ${str(p.product_id)}`;
  const shared = new Set<string>();
  for (const side of [before, after]) {
    const seen = new Set<string>();
    for (const p of side) {
      if (seen.has(base(p))) shared.add(base(p));
      seen.add(base(p));
    }
  }
  return (p) => {
    const b = base(p);
    if (!shared.has(b)) return b;
    const pkg = str(p._package_name) || `×${str(p._quantity)}`;
    return `${b} (${pkg})`;
  };
}

/** Sentences about one page's products (added, removed, prices, sold out); true in `other` when anything else of them changed. */
function productChanges(label: string, before: Obj[], after: Obj[]): { lines: string[]; other: boolean } {
  const lines: string[] = [];
  let other = false;
  const nameOf = productLabeller(before, after);
  const b = keyed(before, nameOf);
  const a = keyed(after, nameOf);
  for (const [k, p] of a) {
    const old = b.get(k);
    if (!old) {
      lines.push(`${label}: product ${nameOf(p)} added`);
      continue;
    }
    for (const [field, word] of PRODUCT_PRICES) {
      if (num(old[field]) !== num(p[field])) lines.push(`${label}: ${nameOf(p)} ${word} ${money(num(old[field]))} → ${money(num(p[field]))}`);
    }
    if (on(old.sellOut) !== on(p.sellOut)) lines.push(`${label}: ${nameOf(p)} ${on(p.sellOut) ? 'marked sold out' : 'back on sale'}`);
    const rest = (x: Obj) =>
      Object.fromEntries(Object.entries(x).filter(([f]) => f !== 'sellOut' && !DERIVED_PRICE_FIELDS.has(f) && !PRODUCT_PRICES.some(([pf]) => pf === f)));
    if (!same(rest(old), rest(p))) other = true;
  }
  for (const [k, p] of b) if (!a.has(k)) lines.push(`${label}: product ${nameOf(p)} removed`);
  if (
    lines.length === 0 &&
    !other &&
    !same(
      before.map((p) => str(p.uid)),
      after.map((p) => str(p.uid)),
    )
  )
    other = true;
  return { lines, other };
}

/** Sentences about one page's addons (added, removed, product prices); true in `other` when anything else of them changed. */
function addonChanges(label: string, before: Obj[], after: Obj[]): { lines: string[]; other: boolean } {
  const lines: string[] = [];
  let other = false;
  const b = keyed(before, (x) => str(x.name));
  const a = keyed(after, (x) => str(x.name));
  for (const [k, addon] of a) {
    const old = b.get(k);
    if (!old) {
      lines.push(`${label}: addon ${str(addon.name)} added`);
      continue;
    }
    const pb = keyed(list(old.products), (x) => str(x.data_name));
    const pa = keyed(list(addon.products), (x) => str(x.data_name));
    for (const [pk, p] of pa) {
      const op = pb.get(pk);
      if (op && num(op.data_price) !== num(p.data_price)) {
        lines.push(`${label}: addon ${str(addon.name)}, ${str(p.data_name)} price ${money(num(op.data_price))} → ${money(num(p.data_price))}`);
      }
    }
    // Anything but those prices (a product added, a text, a frame) is one "Texts changed" line.
    const unpriced = (x: Obj) => ({ ...x, products: list(x.products).map((p) => ({ ...p, data_price: 0 })) });
    if (!same(unpriced(old), unpriced(addon))) other = true;
  }
  for (const [k, addon] of b) if (!a.has(k)) lines.push(`${label}: addon ${str(addon.name)} removed`);
  return { lines, other };
}

/**
 * The business-level differences between two releases (what "What goes live" lists), one
 * sentence each, funnel first, then page by page in `after`'s order, removed pages last:
 * funnel renamed, offer changed, index page changed; pages added/removed (name and path),
 * renamed, moved to another path, of another type or template; flow edges (next, skip,
 * split rules); products added/removed, their prices (`_price`, `_regPrice`, `_warranty`:
 * "Checkout: GlowSkin Serum price 49.00 → 39.00") and sold-out flag; addons added/removed and
 * their products' prices; the page toggles switched on/off (product addons, warranty, …; only
 * those the page's type offers, {@link pageHasSetting}: the others render nothing); and
 * "Texts changed on <page>" once per page for any other meta change. `before` null is the
 * first release: ["First release: 5 pages"]. Pure; [] when nothing a visitor sees changed.
 */
export function releaseChanges(before: ReleaseSnapshot | null, after: ReleaseSnapshot): string[] {
  if (!before) return [`First release: ${plural(after.pages.length, 'page')}`];
  const out: string[] = [];
  const fb = before.funnel;
  const fa = after.funnel;
  const beforePages = new Map(before.pages.map((p) => [p.ID, p]));
  const afterPages = new Map(after.pages.map((p) => [p.ID, p]));
  const pageName = (id: number | null, side: 'before' | 'after') => {
    if (id == null) return 'nothing';
    const p = (side === 'after' ? afterPages : beforePages).get(id) ?? (side === 'after' ? beforePages : afterPages).get(id);
    return p ? p.name : `page ${id}`;
  };
  const offerName = (s: ReleaseSnapshot) => (s.offer_name ? `${s.offer_name} (${s.funnel.offer ?? '—'})` : `offer ${s.funnel.offer ?? '—'}`);
  const templateName = (s: ReleaseSnapshot, id: number | null) => (id == null ? 'no template' : (s.templates?.[String(id)] ?? `template ${id}`));

  if (fb.name !== fa.name) out.push(`Funnel renamed to "${fa.name}" (was "${fb.name}")`);
  if (fb.offer !== fa.offer) out.push(`Offer changed to ${offerName(after)} (was ${offerName(before)})`);
  if (fb.page_id !== fa.page_id) out.push(`The index page is now ${pageName(fa.page_id, 'after')} (was ${pageName(fb.page_id, 'before')})`);
  const IGNORED = new Set([
    'ID',
    'name',
    'offer',
    'page_id',
    'version',
    'locked',
    'archived',
    'publish_status',
    'offer_name',
    'platform',
    'ef_offer_id',
    'domain',
  ]);
  const rest = (f: Obj) => Object.fromEntries(Object.entries(f).filter(([k]) => !IGNORED.has(k)));
  if (!same(rest(fb), rest(fa))) out.push('Funnel settings changed');

  for (const p of after.pages) {
    const old = beforePages.get(p.ID);
    if (!old) {
      out.push(`Page added: ${p.name} (${p.page_path})`);
      continue;
    }
    const label = p.name;
    if (old.name !== p.name) out.push(`Page "${old.name}" renamed to "${p.name}"`);
    if (old.page_path !== p.page_path) out.push(`${label} moved to ${p.page_path} (was ${old.page_path})`);
    if (old.page_type !== p.page_type) out.push(`${label} is now a ${p.page_type} page (was ${old.page_type})`);
    if (old.template_id !== p.template_id) out.push(`${label} now uses ${templateName(after, p.template_id)} (was ${templateName(before, old.template_id)})`);
    if (old.page_id !== p.page_id) out.push(`${label} now leads to ${pageName(p.page_id, 'after')} (was ${pageName(old.page_id, 'before')})`);
    if (old.page_alt_id !== p.page_alt_id) out.push(`${label} now skips to ${pageName(p.page_alt_id, 'after')} (was ${pageName(old.page_alt_id, 'before')})`);
    if (
      !same(
        old.split.map(({ uid: _u, ...c }) => c),
        p.split.map(({ uid: _u, ...c }) => c),
      )
    )
      out.push(`Split rules changed on ${label}`);

    const mb = old.meta;
    const ma = p.meta;
    const products = productChanges(label, list(mb.products), list(ma.products));
    out.push(...products.lines);
    for (const key of [...FLAG_KEYS, 'recurring']) {
      // A toggle the page type does not offer renders nothing there (src/model/page-panels.ts): not reported.
      if (!pageHasSetting(p.page_type, key)) continue;
      if (on(mb[key]) !== on(ma[key])) out.push(`${label}: ${FLAG_LABELS[key] ?? key} switched ${on(ma[key]) ? 'on' : 'off'}`);
    }
    const addons = addonChanges(label, list(mb.productAddons), list(ma.productAddons));
    out.push(...addons.lines);
    const keys = new Set([...Object.keys(mb), ...Object.keys(ma)].filter((k) => !OWN_KEYS.has(k)));
    if (products.other || addons.other || [...keys].some((k) => !same(mb[k], ma[k]))) out.push(`Texts changed on ${label}`);
  }
  for (const p of before.pages) if (!afterPages.has(p.ID)) out.push(`Page removed: ${p.name} (${p.page_path})`);
  return out;
}

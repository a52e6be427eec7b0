/**
 * Pages, page meta and the page products of the Products panel (000 §3, §9; 001 §3, §5).
 */
import { z } from 'zod';
import { newPackagePrices, packageOf } from './prices';
import { MAX_PRODUCT_FEATURES, PAGE_PATH_RE, PAGE_TYPES, TEMPLATE_COLORS } from './constants';
import { MSG, WRITE_MSG } from './messages';
import { PageContentSchema } from './page-content';
import { PageExtrasSchema } from './page-meta';
import { newUid } from './random-id';
import { refineSplit } from './split';

/** Longest page name, path, SEO text or headline (the columns' and meta texts' limit). */
export const PAGE_TEXT_MAX = 255;

/** A text of at most {@link PAGE_TEXT_MAX} characters; messages name the field ("Keywords must be text"). */
const text = (field: string) => z.string({ error: WRITE_MSG.notText(field) }).max(PAGE_TEXT_MAX, WRITE_MSG.tooLong(field, PAGE_TEXT_MAX));
/** Page name: required, at most 255 characters (001 §5 "Please input page name"). */
const pageName = z
  .string({ error: WRITE_MSG.notText('Page name') })
  .trim()
  .min(1, MSG.pageName)
  .max(PAGE_TEXT_MAX, WRITE_MSG.tooLong('Page name', PAGE_TEXT_MAX));
/** Page path: at most 255 characters, of the form the seeds give (MSG.pagePath). */
const pagePath = z
  .string({ error: WRITE_MSG.notText('Page path') })
  .max(PAGE_TEXT_MAX, WRITE_MSG.tooLong('Page path', PAGE_TEXT_MAX))
  .regex(PAGE_PATH_RE, MSG.pagePath);

const money = z.number({ error: MSG.price }).finite(MSG.price).min(0, MSG.price);

/** One product offered on a page (000 §3 "Page product"). Prices are in the funnel's currency. */
export const PageProductSchema = z.object({
  /** Identity in the list (src/model/rebase.ts): edits follow the package, not its position. */
  uid: z.string().optional(),
  preselected: z.boolean().default(false),
  showDiscount: z.boolean().default(true),
  product_id: z.union([z.number().int(), z.string()]),
  product_data_name: z.string().default(''),
  _receipt: z.string().default(''),
  _price: money,
  _save: money.default(0),
  _unitPrice: money,
  _warranty: money.default(0),
  _regPrice: money,
  _quantity: z.number({ error: MSG.quantity }).int(MSG.quantity).min(1, MSG.quantity).max(100, MSG.quantity),
  _package_discount: z.number().min(0).max(100).default(0),
  _package_name: z.string().default(''),
  _cart_name: z.string().default(''),
  _box_name: z.string().default(''),
  product_info: z.string().default(''),
  free_ship: z.boolean().default(false),
  free_shipping_text: z.string().default(''),
  free_gift: z.string().default(''),
  product_unit_img: z.string().default(''),
  product_size_name: z.string().default(''),
  sellOut: z.boolean().default(false),
  popularity: z.string().default(''),
  features: z
    .array(z.object({ uid: z.string().optional(), f: z.string() }))
    .max(MAX_PRODUCT_FEATURES, MSG.maxFeatures)
    .default([]),
});
export type PageProduct = z.infer<typeof PageProductSchema>;

/**
 * Page meta (000 §3 "Page meta keys", 001 §3 page meta). Open-ended: templates may carry
 * keys of their own, so unknown keys pass through; known keys are checked — the products,
 * and the panels' keys with their rules and messages ({@link PageExtrasSchema},
 * {@link PageContentSchema}), so the server refuses on save what a panel shows as invalid.
 * Those two only check: the stored meta is exactly what the editor sent.
 */
/**
 * A page's redirect (001 §3 meta `redirect{path, ef}`): visitors of the published page go on
 * to `path` (a path of the funnel's site or an http(s) address; '' for none) and, with `ef`,
 * keep the query string they came with (the Everflow click id and other tracking parameters).
 */
export const PageRedirectSchema = z.object({
  path: z
    .string({ error: MSG.redirectPath })
    .max(2048, MSG.redirectPath)
    .refine((v) => v === '' || PAGE_PATH_RE.test(v) || /^https?:\/\/[^\s"'<>]+$/i.test(v), MSG.redirectPath),
  ef: z.boolean({ error: 'Keep the query string must be true or false' }).optional(),
});
export type PageRedirect = z.infer<typeof PageRedirectSchema>;

export const PageMetaSchema = z
  .looseObject({
    redirect: PageRedirectSchema.optional(),
    products: z.array(PageProductSchema).optional(),
    productSizes: z.array(z.unknown()).optional(),
    productSizeActive: z.string().optional(),
    productAddons: z.array(z.unknown()).optional(),
    productAddonsActive: z.string().optional(),
    warranty: z.string().optional(),
    warrantyFrame: z.string().optional(),
    recurring: z.boolean().optional(),
    main_color: z.enum(TEMPLATE_COLORS, { error: MSG.mainColor }).optional(),
    css: z.string({ error: MSG.invalidCode('css') }).optional(),
    customJs: z.string({ error: MSG.invalidCode('javascript') }).optional(),
    // SEO keys of 001 §3 page meta, and the headline every layout shows: texts of ≤ 255.
    description: text('Description').optional(),
    subject: text('Subject').optional(),
    keywords: text('Keywords').optional(),
    googleSiteVerification: text('Google site verification').optional(),
    headline: text('Headline').optional(),
  })
  .superRefine((meta, ctx) => {
    for (const schema of [PageExtrasSchema, PageContentSchema]) {
      const r = schema.safeParse(meta);
      if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: 'custom', path: i.path, message: i.message });
    }
  });
export type PageMeta = z.infer<typeof PageMetaSchema>;

export const SplitConditionSchema = z.object({
  /** Identity in the list (src/model/rebase.ts). */
  uid: z.string().optional(),
  type: z.enum(['percent', 'match']),
  param: text('Split parameter').default(''),
  value: text('Split value').default(''),
});

/**
 * A page as stored and as the editor's `page:<id>` document (000 §3, 001 §3). Name and path
 * are at most 255 characters, as are the meta's SEO texts and headline.
 * `page_id` is the next page on the main action, `page_alt_id` the next page on skip.
 */
export const PageSchema = z
  .object({
    ID: z.number().int(),
    funnel_id: z.number().int(),
    name: pageName,
    page_type: z.enum(PAGE_TYPES, { error: MSG.pageType }),
    page_path: pagePath,
    template_id: z.number().int().nullable(),
    page_id: z.number().int().nullable(),
    page_alt_id: z.number().int().nullable(),
    split: z.array(SplitConditionSchema).superRefine(refineSplit).default([]),
    meta: PageMetaSchema,
    version: z.number().int(),
  })
  .meta({ id: 'Page' });
export type Page = z.infer<typeof PageSchema>;

/** The add/edit page form (001 §5). */
export const PageFormSchema = z.object({
  name: pageName,
  page_type: z.enum(PAGE_TYPES, { error: MSG.pageType }),
  page_path: pagePath,
  template_id: z.number().int().nullable(),
});
export type PageForm = z.infer<typeof PageFormSchema>;

/**
 * A new page product of `product` (000 §9): package name, discount, regular price, unit price,
 * saving and warranty from {@link newPackagePrices} (one source for prices, src/model/prices.ts).
 * @param price package price (currency units, ≥ 0); @param quantity 1–5 picks a package row.
 */
export function newPageProduct(product: { product_id: number | string; name: string }, price: number, quantity: number): PageProduct {
  const pkg = packageOf(quantity);
  return PageProductSchema.parse({
    uid: newUid(),
    product_id: product.product_id,
    product_data_name: product.name,
    ...newPackagePrices(price, quantity),
    _cart_name: product.name,
    _box_name: pkg ? `${pkg.name} - ${quantity} x ${product.name}` : product.name,
  });
}

/**
 * Groups page paths by their first segment for the pages table (001 §2).
 * '/checkout/' and '/checkout/vip/' share the group '/checkout/'; '/' is its own group.
 */
export function pathGroup(path: string): string {
  const first = path.split('/').filter(Boolean)[0];
  return first ? `/${first}/` : '/';
}

/**
 * Pages in the order a visitor meets them: from the index page along next (page_id) then
 * skip (page_alt_id) links, breadth first; pages not reachable follow, by path.
 */
export function flowOrder<P extends { ID: number; page_path: string; page_id: number | null; page_alt_id: number | null }>(
  pages: P[],
  indexId: number | null,
): P[] {
  const byId = new Map(pages.map((p) => [p.ID, p]));
  const seen = new Set<number>();
  const out: P[] = [];
  const queue = indexId != null && byId.has(indexId) ? [indexId] : [];
  while (queue.length) {
    const id = queue.shift()!;
    if (seen.has(id) || !byId.has(id)) continue;
    seen.add(id);
    const p = byId.get(id)!;
    out.push(p);
    for (const next of [p.page_id, p.page_alt_id]) if (next != null) queue.push(next);
  }
  const rest = pages.filter((p) => !seen.has(p.ID)).sort((a, b) => a.page_path.localeCompare(b.page_path));
  return [...out, ...rest];
}

/**
 * The Pages tab's table order (001 §2): {@link flowOrder}, then grouped by {@link pathGroup} —
 * each group where its first page falls in the flow, its pages in flow order. The server pages
 * through this order, so a group's rows are contiguous and a page can say a group continues.
 */
export function pageTableOrder<P extends { ID: number; page_path: string; page_id: number | null; page_alt_id: number | null }>(
  pages: P[],
  indexId: number | null,
): P[] {
  const groups = new Map<string, P[]>();
  for (const p of flowOrder(pages, indexId)) {
    const g = pathGroup(p.page_path);
    groups.set(g, [...(groups.get(g) ?? []), p]);
  }
  return [...groups.values()].flat();
}

/**
 * What refuses a delete (deleting a template, product or offer used by pages — or by a
 * live release — is refused with the list of pages): the pages that use a template, a product
 * or an offer, in the funnels as saved and in the releases the sites serve now. The API answers
 * 409 `{ message, pages }` ({@link InUseRefusalSchema}); the delete confirmations show both.
 */
import { z } from 'zod';

/** One page that uses what was to be deleted: its funnel, the page, and whether a live release serves it. */
export const PageUseSchema = z.object({
  funnel_id: z.number().int().describe('ID of the funnel the page belongs to'),
  funnel_name: z.string().describe('Name of that funnel'),
  ID: z.number().int().describe('ID of the page'),
  name: z.string().describe('Name of the page'),
  page_path: z.string().describe('Path of the page'),
  live: z.boolean().describe("True when the funnel's live release serves the page with it (it stays in use until published again)"),
});
export type PageUse = z.infer<typeof PageUseSchema>;

/** The 409 answer of a refused delete: the sentence and the pages it names. */
export const InUseRefusalSchema = z.object({
  message: z.string().describe('What is used, by how many pages, which ones, and what to do first'),
  pages: z.array(PageUseSchema).describe('The pages that use it'),
});
export type InUseRefusal = z.infer<typeof InUseRefusalSchema>;

/** "Checkout (/checkout/) of GlowSkin Serum – US Launch, live": how the message names one page. */
export function pageUseLabel(p: PageUse): string {
  return `${p.name || 'A page without a name'} (${p.page_path}) of ${p.funnel_name || `funnel ${p.funnel_id}`}${p.live ? ', live' : ''}`;
}

/**
 * The refusal of deleting `what` ('Template "Checkout A"', 'Product 1001 (GlowSkin Serum)')
 * used by `pages` (at least one): "Template "Checkout A" is used by 2 pages: Checkout
 * (/checkout/) of GlowSkin, live; Upsell (/upsell/) of GlowSkin. Choose another template for
 * them first". `todo` is the last sentence (what to do first). Pages in a funnel's live release
 * stay in use until the funnel is published again.
 */
export function inUseMessage(what: string, pages: readonly PageUse[], todo: string): string {
  const n = pages.length;
  return `${what} is used by ${n} page${n === 1 ? '' : 's'}: ${pages.map(pageUseLabel).join('; ')}. ${todo}`;
}

/**
 * The pages of a refused delete out of a failed call's body (the API client's error `body`),
 * or null when the failure was something else.
 */
export function inUseRefusalOf(err: unknown): InUseRefusal | null {
  const body = (err as { body?: unknown } | null)?.body;
  const r = InUseRefusalSchema.safeParse(body);
  return r.success && r.data.pages.length ? r.data : null;
}

/** True when `meta` (a page's meta) offers product `productId` (its platform product_id): in its packages or as its recurring product. */
export function metaUsesProduct(meta: unknown, productId: number): boolean {
  if (!meta || typeof meta !== 'object') return false;
  const m = meta as { products?: unknown; recurring_product_id?: unknown };
  const same = (v: unknown) => (typeof v === 'number' || typeof v === 'string') && String(v) === String(productId);
  if (Array.isArray(m.products) && m.products.some((p) => same((p as { product_id?: unknown } | null)?.product_id))) return true;
  return same(m.recurring_product_id);
}

/**
 * Page meta written by the page-editor side panels Warranty, Size, ProductAddons, Extras and
 * Template options (000 §2 "Page editor side panels", §3 "Page meta keys" and "Addon", §4, §5, §9).
 *
 * Storage conventions, so templates can read them:
 * - The extras toggles are the strings 'true' / 'false' (000 §4) — {@link FLAG_KEYS} — except
 *   `recurring`, a boolean.
 * - `warranty` is the Warranty toggle ('true' / 'false'), as the seed's §4 stores it and the
 *   templates' default meta starts it; the warranty's display text is `warrantyText` (our key;
 *   prices stay per page product in `_warranty`). `warrantyJourney` is the "Journey fixed price" toggle.
 * - Money is a number in the funnel's currency; ids typed by operators are digit strings.
 *
 * The schemas describe a publishable page. The editor also holds drafts (a new addon has no
 * products yet) and shows these schemas' messages for them; see {@link pageExtrasErrors}.
 */
import { z } from 'zod';
import { ADDON_FRAME_COLORS, ADDON_TYPES, CHECKOUT_ADDON_FRAMES, RECURRING_COUNTRIES, TEMPLATE_COLORS, WARRANTY_FRAMES } from './constants';
import { MSG } from './messages';
import { newItemId, newUid } from './random-id';
import { PAGE_PATH_RE } from './constants';

/** A page-meta toggle as stored: the string 'true' or 'false' (000 §4). */
export const FlagSchema = z.enum(['true', 'false'], { error: MSG.flag });
export type Flag = z.infer<typeof FlagSchema>;
/** The stored form of a toggle. */
export const flag = (on: boolean): Flag => (on ? 'true' : 'false');
/** Whether a stored toggle is on; anything but the string 'true' is off. */
export const isOn = (v: unknown): boolean => v === 'true';

/**
 * Page-meta keys stored as 'true' / 'false' strings (000 §4): Product Size, Product Extra,
 * Warranty, Journey fixed price, the Skip Page and Product Select behaviours and the
 * template options. `recurring` (VIP Product) is the one boolean.
 */
export const FLAG_KEYS = [
  'productSizeActive',
  'productAddonsActive',
  'warranty',
  'warrantyJourney',
  'skipPage',
  'productSelect',
  'withShipping',
  'withFullPrice',
  'outOfStock',
] as const;
export type FlagKey = (typeof FLAG_KEYS)[number];

const money = z.number({ error: MSG.price }).finite(MSG.price).min(0, MSG.price);
const digits = z.string().regex(/^\d*$/, MSG.onlyNumbers);

// ---- sizes -------------------------------------------------------------------------------

/** "A size can be chosen only when at least 2 sizes exist" (000 §5). */
export const MIN_SIZES_TO_CHOOSE = 2;

/** One entry of `productSizes` (000 §3): `id` stays the same across renames and reorders. */
export const SizeEntrySchema = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1, MSG.sizeName),
});
export type SizeEntry = z.infer<typeof SizeEntrySchema>;

/** Whether the size choice (`productSizeActive`) may be turned on for these sizes (000 §5). */
export const canChooseSize = (sizes: readonly unknown[] | undefined): boolean => (sizes?.length ?? 0) >= MIN_SIZES_TO_CHOOSE;

/** Why `name` cannot be a size name next to `sizes` (`exceptId`: the entry being renamed), or undefined. */
export function sizeNameError(name: string, sizes: readonly SizeEntry[], exceptId?: string): string | undefined {
  const n = name.trim();
  if (!n) return MSG.sizeName;
  if (sizes.some((s) => s.id !== exceptId && s.name.trim().toLowerCase() === n.toLowerCase())) return MSG.sizeExists(n);
  return undefined;
}

// ---- addons ------------------------------------------------------------------------------

/**
 * One product of an addon (000 §3 "Addon"). `id` is the order platform's product id (digits);
 * prices are money ≥ 0 (`data_org` the original price, `data_save` the amount saved),
 * `data_discount` a percentage 0–100, `quantity` 1–100.
 */
export const AddonProductSchema = z.object({
  /** Identity in the list (src/model/rebase.ts); `id` is the platform's product id. */
  uid: z.string().optional(),
  id: digits.default(''),
  data_name: z.string().trim().min(1, MSG.productName),
  data_box_name: z.string().default(''),
  data_price: money,
  data_discount_price: money,
  data_org: money,
  data_save: money,
  data_discount: z.number({ error: MSG.discount }).min(0, MSG.discount).max(100, MSG.discount),
  data_size: z.string().default(''),
  quantity: z.number({ error: MSG.quantity }).int(MSG.quantity).min(1, MSG.quantity).max(100, MSG.quantity),
  tag: z.string().default(''),
});
export type AddonProduct = z.infer<typeof AddonProductSchema>;

/**
 * One extra product offer on a checkout (000 §3 "Addon", §4, §9): type one of ADDON_TYPES,
 * frame one of the 8 CHECKOUT_ADDON_FRAMES, color one of ADDON_FRAME_COLORS. `place` and
 * `tag` are free text the template shows (where it sits, a badge). Needs ≥ 1 product (000 §5).
 */
export const AddonSchema = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1, MSG.addonName),
  description: z.string().default(''),
  frame: z.enum(CHECKOUT_ADDON_FRAMES, { error: MSG.addonFrame }),
  type: z.enum(ADDON_TYPES, { error: MSG.addonType }),
  color: z.enum(ADDON_FRAME_COLORS, { error: MSG.addonColor }),
  place: z.string().default(''),
  tag: z.string().default(''),
  products: z.array(AddonProductSchema).min(1, MSG.addonProducts),
});
export type Addon = z.infer<typeof AddonSchema>;

/**
 * A new list-item id `<prefix>-<random>` not used in `items`. Random, not the next number:
 * two operators adding an item at the same time must not give the same id to different items
 * (the id is what their edits are rebased by; src/model/rebase.ts).
 */
export function nextId(prefix: string, items: readonly { id: string }[]): string {
  for (;;) {
    const id = newItemId(prefix);
    if (!items.some((x) => x.id === id)) return id;
  }
}

/** A new addon (no products yet: the panel shows 'No added Products' until one is added). */
export function newAddon(name: string, type: Addon['type'], existing: readonly { id: string }[]): Addon {
  return { id: nextId('addon', existing), name: name.trim(), description: '', frame: 'frame1', type, color: 'blue', place: '', tag: '', products: [] };
}

/** A blank addon product (quantity 1, prices 0) for the operator to fill in. */
export function newAddonProduct(): AddonProduct {
  return {
    uid: newUid(),
    id: '',
    data_name: '',
    data_box_name: '',
    data_price: 0,
    data_discount_price: 0,
    data_org: 0,
    data_save: 0,
    data_discount: 0,
    data_size: '',
    quantity: 1,
    tag: '',
  };
}

/** Field errors of one addon keyed by dotted path ('name', 'products', 'products.0.data_name'). */
export function addonErrors(addon: unknown): Record<string, string> {
  return issuesByPath(AddonSchema.safeParse(addon));
}

// ---- recurring (VIP) ---------------------------------------------------------------------

/** A recurring campaign country label: 'US_PP' is shown as 'US (PayPal)' (000 §9). */
export const recurringCountryLabel = (c: string): string => (c.endsWith('_PP') ? `${c.slice(0, -3)} (PayPal)` : c);

/** One entry of `recurring_campaigns` (000 §3): campaign `ID` (digits) and a RECURRING_COUNTRIES code. */
export const RecurringCampaignSchema = z.object({ uid: z.string().optional(), ID: z.string(), country: z.string() }).superRefine((c, ctx) => {
  if (!c.ID.trim() || !c.country) ctx.addIssue({ code: 'custom', message: MSG.recurringCampaign });
  else if (!/^\d+$/.test(c.ID.trim())) ctx.addIssue({ code: 'custom', path: ['ID'], message: MSG.onlyNumbers });
  else if (!(RECURRING_COUNTRIES as readonly string[]).includes(c.country)) ctx.addIssue({ code: 'custom', path: ['country'], message: MSG.recurringCampaign });
});
export type RecurringCampaign = z.infer<typeof RecurringCampaignSchema>;

/**
 * Why `c` cannot join `list` (000 §5): ID or country missing ('Campaign ID or country code is
 * missing!'), a non-digit ID, or an ID or country already in the list. Undefined when it can.
 */
export function recurringCampaignError(c: RecurringCampaign, list: readonly RecurringCampaign[]): string | undefined {
  const r = RecurringCampaignSchema.safeParse(c);
  if (!r.success) return firstMessage(r.error);
  if (list.some((x) => x.ID.trim() === c.ID.trim())) return MSG.campaignAdded(c.ID.trim());
  if (list.some((x) => x.country === c.country)) return MSG.recurringCountryAdded(recurringCountryLabel(c.country));
  return undefined;
}

/** A recurring list: each entry valid, no ID and no country twice (000 §5). */
export const RecurringCampaignsSchema = z.array(RecurringCampaignSchema).superRefine((list, ctx) => {
  list.forEach((c, i) => {
    const earlier = list.slice(0, i);
    if (!c.ID.trim() || !c.country) return;
    if (earlier.some((x) => x.ID.trim() === c.ID.trim())) ctx.addIssue({ code: 'custom', path: [i, 'ID'], message: MSG.campaignAdded(c.ID.trim()) });
    else if (earlier.some((x) => x.country === c.country))
      ctx.addIssue({ code: 'custom', path: [i, 'country'], message: MSG.recurringCountryAdded(recurringCountryLabel(c.country)) });
  });
});

/** "A recurring offer is named with 'vip' or 'revboost'" (000 §5, §9), any letter case. */
export const isRecurringOfferName = (name: string): boolean => /vip|revboost/i.test(name);

// ---- the extras meta as a whole ----------------------------------------------------------

/** The extras keys one by one (no rules across keys). */
const PageExtrasFields = z.object({
  productSizes: z.array(SizeEntrySchema).optional(),
  productSizeActive: FlagSchema.optional(),
  productAddons: z.array(AddonSchema).optional(),
  productAddonsActive: FlagSchema.optional(),
  warranty: FlagSchema.optional(),
  warrantyText: z.string().optional(),
  warrantyFrame: z.union([z.enum(WARRANTY_FRAMES), z.literal('')], { error: MSG.warrantyFrame }).optional(),
  warrantyJourney: FlagSchema.optional(),
  recurring: z.boolean().optional(),
  recurring_offer_id: digits.optional(),
  recurring_product_id: digits.optional(),
  recurring_product_price: money.optional(),
  recurring_product_name: z.string().optional(),
  recurring_campaigns: RecurringCampaignsSchema.optional(),
  skipPage: FlagSchema.optional(),
  skipPagePath: z.string().optional(),
  productSelect: FlagSchema.optional(),
  product_override_price: money.optional(),
  main_color: z.enum(TEMPLATE_COLORS, { error: MSG.mainColor }).optional(),
  withShipping: FlagSchema.optional(),
  withFullPrice: FlagSchema.optional(),
  outOfStock: FlagSchema.optional(),
});

/**
 * The rules that span keys (000 §5): a warranty that is on needs a frame; the size choice
 * needs ≥ 2 sizes; a VIP product's name has 'vip' or 'revboost'; a skip page path (required
 * while Skip Page is active) is a page path. Reads raw meta, so one malformed key elsewhere
 * does not hide these messages.
 */
function crossKeyIssues(m: Record<string, unknown>): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (isOn(m.warranty) && !m.warrantyFrame) out.push({ path: 'warrantyFrame', message: MSG.warrantyFrame });
  if (isOn(m.productSizeActive) && !canChooseSize(Array.isArray(m.productSizes) ? m.productSizes : []))
    out.push({ path: 'productSizeActive', message: MSG.sizeChoice });
  if (m.recurring === true && !isRecurringOfferName(typeof m.recurring_product_name === 'string' ? m.recurring_product_name : '')) {
    out.push({ path: 'recurring_product_name', message: MSG.recurringOfferName });
  }
  const path = typeof m.skipPagePath === 'string' ? m.skipPagePath : '';
  if ((isOn(m.skipPage) || path) && !PAGE_PATH_RE.test(path)) out.push({ path: 'skipPagePath', message: MSG.pagePath });
  return out;
}

/**
 * The page-meta keys of the Warranty, Size, ProductAddons, Extras and Template options
 * panels (000 §3) with the rules across them (see `crossKeyIssues`). Unknown keys pass.
 */
export const PageExtrasSchema = PageExtrasFields.superRefine((m, ctx) => {
  for (const i of crossKeyIssues(m)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
});
/** The typed view of those keys; the rest of a page's meta passes through untouched. */
export type PageExtras = z.infer<typeof PageExtrasSchema>;

/**
 * Messages for the extras keys of `meta` keyed by dotted path ('warrantyFrame',
 * 'recurring_campaigns.1.ID', 'productAddons.0.products'); other meta keys are ignored.
 */
export function pageExtrasErrors(meta: unknown): Record<string, string> {
  const out = issuesByPath(PageExtrasFields.safeParse(meta));
  if (meta && typeof meta === 'object') for (const i of crossKeyIssues(meta as Record<string, unknown>)) out[i.path] ??= i.message;
  return out;
}

/** The first message of a failed zod parse (zod reports at least one issue on failure). */
export const firstMessage = (error: { issues: readonly { message: string }[] }): string => error.issues[0]?.message ?? 'This value is not valid';

/** A zod result's issues as messages keyed by dotted path (the first message per path). */
export function issuesByPath(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const out: Record<string, string> = {};
  if (!r.success) for (const i of r.error?.issues ?? []) out[i.path.map(String).join('.')] ??= i.message;
  return out;
}

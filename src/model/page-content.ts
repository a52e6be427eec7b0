/**
 * Page meta written by the content side panels of the page editor: Reviews and extra
 * reviews, Lists, International shipping and Image slider (000 §2 "Page editor side panels";
 * §3 page meta keys `reviews`, `extraReviews`, `list`, `intShipping`, `imgSlider` and the
 * entities Review, List item, Shipping entry, Image; 001 §3 "Image slider item"; §9 the full
 * country list).
 *
 * Storage conventions, so templates can read them:
 * - Every list item has a stable `id` (`review-3`, `list-2`…) that survives reorders.
 * - A review's title is `reviewTitle`; older data may hold it as `review_header`, which is
 *   read when `reviewTitle` is absent and dropped the first time the title is edited.
 * - Review bodies (`review`) and list texts (`listText`) are rich text: HTML already
 *   sanitized (allow-listed tags) by the editor that wrote them; '' when blank.
 * - Countries are ISO 3166-1 alpha-2 codes of {@link COUNTRIES}; prices are numbers ≥ 0 in
 *   the funnel's currency; `shipping_id` is the shipping method's id (1–3 digits, 001 §5).
 * - Image addresses are absolute http(s) URLs or site paths starting with '/'.
 */
import { z } from 'zod';
import { LIMITS } from './constants';
import { countryName, isCountryCode } from './countries';
import { MSG } from './messages';
import { isSliderImage, SLIDER_IMAGE_MSG } from './images';
import { isSafeUrl } from './url';
import { firstMessage, issuesByPath, nextId } from './page-meta';

export { COUNTRIES, countryName, isCountryCode, type Country, type CountryCode } from './countries';

/** An image address a template may use: https://…, http://… or a site path '/…' (no spaces). */
export const IMAGE_URL_RE = /^(?:https?:\/\/[^\s/]+[^\s]*|\/[^\s]*)$/i;

/** Why `url` cannot be stored as an optional image address ('' is allowed), or undefined. */
export const imageUrlError = (url: string): string | undefined => (isSafeUrl(url) && (url === '' || IMAGE_URL_RE.test(url)) ? undefined : MSG.imageUrl);

/** Whether stored rich text shows nothing (no text once tags and spaces are removed). */
export const isBlankHtml = (html: string | undefined | null): boolean => !html || html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|\s/g, '') === '';

const optionalImage = z.string().refine((u) => !imageUrlError(u), MSG.imageUrl);
const requiredImage = z.string().refine((u) => u !== '' && !imageUrlError(u), MSG.imageUrl);
const richText = (message: string) => z.string({ error: message }).refine((h) => !isBlankHtml(h), message);
const money = z.number({ error: MSG.price }).finite(MSG.price).min(0, MSG.price);
const shippingIdRe = new RegExp(`^\\d{1,${LIMITS.shippingId}}$`);

// ---- reviews -----------------------------------------------------------------------------

/**
 * One entry of `reviews` or `extraReviews` (000 §3 "Review"): `avatar` an image address
 * ('' for none), `user` the reviewer as shown, `reviewTitle` the headline ('' for none),
 * `review` the body (sanitized HTML), `country` an optional country code ('' or absent for none).
 * `review_header` is the older name of `reviewTitle` (read only).
 */
export const ReviewSchema = z.object({
  id: z.string().min(1),
  avatar: optionalImage.default(''),
  user: z.string({ error: MSG.reviewUser }).trim().min(1, MSG.reviewUser),
  reviewTitle: z.string().optional(),
  review_header: z.string().optional(),
  review: richText(MSG.reviewText),
  country: z
    .string()
    .refine((c): boolean => c === '' || isCountryCode(c), MSG.country)
    .optional(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** The two review lists of a page (000 §3 "Content"). */
export const REVIEW_KEYS = ['reviews', 'extraReviews'] as const;
export type ReviewKey = (typeof REVIEW_KEYS)[number];

/** A review's title: `reviewTitle`, or the older `review_header` when `reviewTitle` is absent. */
export const reviewTitleOf = (r: Partial<Review>): string => r.reviewTitle ?? r.review_header ?? '';

/** A new review by `user` (other fields blank: the panel asks for the review text). */
export function newReview(user: string, existing: readonly { id: string }[]): Review {
  return { id: nextId('review', existing), avatar: '', user: user.trim(), reviewTitle: '', review: '', country: '' };
}

/** Field errors of one review keyed by field ('user', 'review', 'avatar', 'country'). */
export function reviewErrors(review: unknown): Record<string, string> {
  return issuesByPath(ReviewSchema.safeParse(review));
}

// ---- list items --------------------------------------------------------------------------

/**
 * One entry of `list` (000 §3 "List item"): `boldText` the lead-in shown in bold ('' for
 * none), `listText` the rest (sanitized HTML, required), `img` an optional icon image address.
 */
export const ListItemSchema = z.object({
  id: z.string().min(1),
  boldText: z.string().default(''),
  listText: richText(MSG.listText),
  img: optionalImage.default(''),
});
export type ListItem = z.infer<typeof ListItemSchema>;

/** A new, empty list item (the panel asks for its text). */
export function newListItem(existing: readonly { id: string }[]): ListItem {
  return { id: nextId('list', existing), boldText: '', listText: '', img: '' };
}

/** Field errors of one list item keyed by field ('listText', 'img'). */
export function listItemErrors(item: unknown): Record<string, string> {
  return issuesByPath(ListItemSchema.safeParse(item));
}

// ---- international shipping --------------------------------------------------------------

/**
 * One entry of `intShipping` (000 §3 "Shipping entry"): `shipping_id` the shipping method's
 * id (1–3 digits), `country` a country code, `price` ≥ 0 in the funnel's currency.
 */
export const ShippingEntrySchema = z.object({
  id: z.string().min(1),
  shipping_id: z.string({ error: MSG.shippingId }).regex(shippingIdRe, MSG.shippingId),
  country: z.string({ error: MSG.country }).refine((c): boolean => isCountryCode(c), MSG.country),
  price: money,
});
export type ShippingEntry = z.infer<typeof ShippingEntrySchema>;

/** The shipping list: each entry valid, no country twice. */
export const ShippingListSchema = z.array(ShippingEntrySchema).superRefine((list, ctx) => {
  list.forEach((e, i) => {
    if (list.slice(0, i).some((x) => x.country === e.country)) {
      ctx.addIssue({ code: 'custom', path: [i, 'country'], message: MSG.shippingCountryAdded(countryName(e.country)) });
    }
  });
});

/**
 * Why `entry` cannot be stored in `list` (`exceptId`: the entry being edited): an invalid
 * field, or its country already has an entry. Undefined when it can.
 */
export function shippingEntryError(entry: Omit<ShippingEntry, 'id'>, list: readonly ShippingEntry[], exceptId?: string): string | undefined {
  const r = ShippingEntrySchema.safeParse({ id: exceptId ?? 'new', ...entry });
  if (!r.success) return firstMessage(r.error);
  if (list.some((x) => x.id !== exceptId && x.country === entry.country)) return MSG.shippingCountryAdded(countryName(entry.country));
  return undefined;
}

/** A new shipping entry with the next free id. */
export function newShippingEntry(entry: Omit<ShippingEntry, 'id'>, existing: readonly { id: string }[]): ShippingEntry {
  return { id: nextId('shipping', existing), shipping_id: entry.shipping_id.trim(), country: entry.country, price: entry.price };
}

// ---- image slider ------------------------------------------------------------------------

/** One entry of `imgSlider` (001 §3 "Image slider item"): `img` the image's address (required). */
export const SliderImageSchema = z.object({
  id: z.string().min(1),
  // Images only: a PDF or a video in the gallery is no slide.
  img: requiredImage.refine(isSliderImage, SLIDER_IMAGE_MSG),
});
export type SliderImage = z.infer<typeof SliderImageSchema>;

/** A new slide showing `img`. */
export function newSliderImage(img: string, existing: readonly { id: string }[]): SliderImage {
  return { id: nextId('slide', existing), img };
}

// ---- the content meta as a whole ---------------------------------------------------------

/** The content keys of a page's meta (000 §3 "Content"). Unknown keys pass. */
export const PageContentSchema = z.object({
  reviews: z.array(ReviewSchema).optional(),
  extraReviews: z.array(ReviewSchema).optional(),
  list: z.array(ListItemSchema).optional(),
  intShipping: ShippingListSchema.optional(),
  imgSlider: z.array(SliderImageSchema).optional(),
});
/** The typed view of the content keys. */
export type PageContent = z.infer<typeof PageContentSchema>;

/**
 * Messages for the content keys of `meta` keyed by dotted path ('reviews.0.user',
 * 'intShipping.2.country'); other meta keys are ignored.
 */
export function pageContentErrors(meta: unknown): Record<string, string> {
  return issuesByPath(PageContentSchema.safeParse(meta));
}

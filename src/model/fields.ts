/**
 * Shared field builders and messages of the resource schemas (seed sections 000 §3, §5, §9;
 * 001 §3, §5, §9): the messages {@link RMSG}, the integer bound {@link MAX_INT}, text, id,
 * reference, number, money and boolean fields, and the IP address checks (from the "Domains
 * and DNS" section; the blockers share them) that the campaign, category, catalog, domain,
 * image, blocker, pixel, scrub, shipping, user, order and template modules build their forms
 * from. One schema per form: the SPA's react-hook-form resolver and the API validate with the
 * same object, so the first issue's message is the seeds' wording.
 * Form inputs give strings: id and number fields accept a string or a number and turn it into
 * a number. Every string has a maximum length and every number a range, so nothing unbounded
 * reaches the database.
 */
import { z } from 'zod';
import { LIMITS, UPLOAD_EXTENSIONS } from './constants';
import { MSG } from './messages';

/**
 * Messages of these resources. Where a seed gives the text it is reused from {@link MSG};
 * the rest follow the seeds' style ('Missing …', 'Please …').
 */
export const RMSG = {
  tooLong: (max: number) => `At most ${max} characters`,
  text: 'Must be text',
  campaignIdLength: `Campaign Id is at most ${LIMITS.campaignId} digits`,
  campaignOwner: 'Please select a funnel or an offer',
  campaignName: 'Missing Campaign Name',
  countryCode: 'Country code is two capital letters',
  regions: 'Please select at least one region',
  fulfillment: 'Please select fulfillment',
  sufix: 'Please select a suffix',
  paymentMethod: 'Payment method is at most 50 characters',
  campaignIds: 'Please select at least one campaign',
  stickyId: 'Missing Sticky ID',
  stickyIdLength: `Sticky ID is at most ${LIMITS.stickyId} digits`,
  eventId: `Event ids are digits only, at most ${LIMITS.eventId}`,
  offerId: 'Missing Offer ID',
  offerName: 'Missing Offer Name',
  platform: 'Please select a platform',
  store: 'Please select a store',
  selectOffer: MSG.offerRequired,
  productId: 'Product ID is digits only, at most 9',
  description: 'Missing Description',
  sku: 'Missing SKU',
  costOfGoods: 'Missing Cost of Goods',
  price: 'Missing Price',
  shippingWeight: 'Missing Shipping Weight',
  notNumber: 'Please input a number',
  range: (min: number, max: number) => `Must be from ${min} to ${max}`,
  maxQuantity: 'Max quantity must be a whole number from 1 to 100000',
  billingModel: 'Please select a billing model',
  vertical: 'Please select a product vertical',
  bundleItems: 'A bundle needs at least 2 products',
  bundleQuantity: 'Bundle quantity must be a whole number from 1 to 100',
  selectFunnel: 'Missing Funnel ID',
  selectDomain: 'Please select a domain',
  subdomain: 'Please enter a valid subdomain',
  recordType: 'Please select a record type',
  recordName: 'Please input the record name',
  recordNameInvalid: 'Record name may contain letters, digits, -, _, dots, @ or *',
  recordContent: 'Please input the record content',
  recordProxied: 'Please choose whether the record is proxied',
  ipv4: 'An A record points to an IPv4 address',
  priority: 'Priority must be a whole number from 0 to 65535',
  zoneId: 'Missing Zone ID',
  recordId: 'Missing Record ID',
  records: 'Please send at least one changed record',
  ip: 'Please input a valid IP address',
  country: 'Country is two capital letters',
  phone: 'Phone may contain digits, spaces and + ( ) -, at most 20',
  declineLimit: 'Order decline limit must be a whole number from 0 to 1000',
  blockerEmpty: 'Please input an IP, a country, an e-mail or a phone',
  scrubPct: 'Missing Scrub Percent',
  scrubPctRange: 'Scrub percent must be a whole number from 0 to 100',
  affiliateIdLength: `Affiliate ID is digits only, at most ${LIMITS.affiliateId}`,
  shippingId: 'Missing Shipping ID',
  shippingIdLength: `Shipping ID is digits only, at most ${LIMITS.shippingId}`,
  shippingName: 'Missing Shipping Name',
  pixelName: 'Missing Pixel Name',
  pixelLocation: 'Please select location',
  pixelCode: 'Missing Pixel Code',
  pixelPages: 'Please select at least one page',
  affId: 'Affiliate id is at most 50 characters',
  userName: 'Missing Name',
  userEmail: MSG.email,
  role: 'Please select a role',
  templateName: 'Missing Template Name',
  layout: 'Layout may contain only letters, digits, _ and -',
  templateMeta: MSG.metaEmpty,
  limit: 'Rows per page must be a whole number from 1 to 100',
  page: 'The page number must be a whole number of 1 or more',
  sort: 'Unknown sort column',
  order: 'The sort order must be ascending (asc) or descending (desc)',
  filters: 'The filters must be a JSON object of column values',
  fileName: 'File names may contain letters, digits, ., - and _ and must end with an allowed extension',
  fileType: `Allowed types: ${UPLOAD_EXTENSIONS.join(', ')}`,
} as const;

/** Largest value of a PostgreSQL `integer` (ids). */
export const MAX_INT = 2_147_483_647;

/**
 * A whole number sent in a query string (`limit`, `before`, `user`, …): at most `digits` digits,
 * then 1 to `max`; every refusal says `msg`. Parses to a number.
 */
export const queryWhole = (digits: number, max: number, msg: string) =>
  z
    .string()
    .regex(new RegExp(`^\\d{1,${digits}}$`), msg)
    .transform(Number)
    .pipe(z.number().int().min(1, msg).max(max, msg));

/** A page size sent in a query string: {@link queryWhole} up to `page.max`, `page.size` when absent. */
export const queryPageSize = (digits: number, page: { readonly size: number; readonly max: number }, msg: string) =>
  queryWhole(digits, page.max, msg)
    .optional()
    .transform((v) => v ?? page.size);

/** The 'At most N characters' message of a text field longer than `max`. */
export const tooLong = RMSG.tooLong;

/** A required text field: trimmed, `required` when missing or blank, at most `max` characters. */
export const requiredText = (required: string, max = 255) => z.string({ error: required }).trim().min(1, required).max(max, tooLong(max));

/** An optional text field: trimmed, '' when absent, at most `max` characters. */
export const optionalText = (max = 255) => z.string({ error: RMSG.text }).trim().max(max, tooLong(max)).default('');

/**
 * A digits-only id typed into a form (a string) or sent as a number: `required` when missing
 * or blank, 'Input only numbers' when not digits, `tooLongMsg` beyond `max` digits. Output: a number.
 */
export const digitsId = (max: number, required: string, tooLongMsg: string = MSG.onlyNumbers) =>
  z
    .union([z.string(), z.number()], { error: required })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .pipe(z.string().min(1, required).regex(/^\d+$/, MSG.onlyNumbers).max(max, tooLongMsg))
    .transform(Number);

/** Like {@link digitsId} but optional: '', null or absent give null. */
export const optionalDigitsId = (max: number, tooLongMsg: string = MSG.onlyNumbers) =>
  z
    .union([z.string(), z.number(), z.null()], { error: MSG.onlyNumbers })
    .optional()
    .transform((v) => (v == null ? '' : typeof v === 'number' ? String(v) : v.trim()))
    .pipe(z.union([z.literal(''), z.string().regex(/^\d+$/, MSG.onlyNumbers).max(max, tooLongMsg)]))
    .transform((v) => (v === '' ? null : Number(v)));

/**
 * The keys of a record a funnel owns and the funnel-children routes serve alike (001 §3: a
 * blocker, a pixel, a scrub): its own `ID` and its funnel's `funnel_id`, spread first into its
 * schema's object. Fresh schemas on each call, so no two records share one.
 */
export const funnelChildKeys = () => ({ ID: z.number().int(), funnel_id: z.number().int() });

/** A reference to a row (`ID`): a positive whole number within the integer range. */
export const refId = (msg: string) => z.number({ error: msg }).int(msg).min(1, msg).max(MAX_INT, msg);

/** An optional row reference: absent or null give null. */
export const optionalRefId = (msg: string) =>
  refId(msg)
    .nullable()
    .optional()
    .transform((v) => v ?? null);

/**
 * A number typed into a form or sent as a number: `required` when missing or blank,
 * `invalid` when not a finite number in [min, max] (whole when `int`).
 */
export const numberField = (required: string, invalid: string, min: number, max: number, int = false) =>
  z
    .union([z.number(), z.string()], { error: required })
    .transform((v, ctx) => {
      const s = typeof v === 'string' ? v.trim() : v;
      if (s === '') {
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      const n = Number(s);
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return n;
    })
    .pipe(int ? z.number().int(invalid).min(min, invalid).max(max, invalid) : z.number().min(min, invalid).max(max, invalid));

/** Money in currency units (0 … 1,000,000). */
export const moneyField = (required: string) => numberField(required, MSG.price, 0, 1_000_000);

/** A boolean switch; anything else is `msg`. */
export const bool = (msg: string) => z.boolean({ error: msg });

/** A dotted-quad IPv4 address (the A record's content, 000 §5). */
export const IPV4_RE = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
/** True for an IPv6 address in any RFC 4291 §2.2 text form (`::`, an IPv4 tail). */
function isIpv6(s: string): boolean {
  if (s.length > 45 || !s.includes(':')) return false;
  let str = s;
  const lastColon = s.lastIndexOf(':');
  const tail = s.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!IPV4_RE.test(tail)) return false;
    str = `${s.slice(0, lastColon + 1)}0:0`;
  }
  const halves = str.split('::');
  if (halves.length > 2) return false;
  const groups = (x: string) => (x === '' ? [] : x.split(':'));
  const [before = '', after] = halves;
  const all = [...groups(before), ...(after !== undefined ? groups(after) : [])];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return false;
  return halves.length === 2 ? all.length <= 7 : all.length === 8;
}
/** True for an IPv4 or IPv6 address (the block form's IP pattern, 000 §5). */
export function isIp(s: string): boolean {
  return IPV4_RE.test(s) || isIpv6(s);
}

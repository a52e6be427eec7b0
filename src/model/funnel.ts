/**
 * Funnel entity and its forms (000 §3, §5; 001 §3). Schemas are shared by the SPA's
 * forms (react-hook-form + zod resolver) and the API's validation.
 */
import { z } from 'zod';
import { CURRENCIES, FUNNEL_COUNTRIES, INDEX_PAGE_TYPES, LANGUAGES, PUBLISH_STATUSES, TEXT_MAX } from './constants';
import { MSG, WRITE_MSG } from './messages';
import { urlField } from './url';

const alnum = /^[A-Za-z0-9]*$/;

/** A text of at most `max` characters (TEXT_MAX): longer is '{field} must be at most {max} characters'. */
const bounded = (field: string, max: number) => z.string({ error: WRITE_MSG.notText(field) }).max(max, WRITE_MSG.tooLong(field, max));
/** A funnel name: required (`required`, the form's seed message), at most TEXT_MAX.name characters. */
const funnelName = (required: string, field = 'Funnel name') => z.string().trim().min(1, required).max(TEXT_MAX.name, WRITE_MSG.tooLong(field, TEXT_MAX.name));

/** Identity of a list item (src/model/rebase.ts): edits follow the item, not its position. */
const uid = z.string().optional();

export const FaqSchema = z.object({
  uid,
  faq_id: bounded('FAQ id', TEXT_MAX.id),
  faq_question: bounded('FAQ question', TEXT_MAX.text),
  faq_content: z.array(z.object({ uid, faq_ct_text: bounded('FAQ answer', TEXT_MAX.longText) })),
});
export const ManualSchema = z.object({ uid, manual_id: bounded('Manual id', TEXT_MAX.id), manual_img: urlField('Manual image', TEXT_MAX.url, MSG.imageUrl) });
export const BannerImageSchema = z.object({
  uid,
  affid_img: z.string().min(1, 'Affiliate id is required').max(4, 'Affiliate id is at most 4 characters'),
  desktop_src: urlField('Desktop banner', TEXT_MAX.url, MSG.imageUrl),
  mobile_src: urlField('Mobile banner', TEXT_MAX.url, MSG.imageUrl),
});

/**
 * `details` of a funnel (000 §3) with the format rules of 000 §5. Fields the General form
 * requires are enforced by {@link FunnelGeneralSchema}, so a fresh funnel is still valid.
 */
export const FunnelDetailsSchema = z.object({
  dl_offer_name: bounded('Offer name', TEXT_MAX.name).default(''),
  favicon: urlField('Favicon URL', TEXT_MAX.url).default(''),
  logo: urlField('Logo URL', TEXT_MAX.url).default(''),
  logo_white: urlField('White logo URL', TEXT_MAX.url).default(''),
  GTM: z.string().regex(alnum, MSG.gtm).max(8, MSG.gtm).default(''),
  OPT: z.string().regex(alnum, MSG.opt).max(7, MSG.opt).default(''),
  UA: z
    .string()
    .regex(/^[0-9./-]*$/, MSG.ua)
    .max(14, MSG.ua)
    .default(''),
  guarantee: bounded('Guarantee', TEXT_MAX.text).default(''),
  cf_site_key: z.string().max(35, MSG.cfKey).default(''),
  /**
   * The captcha secret key: write-only (src/server/README.md). Stored, used when
   * publishing, never in an API answer; answers carry the two derived members instead.
   */
  cf_secret_key: z.string({ error: MSG.cfKey }).max(35, MSG.cfKey).optional(),
  /** Read-only, derived by the server: a secret key is stored. Ignored on PUT, refused in a patch. */
  has_cf_secret_key: z.boolean().optional(),
  /** Read-only, derived by the server: {@link secretHint} of the stored secret key ('' when none). */
  cf_secret_key_hint: z.string().optional(),
  faq: z.array(FaqSchema).default([]),
  manual: z.array(ManualSchema).default([]),
  bannerImageAffid: z.array(BannerImageSchema).default([]),
});
export type FunnelDetails = z.infer<typeof FunnelDetailsSchema>;

/** JSON Pointer of the write-only captcha secret key in a funnel document. */
export const SECRET_KEY_POINTER = '/details/cf_secret_key';
/** JSON Pointers of the members derived from it (read-only). */
export const SECRET_DERIVED_POINTERS = ['/details/has_cf_secret_key', '/details/cf_secret_key_hint'] as const;
/** What an audit diff stores instead of the secret key's value. */
export const REDACTED = '[redacted]';

/**
 * The hint shown for a stored secret key: '' when there is none, else "••••" followed by its
 * last 4 characters (e.g. "••••x9Qz"); a key shorter than 8 characters shows no character of
 * it ("••••"), so the hint never gives away half a key.
 */
export function secretHint(secret: string | undefined | null): string {
  if (!secret) return '';
  return secret.length < 8 ? '••••' : `••••${secret.slice(-4)}`;
}

/**
 * The funnel as every API answer carries it (the editor's `funnel:<id>` document):
 * `details.cf_secret_key` removed, `has_cf_secret_key` and `cf_secret_key_hint` derived from
 * it. Works on list rows too (`FunnelListItem`). Pure; `f` is not changed.
 */
export function funnelView<F extends { details: FunnelDetails }>(f: F): F {
  const { cf_secret_key: secret, ...rest } = f.details;
  return { ...f, details: { ...rest, has_cf_secret_key: !!secret, cf_secret_key_hint: secretHint(secret) } };
}

/** The details as stored: the derived members removed (they are computed on every read). */
export function storedDetails(d: FunnelDetails): FunnelDetails {
  const { has_cf_secret_key: _h, cf_secret_key_hint: _k, ...rest } = d;
  return rest;
}

/**
 * A funnel note (000 §5: required) as the Logs tab's Add Note writes it (001 §7). Its title is
 * an audit title (at most TEXT_MAX.auditTitle characters), its text at most TEXT_MAX.longText.
 */
export const FunnelNoteSchema = z.object({
  title: bounded('Title', TEXT_MAX.auditTitle).optional(),
  message: z.string().trim().min(1, MSG.noteRequired).max(TEXT_MAX.longText, WRITE_MSG.tooLong('Note', TEXT_MAX.longText)),
  task_url: urlField('Task URL', TEXT_MAX.url).optional(),
});
export type FunnelNote = z.infer<typeof FunnelNoteSchema>;

/**
 * A funnel as stored and as the editor's `funnel:<id>` document. `offer` is the offer_id;
 * `page_id` the index page's ID; `version` the optimistic-concurrency counter (ETag).
 */
export const FunnelSchema = z
  .object({
    ID: z.number().int(),
    name: funnelName(MSG.funnelName),
    offer: z.number({ error: MSG.offerRequired }).int().positive(MSG.offerRequired),
    currency: z.enum(CURRENCIES, { error: MSG.currencyRequired }),
    language: z.enum(LANGUAGES, { error: MSG.languageRequired }),
    countries: z.array(z.enum(FUNNEL_COUNTRIES)).min(1, MSG.countries),
    page_id: z.number().int().nullable(),
    cs_number: bounded('Support number', TEXT_MAX.phone),
    cs_email: z.union([z.literal(''), z.email(MSG.email).max(TEXT_MAX.email, MSG.email)]),
    locked: z.boolean(),
    /** Archived: not in the default funnel list (001 §2 funnel menu "Archive"); set by PUT …/archive only. */
    archived: z.boolean(),
    publish_status: z.enum(PUBLISH_STATUSES),
    details: FunnelDetailsSchema,
    version: z.number().int(),
  })
  .meta({ id: 'Funnel' });
export type Funnel = z.infer<typeof FunnelSchema>;

/**
 * A funnel row of the list (001 §2; `GET /api/v1/funnels`): the funnel plus its offer's name,
 * platform and Everflow id, and its (first) domain. The SPA parses list answers with it.
 */
export const FunnelListItemSchema = FunnelSchema.extend({
  offer_name: z.string(),
  platform: z.string(),
  ef_offer_id: z.number().int().nullable(),
  domain: z.string().nullable(),
}).meta({ id: 'FunnelListItem' });
export type FunnelListItem = z.infer<typeof FunnelListItemSchema>;

/** The New funnel form (001 §5: name and offer required). */
export const NewFunnelSchema = z.object({
  name: funnelName(MSG.newFunnelName),
  offer: z.number({ error: MSG.offerIdRequired }).int().positive(MSG.offerIdRequired),
});
export type NewFunnel = z.infer<typeof NewFunnelSchema>;

/** The funnel clone form (000 §5: a clone name is required). */
export const CloneFunnelSchema = z.object({ name: funnelName(MSG.cloneName, 'Clone name') }).meta({ id: 'CloneFunnel' });

/**
 * The Funnel details form, General tab (000 §2, §5). Checks that need the funnel's pages
 * (the index page's type) are done by {@link validateIndexPage}.
 */
export const FunnelGeneralSchema = z.object({
  name: funnelName(MSG.funnelName),
  offer: z.number({ error: MSG.offerRequired }).int().positive(MSG.offerRequired),
  currency: z.enum(CURRENCIES, { error: MSG.currencyRequired }),
  language: z.enum(LANGUAGES, { error: MSG.languageRequired }),
  countries: z.array(z.enum(FUNNEL_COUNTRIES)).min(1, MSG.countries),
  page_id: z.number({ error: MSG.indexPage }).int().positive(MSG.indexPage),
  cs_number: z.string().trim().min(1, MSG.supportNumber).max(TEXT_MAX.phone, WRITE_MSG.tooLong('Support number', TEXT_MAX.phone)),
  cs_email: z.string().trim().min(1, MSG.supportEmail).max(TEXT_MAX.email, MSG.email).pipe(z.email(MSG.email)),
  details: FunnelDetailsSchema.pick({
    favicon: true,
    logo: true,
    logo_white: true,
    GTM: true,
    OPT: true,
    UA: true,
    guarantee: true,
    cf_site_key: true,
    cf_secret_key: true,
  }).extend({ dl_offer_name: z.string().trim().min(1, MSG.dlOfferName).max(TEXT_MAX.name, WRITE_MSG.tooLong('Offer name', TEXT_MAX.name)) }),
});
export type FunnelGeneral = z.infer<typeof FunnelGeneralSchema>;

/**
 * The index page must be of type checkout, interstitial or presell (000 §5).
 * @returns the seed's message, or null when valid.
 */
export function validateIndexPage(pageType: string | undefined): string | null {
  if (!pageType) return MSG.indexPage;
  return (INDEX_PAGE_TYPES as readonly string[]).includes(pageType) ? null : MSG.indexPageType;
}

/** What {@link funnelDetailsProblems} reads of a funnel: its support line and its `details.dl_offer_name`. */
export interface FunnelDetailsInput {
  cs_number?: string | null;
  cs_email?: string | null;
  details?: { dl_offer_name?: string | null } | null;
}

/** A missing or malformed required funnel detail: the member's path ('cs_email', 'details.dl_offer_name') and the form's message. */
export interface FunnelDetailProblem {
  field: 'cs_number' | 'cs_email' | 'details.dl_offer_name';
  message: string;
}

/**
 * The funnel details a published funnel needs (000 §5: dl_offer_name, support number and
 * support email are required; the email must match an address pattern): without them the
 * published pages carry the funnel's internal name as the brand and an empty support line.
 * Same messages as the Funnel details form ({@link FunnelGeneralSchema}). The index page is
 * checked on its own ({@link validateIndexPage}; the pre-publish check's 'no-index').
 * Pure; the server's funnel writes and the pre-publish check (src/model/flow-check.ts) use it.
 * @returns the problems in form order (offer name, support number, support email); [] when none.
 */
export function funnelDetailsProblems(f: FunnelDetailsInput): FunnelDetailProblem[] {
  const out: FunnelDetailProblem[] = [];
  if (!f.details?.dl_offer_name?.trim()) out.push({ field: 'details.dl_offer_name', message: MSG.dlOfferName });
  if (!f.cs_number?.trim()) out.push({ field: 'cs_number', message: MSG.supportNumber });
  const email = f.cs_email?.trim() ?? '';
  if (!email) out.push({ field: 'cs_email', message: MSG.supportEmail });
  else if (!z.email().max(TEXT_MAX.email).safeParse(email).success) out.push({ field: 'cs_email', message: MSG.email });
  return out;
}

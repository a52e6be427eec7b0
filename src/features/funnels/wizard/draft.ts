/**
 * The funnel wizards' draft (000 §2 "Funnel build wizard"; 001 §2 "Quick funnel wizard") and
 * the rules each step checks before Next, with the seeds' messages (000 §5, §8; 001 §5, §8).
 * The rules reuse the model's schemas (offer form, campaign id, page form, domain forms,
 * funnel fields) — none is written twice. Pure: no React, no network.
 */
import {
  CAMPAIGN_REGIONS,
  campaignFulfillment,
  CampaignFormSchema,
  campaignRegions,
  CURRENCIES,
  FULFILLMENTS,
  RMSG,
  FunnelGeneralSchema,
  DEFAULT_CURRENCY,
  DEFAULT_FUNNEL_COUNTRIES,
  DomainFormSchema,
  FUNNEL_COUNTRIES,
  FunnelSchema,
  LANGUAGES,
  MSG,
  OfferBodySchema,
  PageFormSchema,
  randomId,
  SubdomainFormSchema,
  validateIndexPage,
  type Domain,
  type Offer,
} from '../../../model';
import { emptyBuildState, type BuildPlan, type BuildState, type PagePlan } from './sequence';

/** Field errors of a step: field name → the seed's message. Empty when the step is valid. */
export type StepErrors = Record<string, string>;

/** The offer step: an existing offer, or the offer form of a new one (typed text, as entered). */
export interface OfferDraft {
  mode: 'existing' | 'new';
  /** The chosen existing offer's platform `offer_id`. */
  existing: number | null;
  offer_id: string;
  ef_offer_id: string;
  name: string;
  platform: 'sticky' | '29next';
  store_id: number | null;
}

/** The funnel's own fields (000 §5 funnel rules); the build wizard asks only the name. */
export interface FunnelDraft {
  name: string;
  currency: (typeof CURRENCIES)[number];
  language: (typeof LANGUAGES)[number];
  countries: (typeof FUNNEL_COUNTRIES)[number][];
}

/** The domain step: a subdomain suffix under an existing root domain, or a new full domain. */
export interface DomainDraft {
  mode: 'subdomain' | 'domain';
  name: string;
  domain_id: number | null;
}

/** Everything a wizard has collected, and what its build has created so far. JSON-serialisable. */
export interface WizardDraft {
  /** Root of the build's Idempotency-Keys: a new draft, a new funnel. */
  id: string;
  /** The step shown (index into the wizard's step list). */
  step: number;
  offer: OfferDraft;
  funnel: FunnelDraft;
  campaigns: WizardCampaign[];
  pages: PagePlan[];
  domain: DomainDraft;
  build: BuildState;
  /** The quick wizard's General step (support contact and the details' general fields). */
  general?: GeneralDraft;
}

/** The details' general fields the quick wizard's General step asks (000 §3, §5; FunnelDetailsForm's General tab). */
export const GENERAL_DETAIL_FIELDS = [
  ['dl_offer_name', 'Offer name (dl_offer_name)'],
  ['guarantee', 'Guarantee'],
  ['favicon', 'Favicon URL'],
  ['logo', 'Logo URL'],
  ['logo_white', 'White logo URL'],
  ['GTM', 'Google Tag Manager id (GTM)'],
  ['OPT', 'Google Optimize id (OPT)'],
  ['UA', 'Google Analytics id (UA)'],
  ['cf_site_key', 'Captcha site key'],
  ['cf_secret_key', 'Captcha secret key'],
] as const;
type GeneralDetailKey = (typeof GENERAL_DETAIL_FIELDS)[number][0];

/** The General step: support number and email, and the details' general fields. */
export interface GeneralDraft {
  cs_number: string;
  cs_email: string;
  details: Record<GeneralDetailKey, string>;
}

/** An empty General step. */
export const newGeneral = (): GeneralDraft => ({
  cs_number: '',
  cs_email: '',
  details: Object.fromEntries(GENERAL_DETAIL_FIELDS.map(([k]) => [k, ''])) as Record<GeneralDetailKey, string>,
});

/** The General step's part of the funnel details form (000 §5): FunnelGeneralSchema's support and details rules. */
const GeneralStepSchema = FunnelGeneralSchema.pick({ cs_number: true, cs_email: true, details: true });

/**
 * The quick wizard's General step (000 §5): support number and email required ('Email format
 * is not valid'), dl_offer_name required, GTM/OPT/UA formats, Cloudflare keys at most 35.
 * Keys: `cs_number`, `cs_email`, `details.<field>`.
 */
export function generalErrors(g: GeneralDraft): StepErrors {
  return issues(GeneralStepSchema.safeParse(g));
}

/** A fresh draft with the seeds' defaults (currency USD, countries US and CA, 000 §9). */
export function newDraft(id: string = randomId()): WizardDraft {
  return {
    id,
    step: 0,
    offer: { mode: 'existing', existing: null, offer_id: '', ef_offer_id: '', name: '', platform: 'sticky', store_id: null },
    funnel: { name: '', currency: DEFAULT_CURRENCY, language: 'en', countries: [...DEFAULT_FUNNEL_COUNTRIES] },
    campaigns: [],
    pages: [],
    domain: { mode: 'subdomain', name: '', domain_id: null },
    build: emptyBuildState(),
  };
}

/** A short unique key for a campaign or page of the draft (its identity in the build state). */
export const newKey = () => randomId().slice(0, 8);

/** The first zod issue per field of a failed parse, as {@link StepErrors}. */
function issues(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): StepErrors {
  const out: StepErrors = {};
  for (const i of r.error?.issues ?? []) {
    const k = i.path.length ? i.path.map(String).join('.') : 'form';
    out[k] ??= i.message;
  }
  return out;
}

/** The new-offer body of the draft's offer form (the API's shape; parse with OfferBodySchema). */
export const offerBody = (o: OfferDraft) => ({
  offer_id: o.offer_id,
  ef_offer_id: o.ef_offer_id,
  name: o.name,
  platform: o.platform,
  store_id: o.store_id,
});

/**
 * The offer step (001 §5 offer form): an existing offer must be chosen ('Please select an
 * offer'); a new one: sticky id digits ≤ 5 ('Input only numbers'), Everflow id digits ≤ 5,
 * a name, platform sticky or 29next, 29next needs a store ('You have to select store'), an
 * offer id already in `offers` is 'Offer [id] already exists'.
 */
export function offerErrors(o: OfferDraft, offers: readonly Pick<Offer, 'offer_id'>[]): StepErrors {
  if (o.mode === 'existing') return o.existing == null ? { existing: MSG.offerRequired } : {};
  const errs = issues(OfferBodySchema.safeParse(offerBody(o)));
  if (!errs.offer_id && offers.some((x) => String(x.offer_id) === o.offer_id.trim())) errs.offer_id = MSG.offerExists(o.offer_id.trim());
  return errs;
}

/** The funnel name ('Please input Funnel name', 000 §5). */
export function funnelNameErrors(f: Pick<FunnelDraft, 'name'>): StepErrors {
  return issues(FunnelSchema.pick({ name: true }).safeParse({ name: f.name }));
}

/**
 * The quick wizard's Funnel step (000 §5 funnel rules): name ('Please input Funnel name'),
 * currency and language required, at least one country ('Please select at least on country').
 */
export function funnelErrors(f: FunnelDraft): StepErrors {
  return issues(FunnelSchema.pick({ name: true, currency: true, language: true, countries: true }).safeParse(f));
}

/**
 * One campaign id typed in the campaigns step (000 §5): required ('Missing Campaign Id'),
 * digits only ('Input only numbers'), at most 5; an id already in the list is the info
 * 'Campaign [id] already added' (`duplicate: true`).
 * @returns null when it can be added, else the message.
 */
export function campaignIdError(input: string, taken: readonly number[]): { message: string; duplicate: boolean } | null {
  const r = CampaignFormSchema.shape.campaign_id.safeParse(input);
  if (!r.success) return { message: r.error.issues[0]?.message ?? MSG.campaignId, duplicate: false };
  if (taken.includes(r.data)) return { message: MSG.campaignAdded(r.data), duplicate: true };
  return null;
}

type CampaignRegion = (typeof CAMPAIGN_REGIONS)[number];
type Fulfillment = (typeof FULFILLMENTS)[number];

/** A campaign the wizards add by id, with its region and fulfillment (001 §5: both required on every campaign). */
export interface WizardCampaign {
  key: string;
  campaign_id: number;
  /** The region the campaign serves (one of US, CA, PP, DE, UK); older drafts may lack it. */
  region?: CampaignRegion;
  /** New Jersey, Ecomm or SRLC; older drafts may lack it. */
  fulfillment?: Fulfillment;
}

/**
 * The region and fulfillment chosen for a campaign in the campaigns step (001 §5): each
 * required, with the campaign form's messages ('Please select at least one region',
 * 'Please select fulfillment').
 * @returns the messages by field; {} when both are chosen.
 */
export function campaignChoiceErrors(region: string, fulfillment: string): { region?: string; fulfillment?: string } {
  const out: { region?: string; fulfillment?: string } = {};
  const r = campaignRegions.safeParse(region ? [region] : []);
  if (!r.success) out.region = r.error.issues[0]?.message ?? RMSG.regions;
  const f = campaignFulfillment.safeParse(fulfillment);
  if (!f.success) out.fulfillment = f.error.issues[0]?.message ?? RMSG.fulfillment;
  return out;
}

/** The page form's values as typed (the template as an id or null). */
export type PageInput = Omit<PagePlan, 'key'>;

/**
 * One page row (001 §5 page form): 'Missing Name', 'Missing Page Type', the page-path slash
 * rule, and a path another row already has: 'Page path already exists' (001 §8).
 */
export function pageErrors(p: PageInput, others: readonly Pick<PagePlan, 'page_path'>[]): StepErrors {
  const errs = issues(PageFormSchema.safeParse({ ...p, page_type: p.page_type || undefined }));
  if (!errs.page_path && others.some((o) => o.page_path === p.page_path.trim())) errs.page_path = MSG.pagePathExists;
  return errs;
}

/** What the pages step says when it has no page (001 §2 empty states). */
export const NO_PAGES = 'No Pages added';

/**
 * The pages step: at least one page ('No Pages added'); the first one becomes the index page,
 * so it must be of type checkout, interstitial or presell (000 §5); paths are unique.
 */
export function pagesErrors(pages: readonly PagePlan[]): StepErrors {
  const first = pages[0];
  if (!first) return { pages: NO_PAGES };
  const idx = validateIndexPage(first.page_type);
  if (idx) return { pages: idx };
  const paths = pages.map((p) => p.page_path);
  if (new Set(paths).size !== paths.length) return { pages: MSG.pagePathExists };
  return {};
}

/** The full name a domain draft creates (a subdomain: `suffix.parent`). */
export function domainFullName(d: DomainDraft, domains: readonly Pick<Domain, 'ID' | 'name'>[]): string {
  const name = d.name.trim().toLowerCase();
  if (d.mode === 'domain') return name;
  const parent = domains.find((x) => x.ID === d.domain_id);
  return parent ? `${name}.${parent.name}` : name;
}

/**
 * The domain step (000 §5; 001 §5): a subdomain is one label under a chosen root domain
 * ('Please select a domain', 'Please enter a valid subdomain'); a new domain is a full name
 * with a TLD ('Please Domain URL', 'Please enter a valid domain'); a name already there is
 * 'Domain [name] already added'.
 */
export function domainErrors(d: DomainDraft, domains: readonly Pick<Domain, 'ID' | 'name'>[]): StepErrors {
  const errs =
    d.mode === 'subdomain'
      ? issues(SubdomainFormSchema.pick({ name: true, domain_id: true }).safeParse({ name: d.name, domain_id: d.domain_id ?? undefined }))
      : issues(DomainFormSchema.safeParse({ name: d.name }));
  if (!errs.name && !errs.domain_id) {
    const full = domainFullName(d, domains);
    if (domains.some((x) => x.name === full)) errs.name = MSG.domainAdded(full);
  }
  return errs;
}

/**
 * The build plan of a valid draft (call after every step's rules passed).
 * @throws Error when a step is incomplete (a wizard shows its step first).
 */
export function planOf(d: WizardDraft, withFunnelFields: boolean): BuildPlan {
  const o = d.offer;
  let offer: BuildPlan['offer'];
  if (o.mode === 'existing') {
    if (o.existing == null) throw new Error(MSG.offerRequired);
    offer = { kind: 'existing', offer_id: o.existing };
  } else {
    const body = OfferBodySchema.parse(offerBody(o));
    offer = { kind: 'new', ...body, store_id: body.store_id ?? null };
  }
  const domain: BuildPlan['domain'] =
    d.domain.mode === 'subdomain'
      ? { kind: 'subdomain', name: d.domain.name.trim().toLowerCase(), domain_id: d.domain.domain_id ?? 0 }
      : { kind: 'domain', name: d.domain.name.trim().toLowerCase() };
  let funnel: BuildPlan['funnel'] = { name: d.funnel.name.trim() };
  if (withFunnelFields) {
    funnel = { ...funnel, currency: d.funnel.currency, language: d.funnel.language, countries: d.funnel.countries };
    if (d.general) {
      // The secret key is write-only: sent only when typed (an empty one is no key).
      const { cf_secret_key, ...details } = d.general.details;
      funnel = {
        ...funnel,
        cs_number: d.general.cs_number.trim(),
        cs_email: d.general.cs_email.trim(),
        details: cf_secret_key ? { ...details, cf_secret_key } : details,
      };
    }
  }
  return { draftId: d.id, offer, funnel, domain, campaigns: d.campaigns, pages: d.pages };
}

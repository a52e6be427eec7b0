/**
 * The funnel build sequence of both wizards (000 §4 "A funnel build runs strictly in
 * sequence: create offer, create funnel, create domain, create campaigns, create pages, then
 * update the funnel with the first page as its index page"; 001 §2 Quick funnel wizard's
 * Build step). Pure: the steps are data, the calls come in as a {@link BuildApi}, and the
 * state ({@link BuildState}) records every id created so far, per campaign and per page, so a
 * failed run resumes from the failed step without creating anything twice. Every create
 * sends an Idempotency-Key derived from the draft id, the step and the item
 * ({@link idempotencyKey}), so a retry after a lost answer replays the first answer.
 */
import { keysInOrder } from '../../../model';

/** What the progress list says for each step, in the order the steps run (000 §4). */
export const BUILD_STEP_LABELS = {
  offer: 'Create offer',
  funnel: 'Create funnel',
  domain: 'Create domain',
  campaigns: 'Create campaigns',
  pages: 'Create pages',
  index: 'Set the first page as index page',
};
/** One step of the build. */
export type BuildStep = keyof typeof BUILD_STEP_LABELS;
/** The steps, in the order they run (000 §4). */
export const BUILD_STEPS = keysInOrder(BUILD_STEP_LABELS);

/** A new offer as the offer form gives it (001 §5; `POST /api/v1/offers/create/`). */
export interface NewOfferPlan {
  offer_id: number;
  ef_offer_id: number | null;
  name: string;
  platform: 'sticky' | '29next';
  store_id: number | null;
}

/** A page to create (001 §5 page form); `key` is its stable identity in the draft. */
export interface PagePlan {
  key: string;
  name: string;
  page_type: string;
  page_path: string;
  template_id: number | null;
}

/** The domain to create: a subdomain suffix under a root domain, or a new full domain (000 §5). */
export type DomainPlan = { kind: 'subdomain'; name: string; domain_id: number } | { kind: 'domain'; name: string };

/** Everything the sequence creates, as the wizard's steps collected it. */
export interface BuildPlan {
  /** The wizard draft's id: the root of every Idempotency-Key. */
  draftId: string;
  /** An existing offer (by its platform `offer_id`: the create-offer step is skipped) or a new one. */
  offer: { kind: 'existing'; offer_id: number } | ({ kind: 'new' } & NewOfferPlan);
  /** The funnel's fields; the quick wizard adds currency, language, countries, support contact and details (001 §2). */
  funnel: { name: string; currency?: string; language?: string; countries?: string[]; cs_number?: string; cs_email?: string; details?: Record<string, string> };
  domain: DomainPlan;
  campaigns: { key: string; campaign_id: number; region?: string; fulfillment?: string }[];
  /** At least one: the first becomes the index page. */
  pages: PagePlan[];
}

/** Ids created so far and how the last run ended. JSON-serialisable (kept in the draft). */
export interface BuildState {
  /** The offer's platform `offer_id` once created (or the chosen one). */
  offerId: number | null;
  funnelId: number | null;
  domainId: number | null;
  /** Campaign row ID per campaign key. */
  campaigns: Record<string, number>;
  /** Page ID per page key. */
  pages: Record<string, number>;
  indexSet: boolean;
  /** The step running now (null when idle). */
  running: BuildStep | null;
  /** The step that failed last and the server's message; cleared when a run starts. */
  failed: { step: BuildStep; message: string } | null;
}

/** The state of a plan nothing of which was created yet. */
export const emptyBuildState = (): BuildState => ({
  offerId: null,
  funnelId: null,
  domainId: null,
  campaigns: {},
  pages: {},
  indexSet: false,
  running: null,
  failed: null,
});

/**
 * The calls the sequence makes (the wizard's real ones are in `wizard-api.ts`; tests give
 * fakes). Each create takes the Idempotency-Key to send and resolves with the created row's
 * id; each rejects with an Error whose message is the server's.
 */
export interface BuildApi {
  createOffer: (offer: NewOfferPlan, key: string) => Promise<{ offer_id: number }>;
  createFunnel: (funnel: BuildPlan['funnel'] & { offer: number }, key: string) => Promise<{ ID: number }>;
  createDomain: (domain: DomainPlan, funnelId: number, key: string) => Promise<{ ID: number }>;
  createCampaign: (campaign: { campaign_id: number; funnel_id: number; regions: string[]; fulfillment: string }, key: string) => Promise<{ ID: number }>;
  createPage: (page: Omit<PagePlan, 'key'> & { funnel_id: number }, key: string) => Promise<{ ID: number }>;
  /** Sets the funnel's `page_id` (its index page). */
  setIndexPage: (funnelId: number, pageId: number, key: string) => Promise<void>;
}

/** The Idempotency-Key of one create: `wizard:<draftId>:<step>[:<item>]` (at most 200 characters). */
export function idempotencyKey(draftId: string, step: BuildStep, item?: string): string {
  return `wizard:${draftId}:${step}${item ? `:${item}` : ''}`.slice(0, 200);
}

/** How the progress list shows a step. */
export type StepStatus = 'waiting' | 'running' | 'done' | 'failed' | 'skipped';

/** True when everything of `step` was created (or it needs nothing). */
export function stepDone(plan: BuildPlan, s: BuildState, step: BuildStep): boolean {
  switch (step) {
    case 'offer':
      return plan.offer.kind === 'existing' || s.offerId != null;
    case 'funnel':
      return s.funnelId != null;
    case 'domain':
      return s.domainId != null;
    // With no campaigns to add the step is done once the sequence has passed the domain.
    case 'campaigns':
      return s.domainId != null && plan.campaigns.every((c) => s.campaigns[c.key] != null);
    case 'pages':
      return plan.pages.every((p) => s.pages[p.key] != null);
    case 'index':
      return s.indexSet;
  }
}

/** The status of `step` for the progress list: skipped (an existing offer), done, running, failed or waiting. */
export function stepStatus(plan: BuildPlan, s: BuildState, step: BuildStep): StepStatus {
  if (step === 'offer' && plan.offer.kind === 'existing') return 'skipped';
  if (s.running === step) return 'running';
  if (s.failed?.step === step) return 'failed';
  return stepDone(plan, s, step) ? 'done' : 'waiting';
}

/** Units of work: one per step, one per campaign and one per page. */
function units(plan: BuildPlan, s: BuildState): { done: number; total: number } {
  let done = 0;
  let total = 0;
  for (const step of BUILD_STEPS) {
    if (step === 'campaigns') {
      total += Math.max(1, plan.campaigns.length);
      done += plan.campaigns.length ? plan.campaigns.filter((c) => s.campaigns[c.key] != null).length : stepDone(plan, s, step) ? 1 : 0;
    } else if (step === 'pages') {
      total += plan.pages.length;
      done += plan.pages.filter((p) => s.pages[p.key] != null).length;
    } else {
      total += 1;
      if (stepDone(plan, s, step)) done += 1;
    }
  }
  return { done, total };
}

/** Percentage done, 0–100 (whole number). */
export function buildProgress(plan: BuildPlan, s: BuildState): number {
  const { done, total } = units(plan, s);
  return total ? Math.round((done / total) * 100) : 0;
}

/** True when every step is done. */
export const buildComplete = (plan: BuildPlan, s: BuildState) => BUILD_STEPS.every((st) => stepDone(plan, s, st));

/**
 * Runs the sequence from the first step not yet done, strictly one call at a time, and stops
 * at the first failure (the state then names the step and the server's message). Already
 * created ids are never created again, so calling it again resumes. `onChange` receives
 * every new state (a new object each time).
 * @returns the final state (check `failed`, or {@link buildComplete}).
 */
export async function runBuild(plan: BuildPlan, start: BuildState, api: BuildApi, onChange: (s: BuildState) => void = () => {}): Promise<BuildState> {
  if (!plan.pages.length) throw new Error('A funnel build needs at least one page');
  let s: BuildState = { ...start, campaigns: { ...start.campaigns }, pages: { ...start.pages }, failed: null, running: null };
  const set = (patch: Partial<BuildState>) => {
    s = { ...s, ...patch };
    onChange(s);
  };
  const key = (step: BuildStep, item?: string) => idempotencyKey(plan.draftId, step, item);
  for (const step of BUILD_STEPS) {
    if (stepDone(plan, s, step)) continue;
    set({ running: step });
    try {
      switch (step) {
        case 'offer': {
          if (plan.offer.kind !== 'new') break;
          const { kind: _kind, ...offer } = plan.offer;
          set({ offerId: (await api.createOffer(offer, key('offer'))).offer_id });
          break;
        }
        case 'funnel': {
          const offer = plan.offer.kind === 'existing' ? plan.offer.offer_id : s.offerId;
          if (offer == null) throw new Error('The offer was not created');
          set({ funnelId: (await api.createFunnel({ ...plan.funnel, offer }, key('funnel'))).ID });
          break;
        }
        case 'domain':
          set({ domainId: (await api.createDomain(plan.domain, need(s.funnelId), key('domain'))).ID });
          break;
        case 'campaigns':
          for (const c of plan.campaigns) {
            if (s.campaigns[c.key] != null) continue;
            const made = await api.createCampaign(
              {
                campaign_id: c.campaign_id,
                funnel_id: need(s.funnelId),
                regions: c.region ? [c.region] : [],
                fulfillment: c.fulfillment ?? '',
              },
              key('campaigns', c.key),
            );
            set({ campaigns: { ...s.campaigns, [c.key]: made.ID } });
          }
          break;
        case 'pages':
          for (const { key: k, ...p } of plan.pages) {
            if (s.pages[k] != null) continue;
            const made = await api.createPage({ ...p, funnel_id: need(s.funnelId) }, key('pages', k));
            set({ pages: { ...s.pages, [k]: made.ID } });
          }
          break;
        case 'index': {
          const first = plan.pages[0];
          await api.setIndexPage(need(s.funnelId), need(first ? s.pages[first.key] : null), key('index'));
          set({ indexSet: true });
          break;
        }
      }
    } catch (e) {
      set({ running: null, failed: { step, message: e instanceof Error ? e.message : String(e) } });
      return s;
    }
  }
  set({ running: null });
  return s;
}

function need(id: number | null | undefined): number {
  if (id == null) throw new Error('An earlier step did not finish');
  return id;
}

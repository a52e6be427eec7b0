/**
 * The pre-publish check of a funnel's page flow (000 §4, §7
 * publish; 001 §2 pages, §3 split). One pure function serves the server, which refuses to
 * publish on an error before anything is written, and the client, which lists the problems
 * with a link to each page (Publish refuses errors and asks first on warnings) and shows them
 * on the flow diagram.
 */
import { funnelDetailsProblems, type FunnelDetailsInput } from './funnel';
import { flowOrder } from './page';

/**
 * Messages of the pre-publish check. The index-page and offer wording is what
 * Publish said before; `page` is "Name (/path/)". Kept here rather than in messages.ts' MSG:
 * messages.ts is in the entry chunk, this module loads only with the funnel page, and the
 * /funnels route's bundle budget has no room for words it never shows.
 */
export const FLOW_MSG = {
  noPages: 'There are no pages: add pages before publishing',
  noIndex: 'No index page: select the index page in Funnel Details',
  noOffer: 'No Offer added: please insert offer in Funnel Details',
  missingTarget: (page: string, link: 'next' | 'skip') =>
    `${page} has a ${link} page that does not exist: choose its ${link === 'next' ? 'Next page' : 'Skip page'} again in Settings`,
  noProducts: (page: string) => `${page} has no products: add them in its Products panel`,
  splitValue: (page: string, value: string) => `${page} has the percentage "${value}": a split percentage must be a whole number from 0 to 100`,
  splitOver: (page: string, sum: number, next: number) => `${page} percentages add up to ${sum}%: the next page would get ${next}%`,
  splitNoSkip: (page: string, share: number) => `${page} sends ${share}% of visitors to its skip page, but no Skip page is set`,
  splitNoNext: (page: string, share: number) => `${page} sends ${share}% of visitors to its next page, but no Next page is set`,
  unreachable: (page: string) => `${page} cannot be reached: no next or skip page leads to it from the index page`,
  deadEnd: (page: string) => `${page} is a dead end: visitors stop there before a thank-you page (set its Next page or a redirect)`,
  splitEmpty: (page: string) => `${page} is a split page without conditions: every visitor goes to its next page`,
} as const;

/** An error makes Publish refuse; a warning makes it ask first. */
export type FlowProblemLevel = 'error' | 'warning';

/** What is wrong, one code per rule (see {@link flowProblems}). */
export type FlowProblemCode =
  'no-pages' | 'no-index' | 'no-details' | 'missing-target' | 'split-percent' | 'no-offer' | 'no-products' | 'unreachable' | 'dead-end' | 'split-empty';

/** One problem found by {@link flowProblems}: a plain sentence, and the page it is about (none for funnel-wide problems). */
export interface FlowProblem {
  level: FlowProblemLevel;
  code: FlowProblemCode;
  message: string;
  pageId?: number;
}

/** One split condition as stored in a page's `split` (001 §3): a 'percent' share or a 'match' on a GET parameter. */
export interface FlowCheckSplitCondition {
  type: 'percent' | 'match';
  param?: string;
  value?: string;
}

/**
 * What the check reads of a page: identity and wording (ID, name, page_type, page_path), its
 * links (`page_id` next, `page_alt_id` skip), its split conditions, and of its meta the
 * products (a checkout page needs some) and the redirect (a page with one is no dead end).
 * A stored {@link Page} and the editor's `page:<id>` document both fit.
 */
export interface FlowCheckPage {
  ID: number;
  name: string;
  page_type: string;
  page_path: string;
  page_id: number | null;
  page_alt_id: number | null;
  split?: readonly FlowCheckSplitCondition[];
  meta?: { products?: readonly unknown[]; redirect?: { path?: string } } | null;
}

/** What {@link flowProblems} checks: the funnel's index page and offer, its pages, and whether the offer exists. */
export interface FlowCheckInput {
  /**
   * The funnel's index page and offer; with its support line and `details.dl_offer_name` when
   * given (a member given is checked: {@link funnelDetailsProblems}; the server and the
   * editor pass the whole funnel).
   */
  funnel: { page_id: number | null; offer: number | null } & FunnelDetailsInput;
  pages: readonly FlowCheckPage[];
  /** True when the funnel's offer (its offer_id) is a known offer. */
  offerExists: boolean;
}

/** Page types that end a flow: a page of these types needs no next page. */
const END_TYPES: readonly string[] = ['thankyou', 'thanksagain'];

/**
 * The percentage of one 'percent' split condition: its value must be a string of digits
 * (the sum must be 0–100, see {@link splitShares}); anything else ('', '1e3', '-5', '50.5',
 * ' 5') is null, i.e. not a percentage. Kept this strict because the published split page
 * (src/server/publish/templates/split.liquid) reads the values with the same rule.
 */
export function splitPercentValue(value: string | undefined): number | null {
  return value != null && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * The chance shares, in percent, of a split page (001 §3 split; what the published page does,
 * src/server/publish/templates/split.liquid):
 * - a visitor goes to the skip page (`page_alt_id`) when any 'match' condition holds (the GET
 *   parameter `param` equals `value`);
 * - otherwise by chance, one random draw: the 'percent' conditions' values summed are the
 *   share sent to the skip page, and the rest (100 − sum) goes to the next page (`page_id`).
 *
 * Values that are not a string of digits count as 0 here ({@link splitPercentValue}); the
 * check reports them. `skip + next` is always 100, so a sum over 100 gives a negative `next`.
 * A page without 'percent' conditions sends everyone (not matched) to the next page: `{skip: 0, next: 100}`.
 */
export function splitShares(page: { split?: readonly FlowCheckSplitCondition[] }): { skip: number; next: number } {
  const skip = (page.split ?? []).filter((c) => c.type === 'percent').reduce((sum, c) => sum + (splitPercentValue(c.value) ?? 0), 0);
  return { skip, next: 100 - skip };
}

/** "Checkout (/checkout/)": how messages name a page. */
export function flowPageLabel(page: { name: string; page_path: string }): string {
  return `${page.name || 'A page without a name'} (${page.page_path})`;
}

/** What is wrong with a split page's percentages, or null when its shares add up (see {@link splitShares}). */
function splitPercentProblem(page: FlowCheckPage): string | null {
  const percent = (page.split ?? []).filter((c) => c.type === 'percent');
  if (!percent.length) return null;
  const label = flowPageLabel(page);
  const bad = percent.find((c) => splitPercentValue(c.value) === null);
  if (bad) return FLOW_MSG.splitValue(label, bad.value ?? '');
  const { skip, next } = splitShares(page);
  if (skip > 100) return FLOW_MSG.splitOver(label, skip, next);
  // A share towards a link that is not set (or to a missing page, reported on its own) sends visitors nowhere.
  if (skip > 0 && page.page_alt_id == null) return FLOW_MSG.splitNoSkip(label, skip);
  if (next > 0 && page.page_id == null) return FLOW_MSG.splitNoNext(label, next);
  return null;
}

/**
 * The problems that stop or question publishing a funnel.
 *
 * Errors (Publish refuses): 'no-pages' (the funnel has no pages); 'no-index' (no index page, or
 * one that is not a page of this funnel); 'no-offer' (no offer, or an unknown one); 'no-details'
 * (dl_offer_name, support number or support e-mail missing or malformed, 000 §5: the details
 * form's messages, one problem each);
 * 'missing-target' (a next or skip link to a page that does not exist); 'split-percent' (a split
 * page's percentages do not add up: a value that is not a string of digits, a sum over 100,
 * or a share > 0 towards a link that is not set — see {@link splitShares});
 * 'no-products' (a checkout page without products in meta.products).
 *
 * Warnings (Publish asks first): 'unreachable' (no path of next/skip links leads from the index
 * page to the page); 'dead-end' (a page reached from the index page, not a thank-you page, with
 * no next page and no redirect); 'split-empty' (a split page without conditions sends every
 * visitor to its next page).
 *
 * Order: errors first, then warnings; funnel-wide problems first, then page by page in flow
 * order ({@link flowOrder}: from the index page along next then skip links, then the pages
 * no path reaches, by path). Pure: no I/O, the same on the server and the client.
 */
export function flowProblems({ funnel, pages, offerExists }: FlowCheckInput): FlowProblem[] {
  const errors: FlowProblem[] = [];
  const warnings: FlowProblem[] = [];
  const error = (code: FlowProblemCode, message: string, pageId?: number) =>
    errors.push(pageId == null ? { level: 'error', code, message } : { level: 'error', code, message, pageId });
  const warn = (code: FlowProblemCode, message: string, pageId: number) => warnings.push({ level: 'warning', code, message, pageId });

  const ids = new Set(pages.map((p) => p.ID));
  const hasIndex = funnel.page_id != null && ids.has(funnel.page_id);
  if (!pages.length) error('no-pages', FLOW_MSG.noPages);
  else if (!hasIndex) error('no-index', FLOW_MSG.noIndex);
  if (!funnel.offer || !offerExists) error('no-offer', FLOW_MSG.noOffer);
  // 000 §5: a funnel without them would go live with its internal name as the brand and an empty support line.
  if ('cs_number' in funnel || 'cs_email' in funnel || 'details' in funnel) {
    for (const p of funnelDetailsProblems(funnel)) error('no-details', p.message);
  }

  // Pages reached from the index page along next and skip links.
  const reached = new Set<number>();
  if (hasIndex) {
    const byId = new Map(pages.map((p) => [p.ID, p]));
    const queue = [funnel.page_id as number];
    for (let id = queue.shift(); id != null; id = queue.shift()) {
      const p = byId.get(id);
      if (!p || reached.has(id)) continue;
      reached.add(id);
      for (const to of [p.page_id, p.page_alt_id]) if (to != null) queue.push(to);
    }
  }

  for (const p of flowOrder([...pages], hasIndex ? funnel.page_id : null)) {
    const label = flowPageLabel(p);
    for (const [link, to] of [
      ['next', p.page_id],
      ['skip', p.page_alt_id],
    ] as const) {
      if (to != null && !ids.has(to)) error('missing-target', FLOW_MSG.missingTarget(label, link), p.ID);
    }
    if (p.page_type === 'split') {
      const problem = splitPercentProblem(p);
      if (problem) error('split-percent', problem, p.ID);
    }
    if (p.page_type === 'checkout' && !p.meta?.products?.length) error('no-products', FLOW_MSG.noProducts(label), p.ID);

    if (hasIndex && !reached.has(p.ID)) warn('unreachable', FLOW_MSG.unreachable(label), p.ID);
    if (reached.has(p.ID) && !END_TYPES.includes(p.page_type) && p.page_id == null && !p.meta?.redirect?.path) {
      warn('dead-end', FLOW_MSG.deadEnd(label), p.ID);
    }
    if (p.page_type === 'split' && !p.split?.length) warn('split-empty', FLOW_MSG.splitEmpty(label), p.ID);
  }
  return [...errors, ...warnings];
}

/**
 * Pre-publish problems for the Publish and FlowProblems stories, found by the model's
 * flowProblems itself (so the wording is the real one): a funnel whose checkout has no products
 * (error), a split page without conditions and a page nothing leads to (warnings).
 */
import { flowProblems, type FlowCheckPage, type FlowProblem } from '../../../src/model';

const page = (ID: number, name: string, page_type: string, page_path: string, page_id: number | null, extra: Partial<FlowCheckPage> = {}): FlowCheckPage => ({
  ID,
  name,
  page_type,
  page_path,
  page_id,
  page_alt_id: null,
  split: [],
  meta: {},
  ...extra,
});
const pages = [
  page(10, 'Presell', 'presell', '/', 11),
  page(11, 'Checkout', 'checkout', '/checkout/', 12),
  page(12, 'Split A', 'split', '/split/', 13),
  page(13, 'Thank you', 'thankyou', '/thank-you/', null),
  page(14, 'Old presell', 'presell', '/old/', 11),
];

/** Every problem: 1 error (Checkout has no products), 2 warnings (Split A without conditions, Old presell unreachable). */
export const PROBLEMS: FlowProblem[] = flowProblems({ funnel: { page_id: 10, offer: 20320 }, pages, offerExists: true });
/** The warnings only (the checkout has its products). */
export const WARNINGS: FlowProblem[] = PROBLEMS.filter((p) => p.level === 'warning');
/** A funnel-wide error (no page to link to) before the page problems. */
export const NO_OFFER: FlowProblem[] = flowProblems({ funnel: { page_id: 10, offer: null }, pages, offerExists: false });

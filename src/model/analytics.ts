/**
 * First-party funnel analytics (issue "Which page loses buyers"): the events a published page
 * sends to its own site's `POST /e`, the sticky split assignment the published split page draws
 * with (001 §3 page `split`), and the rules of a split test's verdict. The statistics
 * themselves (the interval) are computed by the server (src/server/analytics/statistics.ts),
 * which answers them with the analytics API; the SPA only shows them.
 */
import { z } from 'zod';

/** The kinds of event a published page sends. */
export const EVENT_KINDS = ['view', 'cta', 'checkout_submit', 'upsell_accept', 'upsell_skip'] as const;
/** One kind of event. */
export type EventKind = (typeof EVENT_KINDS)[number];

/** True when `k` is one of the {@link EVENT_KINDS}. */
export const isEventKind = (k: string): k is EventKind => (EVENT_KINDS as readonly string[]).includes(k);

/** Largest events of one `POST /e` request. */
export const MAX_EVENTS_PER_BATCH = 20;
/** Largest `POST /e` body, in bytes. */
export const MAX_EVENT_BODY_BYTES = 2048;
/** Longest affiliate id or campaign kept from the page's address (`affid`, `utm_campaign`). */
export const MAX_EVENT_TAG_CHARS = 64;

/** The sentences a refused event is answered with. */
export const EVENT_MSG = {
  body: 'The body must be JSON: {"events": [ … ]} with 1 to 20 events',
  tooLarge: 'The body is too large: at most 2048 bytes',
  kind: `An event's kind must be one of ${EVENT_KINDS.join(', ')}`,
  page: "An event's page must be the ID of a page (a positive whole number)",
  release: "An event's release must be the ID of a release (a positive whole number)",
  visitor: "An event's visitor must be 8 to 64 letters, digits, '-' or '_'",
  id: "An event's id must be 8 to 64 letters, digits, '-' or '_'",
  branch: "An event's branch must be a split page's ID and next, skip or match, as 12:skip",
  tag: `An event's affiliate and campaign must be 1 to ${MAX_EVENT_TAG_CHARS} printable characters`,
  unknownKey: (key: string) => `An event may not carry "${key}": only kind, page, release, visitor, id, branch, affiliate, campaign and time`,
} as const;

const token = (message: string) => z.string({ error: message }).regex(/^[A-Za-z0-9_-]{8,64}$/, message);
const tag = z
  .string({ error: EVENT_MSG.tag })
  .min(1, EVENT_MSG.tag)
  .max(MAX_EVENT_TAG_CHARS, EVENT_MSG.tag)
  // Printable only: no control characters reach the rollups or the Analytics tab.
  .regex(/^[^\p{Cc}]+$/u, EVENT_MSG.tag);
const positiveId = (message: string) => z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

/**
 * One event as a page sends it. `time` (the browser's clock) is accepted and ignored: the
 * server's time is the truth, as a visitor's clock may be anything.
 */
export const AnalyticsEventSchema = z
  .object({
    kind: z.enum(EVENT_KINDS, { error: EVENT_MSG.kind }),
    page: positiveId(EVENT_MSG.page),
    /** Optional: when sent it must be the site's live release (the server fills it in otherwise). */
    release: positiveId(EVENT_MSG.release).optional(),
    /** A random id kept in the visitor's first-party storage; absent with Do Not Track or Global Privacy Control. */
    visitor: token(EVENT_MSG.visitor).optional(),
    /** The event's own random id: the same event sent twice is stored once. */
    id: token(EVENT_MSG.id).optional(),
    branch: z
      .string({ error: EVENT_MSG.branch })
      .regex(/^[1-9]\d{0,9}:(next|skip|match)$/, EVENT_MSG.branch)
      .optional(),
    affiliate: tag.optional(),
    campaign: tag.optional(),
    time: z.unknown().optional(),
  })
  .strict();
/** One event as a page sends it. */
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

/** The body of `POST /e`: 1 to {@link MAX_EVENTS_PER_BATCH} events. */
export const EventBatchSchema = z
  .object(
    { events: z.array(AnalyticsEventSchema, { error: EVENT_MSG.body }).min(1, EVENT_MSG.body).max(MAX_EVENTS_PER_BATCH, EVENT_MSG.body) },
    { error: EVENT_MSG.body },
  )
  .strict();

/**
 * FNV-1a, 32 bits, over the UTF-16 code units of `s` (the bytes for ASCII text, which visitor
 * ids are): the hash the published split page computes too (src/server/publish/templates/_scripts.liquid),
 * tested against the same vectors. @returns an unsigned 32-bit integer.
 */
export function fnv1a32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * The slot (0–9999) of a visitor at split page `pageId`: FNV-1a of `<visitor>:<page>` mixed by
 * MurmurHash3's 32-bit finalizer, since FNV-1a alone leaves pages whose IDs differ in the last
 * digit correlated. The published page computes the same (tested against the same vectors).
 */
export function splitSlot(visitor: string, pageId: number): number {
  let h = fnv1a32(`${visitor}:${pageId}`);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) % 10_000;
}

/** Where a split page sends a visitor: its next page, its skip page by chance, or its skip page by a 'match' condition. */
export type SplitBranch = 'next' | 'skip' | 'match';

/** One split condition as the published page reads it (001 §4: percent, or match on a GET parameter). */
export interface SplitRule {
  type: 'percent' | 'match';
  param?: string;
  value?: string;
}

/**
 * The branch a visitor of split page `pageId` is sent to (001 §3 split): 'match' when any
 * 'match' condition holds for the query (as before); otherwise 'skip' with the chance of the
 * summed 'percent' values (digits only, at most 100), drawn from the hash of visitor and page ({@link splitSlot}),
 * so a visitor keeps the branch first drawn, and independently per split page. Without a
 * visitor id (Do Not Track) `random` (0 ≤ r < 1) draws once per visit.
 */
export function assignSplit(
  rules: readonly SplitRule[],
  query: URLSearchParams,
  visitor: string | null,
  pageId: number,
  random: () => number = Math.random,
): SplitBranch {
  let share = 0;
  for (const r of rules) {
    if (r.type === 'match' && r.param != null && query.get(r.param) === r.value) return 'match';
    if (r.type === 'percent' && /^[0-9]+$/.test(String(r.value))) share += Number(r.value);
  }
  const slot = visitor ? splitSlot(visitor, pageId) : Math.floor(random() * 10_000);
  return slot < Math.min(share, 100) * 100 ? 'skip' : 'next';
}

/** The two-proportion comparison of two branches, as the server computes it. */
export interface SplitComparison {
  /** Conversion rate of each branch (0–1). */
  rateA: number;
  rateB: number;
  /** Rate B minus rate A, with its 95 % interval (Newcombe's hybrid score interval). */
  difference: number;
  low: number;
  high: number;
}

/** Visitors each branch needs before a verdict, and conversions in all. */
export const MIN_VISITORS_PER_BRANCH = 100;
export const MIN_CONVERSIONS = 10;

/** A split test's verdict: no winner before the sample allows it. */
export type SplitVerdict =
  { kind: 'too_few'; message: string } | { kind: 'no_difference'; message: string } | { kind: 'winner'; branch: 'a' | 'b'; message: string };

/**
 * The verdict of branches A and B (`visitors`, `conversions` each) from their comparison:
 * - 'too_few' while either branch has fewer than {@link MIN_VISITORS_PER_BRANCH} visitors or both
 *   together fewer than {@link MIN_CONVERSIONS} conversions (below that the normal approximation
 *   behind any interval is poor and early peeking finds "winners" by chance);
 * - 'winner' when the 95 % interval of the difference excludes 0;
 * - 'no_difference' otherwise.
 * `names` are how the sentences name the branches.
 */
export function splitVerdict(
  a: { visitors: number; conversions: number },
  b: { visitors: number; conversions: number },
  cmp: SplitComparison,
  names: { a: string; b: string } = { a: 'Branch A', b: 'Branch B' },
): SplitVerdict {
  if (a.visitors < MIN_VISITORS_PER_BRANCH || b.visitors < MIN_VISITORS_PER_BRANCH || a.conversions + b.conversions < MIN_CONVERSIONS) {
    return {
      kind: 'too_few',
      message: `Too few visitors to tell: each branch needs at least ${MIN_VISITORS_PER_BRANCH} visitors and both together ${MIN_CONVERSIONS} conversions (now ${a.visitors} and ${b.visitors} visitors, ${a.conversions + b.conversions} conversions)`,
    };
  }
  const pct = (x: number) => `${(x * 100).toFixed(1)} points`;
  if (cmp.low > 0) return { kind: 'winner', branch: 'b', message: `${names.b} converts better: ${pct(cmp.low)} to ${pct(cmp.high)} more (95 % interval)` };
  if (cmp.high < 0) return { kind: 'winner', branch: 'a', message: `${names.a} converts better: ${pct(-cmp.high)} to ${pct(-cmp.low)} more (95 % interval)` };
  return { kind: 'no_difference', message: `No clear difference: the 95 % interval of the difference (${pct(cmp.low)} to ${pct(cmp.high)}) includes zero` };
}

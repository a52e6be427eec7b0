/**
 * Search by name across the admin (the command palette's server half): what
 * `GET /api/v1/search?q=…&limit=…` takes and answers, and which kinds of hits a role may see —
 * those whose screen (001 §2 routes) the role may open, by the policy table.
 */
import { z } from 'zod';
import { TEXT_MAX } from './constants';
import { queryPageSize } from './fields';
import { canOpenScreen, type ScreenPattern } from './policy';
import type { RoleName } from './constants';

/** What can be found, in the order hits of the same rank are listed. */
export const SEARCH_KINDS = ['funnel', 'offer', 'template', 'domain', 'page'] as const;
/** A kind of {@link SEARCH_KINDS}. */
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The screen a hit of each kind opens: a role that may not open it gets no such hits. */
export const SEARCH_KIND_SCREENS: Readonly<Record<SearchKind, ScreenPattern>> = {
  funnel: 'funnels/:id',
  offer: 'offers/:id',
  template: 'templates',
  domain: 'domains',
  page: 'funnels/:id/pages/:pageId',
};

/** The kinds of hits `role` may see. */
export function searchKindsFor(role: RoleName): SearchKind[] {
  return SEARCH_KINDS.filter((k) => canOpenScreen(role, SEARCH_KIND_SCREENS[k]));
}

/** Hits one answer holds without `limit`, and at most. */
export const SEARCH_LIMIT = { size: 20, max: 50 } as const;

/** Messages of the query. */
export const SEARCH_MSG = {
  q: `Search text (q) must be 1 to ${TEXT_MAX.name} characters`,
  limit: `Search results (limit) must be a whole number from 1 to ${SEARCH_LIMIT.max}`,
} as const;

/**
 * The query: `q` (trimmed, 1–255 characters: no name is longer) and `limit` (default 20, at
 * most 50). Outer spaces do not count; a `q` of spaces only is refused like an empty one.
 */
export const SearchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_MSG.q })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, SEARCH_MSG.q).max(TEXT_MAX.name, SEARCH_MSG.q)),
  limit: queryPageSize(3, SEARCH_LIMIT, SEARCH_MSG.limit),
});
/** A parsed {@link SearchQuerySchema}. */
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** One hit: what it is, its database ID, the words shown and the SPA route it opens. */
export const SearchHitSchema = z
  .object({
    kind: z.enum(SEARCH_KINDS),
    id: z.number().int(),
    title: z.string(),
    subtitle: z.string(),
    href: z.string(),
  })
  .meta({ id: 'SearchHit' });
/** A parsed {@link SearchHitSchema}. */
export type SearchHit = z.infer<typeof SearchHitSchema>;

/** The answer: hits, best first (the name is the text, then starts with it, then a word starts with it, then contains it). */
export const SearchResultSchema = z.array(SearchHitSchema);

/**
 * The query every catalogue list takes (offers, products, users, categories, shipping, domains;
 * 001 §2 lists, searched, sorted and paged on the server): `q` (a search), `sort` (a column of
 * the list, `-` in front for descending), `page` and `per_page`. Paging is opt-in: without
 * `page` and `per_page` a list answers every matching row (the pickers that need them all); the
 * answer stays an array and `X-Total-Count` says how many rows match.
 *
 * Shared by the server (which parses the query against each list's sort columns) and the SPA
 * (which keeps the same state in the URL).
 */
import { z } from 'zod';

/** Rows per page when `page` is given without `per_page`. */
export const LIST_PAGE_DEFAULT = 25;
/** Largest `per_page`. */
export const LIST_PAGE_MAX = 100;
/** Largest `page` (past it a page would skip more rows than any list holds). */
export const LIST_PAGE_LAST = 999_999;
/** Longest search, in characters. */
export const LIST_SEARCH_MAX = 200;
/** Page sizes the screens offer. */
export const LIST_PAGE_SIZES = [25, 50, 100] as const;

/** Every value `sort` takes for these columns: each ascending, then `-` descending. */
export const sortValues = (sorts: readonly string[]): string[] => sorts.flatMap((s) => [s, `-${s}`]);

/** The sentences a bad list query is answered with (400). */
export const LIST_MSG = {
  sort: (sorts: readonly string[]) => `Sort must be one of: ${sortValues(sorts).join(', ')}`,
  page: `Page must be a whole number from 1 to ${LIST_PAGE_LAST}`,
  perPage: `Per page must be a whole number from 1 to ${LIST_PAGE_MAX}`,
  search: `The search must be at most ${LIST_SEARCH_MAX} characters`,
} as const;

/**
 * The list query of a contract whose list sorts by `sorts`: every parameter optional (the SPA
 * sends numbers; the server parses the query strings itself, see src/server/routes/list-query.ts).
 */
export function listQuerySchema<S extends string>(sorts: readonly [S, ...S[]]) {
  return z.object({
    q: z.string().max(LIST_SEARCH_MAX, LIST_MSG.search).optional(),
    sort: z.enum([sorts[0], ...sortValues(sorts).slice(1)], { error: LIST_MSG.sort(sorts) }).optional(),
    page: z.number().int().min(1, LIST_MSG.page).max(LIST_PAGE_LAST, LIST_MSG.page).optional(),
    per_page: z.number().int().min(1, LIST_MSG.perPage).max(LIST_PAGE_MAX, LIST_MSG.perPage).optional(),
  });
}
/** A list query as the SPA sends it. */
export type ListQuery = z.input<ReturnType<typeof listQuerySchema>>;

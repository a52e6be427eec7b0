/**
 * Search by name (the command palette): `GET /api/v1/search?q=…&limit=…` finds funnels (by
 * name or ID), offers (by name or offer_id), templates, domains and pages (by name, with
 * their funnel), each as `{kind, id, title, subtitle, href}` where `href` is the SPA route it
 * opens (001 §2 routes). A role gets only the kinds whose screen it may open (the policy
 * table's SCREENS): the sticky account, which opens none of them, gets an empty list.
 *
 * Matching is a case-insensitive "contains" (`%`, `_` and `\\` in the text are plain characters),
 * ranked: the whole name, then names starting with the text, then a word starting with it,
 * then the rest; shorter names first within a rank. Each kind's query stops at `limit`
 * (a sequential scan of 20,000 page names takes milliseconds; no btree index serves a search
 * inside names, and pg_trgm's would need the extension the embedded database does not load).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { sql, type SQL } from 'drizzle-orm';
import { SYSTEM_ROUTES } from '../../model/contracts/system.ts';
import { SEARCH_LIMIT, SEARCH_MSG, SearchHitSchema, SearchQuerySchema, searchKindsFor, type SearchHit, type SearchKind } from '../../model/search.ts';
import { rowsOf } from '../db/index.ts';
import { firstIssue } from '../documents/errors.ts';
import { errors } from '../http.ts';
import { bearer, on, routes } from './common.ts';
import { describeFields } from './fields.ts';

// The model's search module is not in its index, so fields.ts does not describe it: done here.
describeFields(SearchHitSchema, {}, 'SearchHitSchema');

const Query = z.object({
  q: z
    .string()
    .optional()
    .openapi({
      param: { name: 'q', in: 'query' },
      description: 'The text to find: 1–255 characters, case-insensitive, anywhere in the name',
      example: 'serum',
    }),
  limit: z
    .string()
    .optional()
    .openapi({ param: { name: 'limit', in: 'query' }, description: `Hits per answer, 1–${SEARCH_LIMIT.max} (default ${SEARCH_LIMIT.size})`, example: '20' }),
});

const EXAMPLE: SearchHit[] = [
  { kind: 'funnel', id: 1, title: 'GlowSkin Serum – US Launch', subtitle: 'Funnel #1', href: '/funnels/1/pages' },
  { kind: 'offer', id: 1, title: 'GlowSkin Serum', subtitle: 'Offer 10231', href: '/offers/1/funnels' },
  { kind: 'page', id: 3, title: 'Serum Checkout', subtitle: 'Page of GlowSkin Serum – US Launch', href: '/funnels/1/pages/3' },
];

/** One row of a kind's query: `extra` is what its href needs beyond the ID. */
interface Row {
  kind: SearchKind;
  id: number;
  title: string;
  subtitle: string;
  extra: string | null;
  rank: number;
}

/** The SPA route a hit opens (001 §2). */
function hrefOf(r: Row): string {
  switch (r.kind) {
    case 'funnel':
      return `/funnels/${r.id}/pages`;
    case 'offer':
      return `/offers/${r.id}/funnels`;
    case 'template':
      return `/templates?type=${encodeURIComponent(r.extra ?? '')}`;
    case 'domain':
      return '/domains';
    case 'page':
      return `/funnels/${r.extra ?? ''}/pages/${r.id}`;
  }
}

/**
 * The query of each kind: its rows ranked by `name` (0 the whole name, 1 its start, 2 a word's
 * start, 3 inside), at most `limit`. `exactId` also finds the row whose ID (funnels) or
 * offer_id (offers) is the text, ranked first. The text is compared with `position()` on
 * lower-cased names, not LIKE: `%`, `_` and `\\` are plain characters without escaping.
 * Pages are ranked and cut alone, then joined to their funnels (20 joins, not 20,000).
 */
function kindQueries(q: string, limit: number): Record<SearchKind, SQL> {
  // Lower-cased by the database on both sides, so both follow the same case rules.
  const text = sql`lower(${q})`;
  const rank = (name: SQL, exactId?: SQL) =>
    sql`CASE ${exactId ? sql`WHEN ${exactId}::text = ${q} THEN 0 ` : sql``}WHEN lower(${name}) = ${text} THEN 0 WHEN starts_with(lower(${name}), ${text}) THEN 1 WHEN position(' ' || ${text} in lower(${name})) > 0 THEN 2 ELSE 3 END`;
  const matches = (name: SQL, exactId?: SQL) =>
    exactId ? sql`(position(${text} in lower(${name})) > 0 OR ${exactId}::text = ${q})` : sql`position(${text} in lower(${name})) > 0`;
  const tail = (name: SQL, id: SQL) => sql`ORDER BY rank, length(${name}), ${name}, ${id} LIMIT ${limit}`;
  return {
    funnel: sql`SELECT 'funnel' AS kind, f."ID" AS id, f.name AS title,
        'Funnel #' || f."ID" || CASE WHEN f.archived THEN ' · archived' ELSE '' END AS subtitle, NULL AS extra,
        ${rank(sql`f.name`, sql`f."ID"`)} AS rank
      FROM funnels f WHERE ${matches(sql`f.name`, sql`f."ID"`)} ${tail(sql`f.name`, sql`f."ID"`)}`,
    offer: sql`SELECT 'offer' AS kind, o."ID" AS id, o.name AS title, 'Offer ' || o.offer_id AS subtitle, NULL AS extra,
        ${rank(sql`o.name`, sql`o.offer_id`)} AS rank
      FROM offers o WHERE ${matches(sql`o.name`, sql`o.offer_id`)} ${tail(sql`o.name`, sql`o."ID"`)}`,
    template: sql`SELECT 'template' AS kind, t."ID" AS id, t.name AS title,
        'Template · ' || t.page_type || CASE WHEN t.archived THEN ' · stashed' ELSE '' END AS subtitle,
        CASE WHEN t.archived THEN 'stashed' ELSE t.page_type END AS extra,
        ${rank(sql`t.name`)} AS rank
      FROM templates t WHERE ${matches(sql`t.name`)} ${tail(sql`t.name`, sql`t."ID"`)}`,
    domain: sql`SELECT 'domain' AS kind, d."ID" AS id, d.name AS title,
        CASE WHEN d.parent_id IS NULL THEN 'Domain' ELSE 'Subdomain' END || COALESCE(' of ' || f.name, '') AS subtitle, NULL AS extra,
        ${rank(sql`d.name`)} AS rank
      FROM domains d LEFT JOIN funnels f ON f."ID" = d.funnel_id WHERE ${matches(sql`d.name`)} ${tail(sql`d.name`, sql`d."ID"`)}`,
    page: sql`SELECT 'page' AS kind, p.id, p.title, 'Page of ' || f.name AS subtitle, p.funnel_id::text AS extra, p.rank
      FROM (SELECT p."ID" AS id, p.name AS title, p.funnel_id, ${rank(sql`p.name`)} AS rank
        FROM pages p WHERE ${matches(sql`p.name`)} ${tail(sql`p.name`, sql`p."ID"`)}) p
      JOIN funnels f ON f."ID" = p.funnel_id`,
  };
}

/** The search route (under the bearer-token guard). */
export const searchRoutes = routes((app, db) => {
  on(
    app,
    // Every signed-in role may search; what it finds is limited to the screens it may open.
    'me.read',
    createRoute({
      method: SYSTEM_ROUTES.search.method,
      path: SYSTEM_ROUTES.search.path,
      operationId: 'search',
      tags: ['System'],
      security: bearer,
      summary: 'Find funnels, offers, templates, domains and pages by name (the command palette), best first',
      description:
        'Case-insensitive, anywhere in the name (`%` and `_` are plain characters); funnels also by ID, offers by offer_id. Ranked: the whole name, then names starting with the text, then a word starting with it, then the rest. Only the kinds whose screen the caller’s role may open.',
      request: { query: Query },
      responses: {
        200: { content: { 'application/json': { schema: SYSTEM_ROUTES.search.answer, example: EXAMPLE } }, description: 'Hits, best first' },
        ...errors({ 422: [SEARCH_MSG.q, SEARCH_MSG.limit] }),
      },
    }),
    async (c) => {
      const parsed = SearchQuerySchema.safeParse(c.req.query());
      if (!parsed.success) throw firstIssue(parsed.error);
      const { q, limit } = parsed.data;
      const kinds = searchKindsFor(c.get('user').role);
      if (!kinds.length) return c.json([], 200);
      const queries = kindQueries(q, limit);
      const union = sql.join(
        kinds.map((k) => sql`(${queries[k]})`),
        sql` UNION ALL `,
      );
      const rows = rowsOf<Row>(await db.execute(sql`SELECT * FROM (${union}) hits`));
      const order = (k: SearchKind) => kinds.indexOf(k);
      rows.sort(
        (a, b) =>
          Number(a.rank) - Number(b.rank) || order(a.kind) - order(b.kind) || a.title.length - b.title.length || a.title.localeCompare(b.title) || a.id - b.id,
      );
      const hits: SearchHit[] = rows.slice(0, limit).map((r) => ({ kind: r.kind, id: Number(r.id), title: r.title, subtitle: r.subtitle, href: hrefOf(r) }));
      return c.json(hits, 200);
    },
  );
});

/**
 * Funnels (000 §7 "Funnels"): list, create, read, replace, patch, delete, clone, lock,
 * and the products of the funnel's offer. Publish lives in `publish.ts`.
 */
import { z } from '@hono/zod-openapi';
import { and, asc, count, desc, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  DEFAULT_CURRENCY,
  MSG,
  DEFAULT_FUNNEL_COUNTRIES,
  funnelDetailsProblems,
  funnelView,
  FunnelDetailsSchema,
  FunnelSchema,
  PLATFORMS,
  PUBLISH_STATUSES,
  REDACTED,
  storedDetails,
  WRITE_MSG,
  type Funnel,
  type FunnelListItem,
} from '../../model/index.ts';
import { bodyOf } from '../../model/contract.ts';
import { DOC_PATHS } from '../../model/contracts/paths.ts';
import { FUNNEL_ROUTES } from '../../model/contracts/funnels.ts';
import { FUNNEL_BULK_ROUTES } from '../../model/contracts/funnel-list-actions.ts';
import { CSV_BATCH, csvResponse, fileDate, type CsvColumn, fieldColumns } from './csv-export.ts';
import { cachedDoc } from '../cache.ts';
import { auditLogs, campaigns, deletedFunnels, domains, funnels, offers, pages, pixels, scrubs } from '../db/schema.ts';
import { createdAnswer, recordCreated } from '../documents/audit.ts';
import { setFunnelFlag } from '../documents/funnel-flags.ts';
import { firstIssue } from '../documents/errors.ts';
import { FUNNEL_DOC } from '../documents/funnel.ts';
import { idempotent } from '../documents/idempotency.ts';
import { ApiError, errors, etagOf } from '../http.ts';
import { funnelLoader, funnelPages, getFunnel, offerProducts, toFunnel } from '../repo.ts';
import { contractRoute, IdParams, json, jsonBody, on, onDelete, onGet, raw, send, WriteHeaders, type Deps, type RouteDoc, routes } from './common.ts';
import { onPatchDocument, onPutDocument } from './patch.ts';
import { oneRow } from '../db/index.ts';

/** The funnel as every answer carries it: `details.cf_secret_key` is write-only (never answered), `details.has_cf_secret_key` and `details.cf_secret_key_hint` are derived by the server. */
const FunnelDoc = FUNNEL_ROUTES.get.answer;
const FunnelPutBody = FunnelSchema.omit({ ID: true, version: true, locked: true, archived: true }).partial().openapi('FunnelUpdate');

/** A member's value at a dotted path ('details.dl_offer_name'). */
const at = (f: Funnel, field: string): unknown => field.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], f);

/**
 * The funnel document as the details write (PUT, PATCH) keeps it: besides FUNNEL_DOC's checks,
 * a write may not clear or spoil the details a published funnel needs (000 §5: dl_offer_name,
 * index page, support number and e-mail; {@link funnelDetailsProblems}): a member the write
 * changes must be valid afterwards, with the details form's message and the member as `field`
 * (422). Members the write leaves alone are the pre-publish check's (a fresh funnel has none yet).
 */
export const FUNNEL_DETAILS_DOC: typeof FUNNEL_DOC = {
  ...FUNNEL_DOC,
  async check(tx, before, after) {
    if (before.page_id != null && after.page_id == null) throw new ApiError(422, MSG.indexPage, {}, { field: 'page_id' });
    const problem = funnelDetailsProblems(after).find((p) => at(after, p.field) !== at(before, p.field));
    if (problem) throw new ApiError(422, problem.message, {}, { field: problem.field });
    await FUNNEL_DOC.check(tx, before, after);
  },
};

const tags = ['Funnels'];

/** Columns the list sorts by (001 §2 "Funnel list": the columns it shows); `-` in front sorts descending. */
export const FUNNEL_SORTS = ['id', 'name', 'offer', 'platform', 'status'] as const;
/** Largest page the list answers at once (`per_page`). */
export const FUNNEL_PAGE_MAX = 100;
const SORT_RE = new RegExp(`^-?(${FUNNEL_SORTS.join('|')})$`);
const qparam = (name: string, example: string, description: string) => ({ param: { name, in: 'query' as const }, example, description });
const bool = (what: string) => z.enum(['true', 'false'], { error: `The ${what} filter must be true or false` }).optional();

/**
 * The list's query (001 §2 funnel list, searched, filtered, sorted and paged on the server).
 * Every parameter is optional; the messages are the ones a 422 answers.
 */
const ListQuery = z.object({
  q: z
    .string()
    .max(200, { error: 'The search must be at most 200 characters' })
    .optional()
    .openapi(qparam('q', 'glowskin', "Search: part of the funnel's name, offer name or domain, or a funnel ID or offer ID (a whole number)")),
  status: z
    .enum(PUBLISH_STATUSES, { error: `The status filter must be one of ${PUBLISH_STATUSES.join(', ')}` })
    .optional()
    .openapi(qparam('status', 'released', 'Only funnels with this publish status')),
  platform: z
    .enum(PLATFORMS, { error: `The platform filter must be one of ${PLATFORMS.join(', ')}` })
    .optional()
    .openapi(qparam('platform', 'sticky', 'Only funnels whose offer is on this order platform')),
  offer: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, { error: 'The offer filter must be an offer ID (a whole number)' })
    .optional()
    .openapi(qparam('offer', '10231', 'Only funnels of this offer (its offer ID)')),
  locked: bool('locked').openapi(qparam('locked', 'false', 'true: only locked funnels; false: only unlocked ones')),
  archived: bool('archived').openapi(qparam('archived', 'false', 'true: the archived funnels only; false or omitted: the others')),
  domain: z
    .string()
    .min(1, { error: 'The domain filter must name a domain, or be none' })
    .max(253, { error: 'The domain filter must be at most 253 characters' })
    .optional()
    .openapi(qparam('domain', 'glowskin-offer.com', 'Only funnels on this domain (its whole name, any case); none: funnels without a domain')),
  sort: z
    .string()
    .regex(SORT_RE, { error: `Sort must be one of ${FUNNEL_SORTS.join(', ')}, with - in front for descending` })
    .optional()
    .openapi(qparam('sort', '-name', `Sort column: ${FUNNEL_SORTS.join(', ')} (- in front: descending); default id. Ties are broken by ID`)),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, { error: 'Page must be a whole number from 1 to 999999' })
    .optional()
    .openapi(qparam('page', '2', 'Page number from 1 (default 1); only with per_page')),
  per_page: z
    .string()
    .regex(/^\d{1,3}$/, { error: `Per page must be a whole number from 1 to ${FUNNEL_PAGE_MAX}` })
    .refine((v) => Number(v) >= 1 && Number(v) <= FUNNEL_PAGE_MAX, { error: `Per page must be a whole number from 1 to ${FUNNEL_PAGE_MAX}` })
    .optional()
    .openapi(qparam('per_page', '25', `Rows per page, 1–${FUNNEL_PAGE_MAX}; omitted: every matching funnel (the pickers that need all of them)`)),
});
type ListQuery = z.infer<typeof ListQuery>;

/** `text` as a LIKE pattern matching it anywhere (its `%`, `_` and `\` taken literally). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The WHERE conditions of a list query (the archived flag always: archived funnels are a list of their own). */
function listConditions(q: ListQuery): SQL[] {
  const where: SQL[] = [eq(funnels.archived, q.archived === 'true')];
  if (q.status) where.push(eq(funnels.publish_status, q.status));
  if (q.platform) where.push(eq(offers.platform, q.platform));
  if (q.offer) where.push(eq(funnels.offer, Number(q.offer)));
  if (q.locked) where.push(eq(funnels.locked, q.locked === 'true'));
  if (q.domain !== undefined) {
    where.push(
      q.domain.toLowerCase() === 'none'
        ? sql`NOT EXISTS (SELECT 1 FROM "domains" d WHERE d."funnel_id" = ${funnels.ID})`
        : sql`EXISTS (SELECT 1 FROM "domains" d WHERE d."funnel_id" = ${funnels.ID} AND lower(d."name") = ${q.domain.trim().toLowerCase()})`,
    );
  }
  const text = q.q?.trim();
  if (text) {
    // lower() LIKE: the same match as ILIKE, and cheaper per row (measured on PGlite).
    const like = sql`lower(${containing(text)})`;
    const any: SQL[] = [
      sql`lower(${funnels.name}) LIKE ${like}`,
      sql`lower(${offers.name}) LIKE ${like}`,
      sql`EXISTS (SELECT 1 FROM "domains" d WHERE d."funnel_id" = ${funnels.ID} AND lower(d."name") LIKE ${like})`,
    ];
    // A number is also a funnel ID or an offer ID (what operators copy from a URL or the platform).
    if (/^\d{1,9}$/.test(text)) any.push(eq(funnels.ID, Number(text)), eq(funnels.offer, Number(text)));
    const match = or(...any);
    if (match) where.push(match);
  }
  return where;
}

/** The ORDER BY of `sort` (default `id`), always ending with the funnel ID so pages never overlap. */
function listOrder(sort: string | undefined): SQL[] {
  const desc_ = sort?.startsWith('-') ?? false;
  const key = sort?.replace(/^-/, '') ?? 'id';
  const dir = desc_ ? desc : asc;
  const columns: Record<string, AnyColumn | undefined> = { name: funnels.name, offer: offers.name, platform: offers.platform, status: funnels.publish_status };
  const column = columns[key];
  return column ? [dir(column), dir(funnels.ID)] : [dir(funnels.ID)];
}

/**
 * One page of the funnel list and the number of funnels matching (before paging).
 * Filters and search are SQL conditions on funnels joined with their offer; the domains are
 * read afterwards for the rows answered only (a domain per row in the select list would be
 * looked up for every match before the sort). Without `per_page` every matching funnel is answered.
 */
export async function funnelListPage(db: Deps['db'], q: ListQuery): Promise<{ rows: FunnelListItem[]; total: number }> {
  const cond = and(...listConditions(q));
  const perPage = q.per_page ? Number(q.per_page) : null;
  const page = q.page ? Number(q.page) : 1;
  const base = db
    .select({ f: funnels, o: offers })
    .from(funnels)
    .leftJoin(offers, eq(offers.offer_id, funnels.offer))
    .where(cond)
    .orderBy(...listOrder(q.sort));
  const rows = perPage ? await base.limit(perPage).offset((page - 1) * perPage) : await base;
  // The count is only read when the page does not tell it (a full first page or a later page).
  const total =
    perPage && (rows.length === perPage || page > 1)
      ? oneRow(await db.select({ n: count() }).from(funnels).leftJoin(offers, eq(offers.offer_id, funnels.offer)).where(cond), 'funnels: count').n
      : (perPage ? (page - 1) * perPage : 0) + rows.length;
  // Each funnel's first domain (the one the list shows).
  const ids = rows.map(({ f }) => f.ID);
  const doms = ids.length
    ? await db.select({ name: domains.name, funnel_id: domains.funnel_id }).from(domains).where(inArray(domains.funnel_id, ids)).orderBy(asc(domains.ID))
    : [];
  const domainOf = new Map<number, string>();
  for (const d of doms) if (d.funnel_id != null && !domainOf.has(d.funnel_id)) domainOf.set(d.funnel_id, d.name);
  return {
    total,
    rows: rows.map(({ f, o }) =>
      funnelView({
        ...toFunnel(f),
        offer_name: o?.name ?? '',
        platform: o?.platform ?? '',
        ef_offer_id: o?.ef_offer_id ?? null,
        domain: domainOf.get(f.ID) ?? null,
      }),
    ),
  };
}

/** The export's columns: the list's, in its order, and whether the funnel is locked (its lock icon). */
const CSV_COLUMNS: CsvColumn<FunnelListItem>[] = [
  ...fieldColumns({
    ID: 'ID',
    Name: 'name',
    Offer: 'offer_name',
    Platform: 'platform',
    'Everflow OID': 'ef_offer_id',
    Domain: 'domain',
    Status: 'publish_status',
  }),
  { header: 'Locked', cell: (f) => (f.locked ? 'yes' : 'no') },
];

/** Funnel routes. */
export const funnelRoutes = routes((app, db, deps) => {
  const loadFunnel = funnelLoader(db);

  on(
    app,
    'funnels.read',
    contractRoute(
      FUNNEL_ROUTES.list,
      {
        operationId: 'listFunnels',
        tags,
        summary: 'Funnel list rows, searched, filtered, sorted and paged on the server',
        // The answer stays an array (with the count in X-Total-Count, react-admin's convention)
        // rather than Orders' {rows, total_rows}: the pickers of other screens (domains, CSV
        // uploads, the page editor) read the whole list as an array and stay as they are.
        description:
          'The funnels of the list (with offer name, platform, Everflow id and first domain), searched (`q`), filtered (`status`, `platform`, `offer`, `locked`, `archived`, `domain`), sorted (`sort`) and paged (`page`, `per_page`). The answer is a JSON array of the page; `X-Total-Count` says how many funnels match the search and filters in all. Without `per_page` every matching funnel is answered (the array callers that need them all).',
      },
      {
        request: { query: ListQuery },
        responses: {
          200: {
            ...json(FUNNEL_ROUTES.list.answer, 'The funnels of the page'),
            headers: {
              'X-Total-Count': { description: 'How many funnels match the search and filters (all pages)', schema: { type: 'integer', example: 2000 } },
            },
          },
          ...errors(401, 422),
        },
      },
    ),
    async (c) => {
      const query = c.req.valid('query');
      // The same answer for every reader (no per-user rows): kept by query until a funnel, offer or domain changes.
      const load = async () => {
        const { rows, total } = await funnelListPage(db, query);
        return { json: JSON.stringify(rows), total };
      };
      const key = JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)));
      const answer = deps.funnelLists ? await deps.funnelLists.getOrLoad(key, load) : await load();
      return raw(c.body(answer.json, 200, { 'Content-Type': 'application/json', 'X-Total-Count': String(answer.total) }));
    },
  );

  on(
    app,
    'funnels.read',
    contractRoute(
      FUNNEL_BULK_ROUTES.export,
      {
        operationId: 'exportFunnels',
        tags,
        summary: 'The funnel list as CSV: every funnel the search and filters match, in the sort asked for',
        description: `The same query as the list (\`q\`, filters, \`sort\`); \`page\` and \`per_page\` are ignored: every match is written, streamed ${CSV_BATCH} rows a read. Columns: ${CSV_COLUMNS.map((c) => c.header).join(', ')}. Cells starting with =, +, - or @ are quoted with a leading apostrophe so spreadsheets do not run them.`,
      },
      {
        request: { query: ListQuery },
        responses: {
          200: { description: 'The CSV file (RFC 4180, UTF-8 with a byte order mark)', content: { 'text/csv': { schema: z.string() } } },
          ...errors(401, 422),
        },
      },
    ),
    (c) => {
      const { page: _page, per_page: _perPage, ...query } = c.req.valid('query');
      return raw(
        csvResponse(`funnels-${query.archived === 'true' ? 'archived-' : ''}${fileDate()}.csv`, CSV_COLUMNS, async (offset, limit) => {
          // funnelListPage pages by page number: offsets are whole batches.
          const { rows } = await funnelListPage(db, { ...query, per_page: String(limit), page: String(offset / limit + 1) });
          return rows;
        }),
      );
    },
  );

  on(
    app,
    'funnels.write',
    contractRoute(
      FUNNEL_ROUTES.create,
      { operationId: 'createFunnel', tags, summary: 'Create a funnel (New funnel form)' },
      {
        request: { headers: WriteHeaders, body: jsonBody(bodyOf(FUNNEL_ROUTES.create)) },
        responses: { 201: json(FUNNEL_ROUTES.create.answer, 'The new funnel'), ...errors(401, 422) },
      },
    ),
    async (c) => {
      const body = c.req.valid('json');
      const user = c.get('user');
      const res = await idempotent(db, user, c.req.header('Idempotency-Key'), { method: 'POST', path: c.req.path, body }, async (tx) => {
        const [offer] = await tx.select({ ID: offers.ID }).from(offers).where(eq(offers.offer_id, body.offer));
        if (!offer) throw new ApiError(422, 'Offer not found');
        const parsed = FunnelSchema.safeParse({
          ID: 0,
          version: 1,
          name: body.name,
          offer: body.offer,
          currency: body.currency ?? DEFAULT_CURRENCY,
          language: body.language ?? 'en',
          countries: body.countries ?? [...DEFAULT_FUNNEL_COUNTRIES],
          page_id: null,
          cs_number: body.cs_number ?? '',
          cs_email: body.cs_email ?? '',
          locked: false,
          archived: false,
          publish_status: body.publish_status ?? 'progress',
          details: FunnelDetailsSchema.parse(body.details ?? {}),
        });
        if (!parsed.success) throw firstIssue(parsed.error);
        const { ID: _id, ...values } = parsed.data;
        // The secret key may be given at creation (write-only); the derived members never stored.
        const details = storedDetails(values.details);
        if (details.cf_secret_key === REDACTED) throw new ApiError(422, WRITE_MSG.secretRedacted);
        if (!details.cf_secret_key) delete details.cf_secret_key;
        const row = oneRow(
          await tx
            .insert(funnels)
            .values({ ...values, details })
            .returning(),
          'funnels: row',
        );
        const view = funnelView(toFunnel(row));
        return createdAnswer(
          tx,
          {
            doc: `funnel:${row.ID}`,
            funnelId: row.ID,
            userId: user.user_id,
            title: 'Funnel created',
            message: `Created funnel ${row.name}`,
            version: row.version,
          },
          view,
        );
      });
      return send(c, res);
    },
  );

  on(
    app,
    'funnels.read',
    contractRoute(
      FUNNEL_ROUTES.get,
      { operationId: 'getFunnel', tags, summary: 'One funnel (ETag = version)' },
      { request: { params: IdParams }, responses: { 200: json(FUNNEL_ROUTES.get.answer, 'The funnel'), ...errors(401, 404) } },
    ),
    async (c) => {
      const id = c.req.valid('param').id;
      // The cache holds the answer: the view, never the stored secret.
      const doc = await cachedDoc(deps.funnelDocs ?? null, id, async () => funnelView(await loadFunnel(id)));
      return raw(c.body(doc.json, 200, { 'Content-Type': 'application/json', ETag: doc.etag }));
    },
  );

  onPutDocument(
    app,
    'funnels.write',
    {
      path: DOC_PATHS.funnel,
      operationId: 'putFunnel',
      tags,
      summary: 'Replace the given members of a funnel (If-Match required); ID, version and locked are kept',
      description: 'A `details` without `cf_secret_key` keeps the stored secret key; `has_cf_secret_key` and `cf_secret_key_hint` are ignored (derived).',
      what: 'a funnel',
      body: FunnelPutBody,
      answer: FunnelDoc,
      answered: 'The saved funnel',
      errors: errors(401, 404, 409, 412, 422, 423, 428),
    },
    deps,
    FUNNEL_DETAILS_DOC,
  );

  onPatchDocument(
    app,
    'funnels.write',
    {
      path: DOC_PATHS.funnel,
      operationId: 'patchFunnel',
      tags,
      summary: 'Apply an RFC 6902 JSON Patch to the funnel document (If-Match required)',
      description:
        '`/details/cf_secret_key` may be added, replaced or removed (write-only: never tested, copied or moved, 422); ' +
        '`/details/has_cf_secret_key` and `/details/cf_secret_key_hint` are read-only (422). A failed `test` op is a 409 with `current`.',
      answer: FunnelDoc,
      answered: 'The saved funnel',
      errors: errors(400, 401, 404, 409, 412, 422, 423, 428),
    },
    deps,
    FUNNEL_DETAILS_DOC,
  );

  onDelete(
    app,
    'funnels.delete',
    {
      contract: FUNNEL_ROUTES.remove,
      operationId: 'deleteFunnel',
      tags,
      summary: 'Delete a funnel with its pages; its log is kept',
      description:
        'The funnel, its pages and what hangs off them are removed; a tombstone keeps what it was (the funnel without its captcha secret, ' +
        'and its pages), who deleted it and when, and its audit log stays, with a system entry "Funnel deleted". ' +
        'An admin reads both: `GET /api/v1/deleted_funnels/{id}` and `GET /api/v1/deleted_funnels/{id}/audit_log`.',
      errors: errors(401, 404, 423),
    },
    'Funnel',
    async (id, user) => {
      await db.transaction(async (tx) => {
        const f = await getFunnel(tx, id, true);
        if (f.locked) throw new ApiError(423, MSG.locked);
        // The record outlives the funnel: a tombstone of what it was, and a last entry in its log.
        const snapshot = { funnel: funnelView(f), pages: await funnelPages(tx, id) };
        await tx.insert(deletedFunnels).values({ ID: id, name: f.name, snapshot, user_id: user.user_id, user_name: user.name });
        await tx.insert(auditLogs).values({
          type: 'note',
          funnel_id: id,
          title: 'Funnel deleted',
          message: `Deleted funnel ${f.name} with ${snapshot.pages.length} pages`,
          user_id: user.user_id,
          system: true,
        });
        await tx.delete(funnels).where(eq(funnels.ID, id));
      });
    },
  );

  on(
    app,
    'funnels.write',
    contractRoute(
      FUNNEL_ROUTES.clone,
      {
        operationId: 'cloneFunnel',
        tags,
        summary: 'Clone a funnel with its pages (links and index page remapped to the copies), campaigns, pixels and scrubs, in one transaction',
      },
      {
        request: { params: IdParams, headers: WriteHeaders, body: jsonBody(bodyOf(FUNNEL_ROUTES.clone)) },
        responses: { 201: json(FUNNEL_ROUTES.clone.answer, 'The clone'), ...errors(401, 404, 422) },
      },
    ),
    async (c) => {
      const id = c.req.valid('param').id;
      const { name } = c.req.valid('json');
      const user = c.get('user');
      const res = await idempotent(db, user, c.req.header('Idempotency-Key'), { method: 'POST', path: c.req.path, body: { name } }, async (tx) => {
        let src: Funnel;
        try {
          src = await getFunnel(tx, id);
        } catch {
          throw new ApiError(404, 'Source funnel not found');
        }
        const { ID: _id, version: _v, ...copy } = src;
        const row = oneRow(
          await tx
            .insert(funnels)
            .values({ ...copy, name, locked: false, archived: false, publish_status: 'progress', page_id: null, version: 1 })
            .returning(),
          'funnels: row',
        );
        const srcPages = await funnelPages(tx, id);
        const map = new Map<number, number>();
        for (const p of srcPages) {
          const { ID: _pid, version: _pv, ...pc } = p;
          const np = oneRow(
            await tx
              .insert(pages)
              .values({ ...pc, funnel_id: row.ID, page_id: null, page_alt_id: null, version: 1 })
              .returning({ ID: pages.ID }),
            'funnels: np',
          );
          map.set(p.ID, np.ID);
        }
        // Second pass: links can point forwards, so remap once every copy has its ID.
        for (const p of srcPages) {
          const page_id = p.page_id != null ? (map.get(p.page_id) ?? null) : null;
          const page_alt_id = p.page_alt_id != null ? (map.get(p.page_alt_id) ?? null) : null;
          if (page_id !== null || page_alt_id !== null) {
            await tx
              .update(pages)
              .set({ page_id, page_alt_id })
              .where(eq(pages.ID, map.get(p.ID) as number));
          }
        }
        // What hangs off the funnel and is part of its set-up: campaigns, pixels (on the page copies) and scrubs.
        const srcCampaigns = await tx.select().from(campaigns).where(eq(campaigns.funnel_id, id)).orderBy(asc(campaigns.ID));
        if (srcCampaigns.length) {
          await tx.insert(campaigns).values(srcCampaigns.map(({ ID: _c, CreatedAt: _t, ...c }) => ({ ...c, funnel_id: row.ID })));
        }
        const srcPixels = await tx.select().from(pixels).where(eq(pixels.funnel_id, id)).orderBy(asc(pixels.ID));
        const pixelCopies = srcPixels
          .filter((p) => map.has(p.page))
          .map(({ ID: _p, CreatedAt: _t, ...p }) => ({ ...p, funnel_id: row.ID, page: map.get(p.page) as number }));
        if (pixelCopies.length) await tx.insert(pixels).values(pixelCopies);
        const srcScrubs = await tx.select().from(scrubs).where(eq(scrubs.funnel_id, id)).orderBy(asc(scrubs.ID));
        if (srcScrubs.length) {
          await tx.insert(scrubs).values(srcScrubs.map(({ ID: _s, CreatedAt: _t, ...sc }) => ({ ...sc, funnel_id: row.ID })));
        }
        const index = src.page_id != null ? (map.get(src.page_id) ?? null) : null;
        const saved = oneRow(await tx.update(funnels).set({ page_id: index }).where(eq(funnels.ID, row.ID)).returning(), 'funnels: saved');
        // The clone's log starts from the copies as they were made (pages with their links remapped).
        const view = funnelView(toFunnel(saved));
        const made = { funnelId: row.ID, userId: user.user_id, version: 1 };
        for (const p of await funnelPages(tx, row.ID)) {
          await recordCreated(tx, { ...made, doc: `page:${p.ID}`, title: `Added page ${p.name}`, message: p.page_path }, p);
        }
        await recordCreated(tx, { ...made, doc: `funnel:${row.ID}`, title: 'Funnel cloned', message: `Cloned from funnel ${src.ID} (${src.name})` }, view);
        // The clone keeps the secret key (stored), and answers without it.
        return { status: 201 as const, body: view, etag: etagOf(saved.version) };
      });
      return send(c, res);
    },
  );

  /**
   * `PUT /funnels/{id}/lock` and `/archive`: the funnel's `flag` set to the body's value
   * (setFunnelFlag: the same request twice changes and logs nothing), the funnel answered with its ETag.
   */
  const onFlag = (
    flag: 'locked' | 'archived',
    contract: typeof FUNNEL_ROUTES.lock | typeof FUNNEL_ROUTES.archive,
    doc: RouteDoc,
    errs: ReturnType<typeof errors>,
  ) =>
    on(
      app,
      'funnels.write',
      contractRoute(contract, doc, {
        request: { params: IdParams, body: jsonBody(bodyOf<NonNullable<(typeof contract)['body']>>(contract)) },
        responses: { 200: json(contract.answer, 'The funnel'), ...errs },
      }),
      async (c) => {
        const id = c.req.valid('param').id;
        const body: { locked?: boolean; archived?: boolean } = c.req.valid('json');
        const user = c.get('user');
        const saved = await db.transaction(async (tx) =>
          funnelView(await setFunnelFlag(tx, await getFunnel(tx, id, true), flag, body[flag] === true, { userId: user.user_id })),
        );
        return c.json(saved, 200, { ETag: etagOf(saved.version) });
      },
    );
  onFlag('locked', FUNNEL_ROUTES.lock, { operationId: 'lockFunnel', tags, summary: 'Lock or unlock a funnel' }, errors(401, 404, 422));
  onFlag(
    'archived',
    FUNNEL_ROUTES.archive,
    { operationId: 'archiveFunnel', tags, summary: 'Archive a funnel (it leaves the default list; its published site stays) or restore it' },
    errors(401, 404, 422, 423),
  );

  onGet(
    app,
    'products.read',
    {
      contract: FUNNEL_ROUTES.products,
      operationId: 'listFunnelProducts',
      tags,
      summary: "Products of the funnel's offer",
      answered: 'Products',
      errors: errors(401, 404),
    },
    async (id) => {
      const f = await getFunnel(db, id);
      const [o] = f.offer ? await db.select({ offer_id: offers.offer_id }).from(offers).where(eq(offers.offer_id, f.offer)) : [];
      if (!o) throw new ApiError(404, 'Offer not found');
      return offerProducts(db, o.offer_id);
    },
  );
});

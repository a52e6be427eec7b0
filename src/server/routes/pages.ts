/**
 * Pages (000 §7 "Pages"): list per funnel, read, create, replace, patch, delete.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { MSG, pageTableOrder, pathGroup, PageSchema, type Page } from '../../model/index.ts';
import { bodyOf } from '../../model/contract.ts';
import { DOC_PATHS } from '../../model/contracts/paths.ts';
import { FUNNEL_PAGE_SORTS, PAGE_ROUTES, PREVIOUS_PATH_HEADER } from '../../model/contracts/pages.ts';
import { auditLogs, funnels, pages } from '../db/schema.ts';
import { addedChange, clearLinksTo, createdAnswer, recordServerChange } from '../documents/audit.ts';
import { firstIssue, pgCode } from '../documents/errors.ts';
import { idempotent } from '../documents/idempotency.ts';
import { getLayout, LAYOUT_DOC } from '../documents/layout.ts';
import { assertUnlocked } from '../documents/locks.ts';
import { assertMetaCode } from '../documents/meta.ts';
import { assertLinksInFunnel, PAGE_DOC, pageWriteSchema } from '../documents/page.ts';
import { ApiError, errors } from '../http.ts';
import { DEFAULT_META } from '../publish/defaults.ts';
import { layoutFor } from '../publish/render.ts';
import { getFunnel, getPage, getTemplate, pathTaken, toPage, type Q } from '../repo.ts';
import { bearer, IdParams, jsonBody, on, onDelete, onGetDocument, send, WriteHeaders, routes } from './common.ts';
import { forbidKeys, onPatchDocument, onPutDocument } from './patch.ts';
import { oneRow } from '../db/index.ts';
import {
  listAnswer,
  listErrors,
  listOrder,
  listPage,
  listQueryDoc,
  listWhere,
  lowered,
  parseListQuery,
  totalHeader,
  type ListRequest,
  type ListSpec,
} from './list-query.ts';
import { csvRoute, listCsv, type CsvColumn } from './csv-export.ts';

/**
 * The Pages tab's search and sort (001 §2 Pages tab: name, type, path; `flow` is ordered in memory
 * by {@link funnelPageList}). Paths sort byte by byte (`collate "C"`), so a path group's pages are
 * contiguous whatever the database's locale.
 */
export const PAGE_LIST: ListSpec<(typeof FUNNEL_PAGE_SORTS)[number]> = {
  noun: 'pages',
  sorts: { flow: pages.ID, name: lowered(pages.name), type: pages.page_type, path: sql`${pages.page_path} collate "C"` },
  id: pages.ID,
  text: [pages.name, pages.page_type, pages.page_path],
  searchHelp: "part of the page's name, type or path, or its ID (a whole number)",
  defaultOrder: [asc(pages.ID)],
};

/** A page as its export writes it: with its next and skip pages' paths and whether it is the index page. */
type PageCsvRow = Page & { next: string | null; skip: string | null; index: boolean };

/** The export's columns: the Pages tab's. */
const PAGE_CSV: CsvColumn<PageCsvRow>[] = [
  { header: 'ID', cell: (p) => p.ID },
  { header: 'Name', cell: (p) => p.name },
  { header: 'Index', cell: (p) => (p.index ? 'yes' : 'no') },
  { header: 'Type', cell: (p) => p.page_type },
  { header: 'Path', cell: (p) => p.page_path },
  { header: 'Group', cell: (p) => pathGroup(p.page_path) },
  { header: 'Next page', cell: (p) => p.next },
  { header: 'Skip page', cell: (p) => p.skip },
];

/** A page of the funnel's page list: its rows, the matching total, and the path of the row before it (none on the first page). */
export interface FunnelPageList {
  rows: Page[];
  total: number;
  previousPath?: string;
}

/**
 * The funnel's pages as the Pages tab lists them. Without any list parameter: every page by ID
 * (the flow diagram and the editors). With `sort=flow` (or no `sort` but a search or a page): the
 * table order ({@link pageTableOrder}: flow order grouped by path) of the pages matching, computed
 * from one read of the funnel's links per request; other sorts in SQL, ties by ID.
 *
 * Paging contract (offset paging): a page is a slice of the order as it is when that page is read.
 * Unchanged pages never overlap or skip; a reorder between two reads shifts only the pages whose
 * position crossed the page boundary (such a page may show twice or not at all); every other page
 * is answered exactly once. Whoever needs one consistent snapshot reads the CSV export.
 */
export async function funnelPageList(db: Q, f: { ID: number; page_id: number | null }, req: ListRequest): Promise<FunnelPageList> {
  const where = and(eq(pages.funnel_id, f.ID), listWhere(PAGE_LIST, req));
  const flow = req.sort ? req.sort.key === 'flow' : !!(req.q || req.page);
  if (flow) {
    const links = await db
      .select({ ID: pages.ID, page_path: pages.page_path, page_id: pages.page_id, page_alt_id: pages.page_alt_id })
      .from(pages)
      .where(eq(pages.funnel_id, f.ID));
    const matching = req.q ? new Set((await db.select({ ID: pages.ID }).from(pages).where(where)).map((r) => r.ID)) : null;
    const order = pageTableOrder(links, f.page_id).filter((p) => !matching || matching.has(p.ID));
    if (req.sort?.desc) order.reverse();
    const slice = req.page ? order.slice(req.page.offset, req.page.offset + req.page.limit) : order;
    const full = slice.length
      ? await db
          .select()
          .from(pages)
          .where(
            inArray(
              pages.ID,
              slice.map((p) => p.ID),
            ),
          )
      : [];
    const byId = new Map(full.map((r) => [r.ID, r]));
    // A page deleted between the two reads is left out.
    const rows = slice.flatMap((p) => (byId.has(p.ID) ? [toPage(byId.get(p.ID)!)] : []));
    const before = req.page && req.page.offset > 0 ? order[req.page.offset - 1] : undefined;
    return { rows, total: order.length, previousPath: before?.page_path };
  }
  // One row more in front of a later page: its path says whether the first group continues.
  const p = req.page;
  const from = p && p.offset > 0 ? { limit: p.limit + 1, offset: p.offset - 1 } : p;
  let previousPath: string | undefined;
  const { rows, total } = await listPage(req, {
    rows: async () => {
      const base = db
        .select()
        .from(pages)
        .where(where)
        .orderBy(...listOrder(PAGE_LIST, req))
        .$dynamic();
      const read = from ? await base.limit(from.limit).offset(from.offset) : await base;
      if (from !== p) previousPath = read.shift()?.page_path;
      return read.map(toPage);
    },
    count: async () => oneRow(await db.select({ n: count() }).from(pages).where(where), 'pages: count').n,
  });
  return { rows, total, previousPath };
}

/** The page as every answer carries it (the editor's `page:<id>` document). */
const PageDoc = PAGE_ROUTES.get.answer;
/** The funnel's flow layout as every answer carries it (the editor's `layout:<funnelId>` document). */
const LayoutDoc = PAGE_ROUTES.layout.answer;
const PagePutBody = PageSchema.omit({ ID: true, version: true, funnel_id: true }).partial().openapi('PageUpdate');
const tags = ['Pages'];
const json = <T extends z.ZodType>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });

/** Page routes. */
export const pageRoutes = routes((app, db, deps) => {
  on(
    app,
    'pages.read',
    createRoute({
      method: PAGE_ROUTES.ofFunnel.method,
      path: PAGE_ROUTES.ofFunnel.path,
      operationId: 'listFunnelPages',
      tags,
      security: bearer,
      summary: 'Pages of a funnel, searched, sorted and paged on the server',
      description:
        "The funnel's pages matching `q`, sorted by `sort`. Without any list parameter every page by ID (the flow diagram, the editors and the pickers). `sort=flow` — the default once `q`, `page` or `per_page` is given — is the Pages tab's order: from the index page along next, then skip links, breadth first (pages not reached follow by path), grouped by the path's first segment. With `page` or `per_page` the answer is one page; `X-Previous-Path` names the path of the row just before it. Pages are slices of the order when each is read: a reorder between two reads moves only the pages that crossed the page boundary. The answer stays a JSON array; `X-Total-Count` says how many pages match in all.",
      request: { params: IdParams, query: z.object(listQueryDoc(PAGE_LIST)) },
      responses: {
        200: (() => {
          const a = listAnswer(PAGE_ROUTES.ofFunnel.answer, 'Pages (of the page of the list)', PAGE_LIST.noun);
          const previous = {
            description: 'The path of the page just before this page of the list (absent on the first page)',
            schema: { type: 'string' as const, example: '/checkout/' },
          };
          return { ...a, headers: { ...a.headers, [PREVIOUS_PATH_HEADER]: previous } };
        })(),
        ...errors(401, 404),
        ...listErrors(PAGE_LIST),
      },
    }),
    async (c) => {
      const f = await getFunnel(db, c.req.valid('param').id);
      const { rows, total, previousPath } = await funnelPageList(db, f, parseListQuery(c.req.query(), PAGE_LIST));
      return c.json(rows, 200, { ...totalHeader(total), ...(previousPath !== undefined ? { [PREVIOUS_PATH_HEADER]: previousPath } : {}) });
    },
  );

  on(
    app,
    'pages.read',
    csvRoute({
      path: PAGE_ROUTES.export.path,
      operationId: 'exportFunnelPages',
      tags,
      noun: PAGE_LIST.noun,
      columns: PAGE_CSV,
      query: z.object(listQueryDoc(PAGE_LIST)),
      params: IdParams,
      errors: { ...errors(404), ...listErrors(PAGE_LIST) },
    }),
    async (c) => {
      const f = await getFunnel(db, Number(c.req.param('id')));
      const req = parseListQuery(c.req.query(), PAGE_LIST);
      // Next and skip pages by path, as the table shows them.
      const paths = new Map((await db.select({ ID: pages.ID, path: pages.page_path }).from(pages).where(eq(pages.funnel_id, f.ID))).map((p) => [p.ID, p.path]));
      const cells = (p: Page): PageCsvRow => ({
        ...p,
        next: p.page_id ? (paths.get(p.page_id) ?? null) : null,
        skip: p.page_alt_id ? (paths.get(p.page_alt_id) ?? null) : null,
        index: p.ID === f.page_id,
      });
      return listCsv(`funnel-${f.ID}-pages`, PAGE_CSV, req, async (r) => (await funnelPageList(db, f, r)).rows.map(cells));
    },
  );

  onGetDocument(
    app,
    'pages.read',
    { contract: PAGE_ROUTES.get, operationId: 'getPage', tags, summary: 'One page (ETag = version)', answered: 'The page', errors: errors(401, 404) },
    (id) => getPage(db, id),
  );

  on(
    app,
    'pages.write',
    createRoute({
      method: PAGE_ROUTES.create.method,
      path: PAGE_ROUTES.create.path,
      operationId: 'createPage',
      tags,
      security: bearer,
      summary: "Create a page; its meta starts from the template's meta",
      middleware: [forbidKeys('a page')] as const,
      request: { headers: WriteHeaders, body: jsonBody(bodyOf(PAGE_ROUTES.create)) },
      responses: { 201: json(PageDoc, 'The new page'), ...errors(401, 404, 409, 422, 423) },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const user = c.get('user');
      const res = await idempotent(db, user, c.req.header('Idempotency-Key'), { method: 'POST', path: c.req.path, body }, async (tx) => {
        await getFunnel(tx, body.funnel_id);
        await assertUnlocked(tx, body.funnel_id);
        const template =
          body.template_id != null
            ? await getTemplate(tx, body.template_id).catch(() => {
                throw new ApiError(422, 'Template not found');
              })
            : null;
        if (await pathTaken(tx, body.funnel_id, body.page_path)) throw new ApiError(409, MSG.pagePathExists);
        await assertLinksInFunnel(tx, body);
        const layout = layoutFor({ page_type: body.page_type }, template);
        const base = template?.meta ?? (layout === 'split' ? {} : DEFAULT_META[layout]);
        // The write schema cleans edited texts (001 §5) as PUT/PATCH do; code is checked below.
        const parsed = (await pageWriteSchema()).safeParse({
          ID: 0,
          version: 1,
          funnel_id: body.funnel_id,
          name: body.name,
          page_type: body.page_type,
          page_path: body.page_path,
          template_id: body.template_id,
          page_id: body.page_id ?? null,
          page_alt_id: body.page_alt_id ?? null,
          split: body.split ?? [],
          meta: { ...structuredClone(base), ...(body.meta ?? {}) },
        });
        if (!parsed.success) throw firstIssue(parsed.error);
        assertMetaCode(null, parsed.data.meta);
        const { ID: _id, ...values } = parsed.data;
        let row;
        try {
          row = oneRow(await tx.insert(pages).values(values).returning(), 'pages: insert');
        } catch (e) {
          if (pgCode(e).code === '23505') throw new ApiError(409, MSG.pagePathExists);
          throw e;
        }
        const page = toPage(row);
        return createdAnswer(tx, addedChange('page', row, { funnelId: row.funnel_id, userId: user.user_id, message: row.page_path }), page);
      });
      return send(c, res);
    },
  );

  onPutDocument(
    app,
    'pages.write',
    {
      path: DOC_PATHS.page,
      operationId: 'putPage',
      tags,
      summary: 'Replace the given members of a page (If-Match required); ID, version and funnel_id are kept',
      what: 'a page',
      body: PagePutBody,
      answer: PageDoc,
      answered: 'The saved page',
      errors: errors(401, 404, 409, 412, 422, 423, 428),
    },
    deps,
    PAGE_DOC,
  );

  onPatchDocument(
    app,
    'pages.write',
    {
      path: DOC_PATHS.page,
      operationId: 'patchPage',
      tags,
      summary: 'Apply an RFC 6902 JSON Patch to the page document (If-Match required; a failed `test` op is a 409 with `current`)',
      answer: PageDoc,
      answered: 'The saved page',
      errors: errors(400, 401, 404, 409, 412, 422, 423, 428),
    },
    deps,
    PAGE_DOC,
  );

  onDelete(
    app,
    'pages.write',
    {
      contract: PAGE_ROUTES.remove,
      operationId: 'deletePage',
      tags,
      summary: 'Delete a page; links to it and the index page (if it was one) are cleared',
      errors: errors(401, 404, 423),
    },
    'Page',
    async (id, user) => {
      await db.transaction(async (tx) => {
        const p = await getPage(tx, id, true);
        const f = await getFunnel(tx, p.funnel_id, true);
        if (f.locked) throw new ApiError(423, MSG.locked);
        const title = `Deleted page ${p.name}`;
        await clearLinksTo(tx, p.funnel_id, id, { userId: user.user_id, title });
        if (f.page_id === id) {
          await tx
            .update(funnels)
            .set({ page_id: null, version: f.version + 1, UpdatedAt: new Date() })
            .where(eq(funnels.ID, f.ID));
          await recordServerChange(
            tx,
            { doc: `funnel:${f.ID}`, funnelId: f.ID, userId: user.user_id, title, version: f.version + 1 },
            { page_id: id },
            { page_id: null },
          );
        }
        await tx.delete(pages).where(eq(pages.ID, id));
        await tx
          .insert(auditLogs)
          .values({ type: 'note', funnel_id: p.funnel_id, title: `Deleted page ${p.name}`, message: p.page_path, user_id: user.user_id, system: true });
      });
    },
  );

  onGetDocument(
    app,
    'pages.read',
    {
      contract: PAGE_ROUTES.layout,
      operationId: 'getFunnelLayout',
      tags,
      summary: "Node positions of the funnel's flow diagram (ETag = version; version 0 with no positions until one is saved)",
      answered: 'The layout',
      errors: errors(401, 404),
    },
    (id) => getLayout(db, id),
  );

  onPatchDocument(
    app,
    'pages.write',
    {
      path: DOC_PATHS.layout,
      operationId: 'patchFunnelLayout',
      tags,
      summary: 'Move nodes of the flow diagram: an RFC 6902 JSON Patch on the layout (If-Match required; no audit entry)',
      answer: LayoutDoc,
      answered: 'The saved layout',
      errors: errors(400, 401, 404, 409, 412, 422, 423, 428),
    },
    deps,
    LAYOUT_DOC,
  );
});

/**
 * Page templates (001 §7): list and read, add, replace and JSON Patch of a template's document
 * (its meta is edited in the template editor), the template preview host (001 §9) and a
 * rendered preview for the library's hover frame (001 §2 "Templates").
 *
 * Every write strips the preview host from `template_host_url` (a full URL on it is stored as
 * its path), cleans the meta's edited texts and refuses code that does not parse
 * ('Not valid css code', 'Not valid javascript code'; 001 §5), as page writes do.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { and, eq, type SQL } from 'drizzle-orm';
import { FunnelDetailsSchema, TemplateSchema, type Template } from '../../model/index.ts';
import { cleanMetaTexts } from '../../model/editable-text.ts';
import { stripTemplateHost, type SyncProgress } from '../../model/template.ts';
import { TemplateFormSchema } from '../../model/template-write.ts';
import { TEMPLATE_CREATE, TemplateHostUrlSchema } from '../../model/contracts/template-create.ts';
import { bodyOf } from '../../model/contract.ts';
import { DOC_PATHS } from '../../model/contracts/paths.ts';
import { TEMPLATE_TABS } from '../../model/constants.ts';
import { TEMPLATE_ROUTES, TEMPLATE_SORTS, TEMPLATE_TAB_MSG, type TemplateTab } from '../../model/contracts/templates.ts';
import { oneRow, type Db } from '../db/index.ts';
import { auditLogs, templates } from '../db/schema.ts';
import { addedChange, createdAnswer, recordCreated } from '../documents/audit.ts';
import { firstIssue } from '../documents/errors.ts';
import { idempotent } from '../documents/idempotency.ts';
import { assertMetaCode, loadRichTextSanitizer } from '../documents/meta.ts';
import { templateDoc } from '../documents/template.ts';
import { ApiError, errors, PREVIEW_FALLBACK_CSP } from '../http.ts';
import type { OrderPlatform } from '../integrations/platform.ts';
import { LAYOUTS } from '../publish/defaults.ts';
import { renderPage } from '../publish/render.ts';
import { deleteById, getTemplate, toTemplate } from '../repo.ts';
import { pagesUsingTemplate, refuseInUse } from '../usage.ts';
import { bearer, IdParams, json, jsonBody, ndjson, on, onDelete, onGetDocument, send, WriteHeaders, routes } from './common.ts';
import { listErrors, listQueryDoc, type ListSpec, lowered, onList, parseListQuery } from './list-query.ts';
import { csvRoute, listCsv, tableListRead, type CsvColumn, fieldColumns } from './csv-export.ts';
import { forbidKeys, onPatchDocument, onPutDocument } from './patch.ts';

const TemplateDoc = TEMPLATE_ROUTES.get.answer;
const TemplatePutBody = TemplateSchema.omit({ ID: true, version: true })
  .partial()
  .extend({ template_host_url: TemplateHostUrlSchema.optional() })
  .openapi('TemplateUpdate');
const tags = ['Templates'];

/** The template list's search and sort (001 §2 /templates: name, page type, layout, preview path). */
export const TEMPLATE_LIST: ListSpec<(typeof TEMPLATE_SORTS)[number]> = {
  noun: 'templates',
  sorts: {
    id: templates.ID,
    name: lowered(templates.name),
    page_type: templates.page_type,
    layout: templates.layout,
    template_host_url: lowered(templates.template_host_url),
  },
  id: templates.ID,
  text: [templates.name, templates.page_type, templates.layout, templates.template_host_url],
  searchHelp: "part of the template's name, page type, layout or preview path, or its ID (a whole number)",
};

/**
 * The condition of a library tab (001 §2): 'all' every active template, a page type its active
 * ones, 'stashed' the archived; undefined (no tab) every template.
 * @throws ApiError 400 with {@link TEMPLATE_TAB_MSG} for a tab not of {@link TEMPLATE_TABS}.
 */
export function templateTabWhere(tab: string | undefined): SQL | undefined {
  if (tab === undefined) return undefined;
  const known = TEMPLATE_TABS.find((t): t is TemplateTab => t === tab);
  if (!known) throw new ApiError(400, TEMPLATE_TAB_MSG);
  if (known === 'stashed') return eq(templates.archived, true);
  if (known === 'all') return eq(templates.archived, false);
  return and(eq(templates.archived, false), eq(templates.page_type, known));
}
/** The template list's query, documented (the list and its CSV export). */
const TemplateListQuery = z.object({
  ...listQueryDoc(TEMPLATE_LIST),
  tab: z
    .string()
    .optional()
    .openapi({
      param: { name: 'tab', in: 'query' },
      example: 'checkout',
      description: `The library's tab: all (every active template), a page type (its active ones) or stashed (the archived); one of ${TEMPLATE_TABS.join(', ')}. Without it stashed templates are answered too`,
    }),
});

/** The export's columns: the list's, and whether the template is stashed. */
const TEMPLATE_CSV: CsvColumn<Template>[] = [
  ...fieldColumns({ ID: 'ID', Name: 'name', 'Page type': 'page_type', Layout: 'layout', 'Preview path': 'template_host_url' }),
  { header: 'Stashed', cell: (t) => (t.archived ? 'yes' : 'no') },
];

/**
 * The sandbox policy of a rendered preview: the same as the page previews' (http.ts
 * PREVIEW_FALLBACK_CSP, which routes/preview.ts's PREVIEW_CSP equals): it runs nothing and
 * reaches nothing but its images, styles and fonts.
 */
export const TEMPLATE_PREVIEW_CSP = PREVIEW_FALLBACK_CSP;

/**
 * A template rendered as a page by the publish renderer (src/server/publish/render.ts): its own
 * meta as the page's meta, in a neutral demo funnel named after the template (USD, English, no
 * details, no other pages), so the library can show any template without a funnel.
 */
export function renderTemplatePreview(t: Pick<Template, 'name' | 'page_type' | 'layout' | 'template_host_url' | 'meta'>): Promise<string> {
  return renderPage(
    { ID: 0, name: t.name, page_type: t.page_type, page_path: t.template_host_url, page_id: null, page_alt_id: null, split: [], meta: t.meta },
    { layout: t.layout, meta: t.meta },
    { ID: 0, name: t.name, currency: 'USD', language: 'en', cs_email: '', cs_number: '', details: FunnelDetailsSchema.parse({}), page_id: null },
    { pagesById: new Map() },
  );
}

/** 422 unless `layout` is one of the layout files the renderer has. */
export function assertLayout(layout: string): void {
  if (!(LAYOUTS as readonly string[]).includes(layout)) throw new ApiError(422, `Unknown layout ${layout}: one of ${LAYOUTS.join(', ')}`);
}

/**
 * Template sync (001 §7 `PATCH /api/v1/templates`): reads the template host's templates
 * from the order platform and adds those missing here (same page type and layout); existing
 * ones keep their edits. Yields progress never decreasing, ending at 100 'Done' or at 0
 * with the error.
 */
export async function* syncTemplates(db: Db, platform: OrderPlatform, userId: number): AsyncGenerator<SyncProgress> {
  let last = 0;
  const step = (p: number, message: string): SyncProgress => ({ progress: (last = Math.max(last, Math.min(99, Math.round(p)))), message });
  try {
    yield step(1, 'Reading templates from the template host');
    const offered = await platform.templates();
    let added = 0;
    for (const [i, t] of offered.entries()) {
      const have = await db
        .select({ ID: templates.ID })
        .from(templates)
        .where(and(eq(templates.page_type, t.page_type), eq(templates.layout, t.layout)));
      if (have.length) {
        yield step(5 + (90 * (i + 1)) / offered.length, `${t.name}: up to date`);
        continue;
      }
      await db.transaction(async (tx) => {
        const row = oneRow(
          await tx
            .insert(templates)
            .values({ name: t.name, page_type: t.page_type, layout: t.layout, template_host_url: t.template_host_url, meta: t.meta })
            .returning(),
          'templates: synced',
        );
        await recordCreated(tx, addedChange('template', row, { funnelId: null, userId, message: 'Templates synced' }), toTemplate(row));
      });
      added++;
      yield step(5 + (90 * (i + 1)) / offered.length, `${t.name}: added`);
    }
    await db.insert(auditLogs).values({
      type: 'note',
      funnel_id: null,
      title: 'Templates synced',
      message: `${added} added, ${offered.length - added} up to date`,
      user_id: userId,
      system: true,
    });
    yield { progress: 100, message: 'Done' };
  } catch (e) {
    console.error('template sync failed', e);
    // The error's own text may name files or hosts of the server: it goes to the log only.
    yield { progress: 0, message: 'Template sync failed: the template host could not be read; try again later' };
  }
}

/** Template routes. */
export const templateRoutes = routes((app, db, deps) => {
  const previewHost = deps.config.templatePreviewHost;
  const doc = templateDoc(previewHost);
  /** The list's read of a request in a library tab (`ofTab`, its WHERE): the JSON list and its CSV export page through the same. */
  const list = (ofTab: SQL | undefined) =>
    tableListRead(
      TEMPLATE_LIST,
      db,
      templates,
      (rows) => rows.map(toTemplate),
      (where) => and(where, ofTab),
    );

  onList(
    app,
    'templates.read',
    {
      contract: TEMPLATE_ROUTES.list,
      operationId: 'listTemplates',
      tags,
      summary: 'Templates, searched, sorted, paged and narrowed to a library tab on the server',
      description:
        'The templates matching `q` and `tab`, sorted by `sort` (default: by ID). With `page` or `per_page` the answer is one page; without any parameter every template, stashed ones included (the page forms and the wizard pick from them). The answer stays a JSON array; `X-Total-Count` says how many templates match in all.',
      spec: TEMPLATE_LIST,
      query: TemplateListQuery,
      answered: 'The templates (of the page)',
      // The tab's sentence is added beside the list query's 400s in templates.examples.ts.
      errors: errors(401),
    },
    (req, query) => list(templateTabWhere(query.tab))(req),
  );

  on(
    app,
    'templates.read',
    csvRoute({
      path: TEMPLATE_ROUTES.export.path,
      operationId: 'exportTemplates',
      tags,
      noun: TEMPLATE_LIST.noun,
      columns: TEMPLATE_CSV,
      query: TemplateListQuery,
      errors: { ...errors(401), ...listErrors(TEMPLATE_LIST) },
    }),
    (c) => {
      const raw = c.req.query();
      // Checked before the first byte: a bad tab is a 400, not a cut download.
      const req = parseListQuery(raw, TEMPLATE_LIST);
      const ofTab = list(templateTabWhere(raw.tab));
      return listCsv(`templates${raw.tab ? `-${raw.tab}` : ''}`, TEMPLATE_CSV, req, (r) => ofTab(r).rows());
    },
  );

  on(
    app,
    'templates.read',
    createRoute({
      method: TEMPLATE_ROUTES.layouts.method,
      path: TEMPLATE_ROUTES.layouts.path,
      operationId: 'listTemplateLayouts',
      tags,
      security: bearer,
      summary: "Layouts a template can use (the renderer's layout files)",
      responses: { 200: json(TEMPLATE_ROUTES.layouts.answer, 'Layout names') },
    }),
    (c) => c.json([...LAYOUTS], 200),
  );

  on(
    app,
    'templates.read',
    createRoute({
      method: TEMPLATE_ROUTES.previewHost.method,
      path: TEMPLATE_ROUTES.previewHost.path,
      operationId: 'getTemplatePreviewHost',
      tags,
      security: bearer,
      summary: 'The template preview host: stored preview paths are shown with this prefix (001 §9)',
      responses: { 200: json(TEMPLATE_ROUTES.previewHost.answer, 'The preview host') },
    }),
    (c) => c.json({ preview_host: previewHost }, 200),
  );

  on(
    app,
    'templates.write',
    createRoute({
      method: TEMPLATE_CREATE.method,
      path: TEMPLATE_CREATE.path,
      operationId: 'createTemplate',
      tags,
      security: bearer,
      summary: 'Add a template (name, page type, layout, preview path and meta required; a full URL on the preview host is stored as its path)',
      middleware: [forbidKeys('a template')] as const,
      request: { headers: WriteHeaders.pick({ 'idempotency-key': true }), body: jsonBody(bodyOf(TEMPLATE_CREATE)) },
      responses: { 201: json(TEMPLATE_CREATE.answer, 'The template'), ...errors(400, 422) },
    }),
    async (c) => {
      const sent = c.req.valid('json');
      const parsed = TemplateFormSchema.safeParse({ ...sent, template_host_url: stripTemplateHost(sent.template_host_url, previewHost) });
      if (!parsed.success) throw firstIssue(parsed.error);
      const body = { ...parsed.data, meta: cleanMetaTexts(parsed.data.meta, await loadRichTextSanitizer()) };
      assertMetaCode(null, body.meta);
      assertLayout(body.layout);
      const user = c.get('user');
      const res = await idempotent(db, user, c.req.header('Idempotency-Key'), { method: 'POST', path: c.req.path, body: sent }, async (tx) => {
        const row = oneRow(await tx.insert(templates).values(body).returning(), 'templates: row');
        const template = toTemplate(row);
        return createdAnswer(tx, addedChange('template', row, { funnelId: null, userId: user.user_id, message: row.template_host_url }), template);
      });
      return send(c, res);
    },
  );

  on(
    app,
    'templates.sync',
    createRoute({
      method: TEMPLATE_ROUTES.sync.method,
      path: TEMPLATE_ROUTES.sync.path,
      operationId: 'syncTemplates',
      tags,
      security: bearer,
      summary: 'Sync templates from the template host: NDJSON progress stream ending at 100 "Done" or an error line at 0',
      responses: { 200: { content: { 'application/x-ndjson': { schema: TEMPLATE_ROUTES.sync.answer } }, description: 'One SyncProgress object per line' } },
    }),
    (c) => {
      const user = c.get('user');
      return ndjson(c, syncTemplates(db, deps.integrations.platform, user.user_id));
    },
  );

  onGetDocument(
    app,
    'templates.read',
    {
      contract: TEMPLATE_ROUTES.get,
      operationId: 'getTemplate',
      tags,
      summary: 'One template (ETag = version)',
      answered: 'The template',
      errors: errors(401, 404),
    },
    (id) => getTemplate(db, id),
  );

  on(
    app,
    'templates.read',
    createRoute({
      method: TEMPLATE_ROUTES.preview.method,
      path: TEMPLATE_ROUTES.preview.path,
      operationId: 'renderTemplatePreview',
      tags,
      security: bearer,
      summary: "The template rendered as a page with its own meta in a demo funnel (the library's hover preview)",
      description: "Sandboxed: the answer's Content-Security-Policy runs no script and loads nothing but images, styles and fonts.",
      request: { params: IdParams },
      responses: { 200: { content: { 'text/html': { schema: TEMPLATE_ROUTES.preview.answer } }, description: 'The rendered template' }, ...errors(401, 404) },
    }),
    async (c) => {
      const t = await getTemplate(db, c.req.valid('param').id);
      const html = await renderTemplatePreview(t);
      c.header('Cache-Control', 'no-store');
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Content-Security-Policy', TEMPLATE_PREVIEW_CSP);
      return c.html(html, 200);
    },
  );

  onPutDocument(
    app,
    'templates.write',
    {
      path: DOC_PATHS.template,
      operationId: 'putTemplate',
      tags,
      summary: 'Replace the given members of a template (If-Match required; a full URL on the preview host is stored as its path)',
      what: 'a template',
      body: TemplatePutBody,
      answer: TemplateDoc,
      answered: 'The saved template',
      errors: errors(400, 401, 404, 412, 422, 428),
    },
    deps,
    doc,
  );

  onPatchDocument(
    app,
    'templates.write',
    {
      path: DOC_PATHS.template,
      operationId: 'patchTemplate',
      tags,
      summary: 'Apply an RFC 6902 JSON Patch to the template (If-Match required; a failed `test` op is a 409 with `current`)',
      answer: TemplateDoc,
      answered: 'The saved template',
      errors: errors(400, 401, 404, 409, 412, 422, 428),
    },
    deps,
    doc,
  );

  onDelete(
    app,
    'templates.delete',
    {
      contract: TEMPLATE_ROUTES.remove,
      operationId: 'deleteTemplate',
      tags,
      summary: 'Delete a template no page uses',
      description:
        'Refused (409 `{ message, pages }`) while a page of a funnel, or of a live release, is rendered with it: ' +
        'nothing is unhooked silently. Archive it instead, or choose another template for those pages (and publish) first.',
      errors: errors(404, 409, 422),
    },
    'Template',
    (id) =>
      deleteById(db, templates, id, 'Template', async (tx, cur) => {
        refuseInUse(`Template "${cur.name}"`, await pagesUsingTemplate(tx, id), 'Choose another template for them (and publish) first, or archive it');
      }),
  );
});

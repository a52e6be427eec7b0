/**
 * Page documents (`page:<id>`) as `writeDocument` (write.ts) writes them, and the schema a new
 * page is created with: meta cleaned and code checked (meta.ts), a unique path in its funnel,
 * next pages of the same funnel, an existing template, and the funnel's index page kept an
 * index page type.
 *
 * Source: README.md "One edit, end to end"; 001 §5.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { INDEX_PAGE_TYPES, MSG, type Page } from '../../model/index.ts';
import { rowsOf } from '../db/index.ts';
import { funnels, pages, templates } from '../db/schema.ts';
import { ApiError, notFound } from '../http.ts';
import { toPage, type Q } from '../repo.ts';
import { pgCode } from './errors.ts';
import { assertMetaCode, loadRichTextSanitizer, withCleanTexts } from './meta.ts';
import { DOCUMENTS } from '../../model/documents.ts';
import { updateRow, type DocDef } from './write.ts';

/**
 * The schema a new page is validated with before it is inserted (POST): the page schema with
 * the meta's texts cleaned first, as PUT and PATCH do. Loads the rich-text sanitizer.
 */
export async function pageWriteSchema(): Promise<z.ZodType<Page>> {
  await loadRichTextSanitizer();
  return PAGE_WRITE_SCHEMA;
}

const PAGE_WRITE_SCHEMA: z.ZodType<Page> = z.preprocess(withCleanTexts, DOCUMENTS.page.schema);

/**
 * A page's next page and alternative next page (`page_id`, `page_alt_id`), where set, are pages
 * of its own funnel (001 §5): checked on create and on every write.
 * @throws ApiError 422 'Next page must be a page of the same funnel'.
 */
export async function assertLinksInFunnel(q: Q, page: { funnel_id: number; page_id?: number | null; page_alt_id?: number | null }): Promise<void> {
  const links = [page.page_id, page.page_alt_id].filter((v): v is number => v != null);
  if (!links.length) return;
  const found = await q
    .select({ ID: pages.ID })
    .from(pages)
    .where(and(eq(pages.funnel_id, page.funnel_id), inArray(pages.ID, links)));
  if (found.length !== new Set(links).size) throw new ApiError(422, 'Next page must be a page of the same funnel');
}

/** Page documents. */
export const PAGE_DOC: DocDef<Page> = {
  kind: 'page',
  schema: PAGE_WRITE_SCHEMA,
  async loadForWrite(tx, id) {
    await loadRichTextSanitizer();
    // Two lock strengths in one statement: drizzle's builder has one `.for()` per query.
    const [row] = rowsOf<typeof pages.$inferSelect & { funnel_locked: boolean }>(
      await tx.execute(sql`
      select p.*, f.locked as funnel_locked from pages p join funnels f on f."ID" = p.funnel_id
      where p."ID" = ${id} for update of p for share of f`),
    );
    if (!row) throw notFound('Page');
    return { doc: toPage(row), locked: row.funnel_locked };
  },
  funnelOf: (p) => p.funnel_id,
  readonly: ['ID', 'version', 'funnel_id'],
  async check(tx, before, after) {
    assertMetaCode(before.meta, after.meta);
    if (after.page_path !== before.page_path) {
      const [dup] = await tx
        .select({ ID: pages.ID })
        .from(pages)
        .where(and(eq(pages.funnel_id, after.funnel_id), eq(pages.page_path, after.page_path)));
      if (dup && dup.ID !== after.ID) throw new ApiError(409, MSG.pagePathExists);
    }
    await assertLinksInFunnel(tx, after);
    if (after.template_id != null && after.template_id !== before.template_id) {
      const [t] = await tx.select({ ID: templates.ID }).from(templates).where(eq(templates.ID, after.template_id));
      if (!t) throw new ApiError(422, 'Template not found');
    }
    if (after.page_type !== before.page_type && !(INDEX_PAGE_TYPES as readonly string[]).includes(after.page_type)) {
      const [f] = await tx.select({ page_id: funnels.page_id }).from(funnels).where(eq(funnels.ID, after.funnel_id));
      if (f?.page_id === after.ID) throw new ApiError(422, MSG.indexPageType);
    }
  },
  update: updateRow(pages),
  writeError: (e) => (pgCode(e).code === '23505' ? new ApiError(409, MSG.pagePathExists) : null),
  title: DOCUMENTS.page.title,
};

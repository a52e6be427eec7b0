/**
 * Templates as written (seed sections 001 §5 "Templates", "Meta can not be empty!"): the
 * template document's schema and the Add/Edit template form, both checking a template's meta
 * with the page meta's own schema. Apart from template.ts so that reading a template (the
 * library, the pickers) does not load the page model.
 */
import { z } from 'zod';
import { PAGE_PATH_RE, PAGE_TYPES } from './constants';
import { bool, requiredText, RMSG } from './fields';
import { MSG } from './messages';
import { PageMetaSchema } from './page';
import { LAYOUT_RE, templateName, TemplateSchema } from './template';

/**
 * A template's meta (001 §5 "Meta can not be empty!"): what a new page of the template starts
 * from, so it is checked with the page meta's own schema ({@link PageMetaSchema}, the panels'
 * rules and messages) — meta of the wrong types was stored, and afterwards no page could be
 * created from the template. Only checks: the stored meta is exactly what was sent.
 */
const templateMeta = (empty: string) =>
  z
    .record(z.string(), z.unknown(), { error: empty })
    .refine((m) => Object.keys(m).length > 0, empty)
    .superRefine((meta, ctx) => {
      const r = PageMetaSchema.safeParse(meta);
      if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: 'custom', path: i.path, message: i.message });
    });

/**
 * A template as written (the server's template document, the editor's field errors): its meta
 * checked as a page's meta. Answers are read with the laxer {@link TemplateSchema}, so a
 * template stored before still shows, and is put right in the editor before it saves again.
 */
export const TemplateWriteSchema = TemplateSchema.extend({ meta: templateMeta(MSG.metaEmpty) });

// ---- Templates (001 §5) ------------------------------------------------------------------

/** The Add/Edit template form (001 §5): name, page type, layout, preview path and meta required. */
export const TemplateFormSchema = z.object({
  name: templateName,
  page_type: z.enum(PAGE_TYPES, { error: MSG.pageType }),
  layout: requiredText(RMSG.layout, 100).regex(LAYOUT_RE, RMSG.layout),
  template_host_url: z.string({ error: MSG.pagePath }).max(500, MSG.pagePath).regex(PAGE_PATH_RE, MSG.pagePath),
  meta: templateMeta(RMSG.templateMeta),
  archived: bool('Archived must be true or false').default(false),
});
export type TemplateForm = z.input<typeof TemplateFormSchema>;

/**
 * Page templates (seed sections 001 §3, §5, "Templates"). A template is a LiquidJS HTML layout
 * (`layout`) with `data-edit="<meta path>"` marks, plus the default `meta` a new page starts
 * from; the Add/Edit template form and the template sync's progress lines.
 */
import { z } from 'zod';
import { PAGE_TYPES } from './constants';
import { bool, requiredText, RMSG } from './fields';
import { MSG } from './messages';
import { PAGE_PATH_RE } from './constants';

export const LAYOUT_RE = /^[A-Za-z0-9_-]+$/;

export const TemplateSchema = z.object({
  ID: z.number().int(),
  name: z.string().trim().min(1, 'Missing Template Name'),
  page_type: z.enum(PAGE_TYPES, { error: MSG.pageType }),
  layout: z.string().regex(LAYOUT_RE, 'Layout may contain only letters, digits, _ and -'),
  template_host_url: z.string().regex(PAGE_PATH_RE, MSG.pagePath),
  meta: z.record(z.string(), z.unknown()).refine((m) => Object.keys(m).length > 0, MSG.metaEmpty),
  archived: z.boolean(),
  version: z.number().int(),
});
export type Template = z.infer<typeof TemplateSchema>;

// ---- Templates (001 §5) ------------------------------------------------------------------

/** The Add/Edit template form (001 §5): name, page type, layout, preview path and meta required. */
export const TemplateFormSchema = z.object({
  name: requiredText(RMSG.templateName, 255),
  page_type: z.enum(PAGE_TYPES, { error: MSG.pageType }),
  layout: requiredText(RMSG.layout, 100).regex(LAYOUT_RE, RMSG.layout),
  template_host_url: z.string({ error: MSG.pagePath }).max(500, MSG.pagePath).regex(PAGE_PATH_RE, MSG.pagePath),
  meta: z.record(z.string(), z.unknown(), { error: RMSG.templateMeta }).refine((m) => Object.keys(m).length > 0, RMSG.templateMeta),
  archived: bool('archived must be true or false').default(false),
});
export type TemplateForm = z.input<typeof TemplateFormSchema>;

/** A template sync progress line (001 §7: streamed progress with progress and message). */
export interface SyncProgress {
  progress: number;
  message: string;
}

/**
 * Page templates (001 §3, §5). A template is a LiquidJS HTML layout (`layout`) with
 * `data-edit="<meta path>"` marks, plus the default `meta` a new page starts from.
 */
import { z } from 'zod';
import { PAGE_TYPES } from './constants';
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

/**
 * Page templates (seed sections 001 §3, §5, "Templates"). A template is a LiquidJS HTML layout
 * (`layout`) with `data-edit="<meta path>"` marks, plus the default `meta` a new page starts
 * from; the Add/Edit template form and the template sync's progress lines.
 */
import { z } from 'zod';
import { PAGE_TYPES, TEXT_MAX } from './constants';
import { RMSG } from './fields';
import { MSG, WRITE_MSG } from './messages';
import { PAGE_PATH_RE } from './constants';

export const LAYOUT_RE = /^[A-Za-z0-9_-]+$/;

/** A template's name: required ('Missing Template Name'), at most TEXT_MAX.name characters. */
export const templateName = z
  .string({ error: RMSG.templateName })
  .trim()
  .min(1, RMSG.templateName)
  .max(TEXT_MAX.name, WRITE_MSG.tooLong('Template name', TEXT_MAX.name));

export const TemplateSchema = z
  .object({
    ID: z.number().int(),
    name: templateName,
    page_type: z.enum(PAGE_TYPES, { error: MSG.pageType }),
    layout: z.string().regex(LAYOUT_RE, 'Layout may contain only letters, digits, _ and -'),
    template_host_url: z.string({ error: MSG.pagePath }).max(500, MSG.pagePath).regex(PAGE_PATH_RE, MSG.pagePath),
    // As read: any non-empty meta (a template stored before its meta was checked still lists).
    meta: z.record(z.string(), z.unknown(), { error: MSG.metaEmpty }).refine((m) => Object.keys(m).length > 0, MSG.metaEmpty),
    archived: z.boolean(),
    version: z.number().int(),
  })
  .meta({ id: 'Template' });
export type Template = z.infer<typeof TemplateSchema>;

// ---- Template preview host (001 §9) -----------------------------------------------------------

const SCHEME_RE = /^https?:\/\//i;

/**
 * The stored form of a template's preview address (001 §9: "The template preview host prefix
 * is stripped from the URL when stored"): a full URL on `host` (http or https whatever `host`
 * says, with or without a trailing slash, host name in any letter case) becomes its path
 * ('https://templates.example/presell/' → '/presell/'; the host alone → '/'). Anything else is
 * returned as given (a path stays a path; a URL of another host stays, and the page-path rule
 * refuses it). `host`: the configured prefix, e.g. 'https://templates.example' ('' strips nothing).
 */
export function stripTemplateHost(url: string, host: string): string {
  const u = url.trim();
  const h = host.trim().replace(/\/+$/, '').replace(SCHEME_RE, '').toLowerCase();
  if (!h || !SCHEME_RE.test(u)) return url;
  const rest = u.replace(SCHEME_RE, '');
  if (!rest.toLowerCase().startsWith(h)) return url;
  const tail = rest.slice(h.length);
  if (tail === '') return '/';
  return tail.startsWith('/') ? tail : url;
}

/**
 * The displayed form of a stored preview path (001 §9: the prefix is "added when displayed"):
 * `host` + `path` ('/presell/' → 'https://templates.example/presell/'). A value that is a full
 * http(s) URL already is returned unchanged.
 */
export function withTemplateHost(path: string, host: string): string {
  if (SCHEME_RE.test(path.trim())) return path;
  return host.trim().replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

/** A template sync progress line (001 §7: streamed progress with progress and message). */
export interface SyncProgress {
  progress: number;
  message: string;
}

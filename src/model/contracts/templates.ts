/**
 * The template routes (001 §7 "Templates", §9) as both sides know them: the list, the layouts
 * and preview host the form needs, add, the sync stream, one template, its rendered preview and
 * delete (add is in template-create.ts, with the page model its body is checked with, so the
 * library loads it only with its Add form). Edits of a template are JSON-Patch writes of its
 * document (src/api/client.ts). The
 * fields' descriptions are the server's (routes/fields.ts), so the library's chunk does not carry them.
 */
import { z } from 'zod';
import { contract, DeletedSchema } from '../contract';
import { DOC_PATHS } from './paths';
import { listQuerySchema } from '../list-query';
import { TEMPLATE_TABS } from '../constants';
import { TemplateSchema } from '../template';

/** The template list's sort columns (the columns /templates shows, 001 §2). */
export const TEMPLATE_SORTS = ['id', 'name', 'page_type', 'layout', 'template_host_url'] as const;

/** One filter tab of the library ({@link TEMPLATE_TABS}: every active template, one page type's active ones, or the archived). */
export type TemplateTab = (typeof TEMPLATE_TABS)[number];

/** The 400 sentence of a `tab` not of {@link TEMPLATE_TABS}. */
export const TEMPLATE_TAB_MSG = `Tab must be one of: ${TEMPLATE_TABS.join(', ')}`;

/**
 * `GET /api/v1/templates`'s query: the list query and the library's tab (absent: every
 * template, stashed ones included — the pickers).
 */
export const TemplateListQuerySchema = listQuerySchema(TEMPLATE_SORTS).extend({ tab: z.enum(TEMPLATE_TABS, { error: TEMPLATE_TAB_MSG }).optional() });

/** `GET /api/v1/templates/preview-host`. */
export const TemplatePreviewHostSchema = z.object({ preview_host: z.string() }).meta({ id: 'TemplatePreviewHost' });

/** One line of the sync stream: `{progress, message}` (100 "Done" at the end, 0 with the error). */
export const SyncProgressSchema = z.object({ progress: z.number().int().min(0).max(100), message: z.string() }).meta({ id: 'SyncProgress' });

/** The template routes; `{id}` is the template's ID. */
export const TEMPLATE_ROUTES = {
  /**
   * The templates by ID; searched, sorted, paged and narrowed to a tab with the list query
   * (without any: every template, archived ones included — the pickers).
   */
  list: contract({ method: 'get', path: '/api/v1/templates', query: TemplateListQuerySchema, answer: z.array(TemplateSchema) }),
  /** The list's query (page and per_page ignored: every match) as `text/csv`, streamed. */
  export: contract({ method: 'get', path: '/api/v1/templates.csv', query: TemplateListQuerySchema, answer: z.string() }),
  /** The layout names a template may use. */
  layouts: contract({ method: 'get', path: '/api/v1/templates/layouts', answer: z.array(z.string()) }),
  /** The prefix of every stored preview path (001 §9). */
  previewHost: contract({ method: 'get', path: '/api/v1/templates/preview-host', answer: TemplatePreviewHostSchema }),
  /** Syncs the templates from the template host: an NDJSON stream of {@link SyncProgressSchema} lines (read with `urlOf`). */
  sync: contract({ method: 'patch', path: '/api/v1/templates', answer: SyncProgressSchema }),
  /** The template document (ETag = version). */
  get: contract({ method: 'get', path: DOC_PATHS.template, answer: TemplateSchema }),
  /** The template rendered as a page with its own meta: HTML text (sent with `Accept: text/html`). */
  preview: contract({ method: 'get', path: '/api/v1/templates/{id}/preview', answer: z.string() }),
  /** Deletes the template (409 while a page uses it). */
  remove: contract({ method: 'delete', path: '/api/v1/templates/{id}', answer: DeletedSchema }),
};

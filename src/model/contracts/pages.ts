/**
 * The page routes (000 §7 "Pages"; 001 §3, §5, §7) as both sides know them: a funnel's pages,
 * one page, add (the add page form, the clone and the build wizard), delete, and the flow
 * diagram's layout. Edits of a page or a layout are JSON-Patch writes of the document
 * (src/api/client.ts).
 */
import { z } from 'zod';
import { contract, DeletedSchema } from '../contract';
import { listQuerySchema } from '../list-query';
import { DOC_PATHS } from './paths';
import { MAX_INT } from '../fields';
import { FunnelLayoutSchema } from '../layout';
import { PageFormSchema, PageSchema, SplitConditionSchema } from '../page';

/** `POST /api/v1/pages`: the add page form (001 §5) and its funnel; links, split and meta optional. */
export const NewPageBodySchema = PageFormSchema.extend({
  template_id: z
    .number()
    .int()
    .positive()
    .max(MAX_INT)
    .nullable()
    .optional()
    .default(null)
    .describe('ID of the template the page is rendered with (null: none yet)'),
  funnel_id: z
    .number({ error: 'Missing Funnel ID' })
    .int()
    .positive('Missing Funnel ID')
    .max(MAX_INT, 'Missing Funnel ID')
    .describe('ID of the funnel the page belongs to'),
  page_id: z.number().int().positive().max(MAX_INT).nullable().optional().describe('ID of the next page'),
  page_alt_id: z.number().int().positive().max(MAX_INT).nullable().optional().describe('ID of the page a skip leads to'),
  split: z.array(SplitConditionSchema).optional().describe('Split conditions (split pages)'),
  meta: z.record(z.string(), z.unknown()).optional().describe("Content of the page (its panels' fields); omitted: the template's"),
}).meta({ id: 'NewPage' });

/**
 * What the Pages tab's table sorts by on the server: `flow` (the table's own order, see
 * `pageTableOrder`: flow order grouped by path; the default of a list query without `sort`),
 * then its columns name, page type and path.
 */
export const FUNNEL_PAGE_SORTS = ['flow', 'name', 'type', 'path'] as const;
/** The header naming the path of the row just before a page of the list (absent on the first page): the Pages tab's "(continued)" group headers. */
export const PREVIOUS_PATH_HEADER = 'X-Previous-Path';

/** The page routes; `{id}` is the page's ID, except in `ofFunnel` and `layout` (the funnel's). */
export const PAGE_ROUTES = {
  /** The funnel's pages, by ID; with `q`, `sort`, `page` or `per_page` searched, sorted (default `flow`) and paged (`X-Total-Count`, `X-Previous-Path`). */
  ofFunnel: contract({ method: 'get', path: '/api/v1/funnels/{id}/pages', query: listQuerySchema(FUNNEL_PAGE_SORTS), answer: z.array(PageSchema) }),
  /** The list's query (page and per_page ignored: every match) as `text/csv`, streamed. */
  export: contract({ method: 'get', path: '/api/v1/funnels/{id}/pages.csv', query: listQuerySchema(FUNNEL_PAGE_SORTS), answer: z.string() }),
  /** The page document (ETag = version). */
  get: contract({ method: 'get', path: DOC_PATHS.page, answer: PageSchema }),
  /** Adds a page (409 when its path is taken in the funnel, 423 while the funnel is locked). */
  create: contract({ method: 'post', path: '/api/v1/pages', body: NewPageBodySchema, answer: PageSchema, status: 201 }),
  /** Deletes the page; links to it and the index page (if it was one) are cleared. */
  remove: contract({ method: 'delete', path: '/api/v1/pages/{id}', answer: DeletedSchema }),
  /** The flow diagram's node positions (version 0 until one is kept). */
  layout: contract({ method: 'get', path: DOC_PATHS.layout, answer: FunnelLayoutSchema }),
};

/**
 * The routes whose answer is not JSON (README "The live preview", "Presence"; 000 §2; 001 §7
 * CSV uploads) as both sides know them: the unsaved page rendered, a published page by URL,
 * a funnel's live events and the Sticky CSV uploads. The SPA reaches them at `urlOf()` (a
 * stream, an upload) or with `call()` and `Accept: text/html`.
 */
import { z } from 'zod';
import { contract } from '../contract';
import { MAX_INT } from '../fields';
import { MSG, PREVIEW_MSG } from '../messages';
import { PAGE_TYPES } from '../constants';

/** `POST /api/v1/preview`: the page as the editor has it now (saved or not); nothing is stored. */
export const PreviewBodySchema = z
  .object({
    page: z
      .looseObject(
        {
          ID: z.number().int().optional(),
          funnel_id: z.number({ error: 'Missing Funnel ID' }).int().positive('Missing Funnel ID').max(MAX_INT, 'Missing Funnel ID'),
          name: z.string().optional(),
          page_type: z.enum(PAGE_TYPES, { error: MSG.pageType }),
          page_path: z.string().optional(),
          template_id: z.number().int().positive().max(MAX_INT).nullable().optional(),
          page_id: z.number().int().nullable().optional(),
          page_alt_id: z.number().int().nullable().optional(),
          split: z.array(z.unknown()).optional(),
          meta: z.record(z.string(), z.unknown()),
        },
        { error: 'Missing page' },
      )
      .describe('The page as the editor has it now (saved or not): rendered with its template, nothing is stored'),
  })
  .meta({ id: 'PreviewRequest' });

/** `GET /api/v1/preview?url=`: the published page's address. */
export const PreviewUrlQuerySchema = z.object({
  url: z
    .string({ error: PREVIEW_MSG.url })
    .min(1, PREVIEW_MSG.url)
    .max(2048, PREVIEW_MSG.url)
    .describe('Address of the published page to preview (http:// or https://)'),
});

/** What the fulfilment upload answers: '{file} file uploaded successfully' and the rows read. */
export const CsvUploadResultSchema = z
  .object({ message: z.string().describe("'{file} file uploaded successfully'"), rows: z.number().int().describe('How many rows were imported') })
  .meta({ id: 'CsvUploadResult' });
/** What the products upload answers: the rows read, and how many made a new product or updated one found by its SKU. */
export const ProductsCsvResultSchema = z
  .object({
    message: z.string().describe("'{file} file uploaded successfully'"),
    rows: z.number().int().describe('How many rows were imported'),
    created: z.number().int().describe('How many rows made a new product'),
    updated: z.number().int().describe("How many rows updated the offer's product with the same SKU"),
  })
  .meta({ id: 'ProductsCsvUploadResult' });

/** The routes; `{id}` is a funnel's ID, `{funnelId}` too. */
export const PREVIEW_ROUTES = {
  /** The unsaved page rendered by the publish renderer: HTML text. */
  render: contract({ method: 'post', path: '/api/v1/preview', body: PreviewBodySchema, answer: z.string() }),
  /** A published page by URL, scripts removed, base address and preview styles injected: HTML text. */
  published: contract({ method: 'get', path: '/api/v1/preview', query: PreviewUrlQuerySchema, answer: z.string() }),
  /** The funnel's live events (text/event-stream), `doc` what this tab has open. */
  events: contract({ method: 'get', path: '/api/v1/funnels/{id}/events', query: z.object({ doc: z.string().optional() }), answer: z.string() }),
  /** CSV upload (multipart) with columns campaign_id, fulfillment. */
  fulfillmentCsv: contract({ method: 'post', path: '/api/v1/csv_upload/sticky/campaigns_fulfillment', answer: CsvUploadResultSchema }),
  /** CSV upload (multipart) of products of the funnel's offer. */
  productsCsv: contract({ method: 'post', path: '/api/v1/csv_upload/sticky/products_create/{funnelId}', answer: ProductsCsvResultSchema, status: 201 }),
};

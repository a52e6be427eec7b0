/**
 * Deleted funnels: what `DELETE /api/v1/funnels/{id}` leaves behind for an admin —
 * a tombstone (what the funnel was, who deleted it, when) beside its audit log, which is kept.
 */
import { z } from 'zod';
import { MAX_INT, queryPageSize, queryWhole } from './fields';

/** A deleted funnel in the list: its ID and name, who deleted it (as named then), when, and how many pages it had. */
export const DeletedFunnelSummarySchema = z
  .object({
    ID: z.number().int().describe('ID of the deleted funnel (never reused)'),
    name: z.string().describe('Name of the funnel when it was deleted'),
    /** Null once that user was deleted too; `user_name` stays. */
    user_id: z.number().int().nullable().describe('Who deleted it (null once that user was deleted too)'),
    user_name: z.string().describe('Who deleted it, as named then'),
    CreatedAt: z.string().describe('When it was deleted (ISO 8601)'),
    pages: z.number().int().describe('How many pages it had'),
  })
  .meta({ id: 'DeletedFunnelSummary' });
export type DeletedFunnelSummary = z.infer<typeof DeletedFunnelSummarySchema>;

/** One tombstone: the summary's fields and `snapshot`, the funnel as the API showed it (no captcha secret) and its pages. */
export const DeletedFunnelSchema = DeletedFunnelSummarySchema.omit({ pages: true })
  .extend({
    snapshot: z
      .object({ funnel: z.record(z.string(), z.unknown()), pages: z.array(z.record(z.string(), z.unknown())) })
      .passthrough()
      .describe('What it was: `funnel` as the API showed it (without the captcha secret) and its `pages`'),
  })
  .meta({ id: 'DeletedFunnel' });
export type DeletedFunnel = z.infer<typeof DeletedFunnelSchema>;

/** Tombstones one answer holds without `limit`, and at most. */
export const DELETED_PAGE = { size: 100, max: 500 } as const;

/** Messages of the list's query. */
export const DELETED_QUERY_MSG = {
  limit: `Deleted funnels per page (limit) must be a whole number from 1 to ${DELETED_PAGE.max}`,
  before: 'The page must start after a deleted funnel (before: its ID)',
} as const;

/** The list's query: `limit` tombstones (default 100, at most 500), deleted before tombstone `before` (its ID). */
export const DeletedFunnelListQuerySchema = z.object({
  limit: queryPageSize(3, DELETED_PAGE, DELETED_QUERY_MSG.limit),
  before: queryWhole(10, MAX_INT, DELETED_QUERY_MSG.before).optional(),
});

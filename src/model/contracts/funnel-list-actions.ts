/**
 * What the funnel list does to many rows at once (001 §2 funnel list):
 * - bulk changes for the rows an operator selected: set status, lock / unlock, archive / restore.
 *   One request carries one change per funnel, so the undo of a bulk change is the same request
 *   with each funnel's old value and new version;
 * - the CSV export of the list as searched, filtered and sorted (every page).
 * Contracts of their own: only the list's bulk bar and export button (lazy chunks) load them.
 */
import { z } from 'zod';
import { contract } from '../contract';
import { PUBLISH_STATUSES } from '../constants';
import { FunnelListQuerySchema } from './funnels';

/** Most funnels one bulk request changes (the largest page of the list). */
export const BULK_MAX = 100;

/** The members a bulk change sets. */
export const BULK_FIELDS = ['publish_status', 'locked', 'archived'] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

/** What the server answers for a bad bulk request (422), and why a funnel is skipped. */
export const BULK_MSG = {
  changes: `Choose between 1 and ${BULK_MAX} funnels`,
  once: 'Each funnel may appear only once in a bulk change',
  field: `Field must be one of ${BULK_FIELDS.join(', ')}`,
  status: `Status must be one of ${PUBLISH_STATUSES.join(', ')}`,
  flag: 'Value must be true or false',
  id: 'Funnel ID must be a whole number from 1',
  version: 'Version must be a whole number from 1',
  /** Skipped: the funnel is locked (status and archive need it unlocked, 001 §2 "Lock"). */
  locked: 'Locked: unlock it first',
  /** Skipped: someone changed the funnel after the list was read (its version moved on). */
  stale: 'Changed by someone else since; reload the list',
  /** Skipped: no such funnel (deleted since the list was read). */
  missing: 'Funnel not found (deleted since?)',
} as const;

const FunnelRef = {
  ID: z.number({ error: BULK_MSG.id }).int(BULK_MSG.id).min(1, BULK_MSG.id).max(2147483647, BULK_MSG.id),
  /** The version the operator saw: a funnel changed since is skipped, never overwritten. */
  version: z.number({ error: BULK_MSG.version }).int(BULK_MSG.version).min(1, BULK_MSG.version).max(2147483647, BULK_MSG.version).optional(),
};
const flag = z.boolean({ error: BULK_MSG.flag });

/** One funnel's change: which member and its new value. */
export const FunnelBulkChangeSchema = z
  .discriminatedUnion(
    'field',
    [
      z.object({ ...FunnelRef, field: z.literal('publish_status'), value: z.enum(PUBLISH_STATUSES, { error: BULK_MSG.status }) }),
      z.object({ ...FunnelRef, field: z.literal('locked'), value: flag }),
      z.object({ ...FunnelRef, field: z.literal('archived'), value: flag }),
    ],
    { error: BULK_MSG.field },
  )
  .meta({ id: 'FunnelBulkChange' });
export type FunnelBulkChange = z.infer<typeof FunnelBulkChangeSchema>;

/** `POST /api/v1/funnels/bulk`: the changes, and `dry_run` to answer what would happen without writing. */
export const FunnelBulkBodySchema = z
  .object({
    changes: z.array(FunnelBulkChangeSchema, { error: BULK_MSG.changes }).min(1, BULK_MSG.changes).max(BULK_MAX, BULK_MSG.changes),
    dry_run: z.boolean({ error: 'Dry run must be true or false' }).optional(),
  })
  .refine((b) => new Set(b.changes.map((c) => c.ID)).size === b.changes.length, { error: BULK_MSG.once, path: ['changes'] })
  .meta({ id: 'FunnelBulkBody' });
export type FunnelBulkBody = z.infer<typeof FunnelBulkBodySchema>;

/** What happened (or, on a dry run, would happen) to one funnel. */
export const FunnelBulkResultSchema = z
  .object({
    ID: z.number().int(),
    /** The funnel's name ('' when it is not found). */
    name: z.string(),
    field: z.enum(BULK_FIELDS),
    /** The value before (null when the funnel is not found). */
    from: z.union([z.string(), z.boolean()]).nullable(),
    to: z.union([z.string(), z.boolean()]),
    /** changed: written (dry run: would be); unchanged: it already had the value; skipped: see `reason`. */
    outcome: z.enum(['changed', 'unchanged', 'skipped']),
    /** Why it was skipped (a {@link BULK_MSG} sentence), else null. */
    reason: z.string().nullable(),
    /** The funnel's version after the request (null when it is not found): what an undo sends. */
    version: z.number().int().nullable(),
  })
  .meta({ id: 'FunnelBulkResult' });
export type FunnelBulkResult = z.infer<typeof FunnelBulkResultSchema>;

/** The answer: one result per change, in the request's order, and the counts. */
export const FunnelBulkAnswerSchema = z
  .object({
    dry_run: z.boolean(),
    results: z.array(FunnelBulkResultSchema),
    changed: z.number().int(),
    unchanged: z.number().int(),
    skipped: z.number().int(),
  })
  .meta({ id: 'FunnelBulkAnswer' });
export type FunnelBulkAnswer = z.infer<typeof FunnelBulkAnswerSchema>;

/** The bulk route and the export. */
export const FUNNEL_BULK_ROUTES = {
  /** Applies (or with `dry_run` only reports) one change per funnel, in one transaction; each change is audited on its funnel. */
  bulk: contract({ method: 'post', path: '/api/v1/funnels/bulk', body: FunnelBulkBodySchema, answer: FunnelBulkAnswerSchema }),
  /** The list's query (without `page` / `per_page`: every match) as `text/csv`, streamed. */
  export: contract({ method: 'get', path: '/api/v1/funnels.csv', query: FunnelListQuerySchema, answer: z.string() }),
};

/** The changes that undo `answer`'s: each changed funnel back to its old value, at its new version. */
export function bulkUndo(answer: FunnelBulkAnswer): FunnelBulkChange[] {
  return answer.results.flatMap((r): FunnelBulkChange[] => {
    if (r.outcome !== 'changed' || r.version == null || r.from == null) return [];
    const ref = { ID: r.ID, version: r.version };
    if (r.field === 'publish_status' && typeof r.from === 'string') {
      const status = PUBLISH_STATUSES.find((s) => s === r.from);
      return status ? [{ ...ref, field: r.field, value: status }] : [];
    }
    return typeof r.from === 'boolean' && r.field !== 'publish_status' ? [{ ...ref, field: r.field, value: r.from }] : [];
  });
}

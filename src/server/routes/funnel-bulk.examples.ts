/**
 * OpenAPI examples, error messages and field descriptions of the funnel list's bulk change
 * (routes/funnel-bulk.ts), listed in examples.ts's ROUTE_FILES.
 */
import { BULK_MSG } from '../../model/contracts/funnel-list-actions.ts';
import type { RouteFileDocs } from './examples.ts';

/** What routes/funnel-bulk.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  examples: {
    bulkChangeFunnels: {
      request: {
        changes: [
          { ID: 1, version: 7, field: 'locked', value: true },
          { ID: 3, version: 2, field: 'locked', value: true },
          { ID: 4, version: 5, field: 'locked', value: true },
        ],
      },
      response: {
        dry_run: false,
        results: [
          { ID: 1, name: 'GlowSkin Serum – US Launch', field: 'locked', from: false, to: true, outcome: 'changed', reason: null, version: 8 },
          { ID: 3, name: 'FlexFit Bands – Summer Promo', field: 'locked', from: true, to: true, outcome: 'unchanged', reason: null, version: 2 },
          { ID: 4, name: 'LumaHair Gummies – Every Feature', field: 'locked', from: false, to: true, outcome: 'skipped', reason: BULK_MSG.stale, version: 6 },
        ],
        changed: 1,
        unchanged: 1,
        skipped: 1,
      },
    },
  },
  errors: {
    bulkChangeFunnels: { 422: [BULK_MSG.changes, BULK_MSG.once, BULK_MSG.field, BULK_MSG.status, BULK_MSG.flag, BULK_MSG.id, BULK_MSG.version] },
  },
  fields: {
    'FunnelBulkBodySchema.changes': `One change per funnel (1–100, each funnel once), applied in this order in one transaction`,
    'FunnelBulkBodySchema.dry_run': 'true: write nothing and answer what the changes would do (the summary shown before applying)',
    'FunnelBulkAnswerSchema.dry_run': 'Whether this was a dry run (nothing written)',
    'FunnelBulkAnswerSchema.results': "What happened to each funnel, in the changes' order",
    'FunnelBulkAnswerSchema.changed': 'How many funnels were changed (dry run: would be)',
    'FunnelBulkAnswerSchema.unchanged': 'How many funnels already had the value',
    'FunnelBulkAnswerSchema.skipped': 'How many funnels were skipped (locked, changed since, or not found)',
    'FunnelBulkResultSchema.ID': "The funnel's ID",
    'FunnelBulkResultSchema.name': "The funnel's name ('' when it is not found)",
    'FunnelBulkResultSchema.field': 'The member the change sets: publish_status, locked or archived',
    'FunnelBulkResultSchema.from': 'Its value before (null when the funnel is not found)',
    'FunnelBulkResultSchema.to': 'The value asked for',
    'FunnelBulkResultSchema.outcome': 'changed (written; dry run: would be), unchanged (it already had the value) or skipped (see reason)',
    'FunnelBulkResultSchema.reason': 'Why the funnel was skipped, else null',
    'FunnelBulkResultSchema.version': "The funnel's version after the request (null when not found): what an undo sends as the change's version",
  },
};

/**
 * OpenAPI examples, error messages and field descriptions of the scrub routes (routes/scrubs.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { MSG } from '../../model/messages.ts';
import { deleted, FUNNEL_404, LOCKED } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

const SCRUBS = [
  { ID: 1, funnel_id: 1, affiliate_id: '', affiliate_name: 'All affiliates', scrub_pct: 10, global: true },
  { ID: 2, funnel_id: 1, affiliate_id: '1001', affiliate_name: 'Traffic Kings', scrub_pct: 25, global: false },
];

/** What routes/scrubs.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'Scrubs', description: 'Scrub percentages per affiliate of a funnel' }],
  examples: {
    listFunnelScrubs: { response: SCRUBS },
    getScrub: { response: SCRUBS[1] },
    createScrub: { request: { affiliate_id: '1001', affiliate_name: 'Traffic Kings', scrub_pct: 25, global: false, funnel_id: 1 }, response: SCRUBS[1] },
    updateScrub: {
      request: { affiliate_id: '1001', affiliate_name: 'Traffic Kings', scrub_pct: 20, global: false },
      response: { ...SCRUBS[1], scrub_pct: 20 },
    },
    deleteScrub: { response: deleted('Scrub', 2) },
  },
  errors: {
    listFunnelScrubs: FUNNEL_404,
    getScrub: { 404: ['Scrub not found'] },
    createScrub: { ...FUNNEL_404, ...LOCKED, 422: [MSG.affiliateId] },
    updateScrub: { 404: ['Scrub not found'], ...LOCKED, 422: [MSG.affiliateId] },
    deleteScrub: { 404: ['Scrub not found'], ...LOCKED },
  },
};

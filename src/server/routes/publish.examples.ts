/**
 * OpenAPI examples, error messages and field descriptions of the publish and release routes (routes/publish.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { DEMO_RELEASES } from '../../model/demo-records.ts';
import { RELEASE_MSG } from '../../model/releases.ts';
import { FUNNEL_404, LOCKED } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

/** What routes/publish.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  examples: {
    publishFunnel: { response: { progress: 100, message: 'Done' } },
    listReleases: { response: DEMO_RELEASES },
    getPendingChanges: {
      response: {
        live_release: DEMO_RELEASES[0].ID,
        changes: ['Checkout: GlowSkin Serum price 49.00 → 39.00', 'Presell now leads to Checkout (was Upsell 1)', 'Texts changed on Presell'],
      },
    },
    rollbackRelease: { response: DEMO_RELEASES.map((r) => ({ ...r, live: r.ID === 11 })) },
  },
  errors: {
    publishFunnel: { ...FUNNEL_404, ...LOCKED },
    listReleases: FUNNEL_404,
    getPendingChanges: FUNNEL_404,
    rollbackRelease: {
      404: ['Funnel not found', RELEASE_MSG.notFound],
      ...LOCKED,
      409: [RELEASE_MSG.pruned('2026-05-03 14:05 UTC'), RELEASE_MSG.otherSite('glowskin-offer.com', 'glowskin.shop')],
    },
  },
};

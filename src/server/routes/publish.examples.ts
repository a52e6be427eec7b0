/**
 * OpenAPI examples, error messages and field descriptions of the publish and release routes (routes/publish.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { RELEASE_MSG } from '../../model/releases.ts';
import { FUNNEL_404, LOCKED } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

/** Two releases of funnel 1, newest first. */
const RELEASES = [
  {
    ID: 12,
    CreatedAt: '2026-05-04T09:30:00.000Z',
    user: { name: 'Ada Admin' },
    live: true,
    site: 'glowskin-offer.com',
    page_count: 5,
    changes: ['Checkout: GlowSkin Serum price 49.00 → 39.00', 'Texts changed on Presell'],
  },
  {
    ID: 11,
    CreatedAt: '2026-05-03T14:05:00.000Z',
    user: { name: 'Ola Operator' },
    live: false,
    site: 'glowskin-offer.com',
    page_count: 5,
    changes: ['First release: 5 pages'],
  },
];

/** What routes/publish.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  examples: {
    publishFunnel: { response: { progress: 100, message: 'Done' } },
    listReleases: { response: RELEASES },
    getPendingChanges: {
      response: {
        live_release: 12,
        changes: ['Checkout: GlowSkin Serum price 49.00 → 39.00', 'Presell now leads to Checkout (was Upsell 1)', 'Texts changed on Presell'],
      },
    },
    rollbackRelease: { response: RELEASES.map((r) => ({ ...r, live: r.ID === 11 })) },
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

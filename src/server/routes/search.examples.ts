/**
 * OpenAPI examples, error messages and field descriptions of the search route (routes/search.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import type { RouteFileDocs } from './examples.ts';

/** What routes/search.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  // The answer's example is still written in routes/search.ts, on the route itself.
  examples: {},
  fields: {
    'SearchHitSchema.kind': 'What was found: funnel, offer, template, domain or page',
    'SearchHitSchema.id': 'Database ID of what was found',
    'SearchHitSchema.title': 'Its name',
    'SearchHitSchema.subtitle': 'What it is, with its funnel or platform ID, e.g. "Page of GlowSkin Serum – US Launch"',
    'SearchHitSchema.href': 'The SPA route that opens it, e.g. /funnels/1/pages',
  },
};

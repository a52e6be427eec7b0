/**
 * OpenAPI examples, error messages and field descriptions of the live-event route (routes/live.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import type { RouteFileDocs } from './examples.ts';

/** What routes/live.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  examples: {
    funnelEvents: {
      response:
        'event: hello\ndata: {"conn":"5b0c…"}\n\nevent: presence\ndata: {"viewers":[{"conn":"5b0c…","user_id":1,"name":"Ada Admin","doc":"page:2"}]}\n\n' +
        'event: change\ndata: {"doc":"page:2","version":8,"user":{"user_id":2,"name":"Oscar Operator"},"title":"Set product price","client":"9f3a…"}\n\n',
    },
  },
};

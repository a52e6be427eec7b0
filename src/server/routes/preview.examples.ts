/**
 * OpenAPI examples, error messages and field descriptions of the editor's preview routes (routes/preview.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { PAGE } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

/** What routes/preview.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  examples: {
    renderPreview: {
      request: { page: PAGE },
      response:
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The one change that transformed my routine</title></head><body>…</body></html>',
    },
    getPreview: { response: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Secure checkout</title></head><body>…</body></html>' },
  },
};

/**
 * OpenAPI examples, error messages and field descriptions of the page and funnel-layout routes (routes/pages.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { MSG, WRITE_MSG } from '../../model/messages.ts';
import { BODY_400, deleted, FUNNEL_404, LOCKED, PAGE } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

/** What routes/pages.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'Pages', description: "Pages of a funnel and their meta (JSON-Patch documents with a `version`), and the editor's live preview" }],
  examples: {
    listFunnelPages: { response: [PAGE] },
    exportFunnelPages: {
      response: '\ufeffID,Name,Index,Type,Path,Group,Next page,Skip page\r\n11,Checkout,yes,checkout,/checkout/,/checkout/,/checkout/upsell-1/,\r\n',
    },
    getPage: { response: PAGE },
    putPage: {
      request: { name: 'Presell – Advertorial B', page_path: '/presell-b/' },
      response: { ...PAGE, name: 'Presell – Advertorial B', page_path: '/presell-b/', version: 2 },
    },
    patchPage: {
      request: [{ op: 'replace', path: '/meta/headline', value: 'Why GlowSkin Serum sells out every month' }],
      response: { ...PAGE, meta: { ...PAGE.meta, headline: 'Why GlowSkin Serum sells out every month' }, version: 2 },
    },
    deletePage: { response: deleted('Page', 1) },
    getFunnelLayout: { response: { funnel_id: 1, positions: { 1: { x: 0, y: 0 }, 2: { x: 0, y: 110 } }, version: 3 } },
    patchFunnelLayout: {
      request: [{ op: 'add', path: '/positions/2', value: { x: 220, y: 110 } }],
      response: { funnel_id: 1, positions: { 1: { x: 0, y: 0 }, 2: { x: 220, y: 110 } }, version: 4 },
    },
    createPage: {
      request: { name: 'Presell – Listicle', page_type: 'presell', page_path: '/listicle/', template_id: 1, funnel_id: 1, page_id: 2 },
      response: { ...PAGE, ID: 16, name: 'Presell – Listicle', page_path: '/listicle/' },
    },
  },
  errors: {
    listFunnelPages: FUNNEL_404,
    exportFunnelPages: FUNNEL_404,
    getPage: { 404: ['Page not found'] },
    putPage: {
      ...BODY_400('a page'),
      404: ['Page not found'],
      ...LOCKED,
      409: [MSG.pagePathExists],
      422: [MSG.pageName, MSG.pageType, MSG.pagePath, MSG.invalidCode('css'), MSG.invalidCode('javascript')],
    },
    patchPage: {
      404: ['Page not found'],
      ...LOCKED,
      409: [MSG.pagePathExists, WRITE_MSG.testFailed('page')],
      422: [MSG.pageName, MSG.pagePath, MSG.invalidCode('css'), MSG.invalidCode('javascript')],
    },
    deletePage: { 404: ['Page not found'], ...LOCKED },
    getFunnelLayout: FUNNEL_404,
    patchFunnelLayout: {
      ...FUNNEL_404,
      ...LOCKED,
      422: [
        'A node position must lie within ±1000000 px',
        'Node positions are keyed by page ID',
        'Funnel ID is kept by the server and cannot be changed by a patch',
      ],
    },
    createPage: {
      ...BODY_400('a page'),
      ...FUNNEL_404,
      ...LOCKED,
      409: [MSG.pagePathExists],
      422: [MSG.pageName, MSG.pageType, MSG.pagePath, 'Missing Funnel ID'],
    },
  },
  fields: {
    'PageSchema.name': 'Name of the page',
    'PageFormSchema.name': 'Name of the page',
  },
};

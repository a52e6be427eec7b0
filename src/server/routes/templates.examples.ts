/**
 * OpenAPI examples, error messages and field descriptions of the template routes (routes/templates.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { MSG, WRITE_MSG } from '../../model/messages.ts';
import { inUseMessage } from '../../model/usage.ts';
import { TEMPLATE_SORTS, TEMPLATE_TAB_MSG } from '../../model/contracts/templates.ts';
import { LIST_MSG } from '../../model/list-query.ts';
import { BODY_400, deleted, IN_USE, PRESELL_META } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

const TEMPLATE = {
  ID: 1,
  name: 'Advertorial Presell',
  page_type: 'presell',
  layout: 'presell',
  template_host_url: '/presell/',
  meta: PRESELL_META,
  archived: false,
  version: 1,
};

/** What routes/templates.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'Templates', description: 'Page templates (JSON-Patch documents with a `version`), their layouts, and the sync from the template host' }],
  examples: {
    listTemplates: { response: [TEMPLATE] },
    exportTemplates: { response: '\ufeffID,Name,Page type,Layout,Preview path,Stashed\r\n1,Classic Checkout,checkout,checkout,/classic-checkout/,no\r\n' },
    createTemplate: {
      request: { name: 'Listicle Presell', page_type: 'presell', layout: 'presell', template_host_url: '/listicle/', meta: TEMPLATE.meta },
      response: { ...TEMPLATE, ID: 10, name: 'Listicle Presell', template_host_url: '/listicle/' },
    },
    syncTemplates: { response: { progress: 100, message: 'Done' } },
    listTemplateLayouts: { response: ['presell', 'checkout'] },
    getTemplatePreviewHost: { response: { preview_host: 'https://templates.funnel-admin.test' } },
    getTemplate: { response: TEMPLATE },
    renderTemplatePreview: {
      response:
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The one change that transformed my routine</title></head><body>…</body></html>',
    },
    putTemplate: { request: { name: 'Advertorial Presell v2', archived: false }, response: { ...TEMPLATE, name: 'Advertorial Presell v2', version: 2 } },
    patchTemplate: {
      request: [{ op: 'replace', path: '/meta/ctaText', value: 'See today’s price' }],
      response: { ...TEMPLATE, meta: { ...TEMPLATE.meta, ctaText: 'See today’s price' }, version: 2 },
    },
    deleteTemplate: { response: deleted('Template', 1) },
  },
  errors: {
    // The list query's sentences (routes/list-query.ts) and the tab's.
    listTemplates: { 400: [LIST_MSG.sort(TEMPLATE_SORTS), LIST_MSG.page, LIST_MSG.perPage, LIST_MSG.search, TEMPLATE_TAB_MSG] },
    exportTemplates: { 400: [LIST_MSG.sort(TEMPLATE_SORTS), LIST_MSG.page, LIST_MSG.perPage, LIST_MSG.search, TEMPLATE_TAB_MSG] },
    getTemplate: { 404: ['Template not found'] },
    renderTemplatePreview: { 404: ['Template not found'] },
    putTemplate: {
      ...BODY_400('a template'),
      404: ['Template not found'],
      422: [MSG.metaEmpty, MSG.invalidCode('css'), MSG.invalidCode('javascript'), MSG.pagePath],
    },
    patchTemplate: {
      404: ['Template not found'],
      409: [WRITE_MSG.testFailed('template')],
      422: [MSG.metaEmpty, MSG.invalidCode('css'), MSG.invalidCode('javascript'), MSG.pagePath],
    },
    deleteTemplate: {
      404: ['Template not found'],
      409: [inUseMessage('Template "One-Click Upsell 1"', IN_USE, 'Choose another template for them (and publish) first, or archive it')],
    },
    createTemplate: { ...BODY_400('a template'), 422: [MSG.metaEmpty, MSG.invalidCode('css'), MSG.invalidCode('javascript'), MSG.pagePath] },
  },
  fields: {
    'TemplateSchema.name': 'Name of the template',
    'TemplateFormSchema.name': 'Name of the template',
    'NewTemplateBodySchema.template_host_url':
      "Preview path of the template: starts and ends with a slash ('/presell/'); a full URL on the template preview host is accepted and stored as its path",
    'TemplatePreviewHostSchema.preview_host': "The template preview host (TEMPLATE_PREVIEW_HOST): prefix of every template's stored preview path when shown",
    'SyncProgressSchema.progress': 'Percent done: never decreasing, 100 at the end, 0 in an error chunk',
    'SyncProgressSchema.message': 'What is being done, or what went wrong',
  },
};

/** Bad-input cases of routes/templates.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import fc from 'fast-check';
import { TEMPLATE_SORTS, TEMPLATE_TABS } from '../../../src/model/index.ts';
import { badListQuery, patchBad, versionOf, forbiddenKeyBodies, type Spec } from './shared.ts';

const BAD_TEMPLATE_QUERY = fc.oneof(
  badListQuery(TEMPLATE_SORTS),
  fc
    .string({ maxLength: 12 })
    .filter((v) => !(TEMPLATE_TABS as readonly string[]).includes(v))
    .map((v) => `tab=${encodeURIComponent(v)}`),
);

/** The spec of each route of routes/templates.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/templates': { badQuery: BAD_TEMPLATE_QUERY },
  'GET /api/v1/templates.csv': { badQuery: BAD_TEMPLATE_QUERY },
  'GET /api/v1/templates/layouts': {},
  'GET /api/v1/templates/preview-host': {},
  'GET /api/v1/templates/{id}/preview': { params: { id: '1' } },
  'POST /api/v1/templates': {
    body: { name: 'T', page_type: 'checkout', layout: 'checkout', template_host_url: '/t/', meta: { a: 1 } },
    required: ['name', 'page_type', 'layout', 'template_host_url', 'meta'],
    extra: forbiddenKeyBodies({ name: 'T', page_type: 'checkout', layout: 'checkout', template_host_url: '/t/' }, 'meta'),
  },
  'PATCH /api/v1/templates': {},
  'GET /api/v1/templates/{id}': { params: { id: '1' } },
  'PUT /api/v1/templates/{id}': {
    params: { id: '1' },
    body: { name: 'X', layout: 'checkout', meta: { a: 1 } },
    extra: forbiddenKeyBodies({ name: 'X' }, 'meta'),
  },
  'PATCH /api/v1/templates/{id}': {
    params: { id: '1' },
    extra: patchBad(versionOf('template'), [
      [{ op: 'replace', path: '/meta', value: {} }],
      [{ op: 'replace', path: '/layout', value: 'no such!' }],
      [{ op: 'replace', path: '/meta/css', value: '.a{color:red}}' }],
      [{ op: 'add', path: '/meta/customJs', value: 'function (' }],
      [{ op: 'replace', path: '/template_host_url', value: 'https://other.example/x/' }],
    ]),
  },
  'DELETE /api/v1/templates/{id}': { params: { id: '1' } },
};

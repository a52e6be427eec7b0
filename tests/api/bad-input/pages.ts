/** Bad-input cases of routes/pages.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import { FUNNEL_PAGE_SORTS } from '../../../src/model/contracts/pages.ts';
import { patchBad, versionOf, forbiddenKeyBodies, type Spec, badListQuery } from './shared.ts';

/** The spec of each route of routes/pages.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/funnels/{id}/pages': { params: { id: '1' }, badQuery: badListQuery(FUNNEL_PAGE_SORTS) },
  'GET /api/v1/funnels/{id}/pages.csv': { params: { id: '1' }, badQuery: badListQuery(FUNNEL_PAGE_SORTS) },
  'GET /api/v1/pages/{id}': { params: { id: '1' } },
  'POST /api/v1/pages': {
    body: { funnel_id: 2, name: 'P', page_type: 'presell', page_path: '/fuzz/' },
    required: ['funnel_id', 'name', 'page_type', 'page_path'],
    extra: forbiddenKeyBodies({ funnel_id: 2, name: 'P', page_type: 'presell', page_path: '/fuzz/' }, 'meta'),
  },
  'PUT /api/v1/pages/{id}': {
    params: { id: '7' },
    body: { name: 'X', page_path: '/x/', page_type: 'checkout' },
    extra: forbiddenKeyBodies({ name: 'X' }, 'meta'),
  },
  'PATCH /api/v1/pages/{id}': {
    params: { id: '7' },
    extra: patchBad(versionOf('page'), [
      [{ op: 'replace', path: '/page_path', value: 'no-slash' }],
      [{ op: 'replace', path: '/page_type', value: 'bogus' }],
      [{ op: 'replace', path: '/name', value: '' }],
    ]),
  },
  'DELETE /api/v1/pages/{id}': { params: { id: '7' } },
  'GET /api/v1/funnels/{id}/layout': { params: { id: '1' } },
  'PATCH /api/v1/funnels/{id}/layout': {
    params: { id: '1' },
    extra: patchBad(versionOf('layout'), [
      [{ op: 'add', path: '/positions/7', value: { x: 'left', y: 0 } }],
      [{ op: 'add', path: '/positions/7', value: { x: 1e9, y: 0 } }],
      [{ op: 'add', path: '/positions/seven', value: { x: 0, y: 0 } }],
      [{ op: 'add', path: '/positions/7', value: { x: 0, y: 0, z: 1 } }],
      [{ op: 'replace', path: '/funnel_id', value: 2 }],
      [{ op: 'replace', path: '/positions', value: [] }],
    ]),
  },
};

/** Bad-input cases of routes/funnels.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import fc from 'fast-check';
import { bad, notIn, patchBad, versionOf, forbiddenKeyBodies, type Spec } from './shared.ts';

/** Invalid queries of the funnel list (and its CSV export). */
const LIST_BAD_QUERY = fc.oneof(
  notIn(['true', 'false']).map((v) => `archived=${encodeURIComponent(v)}`),
  notIn(['true', 'false']).map((v) => `locked=${encodeURIComponent(v)}`),
  notIn(['progress', 'qc', 'released']).map((v) => `status=${encodeURIComponent(v)}`),
  notIn(['sticky', '29next']).map((v) => `platform=${encodeURIComponent(v)}`),
  bad('0', '-1', 'x', '', '1.5', '1e3', '1234567890').map((v) => `offer=${v}`),
  bad('0', '-1', 'x', '', '1.5', '1000000').map((v) => `page=${v}`),
  bad('0', '101', '-5', 'x', '', '1.5', '9999').map((v) => `per_page=${v}`),
  fc
    .string({ maxLength: 12 })
    .filter((s) => !/^-?(id|name|offer|platform|status)$/.test(s))
    .map((v) => `sort=${encodeURIComponent(v)}`),
  fc.integer({ min: 201, max: 400 }).map((n) => `q=${'a'.repeat(n)}`),
  fc.constant('domain='),
);

/** The spec of each route of routes/funnels.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/funnels': { badQuery: LIST_BAD_QUERY },
  // The export takes the list's query (page and per_page are checked, then ignored).
  'GET /api/v1/funnels.csv': { badQuery: LIST_BAD_QUERY },
  'POST /api/v1/funnels': { body: { name: 'F', offer: 10231 }, required: ['name', 'offer'] },
  'GET /api/v1/funnels/{id}': { params: { id: '1' } },
  'PUT /api/v1/funnels/{id}': {
    params: { id: '1' },
    body: { name: 'X', currency: 'USD', countries: ['US'], details: { GTM: 'GTM1' } },
    extra: forbiddenKeyBodies({ name: 'X' }, 'details'),
  },
  'PATCH /api/v1/funnels/{id}': {
    params: { id: '1' },
    extra: patchBad(versionOf('funnel'), [
      [{ op: 'replace', path: '/countries', value: [] }],
      [{ op: 'replace', path: '/currency', value: 'XXX' }],
      [{ op: 'replace', path: '/details/GTM', value: 'TOO-LONG-GTM' }],
      // The details a published funnel needs may not be cleared (000 §5).
      [{ op: 'replace', path: '/cs_number', value: '' }],
      [{ op: 'replace', path: '/details/dl_offer_name', value: ' ' }],
      [{ op: 'replace', path: '/page_id', value: null }],
      [{ op: 'replace', path: '/details/logo', value: 'javascript:alert(1)' }],
      [{ op: 'add', path: '/details/manual/-', value: { manual_id: '9', manual_img: '//evil.example/x.png' } }],
    ]),
  },
  'DELETE /api/v1/funnels/{id}': { params: { id: '1' } },
  'POST /api/v1/funnels/{id}/clone': { params: { id: '1' }, body: { name: 'C' }, required: ['name'] },
  'PUT /api/v1/funnels/{id}/lock': { params: { id: '2' }, body: { locked: false }, required: ['locked'] },
  'PUT /api/v1/funnels/{id}/archive': { params: { id: '2' }, body: { archived: false }, required: ['archived'] },
  'GET /api/v1/funnels/{id}/products': { params: { id: '1' } },
};

/** Bad-input cases of routes/audit.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import fc from 'fast-check';
import { bad, type Spec } from './shared.ts';

/** The log's query, bad (the list and its CSV export check it the same). */
const BAD_LOG: Spec = {
  params: { id: '1' },
  // Paging: limit 1–1000, before an entry of this log, doc funnel:<id> or page:<id>.
  badQuery: fc.oneof(
    bad('0', '1001', '-1', 'x', '', '1.5', '1e2', '99999').map((v) => `limit=${v}`),
    bad('0', '-1', 'x', '', '1.5', '2147483648', '2147483647').map((v) => `before=${v}`),
    fc
      .oneof(
        bad('page', 'page:', 'page:x', 'template:1', 'layout:1', 'page:12345678901', 'funnel:1:2'),
        fc.string({ maxLength: 12 }).filter((v) => !/^(funnel|page):\d{1,10}$/.test(v)),
      )
      .map((v) => `doc=${encodeURIComponent(v)}`),
    bad('0', '-1', 'x', '', '1.5', '2147483648', '__proto__').map((v) => `user=${v}`),
    bad('', 'notes', 'Note', 'change', '__proto__', 'diff,note').map((v) => `type=${v}`),
  ),
};

/** The spec of each route of routes/audit.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/funnels/{id}/audit_log': BAD_LOG,
  'GET /api/v1/funnels/{id}/audit_log.csv': BAD_LOG,
  'POST /api/v1/audit_logs': { body: { funnel_id: 1, message: 'm', task_url: 'https://tasks.example.com/T-1' }, required: ['funnel_id', 'message'] },
  'DELETE /api/v1/audit_logs/{id}': { params: { id: '1' } },
};

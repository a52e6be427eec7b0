/**
 * OpenAPI examples and error messages of the deleted-funnel routes (routes/deleted-funnels.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { AUDIT_QUERY_MSG } from '../../model/audit.ts';
import { DELETED_QUERY_MSG } from '../../model/deleted-funnels.ts';
import { AUDIT_NOTE } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

const SUMMARY = { ID: 7, name: 'Winter Launch', user_id: 2, user_name: 'Oscar Operator', CreatedAt: '2026-11-20T16:30:00.000Z', pages: 5 };
/** The note the delete left in the funnel's audit log: by the server, not deletable. */
const DELETED_ENTRY = {
  ...AUDIT_NOTE,
  ID: 40,
  funnel_id: 7,
  CreatedAt: '2026-11-20T16:30:00.000Z',
  title: 'Funnel deleted',
  message: 'Deleted funnel Winter Launch with 5 pages',
  task_url: '',
  system: true,
  deletable: false,
};
const NOT_DELETED = { 404: ['Deleted funnel not found'] };
const LIST_QUERY = [DELETED_QUERY_MSG.limit, DELETED_QUERY_MSG.before];

/** What routes/deleted-funnels.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  examples: {
    listDeletedFunnels: { response: [SUMMARY] },
    getDeletedFunnel: {
      response: {
        ID: 7,
        name: 'Winter Launch',
        user_id: 2,
        user_name: 'Oscar Operator',
        CreatedAt: '2026-11-20T16:30:00.000Z',
        snapshot: {
          funnel: { ID: 7, name: 'Winter Launch', offer: 10231 },
          pages: [{ ID: 21, name: 'Checkout', page_type: 'checkout', page_path: '/checkout/' }],
        },
      },
    },
    listDeletedFunnelAuditLog: { response: [DELETED_ENTRY] },
  },
  errors: {
    listDeletedFunnels: { 404: ['Deleted funnel not found'], 422: LIST_QUERY },
    getDeletedFunnel: NOT_DELETED,
    listDeletedFunnelAuditLog: {
      404: ['Deleted funnel not found', 'Audit log entry not found'],
      422: [AUDIT_QUERY_MSG.limit, AUDIT_QUERY_MSG.before, AUDIT_QUERY_MSG.doc],
    },
  },
};

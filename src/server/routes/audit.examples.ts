/**
 * OpenAPI examples, error messages and field descriptions of the audit-log routes (routes/audit.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { MSG, WRITE_MSG } from '../../model/messages.ts';
import { TEXT_MAX } from '../../model/constants.ts';
import { AUDIT_QUERY_MSG } from '../../model/audit.ts';
import { urlFieldMessage } from '../../model/url.ts';
import { AUDIT_NOTE, deleted, FUNNEL_404 } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

/** What routes/audit.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'Audit log', description: "A funnel's notes and change diffs; system entries are append-only, notes deletable by their author or an admin" }],
  examples: {
    listFunnelAuditLog: { response: [AUDIT_NOTE] },
    exportFunnelAuditLog: {
      response: '\ufeffWhen,Who,Page,Type,Change\r\n2026-11-28T09:12:00.000Z,Ada Admin,Checkout,change,Checkout › Single › Price 77.77 → 66.66\r\n',
    },
    createAuditNote: {
      request: { title: 'QC done', message: 'Prices checked on every checkout package.', task_url: 'https://tasks.example.com/FA-102', funnel_id: 1 },
      response: { ...AUDIT_NOTE, ID: 12, title: 'QC done', message: 'Prices checked on every checkout package.', task_url: 'https://tasks.example.com/FA-102' },
    },
    deleteAuditNote: { response: deleted('Note', 12) },
  },
  errors: {
    listFunnelAuditLog: { 404: ['Funnel not found', 'Audit log entry not found'], 422: [AUDIT_QUERY_MSG.limit, AUDIT_QUERY_MSG.before, AUDIT_QUERY_MSG.doc] },
    exportFunnelAuditLog: { 404: ['Funnel not found', 'Audit log entry not found'], 422: [AUDIT_QUERY_MSG.limit, AUDIT_QUERY_MSG.before, AUDIT_QUERY_MSG.doc] },
    createAuditNote: {
      ...FUNNEL_404,
      422: [MSG.noteRequired, WRITE_MSG.tooLong('Title', TEXT_MAX.auditTitle), WRITE_MSG.tooLong('Note', TEXT_MAX.longText), urlFieldMessage('Task URL')],
    },
    deleteAuditNote: { 403: [WRITE_MSG.noteNotYours, WRITE_MSG.systemEntry], 404: ['Audit log entry not found'] },
  },
  fields: {
    'AuditLogSchema.ID': 'ID of the entry',
    'AuditLogSchema.CreatedAt': 'When it was written (ISO 8601)',
    'AuditLogSchema.title': 'Title of the entry (for a diff: the change label)',
    'AuditLogSchema.task_url': 'Link to the task the note is about',
    'AuditLogSchema.version': 'Version of the document after the change',
    'FunnelNoteSchema.title': 'Title of the note',
    'FunnelNoteSchema.message': 'Text of the note',
    'FunnelNoteSchema.task_url': 'Link to the task the note is about',
    'FunnelNoteSchema.funnel_id': 'ID of the funnel the note is about',
  },
};

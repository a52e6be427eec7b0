/** A funnel's audit-log entry as the log stories build it. */
import type { AuditLog } from '../../../src/model';

/**
 * An audit-log entry as the server sends it: a note with no text, task, document or ops that the
 * system wrote and nobody may delete, unless `e` says otherwise.
 * @param e - the entry's own fields: at least its id, funnel, time, title and author.
 */
export const auditEntry = (e: Pick<AuditLog, 'ID' | 'funnel_id' | 'CreatedAt' | 'title' | 'user' | 'user_id'> & Partial<AuditLog>): AuditLog => ({
  type: 'note',
  message: '',
  task_url: '',
  doc: null,
  ops: null,
  inverse: null,
  version: null,
  system: true,
  deletable: false,
  ...e,
});

/**
 * The head line of one audit log entry (001 §7 Logs tab): Change or Note, its title and
 * document, who and when, and a System badge on an entry the server wrote. Shared by the Logs
 * tab and the deleted funnels' logs; the caller puts its own buttons after it.
 */
import type { AuditLog } from '../../../model';
import { styles as s } from '../../../ui';

/** An author whose account is gone and whose name was not kept (entries older than the record). */
export const authorName = (e: Pick<AuditLog, 'user'>): string => e.user.name || 'A removed account';

/**
 * See the module comment. Renders inline items; wrap them in a row. `docName` ("Checkout")
 * names the entry's document for people; without it the document shows as stored (`page:11`).
 */
export function AuditEntryHead({ entry: e, docName }: { entry: AuditLog; docName?: string }) {
  return (
    <>
      <span className={`${s.badge} ${e.type === 'diff' ? s.tone.info : s.tone.success}`}>{e.type === 'diff' ? 'Change' : 'Note'}</span>
      <strong>{e.title}</strong>
      {e.doc && (docName ? <span className={s.helpText}>{docName}</span> : <code className={s.helpText}>{e.doc}</code>)}
      <span className={s.spacer} />
      <span className={s.helpText}>
        {authorName(e)} · <time dateTime={e.CreatedAt}>{new Date(e.CreatedAt).toLocaleString()}</time>
      </span>
      {e.system && e.type === 'note' && <span className={`${s.badge} ${s.tone.info}`}>System</span>}
    </>
  );
}

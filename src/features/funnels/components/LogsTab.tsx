/**
 * The Logs tab (001 §2, §3): the funnel's audit log — notes, and diffs shown as sentences
 * ("Checkout › Products › Single › Price 39.95 → 34.95", {@link auditSentences}) with who and
 * when, the raw op / path / old value / value table (RFC 6902; the old value from the entry's
 * inverse) on demand behind "Show raw ops" — and Add Note (000 §5: a note is required).
 * The newest entries first, a page at a time: "Load older entries" below the list reads the
 * next older page.
 * Delete shows only where the server says the signed-in user may delete (`deletable`: their
 * own note, or any note for an admin); system entries (diffs, Published, locked, cloned…)
 * are append-only and marked "System".
 */
import { useId, useState, type ReactNode } from 'react';
import { FunnelNoteSchema, auditOpRows, auditSentences, type AuditLog, type AuditSentenceContext, type FunnelNote } from '../../../model';
import { Box, Button, DeleteConfirm, EmptyState, FormDialog, Inline, Stack, TextAreaField, TextField, styles as s, useBusyAction } from '../../../ui';
import * as f from './funnels.css';
import { AuditEntryHead } from './AuditEntryHead';
import { DialogForm, useDialogForm } from '../../../ui/DialogForm';

/** The Add Note form (title, message required, task URL). */
export function NoteForm({ id, onSave }: { id: string; onSave: (n: FunnelNote) => Promise<unknown> | void }) {
  const { handleSubmit, field } = useDialogForm(FunnelNoteSchema, 'title', { title: '', message: '', task_url: '' });
  return (
    <DialogForm id={id} onSubmit={handleSubmit((v) => onSave(v))}>
      <TextField label="Title" {...field('title')} />
      <TextAreaField label="Note" {...field('message')} />
      <TextField label="Task URL" type="url" {...field('task_url')} />
    </DialogForm>
  );
}

/** Formats a value of an operation for the table: JSON, shortened. */
export function formatValue(v: unknown): string {
  if (v === undefined) return '';
  const t = typeof v === 'string' ? v : JSON.stringify(v);
  return t.length > 120 ? `${t.slice(0, 117)}…` : t;
}

/**
 * An operation's value: text and numbers as they are, wrapped; an object or list as its
 * one-line summary that opens to the whole value, indented (no horizontal scrolling).
 */
export function OpValue({ value }: { value: unknown }) {
  if (value === null || typeof value !== 'object') return <>{formatValue(value)}</>;
  return (
    <details>
      <summary>{formatValue(value)}</summary>
      <pre className={f.wrapCell}>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

/**
 * A diff's operations (001 §3: op, path, value) with the value each replaced or removed, so an
 * operator reads "old → new"; the server's identity ops (`/…/uid`) are left out
 * ({@link auditOpRows}). Nothing when only identity ops are left.
 */
export function OpsTable({ entry }: { entry: Pick<AuditLog, 'ops' | 'inverse' | 'title'> }) {
  const rows = auditOpRows(entry);
  if (rows.length === 0) return null;
  return (
    <Box as="table" className={s.table} marginTop="sm" aria-label={`Operations of ${entry.title}`}>
      <thead>
        <tr>
          <th className={s.th}>op</th>
          <th className={s.th}>path</th>
          <th className={s.th}>old value</th>
          <th className={s.th}>value</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((op, i) => (
          <tr key={i}>
            <td className={s.td}>{op.op}</td>
            <td className={`${s.td} ${f.wrapCell}`}>
              <code>
                {op.path === '' ? '(the whole document)' : op.path}
                {op.from !== undefined ? ` ← ${op.from}` : ''}
              </code>
            </td>
            <Box as="td" className={`${s.td} ${f.wrapCell}`} fontFamily="mono">
              {op.old && (
                <del aria-label={`was ${formatValue(op.old.value)}`}>
                  <OpValue value={op.old.value} />
                </del>
              )}
            </Box>
            <Box as="td" className={`${s.td} ${f.wrapCell}`} fontFamily="mono">
              <OpValue value={op.value} />
            </Box>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/**
 * A diff as sentences, one per op ({@link auditSentences}), and "Show raw ops": a disclosure
 * button (aria-expanded) that reveals the {@link OpsTable} below it. Nothing when no op is shown.
 */
export function DiffSentences({ entry, context }: { entry: AuditLog; context?: AuditSentenceContext }) {
  const [raw, setRaw] = useState(false);
  const tableId = useId();
  const sentences = auditSentences(entry, context);
  if (sentences.length === 0) return null;
  return (
    <>
      <Box as="ul" margin="none" marginTop={6} paddingLeft="md" aria-label={`Changes of ${entry.title}`}>
        {sentences.map((text, i) => (
          <Box as="li" key={i} className={f.wrapCell}>
            {text}
          </Box>
        ))}
      </Box>
      <Inline marginTop="xs">
        <Button size="sm" variant="ghost" aria-expanded={raw} aria-controls={tableId} onPress={() => setRaw((r) => !r)}>
          {raw ? 'Hide raw ops' : 'Show raw ops'}
        </Button>
      </Inline>
      <div id={tableId} hidden={!raw}>
        {raw && <OpsTable entry={entry} />}
      </div>
    </>
  );
}

/** Props of {@link LogsTab}. */
export interface LogsTabProps {
  entries: AuditLog[];
  onAddNote: (n: FunnelNote) => Promise<unknown>;
  onDelete: (id: number) => Promise<unknown>;
  /** "Revert this change" on a diff that has an inverse; absent: no Revert buttons (a role that may not edit). */
  onRevert?: (entry: AuditLog) => void;
  /** Why Revert is off (e.g. the funnel is locked), shown beside the buttons. */
  revertBlocked?: string;
  /** "View this version": time travel to the version right after the entry. */
  onTimeTravel?: (entry: AuditLog) => void;
  /** Shown above the list (the time travel panel). */
  children?: ReactNode;
  /** Reads the next older page of entries; absent: every entry is shown (no "Load older entries"). */
  onLoadOlder?: () => void;
  /** The older page is being read. */
  loadingOlder?: boolean;
  /** The filter bar, beside Add Note (LogFilters). */
  filters?: ReactNode;
  /** Shown instead of "No changes or notes yet" when no entry matches the filters. */
  emptyFiltered?: ReactNode;
  /**
   * What names a diff's sentences: its document's name ("Checkout") and the document right
   * before it (list items by name). Absent: "Page 11", items by position.
   */
  contextOf?: (entry: AuditLog) => AuditSentenceContext | undefined;
}

/** Whether an entry can be reverted: a diff of the funnel or a page with something to undo (a creation has none). */
export const revertible = (e: AuditLog): boolean => e.type === 'diff' && !!e.inverse?.length && /^(funnel|page):\d+$/.test(e.doc ?? '');

/** See {@link LogsTabProps}. */
export function LogsTab({
  entries,
  onAddNote,
  onDelete,
  onRevert,
  revertBlocked,
  onTimeTravel,
  children,
  onLoadOlder,
  loadingOlder = false,
  filters,
  emptyFiltered,
  contextOf,
}: LogsTabProps) {
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AuditLog | null>(null);
  const [busy, run] = useBusyAction();
  return (
    <section aria-label="Audit log">
      <Inline marginBottom="md">
        {filters}
        <span className={s.spacer} />
        <Button variant="primary" onPress={() => setAdding(true)}>
          Add Note
        </Button>
      </Inline>
      {children}
      {entries.length === 0 ? (
        (emptyFiltered ?? <EmptyState message="No changes or notes yet" />)
      ) : (
        <Stack as="ol" gap={10} listStyle="none" padding="none" margin="none" aria-label="Log entries">
          {entries.map((e) => (
            <Box as="li" key={e.ID} className={s.card} padding="md" aria-label={`${e.type === 'diff' ? 'Change' : 'Note'}: ${e.title || e.message}`}>
              <div className={s.row}>
                <AuditEntryHead entry={e} docName={contextOf?.(e)?.docName} />
                {/* System entries are the record of what happened; a note only by its author or an admin (the server decides). */}
                {e.deletable && e.type === 'note' && !e.system && (
                  <Button size="sm" variant="ghost" aria-label={`Delete note ${e.title || e.ID}`} onPress={() => setDeleting(e)}>
                    Delete
                  </Button>
                )}
              </div>
              {e.type === 'diff' && e.ops && <DiffSentences entry={e} context={contextOf?.(e)} />}
              {e.message && (
                <Box as="p" margin="none" marginTop={6} whiteSpace="pre-wrap">
                  {e.message}
                </Box>
              )}
              {e.type === 'diff' && (onRevert || onTimeTravel) && (
                <Inline marginTop="xs">
                  {onTimeTravel && /^(funnel|page):\d+$/.test(e.doc ?? '') && (
                    <Button size="sm" aria-label={`View this version: after ${e.title}`} onPress={() => onTimeTravel(e)}>
                      View this version
                    </Button>
                  )}
                  {onRevert && revertible(e) && (
                    <Button
                      size="sm"
                      aria-label={`Revert this change: ${e.title}`}
                      isDisabled={!!revertBlocked}
                      onPress={() => onRevert(e)}
                      aria-describedby={revertBlocked ? `revert-blocked-${e.ID}` : undefined}
                    >
                      Revert this change
                    </Button>
                  )}
                  {onRevert && revertible(e) && revertBlocked && (
                    <span id={`revert-blocked-${e.ID}`} className={s.helpText}>
                      {revertBlocked}
                    </span>
                  )}
                </Inline>
              )}
              {e.task_url && (
                <Box as="p" margin="none" marginTop="xs">
                  <a href={e.task_url} target="_blank" rel="noreferrer noopener">
                    Task
                  </a>
                </Box>
              )}
            </Box>
          ))}
        </Stack>
      )}
      {onLoadOlder && entries.length > 0 && (
        <Inline marginTop="md">
          <Button onPress={onLoadOlder} isDisabled={loadingOlder} disabledReason={loadingOlder ? 'Loading older entries…' : undefined}>
            {loadingOlder ? 'Loading older entries…' : 'Load older entries'}
          </Button>
        </Inline>
      )}
      <FormDialog title="Add Note" isOpen={adding} formId="note-form" onSave={onAddNote} onClose={() => setAdding(false)}>
        {(slot) => <NoteForm {...slot} />}
      </FormDialog>
      <DeleteConfirm
        item={deleting}
        title="Delete note"
        message="Are you sure you want to delete this note?"
        busy={busy}
        run={run}
        onDelete={(n) => onDelete(n.ID)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

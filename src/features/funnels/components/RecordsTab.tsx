/**
 * What the funnel page's record tabs share (Scrubs, Pixels, Block User; 001 §2 "Funnel
 * page"): the list with its empty state, Add, Edit and Delete with confirmation, each dialog
 * busy while the server answers and left open with what was typed when it refuses, and no
 * change while the funnel is locked (with the reason said). With `paged` the list is one page the
 * server searched and sorted (the Campaigns tab).
 */
import { useMemo, useState, type ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { MSG } from '../../../model';
import { Box, Button, ConfirmDialog, DataTable, FormModal, Inline, styles as s, useBusyAction } from '../../../ui';
import { PagedTable, type ListPaging } from '../../../ui/list/PagedTable';

const rowId = (r: { ID: number }) => String(r.ID);

/** The form a record tab shows in its Add and Edit dialogs. */
export interface RecordFormProps<T, V> {
  /** The form's id: the dialog's Save submits it. */
  id: string;
  /** The record edited, or null when adding. */
  record: T | null;
  onSave: (v: V) => Promise<unknown>;
}

/** Props of {@link RecordsTab}. */
export interface RecordsTabProps<T extends { ID: number }, V, S extends string = string> {
  /** The section's accessible name, e.g. "Scrubs". */
  label: string;
  /** The table's accessible name (default: `label`). */
  tableLabel?: string;
  /** The form ids' stem, e.g. "scrub" → `scrub-form`, `edit-scrub-form`. */
  kind: string;
  /** The records in plural for the locked note, e.g. "scrubs". */
  plural: string;
  records: T[];
  /** The columns before Actions. */
  columns: ColumnDef<T, unknown>[];
  /** How a record is named to the operator (buttons, dialogs), e.g. "scrub for affiliate 1001". */
  nameOf: (r: T) => string;
  emptyMessage: string;
  /** The Add button and the Add dialog's title, e.g. "Add scrub". */
  addLabel: string;
  /** The Delete dialog's title and question. */
  deleteTitle: string;
  deleteMessage: (r: T) => string;
  /** The form of the Add and Edit dialogs. */
  form: (p: RecordFormProps<T, V>) => ReactNode;
  /** The funnel is locked: no adds, edits or deletes (the API answers 423 too). */
  locked?: boolean;
  /** More actions of the tab, shown before the Add button on its row (e.g. uploads). */
  actions?: ReactNode;
  onCreate: (v: V) => Promise<unknown>;
  onUpdate: (r: T, v: V) => Promise<unknown>;
  onDelete: (r: T) => Promise<unknown>;
  /**
   * The list searched, sorted and paged on the server (search box, sortable headers — the
   * columns whose `id` is one of `sorts` — and pager); without it `records` is the whole list.
   */
  paged?: { list: ListPaging<S>; sorts: readonly S[]; searchHint?: string };
}

/** See {@link RecordsTabProps}. */
export function RecordsTab<T extends { ID: number }, V, S extends string = string>(p: RecordsTabProps<T, V, S>) {
  const { label, kind, records, nameOf, locked = false, form } = p;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, run] = useBusyAction();
  const columns = useMemo<ColumnDef<T, unknown>[]>(
    () => [
      ...p.columns,
      {
        header: 'Actions',
        cell: ({ row: { original: r } }) => (
          <div className={s.row}>
            <Button size="sm" variant="ghost" isDisabled={locked} disabledReason={MSG.locked} onPress={() => setEditing(r)} aria-label={`Edit ${nameOf(r)}`}>
              Edit
            </Button>
            <Button size="sm" variant="ghost" isDisabled={locked} disabledReason={MSG.locked} onPress={() => setDeleting(r)} aria-label={`Delete ${nameOf(r)}`}>
              Delete
            </Button>
          </div>
        ),
      },
    ],
    [p.columns, locked, nameOf],
  );
  // One Add control: on an empty, unlocked tab it moves next to the empty message.
  const add = (
    <Button variant="primary" isDisabled={locked} disabledReason={MSG.locked} onPress={() => setAdding(true)}>
      {p.addLabel}
    </Button>
  );
  // A search or a later page that finds nothing is not an empty tab: Add stays in its place.
  const narrowed = !!p.paged && (!!p.paged.list.state.q.trim() || p.paged.list.state.page > 1);
  const addInEmpty = records.length === 0 && !locked && !narrowed;
  return (
    <section aria-label={label}>
      <Inline marginBottom="md">
        {locked && (
          <Box as="p" margin="none" className={s.helpText}>
            The funnel is locked: unlock it to add, edit or delete {p.plural}.
          </Box>
        )}
        <span className={s.spacer} />
        {p.actions}
        {!addInEmpty && add}
      </Inline>
      {p.paged ? (
        <PagedTable
          label={p.tableLabel ?? label}
          noun={p.plural}
          columns={columns}
          sorts={p.paged.sorts}
          data={records}
          getRowId={rowId}
          emptyMessage={p.emptyMessage}
          emptyAction={addInEmpty && add}
          searchHint={p.paged.searchHint}
          list={p.paged.list}
        />
      ) : (
        <DataTable
          label={p.tableLabel ?? label}
          columns={columns}
          data={records}
          getRowId={rowId}
          emptyMessage={p.emptyMessage}
          emptyAction={addInEmpty && add}
        />
      )}
      <FormModal title={p.addLabel} isOpen={adding} formId={`${kind}-form`} busy={busy} onCancel={() => setAdding(false)}>
        {adding &&
          form({
            id: `${kind}-form`,
            record: null,
            onSave: (v) =>
              run(
                () => p.onCreate(v),
                () => setAdding(false),
              ),
          })}
      </FormModal>
      <FormModal
        title={editing ? `Edit ${nameOf(editing)}` : `Edit ${kind}`}
        isOpen={!!editing}
        formId={`edit-${kind}-form`}
        busy={busy}
        onCancel={() => setEditing(null)}
      >
        {editing &&
          form({
            id: `edit-${kind}-form`,
            record: editing,
            onSave: (v) =>
              run(
                () => p.onUpdate(editing, v),
                () => setEditing(null),
              ),
          })}
      </FormModal>
      <ConfirmDialog
        isOpen={!!deleting}
        title={p.deleteTitle}
        danger
        confirmLabel="Delete"
        busy={busy}
        message={deleting ? p.deleteMessage(deleting) : ''}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting)
            void run(
              () => p.onDelete(deleting),
              () => setDeleting(null),
            );
        }}
      />
    </section>
  );
}

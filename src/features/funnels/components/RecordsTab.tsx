/**
 * What the funnel page's record tabs share (Scrubs, Pixels, Block User; 001 §2 "Funnel
 * page"): the list with its empty state, Add, Edit and Delete with confirmation, each dialog
 * busy while the server answers and left open with what was typed when it refuses, and no
 * change while the funnel is locked (with the reason said). With `paged` the list is one page the
 * server searched and sorted (the Campaigns tab).
 */
import { useMemo, type ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { MSG } from '../../../model';
import { Box, Button, Inline, styles as s } from '../../../ui';
import { DialogsLoading, LazyConfirmDialog, RowActions } from '../../../ui/list/ListFrame';
import { useAddEdit } from '../../../ui/list/useAddEdit';
import { useConfirmDelete } from '../../../ui/list/useConfirmDelete';
import { PagedTable, type ListPaging } from '../../../ui/list/PagedTable';

const rowId = (r: { ID: number }) => String(r.ID);
const NO_SORTS: readonly never[] = [];

/** The form a record tab shows in its Add and Edit dialogs. */
export interface RecordFormProps<T, V> {
  /** The form's id: the dialog's Save submits it. */
  id: string;
  /** The record edited, or null when adding. */
  record: T | null;
  onSave: (v: V) => Promise<unknown>;
}

/** A record tab's writes, each rejecting when the server refuses (the dialog then stays open), and the funnel's lock. */
export interface RecordWrites<T, V> {
  /** The funnel is locked: no adds, edits or deletes (the API answers 423 too). */
  locked?: boolean;
  onCreate: (v: V) => Promise<unknown>;
  onUpdate: (r: T, v: V) => Promise<unknown>;
  onDelete: (r: T) => Promise<unknown>;
}

/** The {@link RecordWrites} of a tab's props, handed on to its {@link RecordsTab}. */
export const recordWrites = <T, V>({ locked, onCreate, onUpdate, onDelete }: RecordWrites<T, V>): RecordWrites<T, V> => ({
  locked,
  onCreate,
  onUpdate,
  onDelete,
});

/** Props of {@link RecordsTab}. */
export interface RecordsTabProps<T extends { ID: number }, V, S extends string = string> extends RecordWrites<T, V> {
  /** The section's accessible name, e.g. "Scrubs". */
  label: string;
  /** The table's accessible name (default: `label`). */
  tableLabel?: string;
  /** The form ids' stem, e.g. "scrub" → `scrub-form`, `edit-scrub-form`. */
  kind: string;
  /** The records in plural for the locked note and the pager (default: `kind` + "s", e.g. "scrubs"). */
  plural?: string;
  records: T[];
  /** The columns before Actions. */
  columns: ColumnDef<T, unknown>[];
  /** How a record is named to the operator (buttons, dialogs), e.g. "scrub for affiliate 1001". */
  nameOf: (r: T) => string;
  emptyMessage: string;
  /** The Add button and the Add dialog's title (default: "Add " + `kind`, e.g. "Add scrub"). */
  addLabel?: string;
  /** The Delete dialog's title (default: "Delete " + `kind`). */
  deleteTitle?: string;
  /** The Delete dialog's question (default: "Are you sure you want to delete " + the record's name + "?"). */
  deleteMessage?: (r: T) => string;
  /** The form of the Add and Edit dialogs. */
  form: (p: RecordFormProps<T, V>) => ReactNode;
  /** More actions of the tab, shown before the Add button on its row (e.g. uploads). */
  actions?: ReactNode;
  /**
   * The list searched, sorted and paged on the server (search box, sortable headers — the
   * columns whose `id` is one of `sorts` — and pager); without it `records` is the whole list.
   */
  paged?: { list: ListPaging<S>; sorts: readonly S[]; searchHint?: string };
}

/** See {@link RecordsTabProps}. */
export function RecordsTab<T extends { ID: number }, V, S extends string = string>(p: RecordsTabProps<T, V, S>) {
  const { label, kind, records, nameOf, locked = false, form } = p;
  const { plural = `${kind}s`, addLabel = `Add ${kind}`, deleteTitle = `Delete ${kind}` } = p;
  const deleteMessage = p.deleteMessage ?? ((r: T) => `Are you sure you want to delete ${nameOf(r)}?`);
  const crud = useAddEdit<T, V>({
    noun: kind,
    addTitle: addLabel,
    formId: `${kind}-form`,
    nameOf,
    onCreate: p.onCreate,
    onUpdate: p.onUpdate,
    addForm: (slot) => form({ ...slot, record: null }),
    editForm: (slot, record) => form({ ...slot, record }),
  });
  const { edit } = crud;
  const { deleting, ask: setDeleting, dialog: deleteDialog } = useConfirmDelete(deleteMessage, p.onDelete);
  const columns = useMemo<ColumnDef<T, unknown>[]>(
    () => [
      ...p.columns,
      {
        header: 'Actions',
        cell: ({ row: { original: r } }) => (
          <RowActions name={nameOf(r)} onEdit={() => edit(r)} onDelete={() => setDeleting(r)} disabledReason={locked ? MSG.locked : undefined} />
        ),
      },
    ],
    [p.columns, locked, nameOf, edit, setDeleting],
  );
  // One Add control: on an empty, unlocked tab it moves next to the empty message.
  const add = (
    <Button variant="primary" isDisabled={locked} disabledReason={MSG.locked} onPress={crud.add}>
      {addLabel}
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
            The funnel is locked: unlock it to add, edit or delete {plural}.
          </Box>
        )}
        <span className={s.spacer} />
        {p.actions}
        {!addInEmpty && add}
      </Inline>
      {/* Without `paged` the table is the whole list, unsearched and unpaged. */}
      <PagedTable
        label={p.tableLabel ?? label}
        noun={plural}
        columns={columns}
        sorts={p.paged?.sorts ?? NO_SORTS}
        data={records}
        getRowId={rowId}
        emptyMessage={p.emptyMessage}
        emptyAction={addInEmpty && add}
        searchHint={p.paged?.searchHint}
        list={p.paged?.list}
      />
      {(crud.open || !!deleting) && (
        <DialogsLoading>
          {crud.dialogs()}
          <LazyConfirmDialog title={deleteTitle} {...deleteDialog} />
        </DialogsLoading>
      )}
    </section>
  );
}

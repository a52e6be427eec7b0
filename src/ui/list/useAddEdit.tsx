/**
 * The Add and Edit dialogs of a catalogue list (offers, products, categories, shipping, users):
 * 'Add {noun}' with the add form, 'Edit {row's name}' with the edit form prefilled, each saving
 * through its write and closing once the write went through. A refused write keeps its dialog
 * open (the API client has toasted it), or, with `errorsTo: 'form'`, rejects into the form so it
 * can show the refusal at its field (a taken e-mail, a store ID the store does not know).
 */
import { lazy, useState, type ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { FormSlot } from '../FormModal';
import type { DialogSide, ErrorsTo } from './AddEditDialogs';
import { RowActions } from './ListFrame';

export type { ErrorsTo } from './AddEditDialogs';

/** The dialogs themselves load with the first one opened (react-aria's modal comes with them). */
const AddEditDialogs = lazy(() => import('./AddEditDialogs'));

export type { FormSlot } from '../FormModal';

/** Options of {@link useAddEdit}: `C` the add form's values, `U` the edit form's. */
export interface AddEditOptions<T, C, U = C> {
  /** The thing a row is, in the dialogs' titles: 'offer' → 'Add offer'. */
  noun: string;
  /** The Add dialog's title when not 'Add {noun}' (a records tab's 'Add scrub for affiliate'). */
  addTitle?: string;
  /** The add form's id; the edit form's is `edit-{formId}`. */
  formId: string;
  /** The row's name in the Edit dialog's title ('Edit GlowSkin Serum'). */
  nameOf: (row: T) => string;
  onCreate: (values: C) => Promise<unknown>;
  onUpdate: (row: T, values: U) => Promise<unknown>;
  addForm: (slot: FormSlot<C>) => ReactNode;
  editForm: (slot: FormSlot<U>, row: T) => ReactNode;
  /** Where a refusal goes, for both forms or each: 'toast' (the default) or 'form' too. */
  errorsTo?: ErrorsTo | { add: ErrorsTo; edit: ErrorsTo };
}

/**
 * See the module comment. `add()` and `edit(row)` open the dialogs, `open` is true while one is,
 * `dialogs()` renders the open one (inside the list's {@link DialogsLoading}, only while `open`;
 * called at render, so the forms may use what the component reads after this hook). The
 * dialogs' code (src/ui/list/AddEditDialogs.tsx) loads when one first opens: a list's first visit
 * carries only this state.
 */
export function useAddEdit<T, C, U = C>(o: AddEditOptions<T, C, U>) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const errorsTo = (side: 'add' | 'edit'): ErrorsTo => (typeof o.errorsTo === 'object' ? o.errorsTo[side] : (o.errorsTo ?? 'toast'));
  const editId = `edit-${o.formId}`;
  const side = (): DialogSide | null =>
    adding
      ? {
          title: o.addTitle ?? `Add ${o.noun}`,
          formId: o.formId,
          errorsTo: errorsTo('add'),
          close: () => setAdding(false),
          form: (save) => o.addForm({ id: o.formId, onSave: (v) => save(() => o.onCreate(v)) }),
        }
      : editing !== null
        ? {
            title: `Edit ${o.nameOf(editing)}`,
            formId: editId,
            errorsTo: errorsTo('edit'),
            close: () => setEditing(null),
            form: (save) => o.editForm({ id: editId, onSave: (v) => save(() => o.onUpdate(editing, v)) }, editing),
          }
        : null;
  const dialogs = () => {
    const open = side();
    return open && <AddEditDialogs key={open.formId} {...open} />;
  };
  return { adding, editing, add: () => setAdding(true), edit: setEditing, open: adding || editing !== null, dialogs };
}

/**
 * `columns` with, for whoever may write (`canWrite`), an Actions column of each row's Edit and
 * Delete buttons ({@link RowActions}, named after `nameOf(row)`), and `more(row)` between them.
 */
export function withRowActions<T>(
  columns: ColumnDef<T, unknown>[],
  canWrite: boolean,
  nameOf: (row: T) => string,
  onEdit: (row: T) => void,
  onDelete: (row: T) => void,
  more?: (row: T) => ReactNode,
): ColumnDef<T, unknown>[] {
  if (!canWrite) return columns;
  return [
    ...columns,
    {
      header: 'Actions',
      cell: ({ row: { original } }) => (
        <RowActions name={nameOf(original)} onEdit={() => onEdit(original)} onDelete={() => onDelete(original)}>
          {more?.(original)}
        </RowActions>
      ),
    },
  ];
}

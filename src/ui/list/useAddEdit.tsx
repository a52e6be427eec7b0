/**
 * The Add and Edit dialogs of a catalogue list (offers, products, categories, shipping, users):
 * 'Add {noun}' with the add form, 'Edit {row's name}' with the edit form prefilled, each saving
 * through its write and closing once the write went through. A refused write keeps its dialog
 * open (the API client has toasted it), or, with `errorsTo: 'form'`, rejects into the form so it
 * can show the refusal at its field (a taken e-mail, a store ID the store does not know).
 */
import { useState, type ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useBusyAction } from '../useBusyAction';
import { LazyFormModal as FormModal, RowActions } from './ListFrame';

/** What a form is given: its id (the dialog's Save submits it) and what saving calls. */
export interface FormSlot<V> {
  id: string;
  onSave: (values: V) => Promise<void>;
}

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

/** 'toast': a refused write is the API client's toast only; 'form': it also rejects into the form. */
export type ErrorsTo = 'toast' | 'form';

/**
 * See the module comment. `add()` and `edit(row)` open the dialogs, `open` is true while one is,
 * `dialogs()` renders both (inside the list's {@link DialogsLoading}; called at render, so the
 * forms may use what the component reads after this hook).
 */
export function useAddEdit<T, C, U = C>(o: AddEditOptions<T, C, U>) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const [busy, run] = useBusyAction();
  const [saving, setSaving] = useState(false);
  const errorsTo = (side: 'add' | 'edit'): ErrorsTo => (typeof o.errorsTo === 'object' ? o.errorsTo[side] : (o.errorsTo ?? 'toast'));
  const save = async (to: ErrorsTo, write: () => Promise<unknown>, close: () => void): Promise<void> => {
    if (to === 'toast') return run(write, close);
    setSaving(true);
    try {
      await write();
      close();
    } finally {
      setSaving(false);
    }
  };
  const editId = `edit-${o.formId}`;
  const dialogs = () => (
    <>
      <FormModal title={o.addTitle ?? `Add ${o.noun}`} isOpen={adding} formId={o.formId} busy={busy || saving} onCancel={() => setAdding(false)}>
        {adding &&
          o.addForm({
            id: o.formId,
            onSave: (v) =>
              save(
                errorsTo('add'),
                () => o.onCreate(v),
                () => setAdding(false),
              ),
          })}
      </FormModal>
      <FormModal
        title={editing !== null ? `Edit ${o.nameOf(editing)}` : `Edit ${o.noun}`}
        isOpen={editing !== null}
        formId={editId}
        busy={busy || saving}
        onCancel={() => setEditing(null)}
      >
        {editing !== null &&
          o.editForm(
            {
              id: editId,
              onSave: (v) =>
                save(
                  errorsTo('edit'),
                  () => o.onUpdate(editing, v),
                  () => setEditing(null),
                ),
            },
            editing,
          )}
      </FormModal>
    </>
  );
  return { adding, editing, add: () => setAdding(true), edit: setEditing, open: adding || editing !== null, dialogs };
}

/**
 * `columns` with, for whoever may write (`canWrite`), an Actions column of each row's Edit and
 * Delete buttons ({@link RowActions}, named after `nameOf(row)`).
 */
export function withRowActions<T>(
  columns: ColumnDef<T, unknown>[],
  canWrite: boolean,
  nameOf: (row: T) => string,
  onEdit: (row: T) => void,
  onDelete: (row: T) => void,
): ColumnDef<T, unknown>[] {
  if (!canWrite) return columns;
  return [
    ...columns,
    {
      header: 'Actions',
      cell: ({ row: { original } }) => <RowActions name={nameOf(original)} onEdit={() => onEdit(original)} onDelete={() => onDelete(original)} />,
    },
  ];
}

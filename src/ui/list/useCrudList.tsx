/**
 * A catalogue list's writes in one place (offers, products, categories): its Add and Edit
 * dialogs ({@link useAddEdit}), its one Add button ({@link addControl}, 'Add {noun}'), and its
 * delete confirmation ('Delete {noun}'), given as the {@link ListSection} props that place them.
 */
import type { ReactNode } from 'react';
import { addControl, LazyConfirmDialog as ConfirmDialog } from './ListFrame';
import type { ListPaging } from './PagedTable';
import type { useConfirmDelete } from './useConfirmDelete';
import { useAddEdit, type AddEditOptions } from './useAddEdit';

/** Options of {@link useCrudList}: {@link useAddEdit}'s, and what decides the Add button and the dialogs. */
export type CrudListOptions<T, C, U = C> = AddEditOptions<T, C, U> & {
  /** Add, Edit and Delete are offered. */
  canWrite: boolean;
  /** The list's rows, or undefined while they load (no Add, no dialogs yet). */
  rows: readonly T[] | undefined;
  /** The server-paged list (an Add button beside a search that matched nothing would mislead). */
  list?: Pick<ListPaging, 'state'>;
  /** The delete confirmation (useConfirmDelete, or useInUseDelete for an item pages may use). */
  confirm: ReturnType<typeof useConfirmDelete<T>>;
  /** One more dialog of the list (Import category), and whether it is open. */
  more?: { open: boolean; dialog: ReactNode };
};

/**
 * See the module comment. `edit(row)` and `remove(row)` open the row's dialogs (for its Actions
 * column); `section` is the {@link ListSection}'s `add`, `dialogsOpen` and `dialogs`.
 */
export function useCrudList<T, C, U = C>({ canWrite, rows, list, confirm, more, ...addEdit }: CrudListOptions<T, C, U>) {
  const crud = useAddEdit(addEdit);
  const open = crud.open || confirm.deleting !== null || !!more?.open;
  return {
    edit: crud.edit,
    remove: confirm.ask,
    section: {
      add: addControl({ label: `Add ${addEdit.noun}`, onPress: crud.add, canAdd: canWrite, rows, list }),
      dialogsOpen: canWrite && !!rows && open,
      dialogs: (
        <>
          {crud.dialogs()}
          {more?.dialog}
          <ConfirmDialog title={`Delete ${addEdit.noun}`} {...confirm.dialog} />
        </>
      ),
    },
  };
}

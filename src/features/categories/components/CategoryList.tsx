/**
 * The Categories screen's list (001 §2 /categories; 000 §3 Category): name, sticky id,
 * description and the event ids in the shared table, with Create, Import, Edit and Delete
 * (with confirmation) for whoever may write categories. The heading shows at once, also while
 * the list loads or when it cannot be read (the reason is said where the list would be). With `list` it is one page the
 * server searched and sorted (search box, sortable headers, pager; the screen keeps that state in the URL). Presentational: the screen connects it.
 */
import { lazy, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { CATEGORY_SORTS, type Category } from '../../../model';
import { Button, useBusyAction } from '../../../ui';
import type { ListPaging } from '../../../ui/list/PagedTable';
import { LazyFormModal as FormModal, ListSection } from '../../../ui/list/ListFrame';
import { withRowActions, type FormSlot } from '../../../ui/list/useAddEdit';
import { useCrudList } from '../../../ui/list/useCrudList';
import { useConfirmDelete } from '../../../ui/list/useConfirmDelete';
import type { CategoryFormValues } from './CategoryForms';
import { EVENT_FIELDS } from './event-fields';

// The dialogs (react-aria) and the forms (react-hook-form) load when one opens: the list's
// first visit does without them.
const loadForms = () => import('./CategoryForms');
const CategoryForm = lazy(() => loadForms().then((m) => ({ default: m.CategoryForm })));
const CategoryImportForm = lazy(() => loadForms().then((m) => ({ default: m.CategoryImportForm })));

/** The empty list (the seeds give no wording for categories; this follows their 'No … added'). */
export const NO_CATEGORIES = 'No Categories added';

/** The delete confirmation's question (after the seeds' 'Are you sure you want to delete this page?'). */
export const deleteQuestion = (c: Pick<Category, 'name'>) => `Are you sure you want to delete the category ${c.name}?`;

/** Props of {@link CategoryList}. */
export interface CategoryListProps {
  /** The categories (of the page), or undefined while they load (or could not be read: `loadError`). */
  categories: Category[] | undefined;
  /** Every category, for the forms' duplicate check (default: `categories`). */
  allCategories?: Category[];
  /** The server-paged list (search, sortable headers, pager); without it `categories` is the whole list. */
  list?: ListPaging<CategorySort>;
  /** Why the list could not be read, said where the list would be. */
  loadError?: string;
  /** The signed-in role may write categories (`categories.write`, admins): otherwise no create, import, edit or delete. */
  canWrite: boolean;
  /** Each write rejects when the server refuses (the dialog then stays open with what was typed). */
  onCreate: (v: CategoryFormValues) => Promise<unknown>;
  onUpdate: (c: Category, v: CategoryFormValues) => Promise<unknown>;
  onImport: (stickyId: number) => Promise<unknown>;
  onDelete: (c: Category) => Promise<unknown>;
  /** A duplicate refused before the call (001 §8 info toast). */
  onDuplicate: (message: string) => void;
}

/** A column the category list sorts by on the server. */
export type CategorySort = (typeof CATEGORY_SORTS)[number];

const categoryRowId = (c: Category) => String(c.ID);
const categoryName = (c: Category) => c.name;

const BASE_COLUMNS: ColumnDef<Category, unknown>[] = [
  { id: 'id', header: 'ID', accessorKey: 'ID' },
  { id: 'name', header: 'Name', accessorKey: 'name' },
  { id: 'sticky_id', header: 'Sticky ID', accessorKey: 'sticky_id' },
  { id: 'description', header: 'Description', accessorKey: 'description' },
  {
    header: 'Event IDs',
    cell: ({ row: { original: c } }) =>
      EVENT_FIELDS.filter(([k]) => c[k] != null)
        .map(([k, label]) => `${label.replace(/ event ID$/, '')} ${c[k]}`)
        .join(', '),
  },
];

/** The categories list: its heading, table and search box ({@link ListSection}). */
const CATEGORY_LIST = {
  title: 'Categories',
  noun: 'categories',
  sorts: CATEGORY_SORTS,
  getRowId: categoryRowId,
  emptyMessage: NO_CATEGORIES,
  searchHint: 'Name, description, ID or sticky ID',
};

/** See {@link CategoryListProps}. */
export function CategoryList({
  categories,
  allCategories = categories,
  list,
  loadError,
  canWrite,
  onCreate,
  onUpdate,
  onImport,
  onDelete,
  onDuplicate,
}: CategoryListProps) {
  const [importing, setImporting] = useState(false);
  const [busy, run] = useBusyAction();
  const form = (slot: FormSlot<CategoryFormValues>, category?: Category) => (
    <CategoryForm {...slot} category={category} categories={allCategories ?? categories ?? []} onDuplicate={onDuplicate} />
  );
  const importDialog = (
    <FormModal title="Import category" saveLabel="Import" isOpen={importing} formId="import-category-form" busy={busy} onCancel={() => setImporting(false)}>
      {importing && (
        <CategoryImportForm
          id="import-category-form"
          categories={allCategories ?? categories ?? []}
          onDuplicate={onDuplicate}
          onImport={(id) =>
            run(
              () => onImport(id),
              () => setImporting(false),
            )
          }
        />
      )}
    </FormModal>
  );
  const confirm = useConfirmDelete(deleteQuestion, onDelete);
  const addEdit = { noun: 'category', formId: 'category-form', nameOf: categoryName, onCreate, onUpdate, addForm: form, editForm: form };
  const more = { open: importing, dialog: importDialog };
  const { edit, remove, section } = useCrudList({ ...addEdit, canWrite, rows: categories, list, confirm, more });
  const columns = useMemo(() => withRowActions(BASE_COLUMNS, canWrite, categoryName, edit, remove), [canWrite, edit, remove]);
  return (
    <ListSection
      {...CATEGORY_LIST}
      {...section}
      actions={canWrite && categories && <Button onPress={() => setImporting(true)}>Import category</Button>}
      rows={categories}
      loadError={loadError}
      columns={columns}
      list={list}
    />
  );
}

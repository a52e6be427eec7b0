/**
 * The Categories screen's list (001 §2 /categories; 000 §3 Category): name, sticky id,
 * description and the event ids in the shared table, with Create, Import, Edit and Delete
 * (with confirmation) for whoever may write categories. The heading shows at once, also while
 * the list loads or when it cannot be read (the reason is said where the list would be). With `list` it is one page the
 * server searched and sorted (search box, sortable headers, pager; the screen keeps that state in the URL). Presentational: the screen connects it.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { CATEGORY_SORTS, type Category } from '../../../model';
import { Box, Button, Inline, styles as s, useBusyAction, Skeleton } from '../../../ui';
import { PagedTable, type ListPaging } from '../../../ui/list/PagedTable';
import type { CategoryFormValues } from './CategoryForms';
import { EVENT_FIELDS } from './event-fields';

// The dialogs (react-aria) and the forms (react-hook-form) load when one opens: the list's
// first visit does without them.
const loadForms = () => import('./CategoryForms');
const CategoryForm = lazy(() => loadForms().then((m) => ({ default: m.CategoryForm })));
const CategoryImportForm = lazy(() => loadForms().then((m) => ({ default: m.CategoryImportForm })));
const FormModal = lazy(() => import('../../../ui/FormModal').then((m) => ({ default: m.FormModal })));
const ConfirmDialog = lazy(() => import('../../../ui/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

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
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const [busy, run] = useBusyAction();
  const columns = useMemo<ColumnDef<Category, unknown>[]>(
    () =>
      canWrite
        ? [
            ...BASE_COLUMNS,
            {
              header: 'Actions',
              cell: ({ row: { original: c } }) => (
                <div className={s.row}>
                  <Button size="sm" variant="ghost" onPress={() => setEditing(c)} aria-label={`Edit ${c.name}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" onPress={() => setDeleting(c)} aria-label={`Delete ${c.name}`}>
                    Delete
                  </Button>
                </div>
              ),
            },
          ]
        : BASE_COLUMNS,
    [canWrite],
  );
  // One Add control: on an empty list it moves next to the empty message, for whoever may add.
  const addButton = (
    <Button variant="primary" onPress={() => setAdding(true)}>
      Add category
    </Button>
  );
  // Not beside a search that matched nothing or a page past the end: the list is not empty there.
  const addInEmpty = canWrite && !!categories && categories.length === 0 && !list?.state.q.trim() && (list?.state.page ?? 1) === 1;
  return (
    <section aria-labelledby="categories-title">
      <Inline marginBottom="md">
        <Box as="h1" id="categories-title" margin="none">
          Categories
        </Box>
        <span className={s.spacer} />
        {canWrite && categories && <Button onPress={() => setImporting(true)}>Import category</Button>}
        {canWrite && categories && !addInEmpty && addButton}
      </Inline>
      {categories ? (
        <PagedTable
          label="Categories"
          noun="categories"
          columns={columns}
          sorts={CATEGORY_SORTS}
          data={categories}
          getRowId={categoryRowId}
          emptyMessage={NO_CATEGORIES}
          emptyAction={addInEmpty && addButton}
          searchHint="Name, description, ID or sticky ID"
          list={list}
        />
      ) : loadError ? (
        <p role="alert">{loadError}</p>
      ) : (
        <Skeleton label="Loading categories…" />
      )}
      {canWrite && categories && (adding || !!editing || importing || !!deleting) && (
        <Suspense fallback={<p role="status">Opening…</p>}>
          <FormModal title="Add category" isOpen={adding} formId="category-form" busy={busy} onCancel={() => setAdding(false)}>
            {adding && (
              <CategoryForm
                id="category-form"
                categories={allCategories ?? categories}
                onDuplicate={onDuplicate}
                onSave={(v) =>
                  run(
                    () => onCreate(v),
                    () => setAdding(false),
                  )
                }
              />
            )}
          </FormModal>
          <FormModal
            title={editing ? `Edit ${editing.name}` : 'Edit category'}
            isOpen={!!editing}
            formId="edit-category-form"
            busy={busy}
            onCancel={() => setEditing(null)}
          >
            {editing && (
              <CategoryForm
                id="edit-category-form"
                category={editing}
                categories={allCategories ?? categories}
                onDuplicate={onDuplicate}
                onSave={(v) =>
                  run(
                    () => onUpdate(editing, v),
                    () => setEditing(null),
                  )
                }
              />
            )}
          </FormModal>
          <FormModal
            title="Import category"
            saveLabel="Import"
            isOpen={importing}
            formId="import-category-form"
            busy={busy}
            onCancel={() => setImporting(false)}
          >
            {importing && (
              <CategoryImportForm
                id="import-category-form"
                categories={allCategories ?? categories}
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
          <ConfirmDialog
            isOpen={!!deleting}
            title="Delete category"
            danger
            confirmLabel="Delete"
            busy={busy}
            message={deleting ? deleteQuestion(deleting) : ''}
            onCancel={() => setDeleting(null)}
            onConfirm={() => {
              if (deleting)
                void run(
                  () => onDelete(deleting),
                  () => setDeleting(null),
                );
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

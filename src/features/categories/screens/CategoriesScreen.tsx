/**
 * /categories (001 §2; 000 §7 "Categories"): the category list from the API; admins create,
 * edit, import and delete (`categories.write`), staff only read. A duplicate refused by the
 * server (409: 'Category [name] already exists', 'Category with [id] already exists') is the
 * info toast that blocks the action (001 §8), other refusals the 'Error' toast (000 §8); writes that succeed say so.
 * The list is searched, sorted and paged on the server, that state in the URL (`/categories?q=skin&sort=sticky_id`:
 * shareable, Back restores the previous one).
 */
import { ApiError, reportFailure, useCan } from '../../../api';
import { CATEGORY_SORTS } from '../../../model';
import { notify, useDocumentTitle } from '../../../ui';
import { listQueryOf, useListState } from '../../../ui/list/list-state';
import { csvExport } from '../../../api/csv-export';
import { CATEGORY_ROUTES } from '../../../model/contracts/categories';
import { useCategories, useCategoryMutations, useCategoryPage } from '../api';
import { CategoryList } from '../components/CategoryList';

/** Runs a write; a refusal is shown (409 as info, else as 'Error') and rethrown so the dialog stays open. */
async function shown<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (e instanceof ApiError && e.status === 409) notify.info(e.message);
    else if (e instanceof ApiError) {
      reportFailure(e, false); // a 401 still signs out
      notify.error(e.message);
    }
    throw e;
  }
}

/** The Categories screen. */
export function CategoriesScreen() {
  useDocumentTitle(['Categories']);
  const { state, go } = useListState(CATEGORY_SORTS);
  const listQ = useCategoryPage(state);
  // Every category, for the forms' duplicate check.
  const allQ = useCategories();
  const canWrite = useCan('categories.write');
  const m = useCategoryMutations();
  return (
    <CategoryList
      categories={listQ.data?.rows}
      allCategories={allQ.data}
      list={{
        state,
        total: listQ.data?.total ?? 0,
        loading: listQ.isPlaceholderData && listQ.isFetching,
        onChange: go,
        exportCsv: csvExport(CATEGORY_ROUTES.export.path, listQueryOf(state), 'categories.csv'),
      }}
      loadError={listQ.error?.message}
      canWrite={canWrite}
      onDuplicate={(message) => notify.info(message)}
      onCreate={async (v) => {
        const c = await shown(() => m.create.mutateAsync(v));
        notify.success(`Category ${c.name} added`);
      }}
      onUpdate={async (x, v) => {
        const c = await shown(() => m.update.mutateAsync({ id: x.ID, body: v }));
        notify.success(`Category ${c.name} saved`);
      }}
      onImport={async (id) => {
        const c = await shown(() => m.importBySticky.mutateAsync(id));
        notify.success(`Category ${c.name} imported (sticky ID ${c.sticky_id})`);
      }}
      onDelete={async (x) => {
        await shown(() => m.remove.mutateAsync(x.ID));
        notify.success(`Category ${x.name} deleted`);
      }}
    />
  );
}

/**
 * /categories (001 §2; 000 §7 "Categories"): the category list from the API; admins create,
 * edit, import and delete (`categories.write`), staff only read. A duplicate refused by the
 * server (409: 'Category [name] already exists', 'Category with [id] already exists') is the
 * info toast that blocks the action (001 §8), other refusals the 'Error' toast (000 §8); writes that succeed say so.
 * The list is searched, sorted and paged on the server, that state in the URL (`/categories?q=skin&sort=sticky_id`:
 * shareable, Back restores the previous one).
 */
import { recordHandlers, useCan } from '../../../api';
import { CATEGORY_SORTS } from '../../../model';
import { notify, useDocumentTitle } from '../../../ui';
import { listPaging, listQueryOf, useListState } from '../../../ui/list/list-state';
import { csvExport } from '../../../api/csv-export';
import { CATEGORY_ROUTES } from '../../../model/contracts/categories';
import { useCategories, useCategoryMutations, useCategoryPage } from '../api';
import { CategoryList } from '../components/CategoryList';

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
      list={listPaging(state, go, listQ, csvExport(CATEGORY_ROUTES.export.path, listQueryOf(state), 'categories.csv'))}
      loadError={listQ.error?.message}
      canWrite={canWrite}
      onDuplicate={(message) => notify.info(message)}
      {...recordHandlers(m)}
      onImport={(id) => m.importBySticky.mutateAsync(id)}
    />
  );
}

/**
 * The categories slice's calls (000 §7 "Categories"): the list, create
 * (`POST /api/v1/categories/create`), update (`PUT /api/v1/categories/update/{id}`), import by
 * sticky id (`POST /api/v1/categories/import`) and delete. Answers are parsed with the model's
 * schemas. Writes are not notified by the client: a 409 duplicate is the seeds' info toast that
 * blocks the action (001 §8), other refusals the 'Error' toast (`shownWrite`); successes are said.
 */
import { useQuery } from '@tanstack/react-query';
import { call, useRecordWrites, useWrite } from '../../api';
import { notify } from '../../ui';
import { useListPage } from '../../api/list';
import { listQueryOf, type ListState } from '../../ui/list/list-state';
import { CATEGORY_ROUTES, type Category, type CategoryForm } from '../../model';

/** Query key of the category list. */
export const categoryKeys = { all: ['categories'] as const };

/**
 * The calls as plain functions (the hooks wrap them).
 * @throws ApiError on a non-2xx status (409 carries 'Category [name] already exists' or
 * 'Category with [id] already exists'); AnswerShapeError when an answer does not match the model.
 */
export const categoryCalls = {
  /** Every category, by name. */
  list: () => call(CATEGORY_ROUTES.list, {}),
  /** The form creates a category (201). */
  create: (body: CategoryForm) => call(CATEGORY_ROUTES.create, { body, notify: false }),
  /** The whole form replaces the category. */
  update: (id: number, body: CategoryForm) => call(CATEGORY_ROUTES.update, { params: { id }, body, notify: false }),
  /** The order platform's category of that sticky id, stored; 404 when the platform has none. */
  importBySticky: (sticky_id: number) => call(CATEGORY_ROUTES.importBySticky, { body: { sticky_id }, notify: false }),
  /** Deletes the category. */
  remove: (id: number) => call(CATEGORY_ROUTES.remove, { params: { id }, notify: false }),
};

/** The category list. */
export const useCategories = () => useQuery({ queryKey: categoryKeys.all, queryFn: categoryCalls.list });
/** One page of the category list as `state` asks for it (searched, sorted and paged on the server; see src/api/list.ts). */
export const useCategoryPage = (state: ListState) => useListPage(categoryKeys.all, CATEGORY_ROUTES.list, listQueryOf(state));

/** Create, update, import and delete; each refreshes the list and says so, and shows a refusal. */
export function useCategoryMutations() {
  const o = { refresh: [{ queryKey: categoryKeys.all }], toasts: notify, shown: true };
  return {
    ...useRecordWrites(categoryCalls, o, (c: Pick<Category, 'ID' | 'name'>) => `Category ${c.name}`),
    importBySticky: useWrite(categoryCalls.importBySticky, { ...o, success: (c) => `Category ${c.name} imported (sticky ID ${c.sticky_id})` }),
  };
}

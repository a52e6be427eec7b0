/**
 * The categories slice's calls (000 §7 "Categories"): the list, create
 * (`POST /api/v1/categories/create`), update (`PUT /api/v1/categories/update/{id}`), import by
 * sticky id (`POST /api/v1/categories/import`) and delete. Answers are parsed with the model's
 * schemas. Writes are not notified by the client: a 409 duplicate is the seeds' info toast that
 * blocks the action (001 §8), which the screen raises.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { requestParsed } from '../../api';
import { CategorySchema, type CategoryForm } from '../../model';

/** Query key of the category list. */
export const categoryKeys = { all: ['categories'] as const };

const Deleted = z.object({ message: z.string(), ID: z.number().int() });

/**
 * The calls as plain functions (the hooks wrap them).
 * @throws ApiError on a non-2xx status (409 carries 'Category [name] already exists' or
 * 'Category with [id] already exists'); AnswerShapeError when an answer does not match the model.
 */
export const categoryCalls = {
  /** `GET /api/v1/categories`: every category, by name. */
  list: () => requestParsed(z.array(CategorySchema), 'GET', '/api/v1/categories'),
  /** `POST /api/v1/categories/create`: 201 with the category. */
  create: (body: CategoryForm) => requestParsed(CategorySchema, 'POST', '/api/v1/categories/create', { body, notify: false }),
  /** `PUT /api/v1/categories/update/{id}`: the whole form replaces the category. */
  update: (id: number, body: CategoryForm) => requestParsed(CategorySchema, 'PUT', `/api/v1/categories/update/${id}`, { body, notify: false }),
  /** `POST /api/v1/categories/import` `{sticky_id}`: the order platform's category of that sticky id, stored; 404 when the platform has none. */
  importBySticky: (sticky_id: number) => requestParsed(CategorySchema, 'POST', '/api/v1/categories/import', { body: { sticky_id }, notify: false }),
  /** `DELETE /api/v1/categories/{id}`. */
  remove: (id: number) => requestParsed(Deleted, 'DELETE', `/api/v1/categories/${id}`, { notify: false }),
};

/** The category list. */
export const useCategories = () => useQuery({ queryKey: categoryKeys.all, queryFn: categoryCalls.list });

/** Create, update, import and delete; each refreshes the list. */
export function useCategoryMutations() {
  const qc = useQueryClient();
  const onSuccess = () => {
    void qc.invalidateQueries({ queryKey: categoryKeys.all });
  };
  return {
    create: useMutation({ mutationFn: categoryCalls.create, onSuccess }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: CategoryForm }) => categoryCalls.update(id, body), onSuccess }),
    importBySticky: useMutation({ mutationFn: categoryCalls.importBySticky, onSuccess }),
    remove: useMutation({ mutationFn: categoryCalls.remove, onSuccess }),
  };
}

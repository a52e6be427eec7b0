/** The category routes (000 §7 "Categories"): list, one, create, update, import by sticky id and delete. */
import { z } from 'zod';
import { CategoryFormSchema, CategoryImportSchema, CategorySchema } from '../categories';
import { contract, DeletedSchema } from '../contract';
import { listQuerySchema } from '../list-query';

/** The category list's sort columns (the columns /categories shows). */
export const CATEGORY_SORTS = ['id', 'name', 'sticky_id', 'description'] as const;

/** The category routes; `{id}` is the category's row ID. */
export const CATEGORY_ROUTES = {
  /** The categories, by name; searched, sorted and paged with the list query (without page and per_page: every category). */
  list: contract({ method: 'get', path: '/api/v1/categories', query: listQuerySchema(CATEGORY_SORTS), answer: z.array(CategorySchema) }),
  /** The list's query (page and per_page ignored: every match) as `text/csv`, streamed. */
  export: contract({ method: 'get', path: '/api/v1/categories.csv', query: listQuerySchema(CATEGORY_SORTS), answer: z.string() }),
  /** One category. */
  get: contract({ method: 'get', path: '/api/v1/categories/{id}', answer: CategorySchema }),
  /** The form creates a category (409 'Category [name] already exists'). */
  create: contract({ method: 'post', path: '/api/v1/categories/create', body: CategoryFormSchema, answer: CategorySchema, status: 201 }),
  /** The whole form replaces the category. */
  update: contract({ method: 'put', path: '/api/v1/categories/update/{id}', body: CategoryFormSchema, answer: CategorySchema }),
  /** The order platform's category of that sticky id, stored (404 when the platform has none). */
  importBySticky: contract({ method: 'post', path: '/api/v1/categories/import', body: CategoryImportSchema, answer: CategorySchema, status: 201 }),
  /** Deletes the category. */
  remove: contract({ method: 'delete', path: '/api/v1/categories/{id}', answer: DeletedSchema }),
};

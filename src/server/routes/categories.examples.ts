/**
 * OpenAPI examples, error messages and field descriptions of the category routes (routes/categories.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { MSG } from '../../model/messages.ts';
import { deleted } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

const CATEGORY = {
  ID: 1,
  name: 'Skin Care',
  sticky_id: 102,
  description: 'Serums, creams and gels',
  event_shipping: null,
  event_order: 7001,
  event_refund: 7002,
  event_void: null,
  event_rma: null,
  event_return: null,
};
const NEW_CATEGORY = {
  name: 'Hair',
  sticky_id: 104,
  description: 'Shampoos, conditioners and serums',
  event_shipping: null,
  event_order: 7003,
  event_refund: 7004,
  event_void: null,
  event_rma: null,
  event_return: null,
};

/** What routes/categories.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'Categories', description: 'Product categories and their event IDs on the order platform' }],
  examples: {
    listCategories: { response: [CATEGORY] },
    exportCategories: { response: '\uFEFFID,Name,Sticky ID,Description\r\n1,Skin Care,102,"Serums, creams and gels"\r\n' },
    createCategory: { request: NEW_CATEGORY, response: { ID: 9, ...NEW_CATEGORY } },
    importCategories: { request: { sticky_id: 104 }, response: { ID: 9, ...NEW_CATEGORY } },
    getCategory: { response: CATEGORY },
    deleteCategory: { response: deleted('Category', 1) },
    updateCategory: {
      request: { ...CATEGORY, ID: undefined, description: 'Serums, creams, gels and masks' },
      response: { ...CATEGORY, description: 'Serums, creams, gels and masks' },
    },
  },
  errors: {
    getCategory: { 404: ['Category not found'] },
    deleteCategory: { 404: ['Category not found'] },
    createCategory: { 409: [MSG.categoryExists('Skin Care'), MSG.categoryIdExists(102)], 422: [MSG.categoryName] },
    updateCategory: { 404: ['Category not found'], 409: [MSG.categoryExists('Skin Care'), MSG.categoryIdExists(102)], 422: [MSG.categoryName] },
  },
  fields: {
    'CategorySchema.name': 'Name of the category',
    'CategoryFormSchema.name': 'Name of the category',
    'CategorySchema.description': 'Description of the category',
    'CategoryFormSchema.description': 'Description of the category',
    'CategoryImportSchema.sticky_id': 'Category ID on the order platform (sticky) to import',
  },
};

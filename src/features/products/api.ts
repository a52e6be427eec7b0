/**
 * The products slice's calls (000 §7 "Products"; 001 §2 "/products", "/products/{id}"): every
 * product with its offer (`GET /api/v1/products`), one product (`GET /api/v1/products/{id}`),
 * create (`POST /api/v1/products`, the product form of 001 §5), replace (`PUT`) and delete.
 * Answers are parsed with the model's schemas; writes are notified by the API client (000 §8
 * 'Error' toast) and reject, so a dialog stays open; a write that goes through says so. Every write refreshes the product list,
 * the offer pages (`offers` queries) and the funnels' Products tabs.
 */
import { useQuery, type Query } from '@tanstack/react-query';
import { z } from 'zod';
import { call, keys, useRecordWrites } from '../../api';
import { notify } from '../../ui';
import { useListPage } from '../../api/list';
import { listQueryOf, type ListState } from '../../ui/list/list-state';
import { PRODUCT_ROUTES, ProductListRowSchema, type ProductFormValues } from '../../model';

/**
 * A product as the list and the detail route's state hold it: the list's row (the model's
 * ProductListRowSchema), whose `offer` may be absent (the offer page passes its products without it).
 */
export const ProductListItemSchema = ProductListRowSchema.extend({ offer: ProductListRowSchema.shape.offer.optional() });
/** See {@link ProductListItemSchema}. */
export type ProductListItem = z.output<typeof ProductListItemSchema>;

/** Query keys of the slice. */
export const productKeys = {
  list: ['products'] as const,
  one: (id: number) => ['products', id] as const,
};

/**
 * The calls as plain functions (the hooks wrap them).
 * @throws ApiError on a non-2xx status (422 with the form's message, 409 'Product [id] already
 * exists' for a platform id the offer has, 404 'Product not found'); AnswerShapeError when an
 * answer does not match the model.
 */
export const productCalls = {
  /** Every product with its offer, by offer then product. */
  list: () => call(PRODUCT_ROUTES.list, {}),
  /** One product (without `offer`: the detail keeps the one its state brought). */
  get: (id: number): Promise<ProductListItem> => call(PRODUCT_ROUTES.get, { params: { id } }),
  /** 201 with the product (the platform gives a product id when none is typed). */
  create: (body: ProductFormValues) => call(PRODUCT_ROUTES.create, { body }),
  /** The whole form replaces the product. */
  update: (id: number, body: ProductFormValues) => call(PRODUCT_ROUTES.update, { params: { id }, body }),
  /** Deletes the product. */
  remove: (id: number) => call(PRODUCT_ROUTES.remove, { params: { id } }),
};

/** Every product with its offer. */
export const useProductList = () => useQuery({ queryKey: productKeys.list, queryFn: productCalls.list });
/** One page of the product list as `state` asks for it (searched, sorted and paged on the server; see src/api/list.ts). */
export const useProductPage = (state: ListState) => useListPage(productKeys.list, PRODUCT_ROUTES.list, listQueryOf(state));

/** One product, starting from `initial` (the route state the list passed) and refreshed from the API. */
export const useProduct = (id: number, initial: ProductListItem) =>
  useQuery({ queryKey: productKeys.one(id), queryFn: () => productCalls.get(id), initialData: initial, staleTime: 0 });

/** Create, replace and delete; each refreshes every product query, the offers' pages and the funnels' Products tabs, and says so. */
export function useProductMutations() {
  const o = {
    refresh: [
      { queryKey: productKeys.list },
      { queryKey: keys.offers },
      { predicate: (q: Query) => q.queryKey[0] === 'funnels' && q.queryKey[2] === 'products' },
    ],
    toasts: notify,
  };
  return useRecordWrites(productCalls, o, (p: Pick<ProductListItem, 'ID' | 'name'>) => `Product ${p.name}`);
}

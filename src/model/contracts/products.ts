/**
 * The product routes (000 §7 "Products"; 001 §2 "/products", §3, §5) as both sides know them:
 * every product with its offer, the products of an offer, one product, create, bundle, replace
 * and delete. The CSV upload (multipart) has no contract.
 */
import { z } from 'zod';
import { ProductBundleSchema, ProductFormSchema, ProductOutSchema } from '../catalog';
import { contract, DeletedSchema } from '../contract';
import { listQuerySchema } from '../list-query';

/** The product list's sort columns (the columns /products shows, 001 §2). */
export const PRODUCT_SORTS = ['product_id', 'name', 'sku', 'price', 'billing', 'vertical', 'offer'] as const;

/**
 * One row of `GET /api/v1/products` (001 §2 "/products"): the product with its offer's row `ID`
 * (the offer page's address), platform `offer_id` and name; `offer` is null when the offer is gone.
 */
export const ProductListRowSchema = ProductOutSchema.extend({
  offer: z.object({ ID: z.number().int(), offer_id: z.number().int(), name: z.string() }).nullable(),
}).meta({ id: 'ProductListItem' });
/** See {@link ProductListRowSchema}. */
export type ProductListRow = z.output<typeof ProductListRowSchema>;

/** The product routes; `{id}` is the product's row ID, except in `offerProducts` (the platform offer_id). */
export const PRODUCT_ROUTES = {
  /** The products with their offer, by offer then product ID; searched, sorted and paged with the list query (without page and per_page: every product). */
  list: contract({ method: 'get', path: '/api/v1/products', query: listQuerySchema(PRODUCT_SORTS), answer: z.array(ProductListRowSchema) }),
  /** The list's query (page and per_page ignored: every match) as `text/csv`, streamed. */
  export: contract({ method: 'get', path: '/api/v1/products.csv', query: listQuerySchema(PRODUCT_SORTS), answer: z.string() }),
  /** The products of an offer, by its platform offer_id (what funnel.offer holds). */
  offerProducts: contract({ method: 'get', path: '/api/v1/products/offer/{id}', answer: z.array(ProductOutSchema) }),
  /** One product. */
  get: contract({ method: 'get', path: '/api/v1/products/{id}', answer: ProductOutSchema }),
  /** The product form creates a product (409 'Product [id] already exists'). */
  create: contract({ method: 'post', path: '/api/v1/products', body: ProductFormSchema, answer: ProductOutSchema, status: 201 }),
  /** A bundle: one product made of ≥ 2 products of the same offer. */
  bundle: contract({ method: 'post', path: '/api/v1/products/bundle', body: ProductBundleSchema, answer: ProductOutSchema, status: 201 }),
  /** The whole form replaces the product. */
  update: contract({ method: 'put', path: '/api/v1/products/{id}', body: ProductFormSchema, answer: ProductOutSchema }),
  /** Deletes the product (409 while a page offers it). */
  remove: contract({ method: 'delete', path: '/api/v1/products/{id}', answer: DeletedSchema }),
};

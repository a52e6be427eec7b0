/** The shipping routes (001 §3 "Shipping"; 001 §7 stores): the stores, the shipping methods, add from the store, edit, sync and delete. */
import { z } from 'zod';
import { StoreSchema } from '../catalog';
import { contract, DeletedSchema } from '../contract';
import { listQuerySchema } from '../list-query';
import { ShippingCreateSchema, ShippingEditSchema, ShippingSchema, StoreShippingSchema } from '../shippings';

/** The shipping list's sort columns (the columns /shipping shows, 001 §3 Shipping). */
export const SHIPPING_SORTS = ['id', 'name', 'description', 'price', 'code'] as const;

/** The shipping routes; `{id}` is the method's ID. */
export const SHIPPING_ROUTES = {
  /** The stores of the order platform (a 29next offer chooses one). */
  stores: contract({ method: 'get', path: '/api/v1/stores', answer: z.array(StoreSchema) }),
  /**
   * The store's shipping methods, by ID, each saying whether it is added here (what Add shipping
   * method offers); `refresh` reads them from the platform now. Headers say when and from where.
   */
  store: contract({
    method: 'get',
    path: '/api/v1/shippings/store',
    query: z.object({ refresh: z.boolean().optional() }),
    answer: z.array(StoreShippingSchema),
  }),
  /** The shipping methods, by ID; searched, sorted and paged with the list query (without page and per_page: every method). */
  list: contract({ method: 'get', path: '/api/v1/shippings', query: listQuerySchema(SHIPPING_SORTS), answer: z.array(ShippingSchema) }),
  /** The list's query (page and per_page ignored: every match) as `text/csv`, streamed. */
  export: contract({ method: 'get', path: '/api/v1/shippings.csv', query: listQuerySchema(SHIPPING_SORTS), answer: z.string() }),
  /** Adds the store's method `{ ID }` (the server reads the rest from the store). */
  create: contract({ method: 'post', path: '/api/v1/shippings', body: ShippingCreateSchema, answer: ShippingSchema, status: 201 }),
  /** Name, description, price and the code replace the method's. */
  update: contract({ method: 'put', path: '/api/v1/shippings/{id}', body: ShippingEditSchema, answer: ShippingSchema }),
  /** Deletes the method. */
  remove: contract({ method: 'delete', path: '/api/v1/shippings/{id}', answer: DeletedSchema }),
  /** The method as the store has it now. */
  sync: contract({ method: 'post', path: '/api/v1/shippings/sync/{id}', answer: ShippingSchema }),
};

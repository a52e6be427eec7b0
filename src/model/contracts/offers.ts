/**
 * The offer routes (000 §7 "Offers"; 001 §3, §5) as both sides know them: the list, one offer
 * with its products and funnels, create, replace and delete.
 */
import { z } from 'zod';
import { OfferBodySchema, OfferSchema, ProductOutSchema } from '../catalog';
import { contract, DeletedSchema } from '../contract';
import { listQuerySchema } from '../list-query';

/** The offer list's sort columns (the columns /offers shows, 001 §2). */
export const OFFER_SORTS = ['id', 'offer_id', 'ef_offer_id', 'name', 'platform'] as const;

/** `GET /api/v1/offers/{id}`: the offer with its products and the funnels that use it. */
export const OfferDetailSchema = OfferSchema.extend({
  products: z.array(ProductOutSchema),
  funnels: z.array(z.object({ ID: z.number().int(), name: z.string() })),
}).meta({ id: 'OfferDetail' });
/** See {@link OfferDetailSchema}. */
export type OfferDetail = z.output<typeof OfferDetailSchema>;

/** The offer routes; `{id}` is the offer's row ID. */
export const OFFER_ROUTES = {
  /** The offers with their store, by ID; searched, sorted and paged with the list query (without page and per_page: every offer). */
  list: contract({ method: 'get', path: '/api/v1/offers', query: listQuerySchema(OFFER_SORTS), answer: z.array(OfferSchema) }),
  /** The list's query (page and per_page ignored: every match) as `text/csv`, streamed. */
  export: contract({ method: 'get', path: '/api/v1/offers.csv', query: listQuerySchema(OFFER_SORTS), answer: z.string() }),
  /** One offer with its products and funnels. */
  get: contract({ method: 'get', path: '/api/v1/offers/{id}', answer: OfferDetailSchema }),
  /** The offer form creates an offer (409 'Offer [id] already exists'). */
  create: contract({ method: 'post', path: '/api/v1/offers', body: OfferBodySchema, answer: OfferSchema, status: 201 }),
  /** The whole form replaces the offer (a new offer id follows to its funnels, products and campaigns). */
  update: contract({ method: 'put', path: '/api/v1/offers/{id}', body: OfferBodySchema, answer: OfferSchema }),
  /** Deletes the offer (409 while a funnel or a live page uses it). */
  remove: contract({ method: 'delete', path: '/api/v1/offers/{id}', answer: DeletedSchema }),
};

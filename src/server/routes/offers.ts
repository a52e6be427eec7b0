/**
 * Offers and their products (000 §7 "Offers", "Products"; 001 §3): read-only for now,
 * backed by the local catalogue in the database.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { asc, eq } from 'drizzle-orm';
import { OfferSchema, ProductSchema } from '../../model/index.ts';
import { funnels, offers, stores } from '../db/schema.ts';
import { errors } from '../http.ts';
import { getOffer, offerProducts, toOffer } from '../repo.ts';
import { bearer, IdParams, on, router, type Deps } from './common.ts';

const OfferDoc = OfferSchema.extend({}).openapi('Offer');
const ProductDoc = ProductSchema.extend({}).openapi('Product');
const OfferDetail = OfferSchema.extend({
  products: z.array(ProductDoc),
  funnels: z.array(z.object({ ID: z.number().int(), name: z.string() })),
}).openapi('OfferDetail');
const json = <T extends z.ZodType>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });

/** Offer and product routes. */
export function offerRoutes(deps: Deps) {
  const app = router();
  const { db } = deps;

  on(app, createRoute({
    method: 'get', path: '/api/v1/offers', tags: ['Offers'], security: bearer, summary: 'Offers with their store',
    responses: { 200: json(z.array(OfferDoc), 'Offers'), ...errors(401) },
  }), async (c) => {
    const rows = await db.select().from(offers).leftJoin(stores, eq(stores.ID, offers.store_id)).orderBy(asc(offers.ID));
    return c.json(rows.map((r) => toOffer(r.offers, r.stores)), 200);
  });

  on(app, createRoute({
    method: 'get', path: '/api/v1/offers/{id}', tags: ['Offers'], security: bearer, summary: 'One offer with its products and funnels',
    request: { params: IdParams }, responses: { 200: json(OfferDetail, 'The offer'), ...errors(401, 404) },
  }), async (c) => {
    const offer = await getOffer(db, c.req.valid('param').id);
    const fs = await db.select({ ID: funnels.ID, name: funnels.name }).from(funnels).where(eq(funnels.offer, offer.offer_id)).orderBy(asc(funnels.ID));
    return c.json({ ...offer, products: await offerProducts(db, offer.offer_id), funnels: fs }, 200);
  });

  on(app, createRoute({
    method: 'get', path: '/api/v1/products/offer/{id}', tags: ['Products'], security: bearer, summary: 'Products of an offer, by its platform offer_id (what funnel.offer holds)',
    request: { params: IdParams }, responses: { 200: json(z.array(ProductDoc), 'Products'), ...errors(401, 404) },
  }), async (c) => {
    const offer = await getOffer(db, c.req.valid('param').id, 'offer_id');
    return c.json(await offerProducts(db, offer.offer_id), 200);
  });

  return app;
}

/**
 * Offers, products and stores of the order-management platform (000 §3, 001 §3, §5, §9).
 */
import { z } from 'zod';
import { BILLING_MODELS, LIMITS, PLATFORMS } from './constants';
import { MSG } from './messages';

const digits = (max: number) => z.string().regex(/^\d+$/, MSG.onlyNumbers).max(max, MSG.onlyNumbers);

export const StoreSchema = z.object({ ID: z.number().int(), name: z.string() });
export type Store = z.infer<typeof StoreSchema>;

/** An offer: `offer_id` is the platform (sticky) id, `ef_offer_id` the Everflow id (001 §3). */
export const OfferSchema = z.object({
  ID: z.number().int(),
  offer_id: z.number().int(),
  ef_offer_id: z.number().int().nullable(),
  name: z.string().min(1),
  platform: z.enum(PLATFORMS),
  store_id: z.number().int().nullable(),
  store: StoreSchema.nullable().optional(),
});
export type Offer = z.infer<typeof OfferSchema>;

/** The offer form: ids are digits only, max 5; 29next requires a store (001 §5). */
export const OfferFormSchema = z
  .object({
    offer_id: digits(LIMITS.offerId),
    ef_offer_id: z.union([z.literal(''), digits(LIMITS.offerId)]),
    name: z.string().trim().min(1, 'Missing Offer Name'),
    platform: z.enum(PLATFORMS),
    store_id: z.number().int().nullable(),
  })
  .refine((o) => o.platform !== '29next' || o.store_id != null, { message: MSG.selectStore, path: ['store_id'] });

export const ShippingRefSchema = z.object({ ID: z.number().int(), name: z.string(), price: z.number() });

/** A product of an offer (000 §3, 001 §3). `product_price` in the offer's currency. */
export const ProductSchema = z.object({
  ID: z.number().int(),
  product_id: z.number().int(),
  offer_id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  product_price: z.number(),
  product_category: z.string(),
  billing_model: z.number().int().refine((n) => n in BILLING_MODELS, 'Unknown billing model'),
  shipping_id: z.number().int().nullable(),
  shipping: ShippingRefSchema.nullable().optional(),
});
export type Product = z.infer<typeof ProductSchema>;

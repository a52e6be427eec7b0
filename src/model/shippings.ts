/**
 * Shipping and stores (seed sections 001 §3, §5, §9): a shipping method of the external store,
 * its create form (the store's ID, the rest read from the store unless given) and edit form.
 * The store itself (`StoreSchema`) is in `catalog.ts`, with the offers that refer to it.
 */
import { z } from 'zod';
import { LIMITS } from './constants';
import { digitsId, moneyField, optionalText, requiredText, RMSG, tooLong } from './fields';

/** A shipping method (001 §3); `ID` comes from the external store. */
export const ShippingSchema = z
  .object({
    ID: z.number().int(),
    name: z.string(),
    description: z.string(),
    price: z.number(),
    shipping_code: z.string(),
  })
  .meta({ id: 'Shipping' });
export type Shipping = z.infer<typeof ShippingSchema>;

/**
 * A shipping method of the external store (`GET /api/v1/shippings/store`; 001 §3 "ids come
 * from the external store"), with `added`: whether it is in our list already.
 */
export const StoreShippingSchema = ShippingSchema.extend({
  added: z.boolean().describe('True when the method is added here already'),
});
export type StoreShipping = z.infer<typeof StoreShippingSchema>;

const shippingEdit = {
  name: requiredText(RMSG.shippingName, 255),
  description: requiredText(RMSG.description, 2000),
  price: moneyField(RMSG.price),
  shipping_code: optionalText(50),
};

/** Shipping create (001 §5): the store's ID required, at most 3 digits; the rest is read from the store unless given. */
export const ShippingCreateSchema = z.object({
  ID: digitsId(LIMITS.shippingId, RMSG.shippingId, RMSG.shippingIdLength),
  name: shippingEdit.name.optional(),
  description: shippingEdit.description.optional(),
  price: moneyField(RMSG.price).optional(),
  shipping_code: z.string({ error: RMSG.text }).trim().max(50, tooLong(50)).optional(),
});
/** Shipping edit (001 §5): name, description and price required. */
export const ShippingEditSchema = z.object(shippingEdit);
export type ShippingEdit = z.input<typeof ShippingEditSchema>;

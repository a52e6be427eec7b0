/**
 * Offers, products and stores of the order-management platform (seed sections 000 §3;
 * 001 §3, §5, §9, "Offers and products"): the stored entities, the offer form and request
 * bodies, the product form, the product as the API answers it, bundles and one row of the
 * products CSV.
 */
import { z } from 'zod';
import { BILLING_MODELS, LIMITS, PLATFORMS, PRODUCT_DEFAULT_MAX_QUANTITY, PRODUCT_VERTICALS } from './constants';
import { digitsId, moneyField, numberField, optionalDigitsId, optionalRefId, optionalText, refId, requiredText, RMSG } from './fields';
import { MSG } from './messages';

const digits = (max: number) => z.string().regex(/^\d+$/, MSG.onlyNumbers).max(max, MSG.onlyNumbers);

export const StoreSchema = z.object({ ID: z.number().int(), name: z.string() }).meta({ id: 'Store' });
export type Store = z.infer<typeof StoreSchema>;

/** An offer: `offer_id` is the platform (sticky) id, `ef_offer_id` the Everflow id (001 §3). */
export const OfferSchema = z
  .object({
    ID: z.number().int(),
    offer_id: z.number().int(),
    ef_offer_id: z.number().int().nullable(),
    name: z.string().min(1),
    platform: z.enum(PLATFORMS),
    store_id: z.number().int().nullable(),
    store: StoreSchema.nullable().optional(),
  })
  .meta({ id: 'Offer' });
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
  billing_model: z
    .number()
    .int()
    .refine((n) => n in BILLING_MODELS, 'Unknown billing model'),
  shipping_id: z.number().int().nullable(),
  shipping: ShippingRefSchema.nullable().optional(),
});
export type Product = z.infer<typeof ProductSchema>;

// ---- Offers and products (000 §3; 001 §3, §5, §9) --------------------------------------

const offerBase = z.object({
  offer_id: digitsId(LIMITS.offerId, RMSG.offerId, MSG.onlyNumbers),
  ef_offer_id: optionalDigitsId(LIMITS.offerId, MSG.onlyNumbers),
  name: requiredText(RMSG.offerName, 255),
  platform: z.enum(PLATFORMS, { error: RMSG.platform }),
  store_id: optionalRefId(RMSG.store),
});
const needsStore = (o: { platform: string; store_id: number | null }) => o.platform !== '29next' || o.store_id != null;

/** The offer form as the API takes it (001 §5): ids digits ≤ 5 ('Input only numbers'); 29next requires a store ('You have to select store'). */
export const OfferBodySchema = offerBase.refine(needsStore, { message: MSG.selectStore, path: ['store_id'] });
export type OfferBody = z.input<typeof OfferBodySchema>;

/** `POST /api/v1/offers/create/{id}`: the offer form without `offer_id` (it is the path's id). */
export const OfferCreateByIdSchema = offerBase.omit({ offer_id: true }).refine(needsStore, { message: MSG.selectStore, path: ['store_id'] });

const billingModel = z
  .union([z.number(), z.string()], { error: RMSG.billingModel })
  .transform((v) => Number(v))
  .refine((n) => Object.prototype.hasOwnProperty.call(BILLING_MODELS, n), RMSG.billingModel);

/**
 * The product form (001 §5): name, description, SKU, cost of goods, price and shipping
 * weight are required ('Missing …'); max quantity defaults to 100 (001 §9).
 */
export const ProductFormSchema = z.object({
  offer_id: refId(RMSG.selectOffer),
  product_id: optionalDigitsId(9, RMSG.productId),
  name: requiredText(MSG.productName, 255),
  description: requiredText(RMSG.description, 5000),
  sku: requiredText(RMSG.sku, 100),
  cost_of_goods: moneyField(RMSG.costOfGoods),
  product_price: moneyField(RMSG.price),
  shipping_weight: numberField(RMSG.shippingWeight, 'Shipping weight must be from 0 to 1000', 0, 1000),
  max_quantity: numberField(RMSG.maxQuantity, RMSG.maxQuantity, 1, 100_000, true).default(PRODUCT_DEFAULT_MAX_QUANTITY),
  billing_model: billingModel.default(2),
  product_category: z.union([z.literal(''), z.enum(PRODUCT_VERTICALS)], { error: RMSG.vertical }).default(''),
  shipping_id: optionalRefId('Please select a shipping method'),
});
export type ProductForm = z.input<typeof ProductFormSchema>;

/** A product as the API answers it: 000/001's fields plus the product form's (001 §5) and a bundle's items. */
export const ProductOutSchema = ProductSchema.extend({
  description: z.string(),
  cost_of_goods: z.number(),
  shipping_weight: z.number(),
  max_quantity: z.number().int(),
  bundle: z.array(z.object({ product_id: z.number().int(), quantity: z.number().int() })).nullable(),
}).meta({ id: 'Product' });
export type ProductOut = z.infer<typeof ProductOutSchema>;

/** `POST /api/v1/products/bundle`: a product made of ≥ 2 products of the same offer. */
export const ProductBundleSchema = ProductFormSchema.extend({
  description: optionalText(5000),
  cost_of_goods: moneyField(RMSG.costOfGoods).default(0),
  shipping_weight: numberField(RMSG.shippingWeight, 'Shipping weight must be from 0 to 1000', 0, 1000).default(0),
  items: z
    .array(
      z.object({
        product_id: refId('Please select a product'),
        quantity: numberField(RMSG.bundleQuantity, RMSG.bundleQuantity, 1, 100, true).default(1),
      }),
      { error: RMSG.bundleItems },
    )
    .min(2, RMSG.bundleItems)
    .max(20, 'A bundle has at most 20 products'),
});

/** A valid product form as the schema outputs it (001 §5: numbers parsed, max quantity 100 by default). */
export type ProductFormValues = z.output<typeof ProductFormSchema>;
/** A valid bundle form (`POST /api/v1/products/bundle`: ≥ 2 products of the offer with quantities). */
export type ProductBundleValues = z.output<typeof ProductBundleSchema>;

/** One row of the products CSV (`csv_upload/sticky/products_create/{funnelId}`): the product form without the offer. */
export const ProductCsvRowSchema = ProductFormSchema.omit({ offer_id: true, shipping_id: true });

/**
 * OpenAPI examples, error messages and field descriptions of the product routes (routes/products.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { MSG } from '../../model/messages.ts';
import { inUseMessage } from '../../model/usage.ts';
import { deleted, IN_USE, PRODUCT } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

const NEW_PRODUCT = {
  offer_id: 10231,
  product_id: 4104,
  name: 'GlowSkin Eye Gel 15ml',
  description: 'Cooling under-eye gel with caffeine',
  sku: 'GS-EG-15',
  cost_of_goods: 4.5,
  product_price: 24.99,
  shipping_weight: 0.1,
  max_quantity: 10,
  billing_model: 2,
  product_category: 'Skin Care',
  shipping_id: null,
};

/** What routes/products.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'Products', description: 'Products of an offer, and bundles made of them' }],
  examples: {
    exportProducts: {
      response:
        '\uFEFFID,Product ID,Name,SKU,Price,Billing model,Vertical,Offer\r\n1,4101,GlowSkin Vitamin C Serum 30ml,GS-VC-30,39.99,2,Skin Care,GlowSkin Vitamin C Serum\r\n',
    },
    listOfferProducts: { response: [PRODUCT] },
    getProduct: { response: PRODUCT },
    updateProduct: {
      request: { ...NEW_PRODUCT, product_id: 4101, name: PRODUCT.name, sku: PRODUCT.sku, product_price: 34.99 },
      response: { ...PRODUCT, product_price: 34.99 },
    },
    deleteProduct: { response: deleted('Product', 1) },
    createProduct: { request: NEW_PRODUCT, response: { ...PRODUCT, ...NEW_PRODUCT, ID: 9 } },
    createProductBundle: {
      request: {
        offer_id: 10231,
        name: 'GlowSkin Day & Night Set',
        sku: 'GS-SET-2',
        product_price: 74.99,
        product_category: 'Skin Care',
        items: [
          { product_id: 1, quantity: 1 },
          { product_id: 2, quantity: 1 },
        ],
      },
      response: {
        ...PRODUCT,
        ID: 10,
        product_id: 4105,
        name: 'GlowSkin Day & Night Set',
        sku: 'GS-SET-2',
        product_price: 74.99,
        bundle: [
          { product_id: 1, quantity: 1 },
          { product_id: 2, quantity: 1 },
        ],
      },
    },
  },
  errors: {
    listOfferProducts: { 404: ['Offer not found'] },
    getProduct: { 404: ['Product not found'] },
    updateProduct: { 404: ['Product not found'], 422: [MSG.productName, MSG.price] },
    deleteProduct: {
      404: ['Product not found'],
      409: [inUseMessage('Product 4102 (GlowSkin Night Repair Cream)', IN_USE.slice(0, 1), 'Remove it from their Products panel (and publish) first')],
    },
    createProduct: { 422: [MSG.productName, MSG.price, MSG.offerRequired] },
    createProductBundle: { 422: [MSG.productName, 'A bundle needs at least 2 products', 'Bundle products must be products of the offer'] },
  },
  fields: {
    'ProductSchema.name': 'Name of the product',
    'ProductListRowSchema.offer': "The product's offer (its database ID, offer ID on the order platform and name); null when the offer is gone",
    'ProductOutSchema.name': 'Name of the product',
    'ProductFormSchema.name': 'Name of the product',
    'ProductBundleSchema.name': 'Name of the product',
    'ProductOutSchema.description': 'Description of the product',
    'ProductFormSchema.description': 'Description of the product',
    'ProductBundleSchema.description': 'Description of the bundle',
    'ProductBundleSchema.product_id': 'Product ID on the order platform (omitted: the platform gives one)',
    'ProductFormSchema.product_id': 'Product ID on the order platform (omitted: the platform gives one)',
  },
};

/**
 * OpenAPI examples, error messages and field descriptions of the store and shipping routes (routes/shippings.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { deleted } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

const SHIPPINGS = [
  { ID: 1, name: 'Standard Shipping', description: 'USPS First Class, 5–7 business days', price: 6.95, shipping_code: 'STD' },
  { ID: 2, name: 'Express Shipping', description: 'UPS 2nd Day Air', price: 14.95, shipping_code: 'EXP' },
  { ID: 3, name: 'Free Shipping', description: 'Free standard shipping on bundles', price: 0, shipping_code: 'FREE' },
];

/** What routes/shippings.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [
    { name: 'Stores', description: 'Stores of the order platform' },
    { name: 'Shipping', description: 'Shipping methods, synced from the order platform' },
  ],
  examples: {
    listStores: {
      response: [
        { ID: 1, name: 'Sticky US Store' },
        { ID: 2, name: '29next Global Store' },
      ],
    },
    listShippings: { response: SHIPPINGS },
    exportShippings: { response: '\uFEFFID,Name,Description,Price,Code\r\n1,Standard,5–7 business days,4.95,STD\r\n' },
    listStoreShippings: {
      response: [
        { ID: 1, name: 'Standard Shipping', description: 'USPS First Class, 5–7 business days', price: 6.95, shipping_code: 'STD', added: true },
        { ID: 4, name: 'International Shipping', description: 'DHL eCommerce, 7–14 business days', price: 19.95, shipping_code: 'INTL', added: false },
      ],
    },
    createShipping: {
      request: { ID: 3, name: 'Overnight Shipping', description: 'UPS Next Day Air', price: 29.95, shipping_code: 'ONE' },
      response: { ID: 3, name: 'Overnight Shipping', description: 'UPS Next Day Air', price: 29.95, shipping_code: 'ONE' },
    },
    updateShipping: {
      request: { name: 'Standard Shipping', description: 'USPS Ground Advantage, 3–5 business days', price: 5.95, shipping_code: 'STD' },
      response: { ID: 1, name: 'Standard Shipping', description: 'USPS Ground Advantage, 3–5 business days', price: 5.95, shipping_code: 'STD' },
    },
    deleteShipping: { response: deleted('Shipping', 2) },
    syncShipping: { response: SHIPPINGS[0] },
  },
  errors: {
    updateShipping: { 404: ['Shipping not found'] },
    deleteShipping: { 404: ['Shipping not found'] },
  },
  fields: {
    'ShippingSchema.name': 'Name of the shipping method',
    'ShippingCreateSchema.name': 'Name of the shipping method',
    'ShippingEditSchema.name': 'Name of the shipping method',
    'ShippingSchema.description': 'Description of the shipping method',
    'ShippingCreateSchema.description': 'Description of the shipping method',
    'ShippingEditSchema.description': 'Description of the shipping method',
    'ShippingCreateSchema.ID': 'ID of the shipping method on the order platform',
    'ShippingSchema.ID': 'ID of the shipping method on the order platform',
    'StoreShippingSchema.ID': 'ID of the shipping method on the order platform',
    'StoreShippingSchema.name': 'Name of the shipping method',
    'StoreShippingSchema.description': 'Description of the shipping method',
    'StoreSchema.ID': 'ID of the store',
    'StoreSchema.name': 'Name of the store',
  },
};

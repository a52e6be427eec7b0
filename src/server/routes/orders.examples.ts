/**
 * OpenAPI examples, error messages and field descriptions of the order routes (routes/orders.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import type { RouteFileDocs } from './examples.ts';

const ORDERS_PAGE = {
  rows: [
    {
      ID: 2000,
      CreatedAt: '2026-11-22T22:12:01.093Z',
      payment_method: 'visa',
      product_id: 4103,
      transaction_id: 'txn_08f90c1a41715536',
      ip: '45.246.196.104',
      aff_id: '1016',
      campaign_id: 12001,
      customer_id: 106357,
      is_scrub: false,
      is_done: true,
    },
    {
      ID: 1999,
      CreatedAt: '2026-11-22T17:58:20.093Z',
      payment_method: 'amex',
      product_id: 4102,
      transaction_id: 'txn_5ec829debe54b19a',
      ip: '25.157.90.230',
      aff_id: '1022',
      campaign_id: 12301,
      customer_id: 58284,
      is_scrub: false,
      is_done: true,
    },
  ],
  total_rows: 2000,
};

/** What routes/orders.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'Orders', description: 'Orders of the order platform, paged, sorted and filtered on the server' }],
  examples: {
    listOrders: { response: ORDERS_PAGE },
    exportOrders: {
      response:
        '\uFEFFID,Created,Payment method,Product ID,Transaction ID,IP,Affiliate,Campaign ID,Customer ID,Scrub,Done\r\n1001,2026-11-28T09:12:00.000Z,card,4101,T-1001,203.0.113.7,1001,12001,501,no,yes\r\n',
    },
  },
  fields: {
    'OrderSchema.ID': 'ID of the order',
    'OrderSchema.product_id': 'Product ID on the order platform',
    'OrderSchema.campaign_id': 'Campaign ID on the order platform',
    'OrderSchema.aff_id': 'Affiliate ID',
    'OrderSchema.is_scrub': 'True for a scrubbed order',
  },
};

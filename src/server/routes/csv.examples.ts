/**
 * OpenAPI examples, error messages and field descriptions of the CSV upload routes (routes/csv.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { MSG } from '../../model/messages.ts';
import { FUNNEL_404 } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

/** What routes/csv.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'CSV uploads', description: "CSV imports: campaign fulfillment, products of a funnel's offer" }],
  examples: {
    uploadFulfillmentCampaignsCsv: {
      request: { file: 'campaigns-fulfillment.csv' },
      response: { message: 'campaigns-fulfillment.csv file uploaded successfully', rows: 2 },
    },
    uploadProductsCsv: { request: { file: 'products.csv' }, response: { message: 'products.csv file uploaded successfully', rows: 3, created: 2, updated: 1 } },
  },
  errors: {
    uploadProductsCsv: { ...FUNNEL_404, 422: [MSG.uploadFailed('products.csv')] },
    uploadFulfillmentCampaignsCsv: { 422: [MSG.uploadFailed('campaigns-fulfillment.csv')] },
  },
  fields: {
    'ProductCsvRowSchema.product_id': 'Product ID on the order platform (omitted: the platform gives one)',
  },
};

/**
 * OpenAPI components shared by several route files (one registration per name).
 * `.extend({})` makes a fresh schema: model schemas built before @hono/zod-openapi loaded
 * have no `.openapi()`.
 */
import { ProductOutSchema } from '../../model/catalog.ts';

/** A product (000 §3, 001 §3, with the product form's fields). */
export const ProductDoc = ProductOutSchema.extend({}).openapi('Product');

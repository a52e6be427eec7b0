/**
 * OpenAPI components shared by several route files (one registration per name). A model
 * schema named with `.meta({ id })` is its own component: no second schema may take its name.
 */
import { ProductOutSchema } from '../../model/catalog.ts';

/** A product (000 §3, 001 §3, with the product form's fields); the component `Product` (named in the model). */
export const ProductDoc = ProductOutSchema;

/** Every route contract, by area (tests check each is a registered route with its answer). */
import { CATEGORY_ROUTES } from './categories';
import { OFFER_ROUTES } from './offers';
import { PRODUCT_ROUTES } from './products';
import { SHIPPING_ROUTES } from './shippings';
import { USER_ROUTES } from './users';

export const CONTRACTS = {
  categories: CATEGORY_ROUTES,
  offers: OFFER_ROUTES,
  products: PRODUCT_ROUTES,
  shippings: SHIPPING_ROUTES,
  users: USER_ROUTES,
} as const;

/**
 * /products/{id} without state redirects to /products (001 §2): `productFromState` accepts only
 * the router state the lists pass (`{ product }` whose ID is the route's id and whose shape is a
 * product), with or without its offer.
 */
import { describe, expect, it } from 'vitest';
import { productFromState } from '../../../../src/features/products/screens/ProductScreen';
import type { ProductOut } from '../../../../src/model';

const p: ProductOut = {
  ID: 7,
  product_id: 5007,
  offer_id: 10231,
  name: 'Serum',
  sku: 'S-7',
  product_price: 39.9,
  product_category: 'Skin Care',
  billing_model: 2,
  shipping_id: null,
  shipping: null,
  description: 'A serum',
  cost_of_goods: 4,
  shipping_weight: 0.2,
  max_quantity: 100,
  bundle: null,
};

describe('productFromState', () => {
  it('takes the product of the route id, with or without its offer', () => {
    expect(productFromState({ product: p }, '7')).toEqual(p);
    const withOffer = { ...p, offer: { ID: 1, offer_id: 10231, name: 'GlowSkin' } };
    expect(productFromState({ product: withOffer }, '7')).toEqual(withOffer);
  });
  it('refuses no state, another product, or a state that is not a product', () => {
    for (const state of [null, undefined, 'x', {}, { product: null }, { product: { ...p, billing_model: 99 } }, { product: { ID: 7 } }]) {
      expect(productFromState(state, '7')).toBeNull();
    }
    expect(productFromState({ product: p }, '8')).toBeNull();
    expect(productFromState({ product: p }, undefined)).toBeNull();
  });
});
